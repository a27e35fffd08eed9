package dev.vouch.chain;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import java.util.function.Supplier;

/**
 * The circuit breaker and retry budget of one provider (an RPC URL, or an explorer URL and key),
 * shared by every chain and run of the process that calls it, with their meters.
 */
final class ProviderGuard {

  private final CircuitBreaker breaker;
  private final RetryBudget budget;
  private final Counter refused;
  private final Counter retried;
  private final Counter denied;

  ProviderGuard(String label, CircuitBreaker breaker, RetryBudget budget, MeterRegistry registry) {
    this.breaker = breaker;
    this.budget = budget;
    Gauge.builder(ChainTraffic.BREAKER_STATE, breaker, b -> b.state().level).tag("provider", label).register(registry);
    FunctionCounter.builder(ChainTraffic.BREAKER_OPENED, breaker, CircuitBreaker::opened).tag("provider", label)
        .register(registry);
    this.refused = Counter.builder(ChainTraffic.BREAKER_REFUSED).tag("provider", label).register(registry);
    this.retried = Counter.builder(ChainTraffic.RETRIES).tag("provider", label).tag("result", "allowed").register(registry);
    this.denied = Counter.builder(ChainTraffic.RETRIES).tag("provider", label).tag("result", "denied").register(registry);
  }

  /**
   * Runs one exchange through the breaker: refused at once while it is open, else sent and its
   * outcome recorded (only transient failures count against the provider).
   */
  <T> Future<T> call(Supplier<Future<T>> exchange) {
    CircuitBreaker.Permit permit = breaker.admit();
    if (permit == CircuitBreaker.Permit.REFUSED) {
      refused.increment();
      return Future.failedFuture(new RpcException(RpcException.Kind.CIRCUIT_OPEN, breaker.refusal()));
    }
    Future<T> f;
    try {
      f = exchange.get();
    } catch (RuntimeException e) {
      f = Future.failedFuture(e);
    }
    return f.andThen(ar -> breaker.record(permit, transientFailure(ar.cause())));
  }

  /** What the breaker counts: transient failures; any other outcome means the provider answered. */
  static RpcException transientFailure(Throwable t) {
    if (t == null) {
      return null;
    }
    if (t instanceof RpcException e) {
      return e.retryable() ? e : null;
    }
    return new RpcException(RpcException.Kind.TRANSPORT, t.getClass().getSimpleName());
  }

  /** A first try of a call is going out: it adds to the retry budget. */
  void firstTry() {
    budget.deposit();
  }

  /** Whether a call that failed here may be tried again; counted either way. */
  boolean mayRetry() {
    if (budget.tryWithdraw()) {
      retried.increment();
      return true;
    }
    denied.increment();
    return false;
  }
}
