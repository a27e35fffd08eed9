package dev.vouch.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.config.AppConfig;
import dev.vouch.support.ReplicatedPostgres;
import dev.vouch.support.ReplicatedPostgres.Node;
import dev.vouch.support.Sql;
import dev.vouch.support.TestDatabase;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Vertx;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A real streaming standby whose WAL receiver is cut off (its primary_conninfo pointed at a
 * closed port) while the primary goes on answering and writing: its replay equals what it
 * received, so the old lag read said 0 for ever. It must count as stale, and fresh again once
 * it streams (issue 25 item 12).
 */
class ReplicaFreshnessTest {

  static final long BOUND_MS = 2000;

  @Test
  void aStandbyWhoseWalReceiverIsGoneIsStaleWhileThePrimaryAnswersAndFreshOnceItStreamsAgain() throws Exception {
    Vertx vertx = Vertx.vertx();
    try (ReplicatedPostgres pg = ReplicatedPostgres.start()) {
      DatabaseUrl standby = pg.url(Node.STANDBY);
      AppConfig.Database config = new AppConfig.Database(standby.toUrl(), 2, null, 0, 5000, 100, 5000, 0, 16, 0,
          1500, 1500, 3, 100, List.of(), (int) BOUND_MS, 60);
      Server replica = Server.replica(vertx, "replica1", standby, config, new SimpleMeterRegistry());
      try {
        Sql.await("the streaming standby to read as fresh", 60_000, () -> replica.fresh(BOUND_MS));
        String conninfo = (String) Sql.one(standby, "SHOW primary_conninfo").get("primary_conninfo");
        TestDatabase.exec(standby, "ALTER SYSTEM SET primary_conninfo = 'host=127.0.0.1 port=1 user=postgres'");
        TestDatabase.exec(standby, "SELECT pg_reload_conf()");
        TestDatabase.exec(pg.url(Node.PRIMARY), "CREATE TABLE written_after_the_cut (x int)");
        Sql.await("the cut-off standby to read as stale", 60_000, () -> !replica.fresh(BOUND_MS));
        assertThat(replica.refusing()).as("it answers; it is only behind").isFalse();

        TestDatabase.exec(standby, "ALTER SYSTEM SET primary_conninfo = '" + conninfo.replace("'", "''") + "'");
        TestDatabase.exec(standby, "SELECT pg_reload_conf()");
        Sql.await("the standby streaming again to read as fresh", 60_000, () -> replica.fresh(BOUND_MS));
        assertThat(Sql.count(standby, "SELECT count(*) FROM pg_class WHERE relname = 'written_after_the_cut'"))
            .as("it caught up with what it missed").isEqualTo(1);
      } finally {
        replica.close();
      }
    } finally {
      vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
  }
}
