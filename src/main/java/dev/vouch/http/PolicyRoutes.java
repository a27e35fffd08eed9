package dev.vouch.http;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vouch.budget.Authenticator;
import dev.vouch.budget.KeyRejected;
import dev.vouch.budget.Meter;
import dev.vouch.budget.model.Caller;
import dev.vouch.budget.model.Operation;
import dev.vouch.error.ApiError;
import dev.vouch.policy.Policies;
import dev.vouch.policy.PolicyJson;
import io.vertx.core.Future;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import java.time.Instant;
import java.util.regex.Pattern;

/**
 * GET and PUT /api/v1/policies (issue 32 item 3, docs/models.md "Risk policies"): the calling
 * key's policy. Charged as the other account settings (watchlistRead / watchlistWrite: one unit).
 */
final class PolicyRoutes {

  static final String PATH = "/api/v1/policies";
  private static final Pattern VERSION = Pattern.compile("^[1-9][0-9]{0,8}$");

  /** Data of both answers; {@code policy} is the whole normalized policy in force. */
  record PolicyAnswer(String id, int version, String hash,
      @com.fasterxml.jackson.annotation.JsonProperty("default") boolean isDefault, Instant createdAt, JsonNode policy,
      @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
      Boolean created) {}

  private PolicyRoutes() {}

  /** The caller's policy: the default at once for an anonymous caller or a key without one. */
  static Future<Policies.Effective> of(RoutingContext ctx, Policies policies) {
    return policies.forKey(Authenticator.caller(ctx).key().map(Caller.Key::id).orElse(null));
  }

  static void install(Routes routes, Meter meter, Policies policies) {
    routes.add(HttpMethod.GET, PATH, ctx -> Future.succeededFuture()
        .map(v -> version(ctx))
        .compose(meter.charging(ctx, Operation.watchlistRead))
        .compose(version -> {
          Caller caller = Authenticator.caller(ctx);
          if (caller.key().isEmpty()) {
            if (version != null) {
              throw ApiError.notFound("Without a key there is only the default policy (no versions).");
            }
            return Future.succeededFuture(defaultAnswer());
          }
          return policies.current(caller.key().get().id(), version).map(found -> found
              .map(s -> answer(s, null))
              .orElseGet(() -> {
                if (version != null) {
                  throw ApiError.notFound("This key's policy has no version " + version + ".");
                }
                return defaultAnswer();
              }));
        })
        .onSuccess(a -> Edge.ok(ctx, 200, a))
        .onFailure(t -> Edge.fail(ctx, t)));

    routes.add(HttpMethod.PUT, PATH, ctx -> Future.succeededFuture()
        .map(v -> {
          Caller caller = Authenticator.caller(ctx);
          if (caller.key().isEmpty()) {
            throw KeyRejected.required("A policy belongs to an API key: send Authorization: Bearer <key>.");
          }
          String text = ctx.body() == null || ctx.body().buffer() == null ? "" : ctx.body().asString();
          return PolicyJson.parse(text);
        })
        .compose(meter.charging(ctx, Operation.watchlistWrite))
        .compose(parsed -> policies.put(Authenticator.caller(ctx).key().get().id(), parsed))
        .onSuccess(put -> Edge.ok(ctx, put.created() ? 201 : 200, answer(put.stored(), put.created())))
        .onFailure(t -> Edge.fail(ctx, t)));
  }

  private static Integer version(RoutingContext ctx) {
    String raw = ctx.queryParams().get("version");
    if (raw == null) {
      return null;
    }
    if (!VERSION.matcher(raw).matches()) {
      throw ApiError.invalidRequest("version must be a positive integer.");
    }
    return Integer.valueOf(raw);
  }

  private static PolicyAnswer defaultAnswer() {
    return new PolicyAnswer(null, 0, PolicyJson.DEFAULT.hash(), true, null, tree(PolicyJson.DEFAULT.body()), null);
  }

  private static PolicyAnswer answer(Policies.Stored s, Boolean created) {
    // Stored as jsonb (keys reordered): shown in the normalized order.
    return new PolicyAnswer(s.ref().id(), s.ref().version(), s.ref().hash(), false, s.createdAt(),
        tree(PolicyJson.of(PolicyJson.read(s.body())).body()), created);
  }

  private static JsonNode tree(String json) {
    try {
      return Json.MAPPER.readTree(json);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
