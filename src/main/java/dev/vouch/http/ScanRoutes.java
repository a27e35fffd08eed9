package dev.vouch.http;

import dev.vouch.bus.Addresses;
import dev.vouch.indexing.ScanBudget;
import dev.vouch.indexing.ScanRequests;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.Message;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;

/** Intake and keyed refresh: validate the wallet, route to the indexing consumers, write their answer. */
final class ScanRoutes {

  private ScanRoutes() {}

  static void install(Routes routes, Vertx vertx) {
    routes.add(HttpMethod.POST, "/api/v1/intake/:wallet", ctx -> send(ctx, vertx, Addresses.INTAKE,
        () -> new ScanRequests.Intake(Inputs.wallet(ctx.pathParam("wallet")), Edge.clientIp(ctx), authorization(ctx))));
    routes.add(HttpMethod.POST, "/api/v1/interaction-graph/:wallet/refresh", ctx -> send(ctx, vertx, Addresses.REFRESH,
        () -> new ScanRequests.Refresh(Inputs.wallet(ctx.pathParam("wallet")), Edge.clientIp(ctx), authorization(ctx))));
  }

  private static String authorization(RoutingContext ctx) {
    return ctx.request().getHeader(HttpHeaders.AUTHORIZATION);
  }

  private static void send(RoutingContext ctx, Vertx vertx, String address, java.util.function.Supplier<Object> request) {
    Future.succeededFuture()
        .map(v -> request.get())
        .compose(q -> vertx.eventBus().<ScanRequests.Answer>request(address, q))
        .map(Message::body)
        .onSuccess(a -> write(ctx, a))
        .onFailure(t -> Edge.fail(ctx, t));
  }

  /** Rate headers only on charged answers (CONTRACT 3); Retry-After on every 429. */
  private static void write(RoutingContext ctx, ScanRequests.Answer a) {
    ScanBudget.Charge c = a.charge();
    if (c != null && c.limit() >= 0) {
      ctx.response().putHeader("X-RateLimit-Limit", Long.toString(c.limit()))
          .putHeader("X-RateLimit-Remaining", Long.toString(Math.max(0, c.remaining())));
    }
    if (a.errorCode() == null) {
      Edge.ok(ctx, a.status(), a.data());
      return;
    }
    if (a.status() == 429) {
      ctx.response().putHeader("Retry-After", Long.toString(Math.max(1, a.retryAfterSeconds())));
    }
    Edge.error(ctx, new ApiError(a.status(), a.errorCode(), a.errorMessage()));
  }
}
