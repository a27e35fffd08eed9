package dev.vouch.http;

import dev.vouch.budget.Authenticator;
import dev.vouch.budget.RateHeaders;
import dev.vouch.budget.model.Caller;
import dev.vouch.error.ApiError;
import dev.vouch.idempotency.IdempotencyStore;
import dev.vouch.idempotency.IdempotencyStore.Claimed;
import dev.vouch.idempotency.model.IdempotencyKeys;
import dev.vouch.ops.ThrottledLog;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * Idempotency-Key on every POST of the API, installed by {@link Routes} between the caller's
 * resolution and the route's handler, so a route gets it without wiring. Without the header
 * nothing changes. With it: the first request claims (caller, key) and runs; {@link Edge#send}
 * keeps its answer (see {@link IdempotencyKeys#kept}) before sending it; a retry with the same
 * request gets that answer again, marked Idempotent-Replayed: true, without running (so without
 * being charged); a retry while the first runs is 409, a key reused for another request 422.
 */
final class Idempotency implements Handler<RoutingContext> {

  private static final Logger LOG = Logger.getLogger(Idempotency.class.getName());
  /** During a database outage every keyed write fails to keep its answer: one line per interval. */
  private static final ThrottledLog NOT_KEPT = new ThrottledLog(LOG, Duration.ofSeconds(10));
  /** Requests that carried the header, tagged by what became of the key. */
  static final String METER = "vouch.idempotency.requests";
  private static final String CONTEXT_KEY = "vouch.idempotency";
  /** Headers of an answer that are kept and replayed; rate headers are not (a replay is free). */
  private static final List<CharSequence> KEPT_HEADERS = List.of(HttpHeaders.LOCATION);

  /** A claim held by the request, finished once. */
  private static final class Held {
    final Claimed claim;
    final IdempotencyStore store;
    boolean finished;

    Held(Claimed claim, IdempotencyStore store) {
      this.claim = claim;
      this.store = store;
    }
  }

  private final IdempotencyStore store;
  private final Counter claimed;
  private final Counter replayed;
  private final Counter inFlight;
  private final Counter reused;
  private final Counter invalid;

  Idempotency(IdempotencyStore store, MeterRegistry registry) {
    this.store = store;
    this.claimed = registry.counter(METER, "outcome", "claimed");
    this.replayed = registry.counter(METER, "outcome", "replayed");
    this.inFlight = registry.counter(METER, "outcome", "in_flight");
    this.reused = registry.counter(METER, "outcome", "reused");
    this.invalid = registry.counter(METER, "outcome", "invalid");
  }

  @Override
  public void handle(RoutingContext ctx) {
    List<String> values = ctx.request().headers().getAll(IdempotencyKeys.HEADER);
    if (values.isEmpty()) {
      ctx.next();
      return;
    }
    Optional<String> refusal = IdempotencyKeys.refusal(values);
    if (refusal.isPresent()) {
      invalid.increment();
      Edge.error(ctx, ApiError.invalidRequest(refusal.get()));
      return;
    }
    String key = values.get(0);
    Buffer body = ctx.body() == null || ctx.body().buffer() == null ? Buffer.buffer() : ctx.body().buffer();
    byte[] fingerprint = IdempotencyKeys.fingerprint(ctx.request().method().name(), ctx.request().uri(), body.getBytes());
    store.claim(owner(Authenticator.caller(ctx)), key, fingerprint).onComplete(ar -> {
      if (ar.failed()) {
        Edge.fail(ctx, ar.cause());
        return;
      }
      IdempotencyStore.Claim found = ar.result();
      if (found instanceof Claimed c) {
        claimed.increment();
        run(ctx, c);
      } else if (found instanceof IdempotencyStore.Replay r) {
        replayed.increment();
        replay(ctx, r);
      } else if (found instanceof IdempotencyStore.InFlight) {
        inFlight.increment();
        ctx.response().putHeader(RateHeaders.RETRY_AFTER, "1");
        Edge.error(ctx, ApiError.conflict("IDEMPOTENCY_IN_FLIGHT", "A request with this Idempotency-Key is still "
            + "running; retry in a moment to get its answer."));
      } else {
        reused.increment();
        Edge.error(ctx, new ApiError(422, "IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was used for a different "
            + "request (method, path or body) within its lifetime (24 hours); send a new key for a new request."));
      }
    });
  }

  /** Scope of a key: the API key, else the client address (anonymous callers never share keys). */
  static String owner(Caller caller) {
    return caller.key().map(k -> "key:" + k.id()).orElseGet(() -> "ip:" + caller.ip());
  }

  private void run(RoutingContext ctx, Claimed claim) {
    Held held = new Held(claim, store);
    ctx.put(CONTEXT_KEY, held);
    // A route that ends its response without Edge.send keeps nothing: free the key. A connection
    // that closes early frees nothing: the route's answer is still kept when it comes.
    ctx.addEndHandler(ar -> {
      if (ar.succeeded() && !held.finished) {
        held.finished = true;
        store.release(claim).onFailure(t -> NOT_KEPT.warn(() -> "idempotency key release failed: " + t.getMessage()));
      }
    });
    ctx.next();
  }

  private static void replay(RoutingContext ctx, IdempotencyStore.Replay r) {
    HttpServerResponse response = ctx.response();
    r.headers().forEach(h -> response.putHeader(h.getKey(), String.valueOf(h.getValue())));
    response.putHeader(IdempotencyKeys.REPLAYED, "true");
    Edge.sendBytes(ctx, r.status(), r.body());
  }

  /**
   * Called by {@link Edge#send} before the answer goes out: keeps it (or frees the key) when the
   * request holds a claim. Completes when the record is written; a failure to write is logged
   * and the answer still goes out (the claim then lapses after http.idempotency.pendingSeconds).
   */
  static Future<Void> finish(RoutingContext ctx, int status, Buffer body) {
    Held held = ctx.get(CONTEXT_KEY);
    if (held == null || held.finished) {
      return null;
    }
    held.finished = true;
    IdempotencyStore store = held.store;
    Future<Void> written;
    if (IdempotencyKeys.kept(status)) {
      JsonObject headers = new JsonObject();
      for (CharSequence name : KEPT_HEADERS) {
        String value = ctx.response().headers().get(name);
        if (value != null) {
          headers.put(name.toString(), value);
        }
      }
      written = store.complete(held.claim, status, headers, body);
    } else {
      written = store.release(held.claim);
    }
    return written.recover(t -> {
      NOT_KEPT.warn(() -> "idempotency record of a " + status + " answer not written: " + t.getMessage());
      return Future.succeededFuture();
    });
  }
}
