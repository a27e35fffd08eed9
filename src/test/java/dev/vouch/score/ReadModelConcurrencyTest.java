package dev.vouch.score;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.identity.IdentityWrites;
import dev.vouch.indexing.IndexJob;
import dev.vouch.indexing.JobWrites;
import dev.vouch.store.DatabaseUrl;
import dev.vouch.store.Pools;
import dev.vouch.support.Snapshots;
import dev.vouch.support.TestDatabase;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Writers of overlapping wallets at the same time: a worker's run commits (job done, snapshot,
 * pointer), direct commits of the peer, and attestations between the two accepted and revoked.
 * Each transaction takes its read-model row locks in one address-ordered set, so none deadlocks
 * (a deadlock would fail its writer here), and none overwrites another's change with an older
 * view (the rows equal their rebuild afterwards).
 */
class ReadModelConcurrencyTest {

  static Vertx vertx;
  static Pool pool;
  static DatabaseUrl url;
  static final Instant NOW = Instant.parse("2026-11-20T00:00:00Z");
  static final String A = "0x" + "a1".repeat(20);
  static final String B = "0x" + "b2".repeat(20);
  static final int ROUNDS = 15;

  @BeforeAll
  static void start() {
    vertx = Vertx.vertx();
    url = TestDatabase.fresh();
    pool = Pools.create(vertx, url, 6);
  }

  @AfterAll
  static void stop() {
    vertx.close();
  }

  @Test
  void overlappingWritersNeitherDeadlockNorLoseAChange() throws Exception {
    Snapshots.commit(pool, ReadModelProperties.Run.snapshot(A, 0, NOW, null));
    Snapshots.commit(pool, ReadModelProperties.Run.snapshot(B, 0, NOW, null));
    AtomicInteger minute = new AtomicInteger();
    Callable<Void> runs = () -> {
      for (int i = 0; i < ROUNDS; i++) {
        Instant at = NOW.plus(Duration.ofMinutes(minute.incrementAndGet()));
        JobWrites.intake(pool, i % 2 == 0 ? B : A, at);
        Optional<IndexJob> job = JobWrites.claim(pool, "worker", at);
        if (job.isPresent()) {
          assertThat(JobWrites.commit(pool, job.get(), "worker",
              ReadModelProperties.Run.snapshot(job.get().wallet(), i % 6, at, job.get().id()), at)).isTrue();
        }
      }
      return null;
    };
    Callable<Void> peerCommits = () -> {
      for (int i = 0; i < ROUNDS; i++) {
        Instant at = NOW.plus(Duration.ofMinutes(minute.incrementAndGet()));
        Snapshots.commit(pool, ReadModelProperties.Run.snapshot(i % 2 == 0 ? A : B, (i + 3) % 6, at, null));
      }
      return null;
    };
    Callable<Void> edges = () -> {
      for (int i = 0; i < ROUNDS; i++) {
        Instant at = NOW.plus(Duration.ofMinutes(minute.incrementAndGet()));
        String from = i % 2 == 0 ? A : B;
        String to = i % 2 == 0 ? B : A;
        long id = IdentityWrites.attest(pool, from, to, String.format("0x%064x", i + 1), BigInteger.TEN.pow(18), at)
            .orElseThrow();
        assertThat(IdentityWrites.decide(pool, id, "accept", at)).isTrue();
        if (i % 3 == 2) {
          assertThat(IdentityWrites.decide(pool, id, "revoke", at)).isTrue();
        }
      }
      return null;
    };
    ExecutorService threads = Executors.newFixedThreadPool(3);
    try {
      for (Future<Void> f : threads.invokeAll(List.of(runs, peerCommits, edges), 3, TimeUnit.MINUTES)) {
        f.get(); // a deadlock or any other refusal fails its writer, and so this test
      }
    } finally {
      threads.shutdownNow();
    }
    try (Connection c = DriverManager.getConnection(url.jdbcUrl(), url.user(), url.password())) {
      assertThat(ReadModelRebuild.differences(c)).isEmpty();
    }
    WalletState a = dev.vouch.support.Observe.await(new WalletReads(pool).read(A));
    assertThat(a.trustEdges()).as("accepted, not revoked: 2 of every 3").hasSize(ROUNDS - ROUNDS / 3);
  }
}
