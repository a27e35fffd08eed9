package dev.vouch.http;

import dev.vouch.budget.Meter;
import dev.vouch.budget.model.Operation;
import dev.vouch.error.ApiError;
import dev.vouch.identity.Attestations;
import dev.vouch.identity.IdentityServices;
import dev.vouch.identity.IdentityViews;
import dev.vouch.identity.Profiles;
import io.vertx.core.Future;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Username claims, attestations, the directory, profile and trust reads (docs/identities.md).
 * Input is validated before any unit is charged; refusals carry their own codes.
 */
final class IdentityRoutes {

  private static final Pattern TX_HASH = Pattern.compile("^0x[0-9a-fA-F]{64}$");
  private static final Pattern ID = Pattern.compile("^[1-9][0-9]{0,17}$");
  private static final int DISPLAY_MAX = 64;

  private IdentityRoutes() {}

  private record ChallengeRequest(String wallet, String username, String displayName) {}

  private record Page(int limit, String cursor) {}

  private record Signed(long id, long deadline, String signature) {}

  static void install(Routes routes, IdentityServices ids, Meter meter) {
    routes.add(HttpMethod.POST, "/api/v1/identities/challenge", ctx -> run(ctx, 201, meter, Operation.claimChallenge,
        () -> {
          JsonObject body = body(ctx);
          String wallet = Inputs.wallet(string(body, "wallet"));
          String raw = string(body, "username");
          String username = ids.claims().username(raw);
          String display = body.getValue("displayName") == null ? displayFrom(raw) : string(body, "displayName").trim();
          if (display.isEmpty() || display.length() > DISPLAY_MAX) {
            throw ApiError.invalidRequest("displayName must be 1 to " + DISPLAY_MAX + " characters.");
          }
          return new ChallengeRequest(wallet, username, display);
        }, r -> ids.claims().challenge(r.wallet(), r.username(), r.displayName())));
    routes.add(HttpMethod.POST, "/api/v1/identities", ctx -> run(ctx, 201, meter, Operation.claim,
        () -> body(ctx), b -> ids.claims().claim(b.getValue("message") instanceof String m ? m : null,
            b.getValue("signature") instanceof String s ? s : null)));
    routes.add(HttpMethod.GET, "/api/v1/identities", ctx -> run(ctx, 200, meter, Operation.directoryRead,
        () -> new Page(limit(ctx.queryParams().get("limit")), ctx.queryParams().get("cursor")),
        p -> ids.profiles().directory(p.limit(), p.cursor())));
    routes.add(HttpMethod.GET, "/api/v1/profile/:username", ctx -> run(ctx, 200, meter, Operation.profileRead,
        () -> Profiles.lookup(ctx.pathParam("username")), u -> ids.profiles().profile(u)));
    routes.add(HttpMethod.GET, "/api/v1/trust/:wallet", ctx -> run(ctx, 200, meter, Operation.trustRead,
        () -> Inputs.wallet(ctx.pathParam("wallet")), w -> ids.trust().read(w, ids.clock().instant())));

    routes.add(HttpMethod.POST, "/api/v1/attestations", ctx -> written(ctx, meter, Operation.attestationCreate,
        () -> {
          JsonObject b = body(ctx);
          return new Attestations.Attest(Inputs.wallet(string(b, "attester")), Inputs.wallet(string(b, "subject")),
              number(b, "chainId"), txHash(string(b, "txHash")), number(b, "deadline"), signature(b));
        }, in -> ids.attestations().attest(in)));
    routes.add(HttpMethod.GET, "/api/v1/attestations/:id", ctx -> run(ctx, 200, meter, Operation.attestationRead,
        () -> id(ctx), id -> ids.attestations().read(id)));
    for (var d : Attestations.Action.values()) {
      routes.add(HttpMethod.POST, "/api/v1/attestations/:id/" + d.name(), ctx -> written(ctx, meter,
          Operation.attestationDecision, () -> {
            long id = id(ctx);
            JsonObject b = body(ctx);
            return new Signed(id, number(b, "deadline"), signature(b));
          }, r -> ids.attestations().decide(d, r.id(), r.deadline(), r.signature())));
    }
  }

  interface Parse<T> {
    T get();
  }

  /** Parse and validate, charge, call, write: one shape for every route. */
  private static <T, R> void run(RoutingContext ctx, int status, Meter meter, Operation op, Parse<T> parse,
      Function<T, Future<R>> call) {
    Future.succeededFuture()
        .map(v -> parse.get())
        .compose(meter.charging(ctx, op))
        .compose(call::apply)
        .onSuccess(r -> Edge.ok(ctx, status, r))
        .onFailure(t -> Edge.fail(ctx, t));
  }

  /** Writes answer 201 when they changed something, 200 when it was already so. */
  private static <T> void written(RoutingContext ctx, Meter meter, Operation op, Parse<T> parse,
      Function<T, Future<IdentityViews.Written>> call) {
    Future.succeededFuture()
        .map(v -> parse.get())
        .compose(meter.charging(ctx, op))
        .compose(call::apply)
        .onSuccess(w -> Edge.ok(ctx, w.created() ? 201 : 200, w.attestation()))
        .onFailure(t -> Edge.fail(ctx, t));
  }

  private static JsonObject body(RoutingContext ctx) {
    try {
      JsonObject o = ctx.body() == null ? null : ctx.body().asJsonObject();
      if (o == null) {
        throw ApiError.invalidRequest("Send a JSON object body.");
      }
      return o;
    } catch (io.vertx.core.json.DecodeException | ClassCastException e) {
      throw ApiError.invalidRequest("The body is not a JSON object.");
    }
  }

  private static String string(JsonObject b, String field) {
    Object v = b.getValue(field);
    if (!(v instanceof String s)) {
      throw ApiError.invalidRequest(field + " is required (a string).");
    }
    return s;
  }

  private static long number(JsonObject b, String field) {
    Object v = b.getValue(field);
    if (v instanceof Integer || v instanceof Long) {
      long n = ((Number) v).longValue();
      if (n > 0) {
        return n;
      }
    }
    throw ApiError.invalidRequest(field + " is required (a positive integer).");
  }

  private static String signature(JsonObject b) {
    String s = string(b, "signature");
    if (!s.matches("^0x(?:[0-9a-fA-F]{2}){1,4096}$")) {
      throw ApiError.invalidRequest("signature must be 0x-prefixed hex.");
    }
    return s;
  }

  private static String txHash(String raw) {
    if (!TX_HASH.matcher(raw).matches()) {
      throw ApiError.invalidRequest("txHash must be 0x + 64 hex characters.");
    }
    return raw.toLowerCase(Locale.ROOT);
  }

  private static long id(RoutingContext ctx) {
    String raw = ctx.pathParam("id");
    if (raw == null || !ID.matcher(raw).matches()) {
      throw ApiError.notFound("No such attestation; ids are positive integers.");
    }
    return Long.parseLong(raw);
  }

  private static int limit(String raw) {
    if (raw == null) {
      return Profiles.PAGE_DEFAULT;
    }
    try {
      int n = Integer.parseInt(raw);
      if (n >= 1 && n <= Profiles.PAGE_MAX) {
        return n;
      }
    } catch (NumberFormatException ignored) {
      // refused below
    }
    throw ApiError.invalidRequest("limit must be an integer from 1 to " + Profiles.PAGE_MAX + ".");
  }

  private static String displayFrom(String raw) {
    String s = raw.trim();
    int dot = s.lastIndexOf('.');
    return dot > 0 ? s.substring(0, dot) : s;
  }
}
