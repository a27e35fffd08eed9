package dev.vouch.monitoring;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import dev.vouch.ops.Metrics;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Meters of monitoring. Every label is one of a fixed set (outcome, cause, state, table): no
 * endpoint, key or wallet ever becomes a series.
 */
final class MonitorMetrics {

  /** One webhook attempt by outcome: {@code delivered}, {@code retry}, {@code gave_up}, {@code lease_lost}. */
  static final String ATTEMPT = "vouch.webhook.attempt";
  /** Endpoints disabled after their failure streak. */
  static final String DISABLED = "vouch.webhook.endpoints.disabled";
  /** Deliveries of the whole deployment by state (pending, running): the outbox backlog. */
  static final String DELIVERIES = "vouch.webhook.deliveries";
  /** Events inserted by cause (reindex, identity, trust, screening, transfer). */
  static final String EVENTS = "vouch.monitor.events";
  /** Rows the retention job deleted, by table (events, deliveries). */
  static final String PRUNED = "vouch.monitor.pruned";
  /** Open deliveries given up because their endpoint was disabled. */
  static final String GIVEN_UP = "vouch.webhook.deliveries.given.up";

  /** Attempt buckets (seconds): receivers answer in milliseconds, the timeout is seconds. */
  private static final Duration[] ATTEMPT_SLO = {Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(250),
      Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofMillis(2500), Duration.ofSeconds(5),
      Duration.ofSeconds(10)};

  private final MeterRegistry registry;
  final AtomicLong pending = new AtomicLong();
  final AtomicLong running = new AtomicLong();

  /** Outcomes of {@link #attempt}. */
  static final List<String> OUTCOMES = List.of("delivered", "retry", "gave_up", "lease_lost");

  MonitorMetrics(MeterRegistry registry) {
    this.registry = registry;
    // Every series at 0 from the start: increase() misses a counter whose first sample is already 1.
    OUTCOMES.forEach(this::attemptTimer);
    Counter.builder(DISABLED).register(registry);
    Counter.builder(PRUNED).tag("table", "events").register(registry);
    Counter.builder(PRUNED).tag("table", "deliveries").register(registry);
    givenUpCounter();
    eventsAtZero(registry);
  }

  /** The events counter of every cause at 0; any role writes events (the stores' hooks). */
  static void eventsAtZero(MeterRegistry registry) {
    for (DecisionWatch.Cause cause : DecisionWatch.Cause.values()) {
      Counter.builder(EVENTS).tag("cause", cause.name()).register(registry);
    }
  }

  /** The backlog gauges, registered by the delivery worker that polls them. */
  MonitorMetrics withBacklog() {
    Gauge.builder(DELIVERIES, pending, AtomicLong::get).tag("state", "pending").register(registry);
    Gauge.builder(DELIVERIES, running, AtomicLong::get).tag("state", "running").register(registry);
    return this;
  }

  void attempt(String outcome, long nanos) {
    attemptTimer(outcome).record(Duration.ofNanos(nanos));
  }

  private Timer attemptTimer(String outcome) {
    return Timer.builder(ATTEMPT).tag("outcome", outcome).serviceLevelObjectives(ATTEMPT_SLO).register(registry);
  }

  void disabled() {
    Counter.builder(DISABLED).register(registry).increment();
  }

  void pruned(String table, long rows) {
    Counter.builder(PRUNED).tag("table", table).register(registry).increment(rows);
  }

  void givenUp(long rows) {
    givenUpCounter().increment(rows);
  }

  private Counter givenUpCounter() {
    return Counter.builder(GIVEN_UP).description("open webhook deliveries given up because their endpoint was disabled")
        .register(registry);
  }

  /**
   * Events inserted by a write path, counted on the registry of the Vert.x instance running it
   * (the hook is called from many stores that hold no registry). A write that later rolls back
   * has counted too: rare, and the counter is a rate, not the feed.
   */
  static void events(DecisionWatch.Cause cause, long n) {
    Context context = Vertx.currentContext();
    if (context != null && n > 0) {
      Counter.builder(EVENTS).tag("cause", cause.name()).register(Metrics.of(context.owner())).increment(n);
    }
  }
}
