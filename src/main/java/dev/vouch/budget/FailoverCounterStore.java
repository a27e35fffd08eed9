package dev.vouch.budget;

import dev.vouch.budget.model.Admission;
import dev.vouch.budget.model.Draw;
import dev.vouch.budget.model.Take;
import dev.vouch.budget.model.Usage;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * Redis while it answers; per-instance counters while it does not, so the API keeps answering.
 * The outage is logged once and counted; while degraded one request per retry interval probes
 * Redis, and the first success switches back.
 */
final class FailoverCounterStore implements CounterStore {

  private static final Logger LOG = Logger.getLogger(FailoverCounterStore.class.getName());

  private final RedisCounterStore redis;
  private final LocalCounterStore local;
  private final long retryNanos;
  private final Counter fallbacks;
  private final AtomicBoolean degraded = new AtomicBoolean();
  private final AtomicLong nextProbe = new AtomicLong();

  FailoverCounterStore(RedisCounterStore redis, LocalCounterStore local, long retryMillis, MeterRegistry registry) {
    this.redis = redis;
    this.local = local;
    this.retryNanos = TimeUnit.MILLISECONDS.toNanos(retryMillis);
    this.fallbacks = registry.counter(BudgetMetrics.FALLBACK);
    Gauge.builder(BudgetMetrics.DEGRADED, degraded, d -> d.get() ? 1 : 0).register(registry);
  }

  @Override
  public Future<Take> take(List<Draw> draws) {
    return attempt(() -> redis.take(draws),
        () -> local.take(draws).map(Take::asDegraded));
  }

  /** A ticket goes back to the store that issued it; a refund lost to an outage is dropped. */
  @Override
  public Future<Void> giveBack(Admission.Ticket ticket) {
    return ticket.degraded() ? local.giveBack(ticket) : redis.giveBack(ticket).otherwiseEmpty().mapEmpty();
  }

  @Override
  public Future<Grant> lease(Draw draw, long want) {
    return attempt(() -> redis.lease(draw, want), () -> local.lease(draw, want).map(Grant::asDegraded));
  }

  @Override
  public Future<Usage> used(Draw draw) {
    return attempt(() -> redis.used(draw), () -> local.used(draw));
  }

  @Override
  public Future<Health> health() {
    return redis.health()
        .onSuccess(h -> recovered())
        .recover(t -> {
          down(t);
          return Future.succeededFuture(new Health("per-instance", true));
        });
  }

  private <T> Future<T> attempt(Supplier<Future<T>> primary, Supplier<Future<T>> fallback) {
    if (degraded.get() && !claimProbe()) {
      fallbacks.increment();
      return fallback.get();
    }
    return primary.get().transform(ar -> {
      if (ar.succeeded()) {
        recovered();
        return Future.succeededFuture(ar.result());
      }
      down(ar.cause());
      fallbacks.increment();
      return fallback.get();
    });
  }

  /** Only one request per retry interval tries Redis while it is down. */
  private boolean claimProbe() {
    long now = System.nanoTime();
    long at = nextProbe.get();
    return now - at >= 0 && nextProbe.compareAndSet(at, now + retryNanos);
  }

  private void down(Throwable cause) {
    nextProbe.set(System.nanoTime() + retryNanos);
    if (degraded.compareAndSet(false, true)) {
      LOG.warning("redis unreachable (" + cause.getClass().getSimpleName() + ": " + cause.getMessage()
          + "); rate budgets are per instance until it returns");
    }
  }

  private void recovered() {
    if (degraded.compareAndSet(true, false)) {
      LOG.info("redis reachable again; rate budgets are shared again");
    }
  }
}
