package dev.vouch.indexing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.indexing.ScanRequests.Answer;
import dev.vouch.store.DatabaseUrl;
import dev.vouch.store.Pools;
import dev.vouch.support.Anvil;
import dev.vouch.support.MutableClock;
import dev.vouch.support.Sql;
import dev.vouch.support.TestDatabase;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The lost race, made deterministic: a start decided on a state read before another request's
 * job was queued. The job table refuses the second job; the loser's units and cap count come back.
 */
class ScanStartRaceTest {

  static Vertx vertx;
  static Pool pool;
  static DatabaseUrl db;

  @BeforeAll
  static void start() {
    db = TestDatabase.fresh();
    vertx = Vertx.vertx();
    pool = Pools.create(vertx, db, 4);
  }

  @AfterAll
  static void stop() {
    vertx.close();
  }

  @Test
  void loserOfARaceAnswersIndexingAndGetsItsUnitsAndCapCountBack() throws Exception {
    MutableClock clock = new MutableClock(Instant.parse("2027-03-01T12:00:00Z"));
    InterimScanBudget budget = new InterimScanBudget(pool, clock);
    JobStore jobs = new JobStore(pool);
    var consumer = new ScanRequestsVerticle(jobs, budget, clock, Duration.ofMinutes(10), Duration.ofMinutes(60),
        Duration.ofHours(24));
    String wallet = Anvil.randomAddress();
    EntryState nothingYet = new EntryState(false, null, false, null, null, false, true);
    ScanCaller caller = ScanCaller.anonymous("203.0.113.7");

    Answer winner = await(consumer.start(caller, wallet, nothingYet, "intake", "first_index",
        ScanBudget.Cap.scanStarts, ScanBudget.Cost.intake, false));
    Answer loser = await(consumer.start(caller, wallet, nothingYet, "intake", "first_index",
        ScanBudget.Cap.scanStarts, ScanBudget.Cost.intake, false));

    assertThat(winner.data().status()).isEqualTo("started");
    assertThat(winner.charge().remaining()).isEqualTo(12);
    assertThat(loser.status()).isEqualTo(202);
    assertThat(loser.data().status()).isEqualTo("indexing");
    assertThat(loser.charge().charged()).isFalse();
    assertThat(Sql.count(db, "SELECT count(*) FROM index_jobs WHERE wallet = ?", wallet)).isEqualTo(1);
    // Units: only the winner's 8 are gone. Cap: only one start counted (24 more fit today).
    assertThat(await(budget.charge(caller, ScanBudget.Cost.intake)).remaining()).isEqualTo(4);
    for (int i = 0; i < 24; i++) {
      await(budget.countCap(caller, ScanBudget.Cap.scanStarts));
    }
    assertThat(budget.checkCap(caller, ScanBudget.Cap.scanStarts).failed()).isTrue();
  }

  static <T> T await(io.vertx.core.Future<T> f) throws Exception {
    return f.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
  }
}
