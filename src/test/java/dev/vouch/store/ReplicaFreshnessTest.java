package dev.vouch.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.config.AppConfig;
import dev.vouch.support.ReplicatedPostgres;
import dev.vouch.support.ReplicatedPostgres.Node;
import dev.vouch.support.Sql;
import dev.vouch.support.TestDatabase;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Vertx;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A real streaming standby cut off from its primary while the primary goes on answering and
 * writing. Its primary_conninfo pointed at a closed port: its replay equals what it received, so
 * the old lag read said 0 for ever (issue 25 item 12). Pointed at an address that takes the
 * connection and never speaks, and its stream gone silent (the primary's WAL sender stopped):
 * blackholed primaries (issue 35 item 8). PostgreSQL 15 hides the receiver while it connects,
 * but a silent stream stays "streaming" with its old position until wal_receiver_timeout (60 s),
 * and the standby's own view read 0 all along. Measured against the primary's WAL position, each
 * reads as stale once it lacks a write older than the bound, and stays so at every probe.
 */
class ReplicaFreshnessTest {

  static final long BOUND_MS = 2000;

  @Test
  void aStandbyWhoseWalReceiverIsGoneIsStaleWhileThePrimaryAnswersAndFreshOnceItStreamsAgain() throws Exception {
    Vertx vertx = Vertx.vertx();
    try (ReplicatedPostgres pg = ReplicatedPostgres.start()) {
      DatabaseUrl standby = pg.url(Node.STANDBY);
      Watched watched = watch(vertx, pg);
      Server replica = watched.replica();
      try {
        Sql.await("the streaming standby to read as fresh", 60_000, () -> replica.fresh(BOUND_MS));
        String conninfo = (String) Sql.one(standby, "SHOW primary_conninfo").get("primary_conninfo");
        pointAt(standby, "host=127.0.0.1 port=1 user=postgres");
        TestDatabase.exec(pg.url(Node.PRIMARY), "CREATE TABLE written_after_the_cut (x int)");
        Sql.await("the cut-off standby to read as stale", 60_000, () -> !replica.fresh(BOUND_MS));
        assertThat(replica.refusing()).as("it answers; it is only behind").isFalse();

        pointAt(standby, conninfo);
        // Fresh within the bound is not replayed (issue 34 item 1): wait for the replay itself.
        awaitReplayed(pg);
        assertThat(Sql.count(standby, "SELECT count(*) FROM pg_class WHERE relname = 'written_after_the_cut'"))
            .as("it caught up with what it missed").isEqualTo(1);
        Sql.await("the standby streaming again to read as fresh", 60_000, () -> replica.fresh(BOUND_MS));
      } finally {
        watched.close();
      }
    } finally {
      vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void aStandbyReconnectingToABlackholedPrimaryNeverReadsAsFresh() throws Exception {
    Vertx vertx = Vertx.vertx();
    List<Socket> held = new CopyOnWriteArrayList<>();
    try (ReplicatedPostgres pg = ReplicatedPostgres.start();
        ServerSocket blackhole = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      Thread taker = new Thread(() -> {
        try {
          while (true) {
            held.add(blackhole.accept()); // taken, held, never answered
          }
        } catch (Exception closed) {
          // the test is over
        }
      }, "blackhole");
      taker.setDaemon(true);
      taker.start();
      DatabaseUrl standby = pg.url(Node.STANDBY);
      Watched watched = watch(vertx, pg);
      Server replica = watched.replica();
      try {
        Sql.await("the streaming standby to read as fresh", 60_000, () -> replica.fresh(BOUND_MS));
        String conninfo = (String) Sql.one(standby, "SHOW primary_conninfo").get("primary_conninfo");
        pointAt(standby, "host=127.0.0.1 port=" + blackhole.getLocalPort() + " user=postgres");
        Sql.await("the standby's WAL receiver to connect to the blackhole", 60_000, () -> !held.isEmpty());
        TestDatabase.exec(pg.url(Node.PRIMARY), "CREATE TABLE written_while_blackholed (x int)");
        staysStale(replica, standby);
        assertThat(replica.refusing()).as("it answers; it is only behind").isFalse();

        pointAt(standby, conninfo);
        awaitReplayed(pg);
        assertThat(Sql.count(standby, "SELECT count(*) FROM pg_class WHERE relname = 'written_while_blackholed'"))
            .isEqualTo(1);
        Sql.await("the standby streaming again to read as fresh", 60_000, () -> replica.fresh(BOUND_MS));
      } finally {
        watched.close();
        blackhole.close();
        taker.join(10_000);
        for (Socket s : held) {
          s.close();
        }
      }
    } finally {
      vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void aStandbyWhoseStreamGoesSilentIsStaleOnceThePrimaryWritesPastTheBound() throws Exception {
    Vertx vertx = Vertx.vertx();
    try (ReplicatedPostgres pg = ReplicatedPostgres.start()) {
      DatabaseUrl standby = pg.url(Node.STANDBY);
      Watched watched = watch(vertx, pg);
      Server replica = watched.replica();
      try {
        Sql.await("the streaming standby to read as fresh", 60_000, () -> replica.fresh(BOUND_MS));
        pg.freezeWalSender();
        try {
          TestDatabase.exec(pg.url(Node.PRIMARY), "CREATE TABLE written_while_silent (x int)");
          staysStale(replica, standby);
          assertThat(replica.refusing()).as("it answers; it is only behind").isFalse();
        } finally {
          pg.thawWalSender();
        }
        awaitReplayed(pg);
        Sql.await("the standby streaming again to read as fresh", 60_000, () -> replica.fresh(BOUND_MS));
      } finally {
        watched.close();
      }
    } finally {
      vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
  }

  /**
   * A write the standby lacks is at most the bound old while it may read as fresh; past that it
   * reads as stale, well before the receiver's own 60 s timeout, and stays so at every probe for
   * several beats while it still cannot hear the primary.
   */
  private static void staysStale(Server replica, DatabaseUrl standby) {
    Sql.await("the standby lacking the primary's last write to read as stale", 20_000, () -> !replica.fresh(BOUND_MS));
    for (int probe = 1; probe <= 20; probe++) {
      long seen = replica.lagReadAt();
      Sql.await("the next probe of the standby", 10_000, () -> replica.lagReadAt() != seen);
      assertThat(replica.fresh(BOUND_MS))
          .as("probe %d: a standby that cannot hear its primary and lacks its last write (receiver: %s)", probe,
              Sql.rows(standby, "SELECT status, latest_end_time, last_msg_receipt_time, latest_end_lsn,"
                  + " pg_last_wal_replay_lsn() FROM pg_stat_wal_receiver"))
          .isFalse();
    }
  }

  /** The standby as the gateway sees it: its lag read against the primary's heartbeats. */
  private record Watched(Server primary, Server replica) implements AutoCloseable {
    @Override
    public void close() {
      replica.close();
      primary.close();
    }
  }

  private static Watched watch(Vertx vertx, ReplicatedPostgres pg) {
    DatabaseUrl standby = pg.url(Node.STANDBY);
    AppConfig.Database config = new AppConfig.Database(pg.url(Node.PRIMARY).toUrl(), 2, null, 0, 5000, 100, 5000, 0,
        16, 0, 1500, 1500, 3, 100, List.of(standby.toUrl()), (int) BOUND_MS, 60);
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    Server primary = Server.primary(vertx, pg.url(Node.PRIMARY), config, registry);
    Server replica = Server.replica(vertx, "replica1", standby, config, primary.wal(), registry);
    return new Watched(primary, replica);
  }

  private static void pointAt(DatabaseUrl standby, String conninfo) throws Exception {
    TestDatabase.exec(standby, "ALTER SYSTEM SET primary_conninfo = '" + conninfo.replace("'", "''") + "'");
    TestDatabase.exec(standby, "SELECT pg_reload_conf()");
  }

  /** Until the standby has replayed all the primary had written when this was called. */
  private static void awaitReplayed(ReplicatedPostgres pg) {
    String target = (String) Sql.one(pg.url(Node.PRIMARY), "SELECT pg_current_wal_lsn()::text AS lsn").get("lsn");
    Sql.await("the standby to replay up to " + target, 60_000, () -> (Boolean) Sql.one(pg.url(Node.STANDBY),
        "SELECT pg_last_wal_replay_lsn() >= ?::pg_lsn AS done", target).get("done"));
  }
}
