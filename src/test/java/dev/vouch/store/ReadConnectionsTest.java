package dev.vouch.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.config.ConfigLoader;
import dev.vouch.support.Sql;
import dev.vouch.support.TestDatabase;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Reads that wait on the server (on disk, at ten million wallets) run on as many backends as the
 * read client has connections: by default the pool's size, not the pool's size over the
 * pipelining limit (a backend runs one statement at a time, so pipelined reads queue behind each
 * other); {@code database.readConnections} sets it.
 */
class ReadConnectionsTest {

  private static Vertx vertx;
  private static DatabaseUrl db;

  @BeforeAll
  static void start() {
    vertx = Vertx.vertx();
    db = TestDatabase.fresh();
  }

  @AfterAll
  static void stop() {
    vertx.close();
  }

  /**
   * Eight slow reads at once; the most backends seen running them together. Each read sleeps long
   * enough for all the client's connections to open before the first ends (a loaded machine).
   */
  private static long mostAtOnce(Map<String, String> settings, String marker, String seconds) throws Exception {
    Map<String, String> env = new HashMap<>(settings);
    env.put("DATABASE_URL", db.toUrl());
    env.put("VOUCH_DATABASE_POOL_SIZE", "8");
    env.put("VOUCH_DATABASE_READ_DEADLINE_MS", "30000");
    env.put("VOUCH_DATABASE_STATEMENT_TIMEOUT_MS", "30000");
    env.put("VOUCH_HTTP_REQUEST_TIMEOUT_MS", "100000");
    Gateway gateway = Gateway.create(vertx, db, ConfigLoader.load(env).database(), new SimpleMeterRegistry());
    try {
      List<Future<?>> reads = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        reads.add(gateway.read(c -> c.query("SELECT pg_sleep(" + seconds + ") /* " + marker + " */").execute()));
      }
      Future<?> all = Future.all(reads);
      long most = 0;
      while (!all.isComplete()) {
        most = Math.max(most, Sql.count(db, "SELECT count(*) FROM pg_stat_activity WHERE state = 'active'"
            + " AND pid <> pg_backend_pid() AND query LIKE ?", "%" + marker + "%"));
      }
      all.toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
      return most;
    } finally {
      gateway.close();
    }
  }

  @Test
  void byDefaultEveryPooledConnectionRunsAReadAtOnce() throws Exception {
    assertThat(mostAtOnce(Map.of(), "reads_default", "3")).isEqualTo(8);
  }

  @Test
  void theSettingBoundsTheBackends() throws Exception {
    assertThat(mostAtOnce(Map.of("VOUCH_DATABASE_READ_CONNECTIONS", "2"), "reads_two", "0.3")).isEqualTo(2);
  }
}
