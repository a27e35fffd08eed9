package dev.vouch.budget;

import static dev.vouch.support.Observe.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.budget.model.Caller;
import dev.vouch.budget.model.DailyCap;
import dev.vouch.budget.model.Limit;
import dev.vouch.budget.model.Plan;
import dev.vouch.config.BudgetConfig;
import dev.vouch.config.ConfigLoader;
import dev.vouch.support.MutableClock;
import dev.vouch.support.TestRedis;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Redis;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Bulk scan admission (watchlist additions, {@link Metering#startScans}) under concurrency,
 * against real Redis and from several API instances at once: the daily scan cap is never
 * exceeded, and concurrent additions share what is left of it instead of the later ones being
 * refused outright while scans remain.
 */
class BulkScanAdmissionTest {

  private static final int CAP = 20;
  private static Vertx vertx;
  private static Redis redis;
  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T12:00:10Z"));
  private final BudgetConfig config = ConfigLoader.load(Map.of(
      "VOUCH_BUDGETS_PLANS_DEVELOPER_DAILY_SCANS", Integer.toString(CAP))).budgets();

  @BeforeAll
  static void start() {
    vertx = Vertx.vertx();
    redis = RedisCounterStore.client(vertx, TestRedis.url(), false, 5000);
  }

  @AfterAll
  static void stop() {
    vertx.close().await();
  }

  /** One API instance over the shared Redis counters. */
  private Metering instance(String prefix) {
    CounterStore store = new RedisCounterStore(redis, prefix, 5000, clock, new SimpleMeterRegistry().counter("late"));
    return new Metering(new Budgets(store, clock), config, new SimpleMeterRegistry());
  }

  @Test
  void concurrentAdditionsNeverStartMoreThanTheCapAndTogetherUseAllOfIt() {
    for (int round = 0; round < 5; round++) {
      String prefix = TestRedis.uniquePrefix();
      List<Metering> instances = List.of(instance(prefix), instance(prefix), instance(prefix));
      Caller caller = Caller.keyed("198.51.100.7", 1000 + round, Plan.developer);
      // 8 additions of 6 never-indexed wallets each, all in flight at once: 48 wanted, 20 allowed.
      List<Future<Metering.BulkStart>> starts = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        starts.add(instances.get(i % instances.size()).startScans(caller, 6));
      }
      int started = 0;
      for (Future<Metering.BulkStart> f : starts) {
        started += await(f).starts();
      }
      Budgets budgets = new Budgets(new RedisCounterStore(redis, prefix, 5000, clock,
          new SimpleMeterRegistry().counter("late")), clock);
      long counted = await(budgets.used(Limit.perDay(DailyCap.scanStarts.name(), caller.bucket(), CAP, 1)));
      assertThat(counted).as("round %d: the cap's counter", round).isEqualTo(CAP);
      assertThat(started).as("round %d: scans admitted", round).isEqualTo(CAP);
      // Spent: a further addition starts nothing.
      assertThat(await(instances.get(0).startScans(caller, 1)).starts()).isZero();
    }
  }
}
