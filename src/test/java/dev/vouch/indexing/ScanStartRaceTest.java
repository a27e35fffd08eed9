package dev.vouch.indexing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.budget.Budgeting;
import dev.vouch.budget.Metering;
import dev.vouch.budget.model.Caller;
import dev.vouch.budget.model.DailyCap;
import dev.vouch.budget.model.Operation;
import dev.vouch.config.ConfigLoader;
import dev.vouch.indexing.ScanRequests.Answer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.Map;
import dev.vouch.store.DatabaseUrl;
import dev.vouch.store.Pools;
import dev.vouch.support.Anvil;
import dev.vouch.support.MutableClock;
import dev.vouch.support.Observe;
import dev.vouch.support.Sql;
import dev.vouch.support.TestDatabase;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The lost race, made deterministic: a start that passed the state read before another request's
 * job was queued. Its locked decision sees the job; the loser's units and cap count come back.
 */
@Tag("fault")
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
  void loserOfARaceAnswersIndexingAndGetsItsUnitsAndCapCountBack() {
    MutableClock clock = new MutableClock(Instant.parse("2027-03-01T12:00:00Z"));
    Metering metering = Budgeting.create(vertx, pool, ConfigLoader.load(Map.of()), clock, new SimpleMeterRegistry())
        .metering();
    JobStore jobs = new JobStore(pool);
    var consumer = new ScanRequestsVerticle(jobs, metering, clock, Duration.ofMinutes(10), Duration.ofMinutes(60),
        Duration.ofHours(24));
    await(vertx.deployVerticle(consumer));   // it publishes the wallet-changed event on its event bus
    String wallet = Anvil.randomAddress();
    Caller caller = Caller.anonymous("203.0.113.7");

    // Both passed the unlocked state read before either job existed; the second decides under
    // the wallet's lock, sees the first one's job and gives its start back.
    Answer winner = await(consumer.start(caller, wallet, s -> ScanRequestsVerticle.intakeFree(wallet, s), "intake",
        "first_index", DailyCap.scanStarts, Operation.intakeAnonymous, false));
    Answer loser = await(consumer.start(caller, wallet, s -> ScanRequestsVerticle.intakeFree(wallet, s), "intake",
        "first_index", DailyCap.scanStarts, Operation.intakeAnonymous, false));

    assertThat(winner.data().status()).isEqualTo("started");
    assertThat(winner.charge().remaining()).isEqualTo(12);
    assertThat(loser.status()).isEqualTo(202);
    assertThat(loser.data().status()).isEqualTo("indexing");
    assertThat(loser.charge()).isNull();
    assertThat(Sql.count(db, "SELECT count(*) FROM index_jobs WHERE wallet = ?", wallet)).isEqualTo(1);
    // Units: only the winner's 8 are gone. Cap: only one start counted (24 more fit today).
    assertThat(await(metering.charge(caller, Operation.intakeAnonymous)).remaining()).isEqualTo(4);
    for (int i = 0; i < 24; i++) {
      await(metering.countCap(caller, DailyCap.scanStarts));
    }
    assertThat(metering.checkCap(caller, DailyCap.scanStarts).toCompletionStage().toCompletableFuture())
        .isCompletedExceptionally();
  }

  static <T> T await(io.vertx.core.Future<T> f) {
    return Observe.await(f);
  }
}
