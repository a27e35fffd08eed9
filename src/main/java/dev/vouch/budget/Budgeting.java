package dev.vouch.budget;

import dev.vouch.bus.Addresses;
import dev.vouch.budget.model.TrustedProxies;
import dev.vouch.config.AppConfig;
import dev.vouch.config.BudgetConfig;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.healthchecks.HealthChecks;
import io.vertx.ext.healthchecks.Status;
import dev.vouch.store.Gateway;
import io.vertx.sqlclient.Pool;
import java.time.Clock;
import java.time.Duration;

/**
 * Wires the budget capability once per process: the counter store (Redis with per-instance
 * fallback, or in-process when no Redis is configured), key lookups and the edge handlers.
 * Everything here is safe to share between verticle instances.
 */
public final class Budgeting {

  private final CounterStore store;
  private final Metering metering;
  private final Meter meter;
  private final Authenticator authenticator;

  private Budgeting(CounterStore store, Metering metering, Authenticator authenticator) {
    this.store = store;
    this.metering = metering;
    this.meter = new Meter(metering);
    this.authenticator = authenticator;
  }

  /** Over a pool of a test's own (translation only, no replicas). */
  public static Budgeting create(Vertx vertx, Pool pool, AppConfig config, Clock clock, MeterRegistry registry) {
    return create(vertx, Gateway.direct(pool), config, clock, registry);
  }

  public static Budgeting create(Vertx vertx, Gateway db, AppConfig config, Clock clock, MeterRegistry registry) {
    BudgetConfig budgets = config.budgets();
    CounterStore store = config.redis().configured()
        ? new FailoverCounterStore(redisStore(vertx, config.redis().url(), budgets.redis(), clock, registry),
            new LocalCounterStore(clock), budgets.redis().retryMillis(), registry)
        : new LocalCounterStore(clock);
    if (!config.redis().configured()) {
      // Per process by choice, not degraded: the alert and the panel still find the series, at 0.
      Gauge.builder(BudgetMetrics.DEGRADED, () -> 0).register(registry);
    }
    Leases leases = config.redis().configured() && budgets.redis().leasePercent() > 0
        ? new Leases(store, clock, System::nanoTime, budgets.redis().leasePercent(), budgets.redis().leaseMaxUnits())
        : null;
    Metering metering = new Metering(new Budgets(store, clock), budgets, registry, leases);
    ApiKeys keys = new ApiKeys(db, clock, Duration.ofSeconds(budgets.keyCacheSeconds()),
        registry.counter(BudgetMetrics.KEY_LOOKUPS, BudgetMetrics.TAG_RESULT, "found"),
        registry.counter(BudgetMetrics.KEY_LOOKUPS, BudgetMetrics.TAG_RESULT, "missing"));
    // A key created anywhere (NOTIFY, V55), or notifications lost meanwhile: unknown keys may exist now.
    vertx.eventBus().consumer(Addresses.API_KEY_CREATED, m -> keys.forgetMisses());
    vertx.eventBus().consumer(Addresses.NOTIFICATIONS_RESUMED, m -> keys.forgetMisses());
    registry.gauge(BudgetMetrics.KEY_INDEX, keys, ApiKeys::indexSize);
    // The live keys in memory: loaded when their channel is listened to, kept by its announcements.
    vertx.eventBus().<String>consumer(Addresses.API_KEY_ANNOUNCED, m -> keys.announced(m.body()));
    vertx.eventBus().consumer(Addresses.API_KEYS_LISTENING, m -> keys.loadIndex());
    vertx.eventBus().consumer(Addresses.READS_LOST, m -> keys.indexLost());
    return new Budgeting(store, metering,
        new Authenticator(TrustedProxies.parse(config.http().trustedProxies()), keys, metering,
            Authenticator.ANNOUNCE_WAIT_MS));
  }

  private static RedisCounterStore redisStore(
      Vertx vertx, String url, BudgetConfig.RedisTuning tuning, Clock clock, MeterRegistry registry) {
    return new RedisCounterStore(RedisCounterStore.client(vertx, url, tuning.cluster(), tuning.timeoutMillis()),
        tuning.keyPrefix(), tuning.timeoutMillis(), tuning.serverClock() ? null : clock,
        registry.counter(BudgetMetrics.LATE_TAKES_UNDONE));
  }

  /** Caller-level budgets for other capabilities (intake, refresh, rescan, batch, receipts). */
  public Metering metering() {
    return metering;
  }

  /** Per-route charging at the edge. */
  public Meter meter() {
    return meter;
  }

  /** Handler that resolves the Caller; every API route runs behind it. */
  public Authenticator authenticator() {
    return authenticator;
  }

  /**
   * Check "budgets" of /health/ready. A Redis outage keeps the check UP (the API still answers,
   * on per-instance budgets) and says so: {"store":"per-instance","degraded":true}.
   */
  public void registerHealth(HealthChecks health) {
    health.register("budgets", 2000, promise -> store.health().onComplete(ar -> {
      CounterStore.Health h = ar.succeeded() ? ar.result() : new CounterStore.Health("per-instance", true);
      promise.tryComplete(Status.OK(new JsonObject().put("store", h.store()).put("degraded", h.degraded())));
    }));
  }
}
