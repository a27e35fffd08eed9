package dev.vouch.score;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.identity.IdentityWrites;
import dev.vouch.indexing.IndexJob;
import dev.vouch.indexing.JobWrites;
import dev.vouch.store.DatabaseUrl;
import dev.vouch.store.Pools;
import dev.vouch.support.Snapshots;
import dev.vouch.support.Sql;
import dev.vouch.support.TestDatabase;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The two read-model races of issue 25 item 9, each forced into its bad interleaving by a lock
 * the test holds on its own connection (no timing): the peer set read at commit, and one lock
 * order between a watched snapshot commit and an attestation decision.
 */
class ReadModelRaceTest {

  static final Instant NOW = Instant.parse("2026-11-20T00:00:00Z");
  static final String A = "0x" + "a1".repeat(20);
  static final String B = "0x" + "b2".repeat(20);

  Vertx vertx;
  Pool pool;
  DatabaseUrl url;
  ExecutorService threads;

  @BeforeEach
  void start() {
    vertx = Vertx.vertx();
    url = TestDatabase.fresh();
    pool = Pools.create(vertx, url, 4);
    threads = Executors.newFixedThreadPool(2);
  }

  @AfterEach
  void stop() throws Exception {
    threads.shutdownNow();
    pool.close();
    vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  @Test
  void anEdgeAcceptedWhileAPeersPointerMoveIsUncommittedStillGetsThePeersNewFacts() throws Exception {
    long older = Snapshots.commit(pool, ReadModelProperties.Run.snapshot(A, 1, NOW, null));
    Snapshots.commit(pool, ReadModelProperties.Run.snapshot(A, 4, NOW.plusSeconds(60), null));
    Snapshots.commit(pool, ReadModelProperties.Run.snapshot(B, 0, NOW, null));
    long edge = IdentityWrites.attest(pool, B, A, String.format("0x%064x", 1), BigInteger.TEN.pow(18), NOW)
        .orElseThrow();
    try (Connection mover = connection()) {
      mover.setAutoCommit(false);
      // A's pointer moves (to facts B's edge has not seen) and stays uncommitted ...
      try (PreparedStatement ps = mover.prepareStatement("UPDATE wallets SET latest_snapshot_id = ? WHERE address = ?")) {
        ps.setLong(1, older);
        ps.setString(2, A);
        assertThat(ps.executeUpdate()).isEqualTo(1);
      }
      // ... while the edge between A and B is accepted and committed.
      assertThat(IdentityWrites.decide(pool, edge, "accept", NOW)).isTrue();
      mover.commit();
    }
    try (Connection c = connection()) {
      assertThat(ReadModelRebuild.differences(c)).as("B's edge carries A's committed facts").isEmpty();
    }
  }

  @Test
  void aWatchedSnapshotCommitAndAnAttestationDecisionTakeTheirLocksInOneOrder() throws Exception {
    Snapshots.commit(pool, ReadModelProperties.Run.snapshot(A, 0, NOW, null));
    Snapshots.commit(pool, ReadModelProperties.Run.snapshot(B, 0, NOW, null));
    Sql.exec(url, "INSERT INTO api_keys (id, key_hash, key_hint, plan, label) "
        + "VALUES (1, decode(repeat('ab', 32), 'hex'), 'vk_t', 'developer', 't')");
    long list = (Long) Sql.one(url, "INSERT INTO watchlists (api_key_id, name, use_case, created_at) "
        + "VALUES (1, 'w', 'payment', now()) RETURNING id").get("id");
    for (String w : new String[] {A, B}) {
      Sql.exec(url, "INSERT INTO watchlist_members (watchlist_id, wallet, added_at) VALUES (?, ?, now())", list, w);
    }
    Instant at = NOW.plus(Duration.ofHours(2));
    assertThat(JobWrites.intake(pool, A, at)).isTrue();
    IndexJob job = JobWrites.claim(pool, "worker", at).orElseThrow();
    long edge = IdentityWrites.attest(pool, B, A, String.format("0x%064x", 2), BigInteger.TEN.pow(18), at)
        .orElseThrow();
    CompletableFuture<Boolean> decided;
    CompletableFuture<Boolean> committed;
    try (Connection holder = connection()) {
      holder.setAutoCommit(false);
      try (PreparedStatement ps = holder.prepareStatement("SELECT 1 FROM attestations WHERE id = ? FOR UPDATE")) {
        ps.setLong(1, edge);
        ps.executeQuery().close();
      }
      // The decision takes the watched wallets' locks, then waits on the test's row lock ...
      decided = CompletableFuture.supplyAsync(() -> IdentityWrites.decide(pool, edge, "accept", at), threads);
      Sql.await("the decision waiting", 30_000, () -> waiting() == 1);
      // ... the commit then waits on the decision's watch locks (before this fix: holding its job row) ...
      committed = CompletableFuture.supplyAsync(() -> JobWrites.commit(pool, job, "worker",
          ReadModelProperties.Run.snapshot(A, 2, at, job.id()), at), threads);
      Sql.await("the commit waiting too", 30_000, () -> waiting() == 2);
      holder.rollback();
    }
    // ... and once the decision goes on to queue A's next job, neither waits on the other.
    assertThat(decided.get(60, TimeUnit.SECONDS)).as("accepted").isTrue();
    assertThat(committed.get(60, TimeUnit.SECONDS)).as("committed, not a deadlock victim").isTrue();
    try (Connection c = connection()) {
      assertThat(ReadModelRebuild.differences(c)).isEmpty();
    }
  }

  /** Lock requests of this database's sessions that wait. */
  private long waiting() {
    return Sql.count(url, "SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
        + "WHERE NOT l.granted AND a.datname = current_database()");
  }

  private Connection connection() throws Exception {
    return DriverManager.getConnection(url.jdbcUrl(), url.user(), url.password());
  }
}
