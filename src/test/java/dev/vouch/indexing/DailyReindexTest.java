package dev.vouch.indexing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Anvil;
import dev.vouch.support.Snapshots;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The worker's rolling daily re-index: registered wallets whose evidence is a day old, or missing. */
class DailyReindexTest {

  @Test
  void workerQueuesRegisteredWalletsWithStaleOrNoEvidenceOnly() {
    String stale = Anvil.randomAddress();
    String fresh = Anvil.randomAddress();
    String missing = Anvil.randomAddress();
    String recentlyTried = Anvil.randomAddress();
    String unregistered = Anvil.randomAddress();
    var db = dev.vouch.support.TestDatabase.fresh();
    try (TestApp setup = TestApp.startOn(db, Map.of("VOUCH_ROLE", "api"))) {
      Instant now = setup.clock.instant();
      for (var entry : Map.of(stale, 25, fresh, 1, recentlyTried, 30, unregistered, 30).entrySet()) {
        Instant at = now.minus(Duration.ofHours(entry.getValue()));
        Snapshots.commit(setup.app.pool(), Snapshots.of(entry.getKey(), Snapshots.strong(), at, Snapshots.healthyCoverage(at)));
      }
      Sql.exec(db, "INSERT INTO wallets (address) VALUES (?)", missing);
      int n = 0;
      for (String w : List.of(stale, fresh, missing, recentlyTried)) {
        Sql.exec(db, "INSERT INTO identities (username, wallet, display_name) VALUES (?, ?, 'x')", "user" + n++ + ".vouch", w);
      }
      Sql.exec(db, "INSERT INTO index_jobs (wallet, kind, mode, state, created_at, finished_at)"
          + " VALUES (?, 'scheduled', 'reindex', 'failed', ?, ?)", recentlyTried,
          java.sql.Timestamp.from(now.minus(Duration.ofMinutes(4))), java.sql.Timestamp.from(now.minus(Duration.ofMinutes(4))));
    }
    // No chain has RPC URLs here: the queued jobs fail at once, which is fine for this test.
    try (TestApp worker = TestApp.startOn(db, Map.of("VOUCH_ROLE", "worker"))) {
      Sql.await("sweep", 20_000, () -> Sql.count(db, "SELECT count(*) FROM index_jobs WHERE kind = 'scheduled'") >= 3);
      List<Map<String, Object>> queued = Sql.rows(db,
          "SELECT wallet, mode FROM index_jobs WHERE kind = 'scheduled' AND wallet <> ? ORDER BY mode", recentlyTried);
      assertThat(queued).containsExactly(Map.of("wallet", missing, "mode", "first_index"),
          Map.of("wallet", stale, "mode", "reindex"));
      assertThat(Sql.count(db, "SELECT count(*) FROM index_jobs WHERE wallet IN (?, ?)", fresh, unregistered)).isZero();
      assertThat(Sql.count(db, "SELECT count(*) FROM index_jobs WHERE wallet = ?", recentlyTried)).isEqualTo(1);
    }
  }
}
