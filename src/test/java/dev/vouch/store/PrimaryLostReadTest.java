package dev.vouch.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.config.ConfigLoader;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestDatabase;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The moment after the primary dies and before its breaker opens: the replica reads as stale
 * (its lag is unknown; in a failover its WAL receiver lost the primary too), so reads are routed
 * to the primary, whose connection is refused. A read is then answered by the replica, as it
 * would be once the breaker opens (FailoverTest saw one 503 in that window); a read that must see
 * the caller's own write, and a write, are refused. No lag is ever read here (probe once a minute).
 */
class PrimaryLostReadTest {

  private static Vertx vertx;
  private static DatabaseUrl replica;
  private static Gateway gateway;

  @BeforeAll
  static void start() throws Exception {
    vertx = Vertx.vertx();
    replica = TestDatabase.fresh();
    String dead = "postgres://postgres@127.0.0.1:" + TestApp.freePort() + "/gone";
    var config = ConfigLoader.load(Map.of(
        "DATABASE_URL", dead,
        "DATABASE_REPLICA_URLS", replica.toUrl(),
        "VOUCH_DATABASE_PROBE_INTERVAL_MS", "60000",
        "VOUCH_DATABASE_BREAKER_FAILURES", "1000"));
    gateway = Gateway.create(vertx, DatabaseUrl.parse(dead), config.database(), new SimpleMeterRegistry());
  }

  @AfterAll
  static void stop() {
    gateway.close();
    vertx.close();
  }

  private static <T> T get(Future<T> f) throws Exception {
    return f.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  private static StoreException refused(Future<?> f) {
    ExecutionException e = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class, () -> get(f));
    assertThat(e.getCause()).isInstanceOf(StoreException.class);
    return (StoreException) e.getCause();
  }

  @Test
  void aReadTheDeadPrimaryCannotAnswerIsAnsweredByTheStaleReplica() throws Exception {
    assertThat(gateway.primaryUp()).as("the breaker has not opened yet").isTrue();
    RowSet<Row> rows = get(gateway.read(c -> c.query("SELECT current_database()").execute()));
    assertThat(rows.iterator().next().getString(0)).isEqualTo(replica.database());
    String found = get(gateway.read(c -> c.query("SELECT current_database()").execute()
        .map(r -> r.iterator().next().getString(0)), name -> !name.isEmpty()));
    assertThat(found).isEqualTo(replica.database());
  }

  @Test
  void readsThatMustSeeTheirOwnWriteAndWritesAreRefused() {
    assertThat(refused(gateway.readPrimary(c -> c.query("SELECT 1").execute())).kind())
        .isEqualTo(StoreException.Kind.UNAVAILABLE);
    assertThat(refused(gateway.write(c -> c.query("SELECT 1").execute())).kind())
        .isEqualTo(StoreException.Kind.UNAVAILABLE);
  }
}
