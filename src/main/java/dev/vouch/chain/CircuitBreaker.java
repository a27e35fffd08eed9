package dev.vouch.chain;

import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * One provider's circuit breaker, on Resilience4j (the same library as the database gateway's).
 * Closed: calls go out; failuresToOpen transient failures in a row open it (a count window of
 * that size, all failed). Open: calls fail at once without reaching the provider. After the
 * cool-off the next call is a probe (half-open, one permitted call) while every other call still
 * fails at once: an answer closes the breaker, a transient failure opens it for another
 * cool-off. Answers that are not transient failures (data, a refusal, an unknown method) mean
 * the provider is up. Thread-safe: chains on several event loops may share a provider.
 */
final class CircuitBreaker {

  enum State {
    CLOSED(0), HALF_OPEN(1), OPEN(2);

    /** Gauge value. */
    final int level;

    State(int level) {
      this.level = level;
    }
  }

  /** What a call may do: go out, go out as the half-open probe, or not go out. */
  enum Permit { CALL, PROBE, REFUSED }

  private final int failuresToOpen;
  private final io.github.resilience4j.circuitbreaker.CircuitBreaker breaker;
  private final AtomicLong opened = new AtomicLong();
  private volatile String lastFailure = "";

  CircuitBreaker(int failuresToOpen, long coolOffMs, LongSupplier nanoTime) {
    this.failuresToOpen = failuresToOpen;
    this.breaker = io.github.resilience4j.circuitbreaker.CircuitBreaker.of("provider", CircuitBreakerConfig.custom()
        .slidingWindowType(CircuitBreakerConfig.SlidingWindowType.COUNT_BASED)
        .slidingWindowSize(failuresToOpen)
        .minimumNumberOfCalls(failuresToOpen)
        .failureRateThreshold(100)
        // The library probes once strictly after the wait; the cool-off is "at least coolOffMs".
        .waitDurationInOpenState(Duration.ofMillis(Math.max(1, coolOffMs)).minusNanos(1))
        .permittedNumberOfCallsInHalfOpenState(1)
        .automaticTransitionFromOpenToHalfOpenEnabled(false)
        .recordException(t -> t instanceof RpcException)
        // The cool-off runs on the injected clock, so tests move time by hand.
        .clock(new NanoClock(nanoTime))
        .currentTimestampFunction(clock -> nanoTime.getAsLong(), TimeUnit.NANOSECONDS)
        .build());
    breaker.getEventPublisher().onStateTransition(e -> {
      if (e.getStateTransition().getToState() == io.github.resilience4j.circuitbreaker.CircuitBreaker.State.OPEN) {
        opened.incrementAndGet();
      }
    });
  }

  synchronized Permit admit() {
    State before = state();
    if (!breaker.tryAcquirePermission()) {
      return Permit.REFUSED;
    }
    return before == State.CLOSED ? Permit.CALL : Permit.PROBE;
  }

  /** The outcome of an admitted call; null failure = the provider answered. */
  synchronized void record(Permit permit, RpcException transientFailure) {
    if (permit == Permit.CALL && state() != State.CLOSED) {
      // A late outcome of a call admitted before the breaker opened: the probe decides.
      return;
    }
    if (transientFailure == null) {
      breaker.onSuccess(0, TimeUnit.NANOSECONDS);
      return;
    }
    breaker.onError(0, TimeUnit.NANOSECONDS, transientFailure);
    if (state() == State.OPEN) {
      lastFailure = transientFailure.kind() + " " + transientFailure.getMessage();
    }
  }

  State state() {
    return switch (breaker.getState()) {
      case CLOSED, DISABLED, METRICS_ONLY -> State.CLOSED;
      case HALF_OPEN -> State.HALF_OPEN;
      default -> State.OPEN;
    };
  }

  /** Times the breaker opened (a failed probe counts again). */
  long opened() {
    return opened.get();
  }

  /** Why calls are refused, for the failure they get. */
  String refusal() {
    return "provider circuit open after " + failuresToOpen + " transient failures in a row (last: " + lastFailure + ")";
  }

  /** A clock over a nanosecond source: Resilience4j times its open state with it. */
  private static final class NanoClock extends Clock {
    private final LongSupplier nanoTime;

    NanoClock(LongSupplier nanoTime) {
      this.nanoTime = nanoTime;
    }

    @Override
    public ZoneOffset getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      long n = nanoTime.getAsLong();
      return Instant.ofEpochSecond(Math.floorDiv(n, 1_000_000_000L), Math.floorMod(n, 1_000_000_000L));
    }
  }
}
