package dev.vouch.http;

import dev.vouch.budget.Authenticator;
import dev.vouch.budget.KeyRejected;
import dev.vouch.budget.Meter;
import dev.vouch.budget.model.Caller;
import dev.vouch.budget.model.Operation;
import dev.vouch.decision.model.UseCase;
import dev.vouch.error.ApiError;
import dev.vouch.monitoring.OutboundAddresses;
import dev.vouch.monitoring.DecisionWatch;
import dev.vouch.monitoring.MonitorServices;
import dev.vouch.monitoring.Outbox;
import io.vertx.core.Future;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Watchlists, the event feed and webhook endpoints (docs/monitoring.md). Keyed callers only;
 * input is validated before any unit is charged, and every refusal is the envelope.
 */
final class MonitoringRoutes {

  private static final Pattern ID = Pattern.compile("^[1-9][0-9]{0,17}$");
  private static final Pattern CURSOR = Pattern.compile("^(0|[1-9][0-9]{0,17})$");
  private static final int NAME_MAX = 100;
  // A List: the error messages name the types in a stable order.
  private static final List<String> EVENT_TYPES = List.of(DecisionWatch.DECISION_CHANGED, Outbox.TRANSFER_SCREENED);

  private MonitoringRoutes() {}

  interface Parse<T> {
    T get();
  }

  private record NewList(Caller caller, String name, UseCase useCase, boolean screenTransfers) {}

  private record ListChange(Caller caller, long id, boolean screenTransfers) {}

  private record Members(Caller caller, long id, List<String> wallets) {}

  private record Page(Caller caller, long id, String cursor, int limit) {}

  private record NewEndpoint(Caller caller, String url, List<String> types) {}

  static void install(Routes routes, Meter meter, MonitorServices m) {
    long large = m.config().bodyLimitBytes();
    int perRequest = m.config().maxWalletsPerRequest();
    boolean allowPrivate = m.config().webhooks().allowPrivateAddresses();
    boolean allowHttp = m.config().webhooks().allowHttp();

    routes.add(HttpMethod.POST, "/api/v1/watchlists", ctx -> run(ctx, 201, meter, Operation.watchlistWrite, () -> {
      Caller c = keyed(ctx);
      JsonObject b = Bodies.object(ctx, "{\"name\": \"...\", \"useCase\": \"payment\"}");
      String name = Bodies.string(b, "name");
      if (name == null || name.isBlank() || name.trim().length() > NAME_MAX) {
        throw ApiError.invalidRequest("name is required: 1 to " + NAME_MAX + " characters.");
      }
      return new NewList(c, name.trim(), Bodies.useCase(b), Boolean.TRUE.equals(Bodies.bool(b, "screenTransfers")));
    }, r -> m.create(r.caller(), r.name(), r.useCase(), r.screenTransfers())));
    routes.add(HttpMethod.PATCH, "/api/v1/watchlists/:id", ctx -> run(ctx, 200, meter, Operation.watchlistWrite, () -> {
      Caller c = keyed(ctx);
      long id = id(ctx, "id", "watchlist");
      JsonObject b = Bodies.object(ctx, "{\"screenTransfers\": true}");
      Boolean screen = Bodies.bool(b, "screenTransfers");
      if (screen == null || b.size() != 1) {
        throw ApiError.invalidRequest("Send {\"screenTransfers\": true} or false; it is the only field a watchlist"
            + " changes.");
      }
      return new ListChange(c, id, screen);
    }, r -> m.update(r.caller(), r.id(), r.screenTransfers())));
    routes.add(HttpMethod.GET, "/api/v1/watchlists", ctx -> run(ctx, 200, meter, Operation.watchlistRead,
        () -> keyed(ctx), m::lists));
    routes.add(HttpMethod.GET, "/api/v1/watchlists/:id", ctx -> run(ctx, 200, meter, Operation.watchlistRead, () -> {
      Caller c = keyed(ctx);
      long id = id(ctx, "id", "watchlist");
      String cursor = ctx.queryParams().get("cursor");
      if (cursor != null && !Inputs.isWallet(cursor)) {
        throw ApiError.invalidRequest("cursor must be the nextCursor of the previous page.");
      }
      return new Page(c, id, cursor == null ? null : cursor.toLowerCase(java.util.Locale.ROOT),
          limit(ctx, MonitorServices.PAGE_DEFAULT));
    }, p -> m.page(p.caller(), p.id(), p.cursor(), p.limit())));
    routes.add(HttpMethod.DELETE, "/api/v1/watchlists/:id", ctx -> run(ctx, 200, meter, Operation.watchlistWrite,
        () -> new Page(keyed(ctx), id(ctx, "id", "watchlist"), null, 0), p -> m.deleteList(p.caller(), p.id())));
    routes.addLarge(HttpMethod.POST, "/api/v1/watchlists/:id/wallets", large, ctx -> run(ctx, 200, meter,
        Operation.watchlistWrite, () -> members(ctx, perRequest), r -> m.add(r.caller(), r.id(), r.wallets())));
    routes.addLarge(HttpMethod.POST, "/api/v1/watchlists/:id/wallets/remove", large, ctx -> run(ctx, 200, meter,
        Operation.watchlistWrite, () -> members(ctx, perRequest), r -> m.remove(r.caller(), r.id(), r.wallets())));

    routes.add(HttpMethod.GET, "/api/v1/events", ctx -> run(ctx, 200, meter, Operation.eventsRead, () -> {
      Caller c = keyed(ctx);
      return new Page(c, cursor(ctx.queryParams().get("after"), "after"), null, limit(ctx, MonitorServices.PAGE_DEFAULT));
    }, p -> m.events(p.caller(), p.id(), p.limit())));

    routes.add(HttpMethod.POST, "/api/v1/webhooks", ctx -> run(ctx, 201, meter, Operation.webhookWrite, () -> {
      Caller c = keyed(ctx);
      JsonObject b = Bodies.object(ctx, "{\"url\": \"https://...\", \"eventTypes\": [\"decision.changed\"]}");
      String url = Bodies.string(b, "url");
      OutboundAddresses.parse(url, allowPrivate, allowHttp);
      return new NewEndpoint(c, url.trim(), types(b.getValue("eventTypes")));
    }, r -> ctx.vertx().executeBlocking(() -> { // a name resolving inward is bad input: judged before the charge
      OutboundAddresses.checkName(java.net.URI.create(r.url()), allowPrivate);
      return r;
    }, false), r -> m.createEndpoint(r.caller(), r.url(), r.types())));
    routes.add(HttpMethod.GET, "/api/v1/webhooks", ctx -> run(ctx, 200, meter, Operation.webhookRead,
        () -> keyed(ctx), m::endpoints));
    routes.add(HttpMethod.GET, "/api/v1/webhooks/:id", ctx -> run(ctx, 200, meter, Operation.webhookRead,
        () -> new Page(keyed(ctx), id(ctx, "id", "webhook endpoint"), null, 0), p -> m.endpoint(p.caller(), p.id())));
    routes.add(HttpMethod.DELETE, "/api/v1/webhooks/:id", ctx -> run(ctx, 200, meter, Operation.webhookWrite,
        () -> new Page(keyed(ctx), id(ctx, "id", "webhook endpoint"), null, 0),
        p -> m.deleteEndpoint(p.caller(), p.id())));
    routes.add(HttpMethod.POST, "/api/v1/webhooks/:id/enable", ctx -> run(ctx, 200, meter, Operation.webhookWrite,
        () -> new Page(keyed(ctx), id(ctx, "id", "webhook endpoint"), null, 0), p -> m.enable(p.caller(), p.id())));
    routes.add(HttpMethod.GET, "/api/v1/webhooks/:id/deliveries", ctx -> run(ctx, 200, meter, Operation.webhookRead,
        () -> {
          Caller c = keyed(ctx);
          long id = id(ctx, "id", "webhook endpoint");
          String before = ctx.queryParams().get("cursor");
          return new Page(c, id, before == null ? Long.toString(Long.MAX_VALUE)
              : Long.toString(cursor(before, "cursor")), limit(ctx, MonitorServices.PAGE_DEFAULT));
        }, p -> m.deliveries(p.caller(), p.id(), Long.parseLong(p.cursor()), p.limit())));
    routes.add(HttpMethod.POST, "/api/v1/webhooks/:id/deliveries/:delivery/replay", ctx -> run(ctx, 202, meter,
        Operation.webhookWrite, () -> new Page(keyed(ctx), id(ctx, "id", "webhook endpoint"),
            Long.toString(id(ctx, "delivery", "delivery")), 0),
        p -> m.replay(p.caller(), p.id(), Long.parseLong(p.cursor()))));
  }

  /** Parse and validate, charge, call, write: one shape for every route. */
  private static <T, R> void run(RoutingContext ctx, int status, Meter meter, Operation op, Parse<T> parse,
      Function<T, Future<R>> call) {
    run(ctx, status, meter, op, parse, Future::succeededFuture, call);
  }

  /** With a check of the parsed input that needs I/O, still before anything is charged. */
  private static <T, R> void run(RoutingContext ctx, int status, Meter meter, Operation op, Parse<T> parse,
      Function<T, Future<T>> check, Function<T, Future<R>> call) {
    Future.succeededFuture()
        .map(v -> parse.get())
        .compose(check)
        .compose(meter.charging(ctx, op))
        .compose(call::apply)
        .onSuccess(r -> Edge.ok(ctx, status, r))
        .onFailure(t -> Edge.fail(ctx, t));
  }

  private static Caller keyed(RoutingContext ctx) {
    Caller c = Authenticator.caller(ctx);
    if (!c.keyed()) {
      throw KeyRejected.required("Monitoring needs an API key: send Authorization: Bearer <key>.");
    }
    return c;
  }

  private static Members members(RoutingContext ctx, int perRequest) {
    Caller c = keyed(ctx);
    long id = id(ctx, "id", "watchlist");
    JsonObject b = Bodies.object(ctx, "{\"wallets\": [\"0x...\"]}");
    if (!(b.getValue("wallets") instanceof JsonArray raw) || raw.isEmpty() || raw.size() > perRequest) {
      throw ApiError.invalidRequest("wallets is required: an array of 1 to " + perRequest + " wallet addresses.");
    }
    Set<String> wallets = new LinkedHashSet<>();
    for (int i = 0; i < raw.size(); i++) {
      Object w = raw.getValue(i);
      if (!(w instanceof String s) || !Inputs.isWallet(s)) {
        throw new ApiError(400, "INVALID_WALLET", "wallets[" + i + "] is not a wallet address (0x + 40 hex "
            + "characters); nothing was changed.");
      }
      wallets.add(Inputs.wallet(s));
    }
    return new Members(c, id, new ArrayList<>(wallets));
  }

  private static List<String> types(Object raw) {
    if (raw == null) {
      return List.of(DecisionWatch.DECISION_CHANGED);
    }
    if (!(raw instanceof JsonArray a) || a.isEmpty() || a.size() > EVENT_TYPES.size()) {
      throw ApiError.invalidRequest("eventTypes must be a non-empty array of " + EVENT_TYPES + ".");
    }
    Set<String> out = new LinkedHashSet<>();
    for (Object t : a) {
      if (!(t instanceof String s) || !EVENT_TYPES.contains(s)) {
        throw ApiError.invalidRequest("Unknown event type; use one of " + EVENT_TYPES + ".");
      }
      out.add(s);
    }
    return List.copyOf(out);
  }

  private static long id(RoutingContext ctx, String param, String what) {
    String raw = ctx.pathParam(param);
    if (raw == null || !ID.matcher(raw).matches()) {
      throw ApiError.notFound("No such " + what + "; ids are positive integers.");
    }
    return Long.parseLong(raw);
  }

  private static long cursor(String raw, String name) {
    if (raw == null) {
      return 0;
    }
    if (!CURSOR.matcher(raw).matches()) {
      throw ApiError.invalidRequest(name + " must be a cursor this API returned (digits).");
    }
    return Long.parseLong(raw);
  }

  private static int limit(RoutingContext ctx, int dflt) {
    String raw = ctx.queryParams().get("limit");
    if (raw == null) {
      return dflt;
    }
    try {
      int n = Integer.parseInt(raw);
      if (n >= 1 && n <= MonitorServices.PAGE_MAX) {
        return n;
      }
    } catch (NumberFormatException ignored) {
      // refused below
    }
    throw ApiError.invalidRequest("limit must be an integer from 1 to " + MonitorServices.PAGE_MAX + ".");
  }
}
