package dev.vouch.http;

import dev.vouch.budget.Authenticator;
import dev.vouch.budget.KeyRejected;
import dev.vouch.budget.RateHeaders;
import dev.vouch.budget.RateLimited;
import dev.vouch.budget.model.Caller;
import dev.vouch.identity.Refused;
import dev.vouch.store.StoreException;
import io.vertx.core.Handler;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Request id, access log, envelope writing and the one failure-to-HTTP mapping. */
public final class Edge {

  private static final Logger LOG = Logger.getLogger(Edge.class.getName());
  private static final CharSequence JSON = HttpHeaders.createOptimized("application/json");

  private Edge() {}

  /** First handler of every route: request id, and the access-log line when the answer ends. */
  static Handler<RoutingContext> begin(AccessLog accessLog) {
    return ctx -> {
      long start = System.nanoTime();
      String id = RequestIds.accept(ctx.request().getHeader(RequestIds.HEADER));
      ctx.put(RequestIds.CONTEXT_KEY, id);
      ctx.response().putHeader(RequestIds.HEADER, id);
      ctx.addEndHandler(v -> accessLog.record(id, ctx.request().method().name(), ctx.request().path(),
          ctx.response().getStatusCode(), start));
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
    HttpServerResponse response = ctx.response();
    if (response.ended()) {
      return;
    }
    response.setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, JSON).end(Json.encode(body));
  }

  static void sendRaw(RoutingContext ctx, int status, String json) {
    ctx.response().setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, JSON).end(json);
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

  private static void answer(RoutingContext ctx, Throwable t, int status) {
    if (t instanceof RateLimited limited) {
      RateHeaders.refused(ctx.response(), limited);
    }
    error(ctx, toApiError(t, status, ctx.get(RequestIds.CONTEXT_KEY)));
  }

  static ApiError toApiError(Throwable t, int status, String requestId) {
    if (t instanceof ApiError e) {
      return e;
    }
    if (t instanceof Refused r) {
      return new ApiError(r.status(), r.code(), r.getMessage());
    }
    if (t instanceof RateLimited limited) {
      return new ApiError(429, "RATE_LIMITED", limited.getMessage());
    }
    if (t instanceof KeyRejected rejected) {
      return rejected.reason() == KeyRejected.Reason.SUSPENDED
          ? new ApiError(403, "NOT_ALLOWED", rejected.getMessage())
          : new ApiError(401, "INVALID_KEY", rejected.getMessage());
    }
    if (t instanceof StoreException se && se.kind() == StoreException.Kind.UNAVAILABLE) {
      LOG.log(Level.WARNING, "store unavailable requestId=" + requestId, t);
      return new ApiError(503, "UNAVAILABLE", "The database is unavailable; nothing was created. Retry shortly.");
    }
    if (t instanceof ReplyException re && re.failureCode() >= 400 && re.getMessage() != null
        && re.getMessage().contains("|")) {
      String[] parts = re.getMessage().split("\\|", 2);
      return new ApiError(re.failureCode(), parts[0], parts[1]);
    }
    if (status == 413) {
      return tooLarge();
    }
    if (status == 404) {
      return ApiError.notFound("No such route.");
    }
    if (status == 400) {
      return ApiError.invalidRequest("The request could not be read.");
    }
    LOG.log(Level.SEVERE, "unhandled failure requestId=" + requestId + " status=" + status, t);
    return ApiError.internal();
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
