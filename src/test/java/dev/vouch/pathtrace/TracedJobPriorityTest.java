package dev.vouch.pathtrace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.indexing.IndexJob;
import dev.vouch.indexing.JobStore;
import dev.vouch.support.Anvil;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestDatabase;
import io.vertx.core.http.HttpMethod;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Traced jobs never delay a caller's own intake: the claim takes callers' jobs first whatever
 * their age, a caller's intake of a wallet tracing already queued makes that job the caller's,
 * and a worker whose traced slots are taken claims no traced job.
 */
class TracedJobPriorityTest {

  @Test
  void aCallersIntakeIsClaimedBeforeQueuedTracedJobsAndTakesOverATracedJobOfItsWallet() throws Exception {
    String traced = Anvil.randomAddress();
    String tracedAsked = Anvil.randomAddress();
    String caller = Anvil.randomAddress();
    String root = Anvil.randomAddress();
    var db = TestDatabase.fresh();
    // Role api: no worker claims anything behind the test's back.
    try (TestApp app = TestApp.startOn(db, Map.of("VOUCH_ROLE", "api", "VOUCH_BUDGETS_ANONYMOUS_PER_MINUTE", "1000"))) {
      Instant now = app.clock.instant();
      java.sql.Timestamp earlier = java.sql.Timestamp.from(now.minus(Duration.ofMinutes(10)));
      for (String w : new String[] {traced, tracedAsked}) {
        Sql.exec(db, "INSERT INTO wallets (address) VALUES (?)", w);
        Sql.exec(db, "INSERT INTO index_jobs (wallet, kind, mode, state, created_at, priority, trace_root, trace_depth)"
            + " VALUES (?, 'trace', 'first_index', 'queued', ?, 1, ?, 1)", w, earlier, root);
      }
      assertThat(app.send(HttpMethod.POST, "/api/v1/intake/" + caller, null, Map.of()).statusCode()).isEqualTo(202);
      // The wallet tracing queued is asked for by a caller: one job, now the caller's.
      var asked = TestApp.data(app.send(HttpMethod.POST, "/api/v1/intake/" + tracedAsked, null, Map.of()));
      assertThat(asked.getString("status")).isEqualTo("indexing");
      assertThat(Sql.rows(db, "SELECT kind, priority::int AS priority FROM index_jobs WHERE wallet = ?", tracedAsked))
          .containsExactly(Map.of("kind", "intake", "priority", 0));

      JobStore jobs = new JobStore(app.app.pool());
      Instant lease = now.plusSeconds(60);
      // Two free slots for callers' jobs only (the traced slots are taken): no traced job comes out.
      assertThat(claim(jobs, now, lease, false).map(IndexJob::wallet)).contains(tracedAsked);
      assertThat(claim(jobs, now, lease, false).map(IndexJob::wallet)).contains(caller);
      assertThat(claim(jobs, now, lease, false)).isEmpty();
      // A traced slot free: the traced job, older than both callers' jobs, comes only now.
      Optional<IndexJob> last = claim(jobs, now, lease, true);
      assertThat(last.map(IndexJob::wallet)).contains(traced);
      assertThat(last.map(IndexJob::kind)).contains("trace");
    }
  }

  @Test
  void aFailedTracedRunStartsNoCooldownForACaller() throws Exception {
    String wallet = Anvil.randomAddress();
    var db = TestDatabase.fresh();
    try (TestApp app = TestApp.startOn(db, Map.of("VOUCH_ROLE", "api", "VOUCH_BUDGETS_ANONYMOUS_PER_MINUTE", "1000"))) {
      java.sql.Timestamp minuteAgo = java.sql.Timestamp.from(app.clock.instant().minus(Duration.ofMinutes(1)));
      Sql.exec(db, "INSERT INTO wallets (address) VALUES (?)", wallet);
      Sql.exec(db, "INSERT INTO index_jobs (wallet, kind, mode, state, created_at, finished_at, priority, trace_root,"
          + " trace_depth) VALUES (?, 'trace', 'first_index', 'failed', ?, ?, 1, ?, 1)", wallet, minuteAgo, minuteAgo,
          Anvil.randomAddress());
      // A caller's own failed attempt a minute ago would answer 429 (cooldown); tracing's does not.
      assertThat(app.send(HttpMethod.POST, "/api/v1/intake/" + wallet, null, Map.of()).statusCode()).isEqualTo(202);
    }
  }

  private static Optional<IndexJob> claim(JobStore jobs, Instant now, Instant lease, boolean traced) throws Exception {
    return jobs.claim("test-owner", now, lease, traced).toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
  }
}
