package dev.vouch.http;

import dev.vouch.budget.Authenticator;
import dev.vouch.budget.KeyRejected;
import dev.vouch.budget.RateHeaders;
import dev.vouch.budget.RateLimited;
import dev.vouch.budget.model.Caller;
import dev.vouch.bus.Failures;
import dev.vouch.error.ApiError;
import dev.vouch.ops.Causes;
import dev.vouch.ops.ThrottledLog;
import dev.vouch.ops.Tracing;
import dev.vouch.store.StoreException;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.vertx.core.Future;
import io.vertx.core.VertxException;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.Handler;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import io.vertx.core.http.HttpClosedException;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import java.time.Duration;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Pattern;

/** Request id, access log, envelope writing and the one failure-to-HTTP mapping. */
public final class Edge {

  private static final Logger LOG = Logger.getLogger(Edge.class.getName());
  /** Expected failures repeat once per request during an outage: one line per interval each. */
  private static final Duration LOG_INTERVAL = Duration.ofSeconds(10);
  private static final ThrottledLog STORE_DOWN = new ThrottledLog(LOG, LOG_INTERVAL);
  private static final ThrottledLog BUS_TIMEOUTS = new ThrottledLog(LOG, LOG_INTERVAL);
  private static final ThrottledLog CONNECTION_FAILURES = new ThrottledLog(LOG, LOG_INTERVAL);
  /** Client garbage: INFO, one line per interval, so a fuzzer cannot flood the log either. */
  private static final ThrottledLog INVALID = new ThrottledLog(LOG, LOG_INTERVAL);
  private static final CharSequence JSON = HttpHeaders.createOptimized("application/json");
  private static final CharSequence NOSNIFF = HttpHeaders.createOptimized("X-Content-Type-Options");
  private static final CharSequence NOSNIFF_VALUE = HttpHeaders.createOptimized("nosniff");
  private static final CharSequence NO_STORE = HttpHeaders.createOptimized("no-store");
  private static final Pattern BAD_ESCAPE = Pattern.compile("%(?![0-9A-Fa-f]{2})");
  /** Seconds a 503 asks the client to wait: outages the service rides out are short. */
  private static final String UNAVAILABLE_RETRY_AFTER = "5";

  private Edge() {}

  /** First handler of every route: request id, security headers, and the access-log line when the answer ends. */
  static Handler<RoutingContext> begin(AccessLog accessLog) {
    return ctx -> {
      long start = System.nanoTime();
      String id = RequestIds.accept(ctx.request().getHeader(RequestIds.HEADER));
      ctx.put(RequestIds.CONTEXT_KEY, id);
      // The server span Vert.x opened for this request, when tracing is on (null otherwise).
      String traceId = Tracing.currentTraceId();
      ctx.put(RequestIds.TRACE_KEY, traceId);
      HttpServerResponse response = ctx.response().putHeader(RequestIds.HEADER, id).putHeader(NOSNIFF, NOSNIFF_VALUE);
      if (ctx.request().headers().contains(HttpHeaders.AUTHORIZATION)) {
        // A keyed answer is for that caller only; a route may still declare itself cacheable.
        response.putHeader(HttpHeaders.CACHE_CONTROL, NO_STORE);
      }
      // The status sent: none (0) when the connection closed before an answer. A body that fails
      // (a bad chunk) ends the exchange just before its 400 is written, in the same turn: look after it.
      Handler<Void> record = v -> accessLog.record(id, traceId, ctx.request().method().name(), ctx.request().path(),
          ctx.response().ended() ? ctx.response().getStatusCode() : 0, start);
      ctx.addEndHandler(ar -> {
        if (ctx.response().ended()) {
          record.handle(null);
        } else {
          ctx.vertx().runOnContext(record);
        }
      });
      if (ctx.request().headers().getAll(HttpHeaders.HOST).size() > 1) {
        // Two Hosts name two origins: which one a proxy or cache keyed on is unknowable.
        INVALID.log(Level.INFO, () -> "invalid request: more than one Host header");
        error(ctx, ApiError.invalidRequest("Send exactly one Host header."));
        return;
      }
      if (!ctx.request().isEnded()) {
        watchBody(ctx);
      }
      if (BAD_ESCAPE.matcher(ctx.request().uri()).find()) {
        // Refused here: the router would fail decoding path parameters without saying why.
        error(ctx, ApiError.invalidRequest("The request URI has an invalid percent-escape; encode '%' as %25."));
        return;
      }
      ctx.next();
    };
  }

  public static void ok(RoutingContext ctx, int status, Object data) {
    send(ctx, status, Envelope.ok(data));
  }

  public static void error(RoutingContext ctx, ApiError e) {
    send(ctx, e.status(), Envelope.failed(e.code(), e.getMessage()));
  }

  static void send(RoutingContext ctx, int status, Object body) {
    sendEncoded(ctx, status, Json.encode(body));
  }

  /** A body already written (the hot answers, {@link Answers}); an Idempotency-Key claim keeps it first. */
  static void sendEncoded(RoutingContext ctx, int status, Buffer bytes) {
    if (ctx.response().ended()) {
      return;
    }
    // A request holding an Idempotency-Key claim keeps its answer before the client sees it.
    Future<Void> kept = Idempotency.finish(ctx, status, bytes);
    if (kept == null) {
      sendBytes(ctx, status, bytes);
    } else {
      kept.onComplete(v -> sendBytes(ctx, status, bytes));
    }
  }

  /** An encoded JSON answer (also a replayed one). */
  static void sendBytes(RoutingContext ctx, int status, Buffer bytes) {
    HttpServerResponse response = ctx.response();
    if (response.ended()) {
      return;
    }
    if (!response.headers().contains(RequestIds.HEADER)) {
      // Refused before Edge.begin ran (no Host): still a complete answer.
      response.putHeader(RequestIds.HEADER, RequestIds.accept(null)).putHeader(NOSNIFF, NOSNIFF_VALUE);
    }
    response.setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, JSON).end(bytes);
  }

  static void sendRaw(RoutingContext ctx, int status, String json) {
    ctx.response().setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, JSON).end(json);
  }

  /**
   * Requests Netty could not decode (a request line or header block over its limit, a malformed
   * header, an unsupported version: {@link Versions}) never reach the router: answer them here,
   * in the envelope, and close.
   */
  static void invalidRequest(HttpServerRequest request) {
    Throwable cause = request.decoderResult().cause();
    ApiError e;
    if (cause instanceof Versions.Unsupported) {
      e = new ApiError(505, "INVALID_REQUEST", "This HTTP version is not supported; use HTTP/1.1 (or HTTP/1.0).");
    } else if (cause instanceof TooLongHttpLineException) {
      e = new ApiError(414, "INVALID_REQUEST", "The request line is too long; shorten the URI.");
    } else if (cause instanceof TooLongHttpHeaderException) {
      e = new ApiError(431, "INVALID_REQUEST", "The request headers are too large; send fewer or shorter headers.");
    } else {
      e = ApiError.invalidRequest("The request is not valid HTTP: check the request line and that header "
          + "names and values hold no control characters.");
    }
    INVALID.log(Level.INFO, () -> "invalid request (" + Causes.summary(cause) + ")");
    request.response().setStatusCode(e.status())
        .putHeader(HttpHeaders.CONTENT_TYPE, JSON)
        .putHeader(NOSNIFF, NOSNIFF_VALUE)
        .putHeader(RequestIds.HEADER, RequestIds.accept(null))
        .putHeader(HttpHeaders.CONNECTION, "close")
        .end(Json.encode(Envelope.failed(e.code(), e.getMessage())))
        .onComplete(ar -> request.connection().close());
  }

  /**
   * The request's body failed after its head was read: a malformed chunked encoding (the decoder
   * failed) or the client hanging up. The server closes the connection right after this returns,
   * so the 400 goes out now (closing flushes it) or never. Whatever reads the body sets its own
   * handlers; each calls this again after them.
   */
  static void watchBody(RoutingContext ctx) {
    ctx.request().exceptionHandler(t -> unreadableBody(ctx, t));
  }

  private static void unreadableBody(RoutingContext ctx, Throwable t) {
    HttpServerResponse response = ctx.response();
    if (t instanceof HttpClosedException || t instanceof IOException || response.ended() || response.closed()) {
      LOG.fine(() -> "request body ended early: " + t);
      return;
    }
    INVALID.log(Level.INFO, () -> "invalid request body (" + Causes.summary(t) + ")");
    ApiError e = ApiError.invalidRequest("The request body could not be decoded: check its chunked encoding "
        + "(hexadecimal chunk sizes, CRLF after each) or send a Content-Length.");
    response.putHeader(HttpHeaders.CONNECTION, "close");
    sendBytes(ctx, e.status(), Json.encode(Envelope.failed(e.code(), e.getMessage())));
    ctx.request().connection().close();
  }

  /**
   * Connection-level failures outside any request: a client hanging up mid-exchange is routine
   * (FINE); anything else is logged once per interval without its stack.
   */
  static void connectionFailed(Throwable t) {
    if (t instanceof IOException || t instanceof VertxException && "Connection was closed".equals(t.getMessage())) {
      LOG.fine(() -> "client connection ended: " + t);
    } else {
      CONNECTION_FAILURES.warn(() -> "HTTP connection failure: " + t);
    }
  }

  static ApiError tooLarge() {
    return new ApiError(413, "PAYLOAD_TOO_LARGE", "The request body is over the size limit; send less.");
  }

  /** Answers a handler's failed future directly, so metrics keep the route's own label. */
  public static void fail(RoutingContext ctx, Throwable t) {
    answer(ctx, t, 500);
  }

  /** Every failure becomes a catalogue error; nothing internal reaches the client. */
  static void failure(RoutingContext ctx) {
    answer(ctx, ctx.failure(), ctx.statusCode());
  }

  private static void answer(RoutingContext ctx, Throwable failure, int status) {
    error(ctx, refusal(ctx, failure, status));
  }

  /**
   * A failure as the catalogue error it means, with the headers it implies set on the response
   * (rate headers and Retry-After of a 429, Retry-After of a 503); for pages that render it.
   */
  static ApiError refusal(RoutingContext ctx, Throwable failure, int status) {
    Throwable t = Failures.unwrap(failure);
    if (t instanceof RateLimited limited) {
      RateHeaders.refused(ctx.response(), limited);
    }
    ApiError e = toApiError(t, status, ctx.request().method(), RequestIds.forLog(ctx.get(RequestIds.CONTEXT_KEY),
        ctx.get(RequestIds.TRACE_KEY)));
    if (e.status() == 503) {
      ctx.response().putHeader(RateHeaders.RETRY_AFTER, UNAVAILABLE_RETRY_AFTER);
    }
    return e;
  }

  /** The one mapping of typed failures (already unwrapped from the bus) to catalogue errors. */
  static ApiError toApiError(Throwable t, int status, HttpMethod method, String requestId) {
    if (t instanceof ApiError e) {
      return e;
    }
    if (t instanceof RateLimited limited) {
      return new ApiError(429, "RATE_LIMITED", limited.getMessage());
    }
    if (t instanceof KeyRejected rejected) {
      return switch (rejected.reason()) {
        case SUSPENDED -> new ApiError(403, "NOT_ALLOWED", rejected.getMessage());
        case REQUIRED -> new ApiError(401, "NOT_ALLOWED", rejected.getMessage());
        case INVALID -> new ApiError(401, "INVALID_KEY", rejected.getMessage());
      };
    }
    if (t instanceof StoreException se && se.kind() == StoreException.Kind.UNAVAILABLE) {
      STORE_DOWN.warn(() -> "database unavailable (" + Causes.summary(t) + ") requestId=" + requestId);
      if (isRead(method)) {
        // A read creates nothing: say what to do, not what did not happen.
        return new ApiError(503, "UNAVAILABLE", "The database is unavailable; retry this read after the seconds in "
            + "Retry-After.");
      }
      return se.outcomeUnknown()
          ? new ApiError(503, "UNAVAILABLE", "The database stopped answering during this request; it may still "
              + "take effect. Check its state before you retry (a repeated intake or refresh answers its state, free).")
          : new ApiError(503, "UNAVAILABLE", "The database is unavailable; nothing was created. Retry shortly.");
    }
    // Retries spent on deadlocks / serialization failures (the gateway reruns them): rolled back.
    if (t instanceof StoreException se && se.kind() == StoreException.Kind.CONTENTION) {
      STORE_DOWN.warn(() -> "database contention (" + Causes.summary(t) + ") requestId=" + requestId);
      return new ApiError(503, "UNAVAILABLE", "The database was too busy with concurrent changes to this data; "
          + "nothing was changed. Retry shortly.");
    }
    // A write that contradicts committed data no handler expected (a duplicate, a vanished row).
    if (t instanceof StoreException se && se.kind() == StoreException.Kind.CONFLICT) {
      LOG.log(Level.WARNING, "unexpected database conflict requestId=" + requestId + ": " + Causes.summary(t));
      return new ApiError(409, "CONFLICT", "This request conflicts with data changed concurrently; nothing was "
          + "changed. Read the current state before you retry.");
    }
    if (t instanceof StoreException se && se.kind() == StoreException.Kind.SCHEMA_MISSING) {
      return new ApiError(503, "SCHEMA_MISSING",
          "The database schema is not provisioned for this operation; nothing was started or charged.");
    }
    if (t instanceof ReplyException re && re.failureType() != ReplyFailure.RECIPIENT_FAILURE) {
      // The consumer did not answer in time (or none is deployed): its work may still complete.
      BUS_TIMEOUTS.warn(() -> "event bus " + re.failureType() + " on " + method + " requestId=" + requestId);
      return new ApiError(503, "UNAVAILABLE", isRead(method)
          ? "The service did not answer this read in time; retry it shortly."
          : "The service did not answer in time; the request may still take effect. Check its state before you retry.");
    }
    if (status == 413) {
      return tooLarge();
    }
    if (status == 404) {
      return ApiError.notFound("No such route.");
    }
    if (status == 400) {
      return ApiError.invalidRequest("The request could not be read: send a Host header and a path whose "
          + "percent-escapes are valid (%XX, hexadecimal).");
    }
    if (status == 403) {
      return new ApiError(403, "NOT_ALLOWED", "This origin may not call the API from a browser; ask the Vouch "
          + "team to allow it, or call from your server.");
    }
    LOG.log(Level.SEVERE, "unhandled failure requestId=" + requestId + " status=" + status, t);
    return ApiError.internal();
  }

  private static boolean isRead(HttpMethod method) {
    return method == HttpMethod.GET || method == HttpMethod.HEAD || method == HttpMethod.OPTIONS;
  }

  /** Client address after trusted-proxy X-Forwarded-For handling (CONTRACT 4); else the peer. */
  public static String clientIp(RoutingContext ctx) {
    Caller caller = ctx.get(Authenticator.CALLER);
    if (caller != null) {
      return caller.ip();
    }
    return ctx.request().remoteAddress() == null ? "unknown" : ctx.request().remoteAddress().hostAddress();
  }

}
