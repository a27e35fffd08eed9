package dev.vouch.http;

import dev.vouch.budget.Authenticator;
import dev.vouch.budget.Meter;
import dev.vouch.budget.Metering;
import dev.vouch.budget.model.Caller;
import dev.vouch.budget.model.Operation;
import dev.vouch.bus.Addresses;
import dev.vouch.error.ApiError;
import dev.vouch.transfer.TransferReceipt;
import dev.vouch.transfer.TransferRequests;
import dev.vouch.transfer.model.Direction;
import io.vertx.core.Future;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
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
  private static final String RECEIPT_SHAPE = "{\"screeningId\": 123}";
  private static final String BATCH_SHAPE = "{\"transfers\": [" + EXPECTED + ", ...]}";

  private TransferRoutes() {}

  static void install(Routes routes, Meter meter, dev.vouch.policy.Policies policies) {
    routes.add(HttpMethod.POST, "/api/v1/transfers/batch", ctx -> Future.succeededFuture()
        .map(v -> batch(ctx, meter.metering()))
        .compose(q -> meter.charge(ctx, Operation.transferBatchRow, q.entries().size()).map(q))
        .compose(q -> routes.<TransferRequests.BatchAnswer>ask(Addresses.TRANSFER_BATCH, q))
        .onSuccess(a -> Edge.ok(ctx, 200, a))
        .onFailure(t -> Edge.fail(ctx, t)));
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

  /**
   * Transfer receipts (docs/transfers.md "Receipts"), shaped like the decision receipts of SPEC
   * 4.3 and 4.4: a collection to POST to (201 new, 200 deduped), read by id with immutable caching.
   */
  static void installReceipts(Routes routes, Meter meter) {
    routes.add(HttpMethod.POST, "/api/v1/transfer-receipts", ctx -> Future.succeededFuture()
        .map(v -> {
          JsonObject b = Bodies.object(ctx, RECEIPT_SHAPE);
          Object id = b.getValue("screeningId");
          if (!(id instanceof Integer || id instanceof Long) || ((Number) id).longValue() <= 0) {
            throw ApiError.invalidRequest("screeningId is required: the id of a transfer screening, " + RECEIPT_SHAPE + ".");
          }
          return new TransferRequests.ReceiptCreate(((Number) id).longValue());
        })
        .compose(meter.charging(ctx, Operation.receiptCreate))
        .compose(q -> routes.<TransferRequests.ReceiptMinted>ask(Addresses.TRANSFER_RECEIPT_CREATE, q))
        .onSuccess(m -> {
          if (!m.deduped()) {
            ctx.response().putHeader(HttpHeaders.LOCATION, "/api/v1/transfer-receipts/" + m.receipt().id());
          }
          Edge.ok(ctx, m.deduped() ? 200 : 201, m);
        })
        .onFailure(t -> Edge.fail(ctx, t)));
    routes.add(HttpMethod.GET, "/api/v1/transfer-receipts/:id", ctx -> Future.succeededFuture()
        .map(v -> {
          String id = ctx.pathParam("id");
          if (id == null || !id.matches("^trc_[A-Za-z0-9_-]{16}$")) {
            throw ApiError.invalidRequest("A transfer receipt id is trc_ followed by 16 characters of A-Z, a-z, 0-9, _ or -.");
          }
          return new TransferRequests.ReceiptRead(id);
        })
        .compose(meter.charging(ctx, Operation.receiptRead))
        .compose(q -> routes.<TransferReceipt>ask(Addresses.TRANSFER_RECEIPT_READ, q))
        .onSuccess(r -> {
          String etag = "\"" + r.payloadHash() + "\"";
          ctx.response().putHeader(HttpHeaders.CACHE_CONTROL, ReceiptRoutes.IMMUTABLE).putHeader(HttpHeaders.ETAG, etag);
          if (ReceiptRoutes.matches(ctx.request().getHeader(HttpHeaders.IF_NONE_MATCH), etag)) {
            ctx.response().setStatusCode(304).end();
          } else {
            Edge.ok(ctx, 200, new TransferReceiptData(r));
          }
        })
        .onFailure(t -> Edge.fail(ctx, t)));
  }

  /** Data of the receipt read, as a decision receipt's (SPEC 2.5). */
  record TransferReceiptData(TransferReceipt receipt) {}

  static TransferRequests.Screen screen(RoutingContext ctx) {
    return screen(Bodies.object(ctx, EXPECTED), Authenticator.caller(ctx));
  }

  /**
   * The batch body, {"transfers": [...]}: its shape and the plan's caps are checked whole (400,
   * free); each entry is then its own row, a malformed one an invalid row. Entries naming the
   * same request are one row, at the first one's position (the decision batch's rule).
   */
  static TransferRequests.Batch batch(RoutingContext ctx, Metering metering) {
    Caller caller = Authenticator.caller(ctx);
    JsonObject body = Bodies.object(ctx, BATCH_SHAPE);
    if (!(body.getValue("transfers") instanceof JsonArray entries)) {
      throw ApiError.invalidRequest("Field transfers is required: an array of transfers to screen, " + BATCH_SHAPE + ".");
    }
    if (entries.isEmpty()) {
      throw ApiError.invalidRequest("The batch is empty; send at least one transfer in transfers.");
    }
    int rawCap = metering.batchRawCap(caller);
    if (entries.size() > rawCap) {
      throw ApiError.invalidRequest("The batch has " + entries.size() + " entries; at most " + rawCap
          + " are accepted before de-duplication for your plan. Split it; nothing was charged.");
    }
    List<TransferRequests.BatchEntry> unique = new ArrayList<>();
    Set<TransferRequests.Screen> seen = new HashSet<>();
    for (int i = 0; i < entries.size(); i++) {
      Object entry = entries.getValue(i);
      if (!(entry instanceof JsonObject o)) {
        unique.add(new TransferRequests.BatchEntry(i, null, "Each entry of transfers is an object: " + EXPECTED + "."));
        continue;
      }
      try {
        TransferRequests.Screen s = screen(o, caller);
        if (seen.add(s)) {
          unique.add(new TransferRequests.BatchEntry(i, s, null));
        }
      } catch (ApiError e) {
        unique.add(new TransferRequests.BatchEntry(i, null, e.getMessage()));
      }
    }
    int rowCap = metering.batchRowCap(caller);
    if (unique.size() > rowCap) {
      throw ApiError.invalidRequest("The batch has " + unique.size() + " unique transfers; your plan allows " + rowCap
          + " per request. Split it, or use a key with a larger plan; nothing was charged.");
    }
    return new TransferRequests.Batch(unique, caller);
  }

  static TransferRequests.Screen screen(JsonObject b, Caller caller) {
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
        direction, logIndex, caller);
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

  static long id(String raw) {
    if (raw == null || !ID.matcher(raw).matches()) {
      throw ApiError.notFound("No such transfer screening; ids are positive integers.");
    }
    return Long.parseLong(raw);
  }
}
