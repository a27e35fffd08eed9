package dev.vouch.http;

import dev.vouch.budget.Meter;
import dev.vouch.budget.model.Operation;
import dev.vouch.bus.Addresses;
import dev.vouch.error.ApiError;
import dev.vouch.interaction.GraphQuery;
import dev.vouch.interaction.GraphReply;
import dev.vouch.interaction.model.Cursors;
import dev.vouch.interaction.model.GraphModel;
import dev.vouch.interaction.model.GraphOrder;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import java.math.BigInteger;
import java.util.regex.Pattern;

/** GET /api/v1/interaction-graph/{wallet} (SPEC 4.9): query validation, 1 unit, the graph consumer. */
final class InteractionRoutes {

  private static final Pattern DIGITS = Pattern.compile("^[0-9]{1,100}$");

  private InteractionRoutes() {}

  static void install(Routes routes, Meter meter, Cursors cursors) {
    routes.add(HttpMethod.GET, "/api/v1/interaction-graph/:wallet", ctx -> Future.succeededFuture()
        .map(v -> query(ctx, cursors))
        .compose(meter.charging(ctx, Operation.interactionGraphRead))
        .compose(q -> routes.<GraphReply>ask(Addresses.INTERACTION_GRAPH_READ, q))
        .onSuccess(reply -> {
          if (reply.cursorExpired()) {
            Edge.fail(ctx, ApiError.invalidRequest("This cursor's snapshot is no longer kept (cursors work for at"
                + " least the configured retention after a newer snapshot commits). Read again without a cursor."));
          } else if (reply.rendered() == null) {
            Edge.ok(ctx, 200, reply.data());
          } else {
            // A kept first page: encoded once, then the same bytes (GraphPageCache.Rendered).
            byte[] kept = reply.rendered().bytes();
            if (kept == null) {
              Buffer encoded = Json.encode(Envelope.ok(reply.data()));
              reply.rendered().keep(encoded.getBytes());
              Edge.sendEncoded(ctx, 200, encoded);
            } else {
              Edge.sendEncoded(ctx, 200, Buffer.buffer(kept));
            }
          }
        })
        .onFailure(t -> Edge.fail(ctx, t)));
  }

  /** Everything is checked before units are spent: a refused request costs nothing. */
  static GraphQuery query(RoutingContext ctx, Cursors cursors) {
    String wallet = Inputs.wallet(ctx.pathParam("wallet"));
    String sort = ctx.queryParams().get("sort");
    String cursor = ctx.queryParams().get("cursor");
    if (sort != null && !"activity".equals(sort)) {
      throw ApiError.invalidSort("Unknown sort; the only accepted value is activity (omit sort for address order).");
    }
    if (sort != null && cursor != null) {
      throw ApiError.invalidSort("sort=activity answers a single ranked page and takes no cursor; drop the cursor.");
    }
    int limit = limit(ctx.queryParams().get("limit"));
    Cursors.Cursor decoded = null;
    if (cursor != null) {
      decoded = cursors.decode(wallet, cursor).orElseThrow(() -> ApiError.invalidRequest(
          "The cursor is not one this service issued for this wallet; pass pagination.nextCursor unchanged."));
    }
    return new GraphQuery(wallet, sort == null ? GraphOrder.ADDRESS : GraphOrder.ACTIVITY, limit, decoded);
  }

  /** Absent: 25. Integers above 50 are capped at 50; anything else that is not an integer >= 1 is refused. */
  static int limit(String raw) {
    if (raw == null) {
      return GraphModel.DEFAULT_LIMIT;
    }
    if (!DIGITS.matcher(raw).matches() || new BigInteger(raw).signum() == 0) {
      throw ApiError.invalidRequest("limit must be an integer from 1 to 50 (default 25; larger values are capped at 50).");
    }
    return new BigInteger(raw).min(BigInteger.valueOf(GraphModel.MAX_LIMIT)).intValue();
  }
}
