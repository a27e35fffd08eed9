package dev.vouch.budget;

import dev.vouch.budget.model.Admission;
import dev.vouch.budget.model.Operation;
import io.vertx.core.Future;
import io.vertx.ext.web.RoutingContext;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Per-route metering at the edge. A fixed-cost route declares its cost in one line of its
 * handler chain, after validation so rejected input is never charged:
 * {@code .compose(meter.charging(ctx, Operation.decisionRead))}.
 */
public final class Meter {

  private final Metering metering;

  Meter(Metering metering) {
    this.metering = metering;
  }

  /** Charges the operation for the request's caller and passes the value through. */
  public <T> Function<T, Future<T>> charging(RoutingContext ctx, Operation op) {
    return value -> charge(ctx, op, 1).map(value);
  }

  /** Charges {@code quantity} times the operation's cost and sets the rate headers. */
  public Future<Admission> charge(RoutingContext ctx, Operation op, int quantity) {
    return metering.charge(Authenticator.caller(ctx), op, quantity)
        .onSuccess(a -> RateHeaders.charged(ctx.response(), a));
  }

  /**
   * Charges while a side-effect-free read runs, so the read does not wait for the budget round
   * trip. The read's result is released only once the admission succeeded; a caller already known
   * to be over budget is refused before any read starts.
   */
  public <T> Future<T> chargingWhile(RoutingContext ctx, Operation op, Supplier<Future<T>> read) {
    Future<Admission> admission = charge(ctx, op, 1);
    if (admission.failed()) {
      return Future.failedFuture(admission.cause());
    }
    Future<T> result = read.get();
    return admission.compose(a -> result);
  }

  public Metering metering() {
    return metering;
  }
}
