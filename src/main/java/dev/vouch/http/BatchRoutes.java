package dev.vouch.http;

import dev.vouch.budget.Authenticator;
import dev.vouch.budget.Meter;
import dev.vouch.budget.Metering;
import dev.vouch.budget.model.Caller;
import dev.vouch.budget.model.Operation;
import dev.vouch.bus.Addresses;
import dev.vouch.decision.BatchQuery;
import dev.vouch.decision.model.BatchPlan;
import dev.vouch.decision.model.BatchResult;
import dev.vouch.error.ApiError;
import io.vertx.core.Future;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.List;

/**
 * POST /api/v1/decision/batch (SPEC 4.2): shape and plan caps are checked before anything is
 * charged (400 INVALID_REQUEST, free), then N units for N unique rows, refused whole.
 */
final class BatchRoutes {

  static final String PATH = "/api/v1/decision/batch";
  private static final String SHAPE = "{\"inputs\": [\"0x...\", \"name.vouch\", ...], \"useCase\": \"payment\"}";

  private BatchRoutes() {}

  static void install(Routes routes, Meter meter, String usernameSuffix, dev.vouch.policy.Policies policies) {
    routes.add(HttpMethod.POST, PATH, ctx -> Future.succeededFuture()
        .map(v -> parse(ctx, meter.metering(), usernameSuffix))
        .compose(q -> PolicyRoutes.of(ctx, policies).map(p -> p.ref() == null ? q : q.with(p.policy(), p.ref())))
        .compose(q -> meter.charge(ctx, Operation.batchRow, q.plan().size()).map(q))
        .compose(q -> routes.<BatchResult>ask(Addresses.DECISION_BATCH, q))
        .onSuccess(batch -> Edge.sendEncoded(ctx, 200, Answers.batch(batch)))
        .onFailure(t -> Edge.fail(ctx, t)));
  }

  static BatchQuery parse(RoutingContext ctx, Metering metering, String usernameSuffix) {
    Caller caller = Authenticator.caller(ctx);
    JsonObject body = Bodies.object(ctx, SHAPE);
    if (!(body.getValue("inputs") instanceof JsonArray inputs)) {
      throw ApiError.invalidRequest("Field inputs is required: an array of wallet addresses and usernames, " + SHAPE + ".");
    }
    if (inputs.isEmpty()) {
      throw ApiError.invalidRequest("The batch is empty; send at least one entry in inputs.");
    }
    int rawCap = metering.batchRawCap(caller);
    if (inputs.size() > rawCap) {
      throw ApiError.invalidRequest("The batch has " + inputs.size() + " entries; at most " + rawCap
          + " are accepted before de-duplication for your plan. Split it; nothing was charged.");
    }
    List<String> raw = new ArrayList<>(inputs.size());
    for (Object entry : inputs) {
      if (!(entry instanceof String s)) {
        throw ApiError.invalidRequest("Every entry of inputs must be a string (a wallet address or a username).");
      }
      raw.add(s);
    }
    // Entries are trimmed: a batch of only blank entries is an empty batch, not one invalid row.
    if (raw.stream().allMatch(String::isBlank)) {
      throw ApiError.invalidRequest("The batch is empty: every entry of inputs is blank after trimming; send at"
          + " least one wallet address or username. Nothing was charged.");
    }
    var useCase = Bodies.useCase(body);
    BatchPlan plan = BatchPlan.of(raw, usernameSuffix);
    int rowCap = metering.batchRowCap(caller);
    if (plan.size() > rowCap) {
      throw ApiError.invalidRequest("The batch has " + plan.size() + " unique entries; your plan allows "
          + rowCap + " per request. Split it, or use a key with a larger plan; nothing was charged.");
    }
    return new BatchQuery(plan, useCase);
  }
}
