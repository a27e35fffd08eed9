package dev.vouch.http;

import dev.vouch.budget.Authenticator;
import dev.vouch.budget.Meter;
import dev.vouch.budget.model.Operation;
import dev.vouch.bus.Addresses;
import dev.vouch.error.ApiError;
import dev.vouch.transfer.TransferRequests;
import dev.vouch.transfer.model.Direction;
import io.vertx.core.Future;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * POST /api/v1/transfers and GET /api/v1/transfers/{id} (docs/transfers.md): the body is checked
 * whole before any unit is spent; the chain read, the counterparty read and the verdict are the
 * transfer consumer's.
 */
final class TransferRoutes {

  private static final Pattern TX_HASH = Pattern.compile("^0x[0-9a-fA-F]{64}$");
  private static final Pattern ID = Pattern.compile("^[1-9][0-9]{0,17}$");
  private static final String EXPECTED = "{\"chainId\": 1, \"txHash\": \"0x...\", \"address\": \"0x...\","
      + " \"direction\": \"received\" or \"sent\", \"logIndex\": optional}";

  private TransferRoutes() {}

  static void install(Routes routes, Meter meter, dev.vouch.policy.Policies policies) {
    routes.add(HttpMethod.POST, "/api/v1/transfers", ctx -> Future.succeededFuture()
        .map(v -> screen(ctx))
        .compose(meter.charging(ctx, Operation.transferScreen))
        .compose(q -> routes.<TransferRequests.Answer>ask(Addresses.TRANSFER_SCREEN, q))
        .onSuccess(a -> Edge.ok(ctx, a.status(), a.data()))
        .onFailure(t -> Edge.fail(ctx, t)));
    routes.add(HttpMethod.GET, "/api/v1/transfers/:id", ctx -> Future.succeededFuture()
        .map(v -> new TransferRequests.Read(id(ctx.pathParam("id"))))
        .compose(meter.charging(ctx, Operation.transferRead))
        .compose(q -> routes.<TransferRequests.Answer>ask(Addresses.TRANSFER_READ, q))
        .onSuccess(a -> Edge.ok(ctx, a.status(), a.data()))
        .onFailure(t -> Edge.fail(ctx, t)));
  }

  static TransferRequests.Screen screen(RoutingContext ctx) {
    JsonObject b = Bodies.object(ctx, EXPECTED);
    long chainId = positive(b, "chainId", true);
    String hash = Bodies.string(b, "txHash");
    if (hash == null || !TX_HASH.matcher(hash).matches()) {
      throw ApiError.invalidRequest("txHash is required: 0x and 64 hex characters.");
    }
    String address = Bodies.string(b, "address");
    if (!Inputs.isWallet(address)) {
      throw ApiError.invalidRequest("address is required: your own 0x address (40 hex characters) the transfer"
          + " was received at or sent from.");
    }
    Direction direction = Direction.parse(Bodies.string(b, "direction")).orElseThrow(() ->
        ApiError.invalidRequest("direction is required: received (a deposit to address) or sent (a withdrawal from it)."));
    Long logIndex = b.getValue("logIndex") == null ? null : positive(b, "logIndex", false);
    return new TransferRequests.Screen(chainId, hash.toLowerCase(Locale.ROOT), address.toLowerCase(Locale.ROOT),
        direction, logIndex, Authenticator.caller(ctx));
  }

  /** An integer field; chainId above zero, logIndex zero or more. */
  private static long positive(JsonObject b, String field, boolean aboveZero) {
    Object v = b.getValue(field);
    if (v instanceof Integer || v instanceof Long) {
      long n = ((Number) v).longValue();
      if (aboveZero ? n > 0 : n >= 0) {
        return n;
      }
    }
    throw ApiError.invalidRequest(field + (aboveZero ? " is required: a positive integer." : " must be an integer of 0 or more."));
  }

  private static long id(String raw) {
    if (raw == null || !ID.matcher(raw).matches()) {
      throw ApiError.notFound("No such transfer screening; ids are positive integers.");
    }
    return Long.parseLong(raw);
  }
}
