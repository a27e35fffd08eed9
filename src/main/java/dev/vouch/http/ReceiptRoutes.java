package dev.vouch.http;

import dev.vouch.budget.Meter;
import dev.vouch.budget.model.Operation;
import dev.vouch.bus.Addresses;
import dev.vouch.error.ApiError;
import dev.vouch.receipt.ReceiptIds;
import dev.vouch.receipt.ReceiptRequests;
import dev.vouch.receipt.model.Receipt;
import dev.vouch.score.Lookup;
import io.vertx.core.Future;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;

/** Receipt mint and read (SPEC 4.3, 4.4) and the public keys that verify them. */
final class ReceiptRoutes {

  static final String IMMUTABLE = "public, max-age=31536000, immutable";
  private static final String SHAPE = "{\"wallet\": \"0x...\"} or {\"username\": \"name.vouch\"}, optional \"useCase\"";

  /** Data of the read (SPEC 2.5). */
  record ReceiptData(Receipt receipt) {}

  private ReceiptRoutes() {}

  static void install(Routes routes, Meter meter, String usernameSuffix, dev.vouch.policy.Policies policies) {
    routes.add(HttpMethod.POST, "/api/v1/decision-receipts", ctx -> Future.succeededFuture()
        .map(v -> parse(ctx, usernameSuffix))
        .compose(q -> PolicyRoutes.of(ctx, policies).map(p -> p.ref() == null ? q : q.with(p.policy(), p.ref())))
        .compose(meter.charging(ctx, Operation.receiptCreate))
        .compose(q -> routes.<ReceiptRequests.Minted>ask(Addresses.RECEIPT_CREATE, q))
        .onSuccess(m -> {
          if (!m.deduped()) {
            ctx.response().putHeader(HttpHeaders.LOCATION, "/api/v1/decision-receipts/" + m.receipt().id());
          }
          Edge.ok(ctx, m.deduped() ? 200 : 201, m);
        })
        .onFailure(t -> Edge.fail(ctx, t)));

    routes.add(HttpMethod.GET, "/api/v1/decision-receipts/:id", ctx -> Future.succeededFuture()
        .map(v -> id(ctx.pathParam("id")))
        .compose(meter.charging(ctx, Operation.receiptRead))
        .compose(id -> routes.<Receipt>ask(Addresses.RECEIPT_READ, new ReceiptRequests.Read(id)))
        .onSuccess(r -> read(ctx, r))
        .onFailure(t -> Edge.fail(ctx, t)));

    routes.addOpen(HttpMethod.GET, "/.well-known/jwks.json", ctx -> routes
        .<ReceiptRequests.Jwks>ask(Addresses.RECEIPT_JWKS, null)
        .onSuccess(m -> {
          ctx.response().putHeader(HttpHeaders.CACHE_CONTROL, "public, max-age=300");
          Edge.sendRaw(ctx, 200, m.json());
        })
        .onFailure(t -> Edge.fail(ctx, t)));
  }

  static ReceiptRequests.Create parse(RoutingContext ctx, String usernameSuffix) {
    JsonObject body = Bodies.object(ctx, SHAPE);
    String wallet = Bodies.string(body, "wallet");
    String username = Bodies.string(body, "username");
    if ((wallet == null) == (username == null)) {
      throw ApiError.invalidRequest("Send exactly one of wallet or username: " + SHAPE + ".");
    }
    Lookup subject = wallet != null ? Lookup.wallet(Inputs.wallet(wallet.trim()))
        : Lookup.username(Inputs.username(username, usernameSuffix));
    return new ReceiptRequests.Create(subject, Bodies.useCase(body));
  }

  static String id(String raw) {
    if (!ReceiptIds.isWellFormed(raw)) {
      throw ApiError.invalidRequest("A receipt id is rcp_ followed by 16 characters of A-Z, a-z, 0-9, _ or -.");
    }
    return raw;
  }

  /** Immutable: cache for a year; the ETag is the payload hash, so If-None-Match answers 304. */
  private static void read(RoutingContext ctx, Receipt r) {
    String etag = "\"" + r.payloadHash() + "\"";
    ctx.response().putHeader(HttpHeaders.CACHE_CONTROL, IMMUTABLE).putHeader(HttpHeaders.ETAG, etag);
    if (matches(ctx.request().getHeader(HttpHeaders.IF_NONE_MATCH), etag)) {
      ctx.response().setStatusCode(304).end();
    } else {
      Edge.ok(ctx, 200, new ReceiptData(r));
    }
  }

  /** RFC 9110 weak comparison over a list of entity tags, or "*". */
  static boolean matches(String ifNoneMatch, String etag) {
    if (ifNoneMatch == null) {
      return false;
    }
    for (String tag : ifNoneMatch.split(",")) {
      String t = tag.trim();
      if (t.equals("*") || (t.startsWith("W/") ? t.substring(2) : t).equals(etag)) {
        return true;
      }
    }
    return false;
  }
}
