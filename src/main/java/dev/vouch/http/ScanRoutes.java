package dev.vouch.http;

import dev.vouch.budget.Authenticator;
import dev.vouch.budget.RateHeaders;
import dev.vouch.bus.Addresses;
import dev.vouch.indexing.ScanRequests;
import io.vertx.core.Future;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import java.util.function.Supplier;

/** Intake and keyed refresh: validate the wallet, route to the indexing consumers, write their answer. */
final class ScanRoutes {

  private ScanRoutes() {}

  static void install(Routes routes) {
    routes.add(HttpMethod.POST, "/api/v1/intake/:wallet", ctx -> send(ctx, routes, Addresses.INTAKE,
        () -> new ScanRequests.Intake(Inputs.wallet(ctx.pathParam("wallet")), Authenticator.caller(ctx))));
    routes.add(HttpMethod.POST, "/api/v1/interaction-graph/:wallet/refresh", ctx -> send(ctx, routes, Addresses.REFRESH,
        () -> new ScanRequests.Refresh(Inputs.wallet(ctx.pathParam("wallet")), Authenticator.caller(ctx))));
  }

  private static void send(RoutingContext ctx, Routes routes, String address, Supplier<Object> request) {
    Future.succeededFuture()
        .map(v -> request.get())
        .compose(q -> routes.<ScanRequests.Answer>ask(address, q))
        .onSuccess(a -> write(ctx, a))
        .onFailure(t -> Edge.fail(ctx, t));
  }

  /** Rate headers only when units were taken (CONTRACT 3). */
  private static void write(RoutingContext ctx, ScanRequests.Answer a) {
    if (a.charge() != null) {
      RateHeaders.charged(ctx.response(), a.charge());
    }
    Edge.ok(ctx, a.status(), a.data());
  }
}
