package dev.vouch.chain;

import java.util.function.LongSupplier;

/**
 * One provider's circuit breaker. Closed: calls go out; failuresToOpen transient failures in a
 * row open it. Open: calls fail at once without reaching the provider. After the cool-off the
 * next call is a probe (half-open) while every other call still fails at once: an answer closes
 * the breaker, a transient failure opens it for another cool-off. Answers that are not
 * transient failures (data, a refusal, an unknown method) mean the provider is up. Thread-safe:
 * chains on several event loops may share a provider.
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
  private final long coolOffNanos;
  private final LongSupplier nanoTime;
  private State state = State.CLOSED;
  private int failures;
  private long openedAt;
  private long opened;
  private String lastFailure = "";

  CircuitBreaker(int failuresToOpen, long coolOffMs, LongSupplier nanoTime) {
    this.failuresToOpen = failuresToOpen;
    this.coolOffNanos = coolOffMs * 1_000_000;
    this.nanoTime = nanoTime;
  }

  synchronized Permit admit() {
    switch (state) {
      case CLOSED:
        return Permit.CALL;
      case OPEN:
        if (nanoTime.getAsLong() - openedAt >= coolOffNanos) {
          state = State.HALF_OPEN;
          return Permit.PROBE;
        }
        return Permit.REFUSED;
      default:
        // Half-open: the probe is out; everyone else waits for its verdict.
        return Permit.REFUSED;
    }
  }

  /** The outcome of an admitted call; null failure = the provider answered. */
  synchronized void record(Permit permit, RpcException transientFailure) {
    if (permit == Permit.PROBE) {
      if (transientFailure == null) {
        close();
      } else {
        open(transientFailure);
      }
      return;
    }
    if (state != State.CLOSED) {
      // A late outcome of a call admitted before the breaker opened: the probe decides.
      return;
    }
    if (transientFailure == null) {
      failures = 0;
    } else if (++failures >= failuresToOpen) {
      open(transientFailure);
    }
  }

  synchronized State state() {
    return state;
  }

  /** Times the breaker opened (a failed probe counts again). */
  synchronized long opened() {
    return opened;
  }

  /** Why calls are refused, for the failure they get. */
  synchronized String refusal() {
    return "provider circuit open after " + failuresToOpen + " transient failures in a row (last: " + lastFailure + ")";
  }

  private void open(RpcException cause) {
    state = State.OPEN;
    openedAt = nanoTime.getAsLong();
    opened++;
    lastFailure = cause.kind() + " " + cause.getMessage();
  }

  private void close() {
    state = State.CLOSED;
    failures = 0;
  }
}
