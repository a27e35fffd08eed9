package dev.vouch.http;

import dev.vouch.error.ApiError;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.Message;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Registers routes and remembers their paths, so a wrong method can name the allowed ones. */
final class Routes {

  private record Known(Pattern path, HttpMethod method) {}

  private static final String API = "/api/v1/";

  private final Router router;
  private final BodyHandler bodies;
  private final Handler<RoutingContext> dropped;
  private final Handler<RoutingContext> authenticate;
  private final Handler<RoutingContext> idempotency;
  private final List<Known> known = new ArrayList<>();
  private final Vertx vertx;
  private final DeliveryOptions asking;
  private final UnaryOperator<String> addresses;
  private Handler<RoutingContext> htmlNotFound;
  private final boolean traced;

  /** {@code addresses}: where a request to an address goes (a co-located consumer's own address). */
  Routes(Vertx vertx, Router router, long bodyLimitBytes, long requestTimeoutMs, Handler<RoutingContext> authenticate,
      Handler<RoutingContext> idempotency, UnaryOperator<String> addresses) {
    this.vertx = vertx;
    this.traced = dev.vouch.ops.Tracing.of(vertx).on();
    this.idempotency = idempotency;
    this.addresses = addresses;
    this.asking = new DeliveryOptions().setSendTimeout(requestTimeoutMs);
    this.router = router;
    this.bodies = BodyHandler.create(false).setBodyLimit(bodyLimitBytes);
    this.dropped = dropBody(bodyLimitBytes);
    this.authenticate = authenticate;
  }

  /**
   * An API route: the caller is resolved (and a bad key refused) before the handler. Bodies are
   * read (and bounded) per route, so metrics carry the route's own path as label; the
   * authenticator runs after the body handler because its key lookup is asynchronous. Every POST
   * of the API honours Idempotency-Key ({@link Idempotency}), whatever the route.
   */
  void add(HttpMethod method, String path, Handler<RoutingContext> handler) {
    api(method, path, bodies, handler);
  }

  /** An API route whose body may be larger than the edge's default (bulk watchlist edits), still bounded. */
  void addLarge(HttpMethod method, String path, long bodyLimitBytes, Handler<RoutingContext> handler) {
    api(method, path, BodyHandler.create(false).setBodyLimit(bodyLimitBytes), handler);
  }

  private void api(HttpMethod method, String path, BodyHandler body, Handler<RoutingContext> handler) {
    if (method == HttpMethod.POST && path.startsWith(API) && idempotency != null) {
      registerWith(method, path, Edge::failure, body, authenticate, idempotency, handler);
    } else {
      registerWith(method, path, Edge::failure, body, authenticate, handler);
    }
  }

  /** Health and metrics: no caller, Authorization ignored. */
  void addOpen(HttpMethod method, String path, Handler<RoutingContext> handler) {
    register(method, path, handler);
  }

  /**
   * Asks an event-bus consumer, giving up after the edge's request timeout (503 UNAVAILABLE); the
   * consumer's typed failure arrives as the future's failure, for {@link Edge#fail}.
   */
  <T> Future<T> ask(String address, Object request) {
    return vertx.eventBus().<T>request(addresses.apply(address), request, asking).map(Message::body);
  }

  /** A page: metered for its caller like an API route, but its failures render as HTML. */
  void addPage(HttpMethod method, String path, Handler<RoutingContext> handler, Handler<RoutingContext> failure) {
    registerWith(method, path, failure, bodies, authenticate, handler);
  }

  /** Unknown paths asked for by a browser render this page instead of the JSON envelope. */
  void htmlNotFound(Handler<RoutingContext> page) {
    this.htmlNotFound = page;
  }

  @SafeVarargs
  private void register(HttpMethod method, String path, Handler<RoutingContext>... handlers) {
    registerWith(method, path, Edge::failure, bodies, handlers);
  }

  /** Every GET route answers HEAD too (same status and headers, no body); only other methods read bodies. */
  @SafeVarargs
  private void registerWith(HttpMethod method, String path, Handler<RoutingContext> failure, BodyHandler body,
      Handler<RoutingContext>... handlers) {
    var route = router.route(path).method(method);
    if (method == HttpMethod.GET) {
      route.method(HttpMethod.HEAD);
    }
    if (traced) {
      // Only with a tracer: an untraced request pays no extra handler.
      String template = dev.vouch.ops.SpanNames.route(path);
      route.handler(ctx -> {
        dev.vouch.ops.Tracing.nameServerSpan(ctx.request().method().name(), template);
        ctx.next();
      });
    }
    if (method == HttpMethod.GET) {
      // A GET's body means nothing: counted against the limit and dropped. A body handler would
      // try to decode a form or multipart body, which the server refuses on GET and HEAD (a 500).
      route.handler(dropped);
    } else {
      route.handler(ctx -> {
        body.handle(ctx);
        Edge.watchBody(ctx); // the body handler's own failure path would answer a bad chunk 500
      });
    }
    for (Handler<RoutingContext> h : handlers) {
      route.handler(h);
    }
    route.failureHandler(failure);
    Pattern pattern = Pattern.compile("^" + path.replaceAll(":[A-Za-z]+", "[^/]+") + "/?$");
    known.add(new Known(pattern, method));
    if (method == HttpMethod.GET) {
      known.add(new Known(pattern, HttpMethod.HEAD));
    }
  }

  /** Reads a body nobody needs to its end, refusing one over the limit (413) like a body handler does. */
  private static Handler<RoutingContext> dropBody(long limit) {
    return ctx -> {
      HttpServerRequest request = ctx.request();
      if (request.isEnded()) {
        ctx.next();
        return;
      }
      String declared = request.getHeader(HttpHeaders.CONTENT_LENGTH);
      if (declared != null && declared.length() < 19 && declared.chars().allMatch(Character::isDigit)
          && Long.parseLong(declared) > limit) {
        ctx.fail(413);
        return;
      }
      long[] seen = {0};
      request.handler(bytes -> {
        seen[0] += bytes.length();
        if (seen[0] > limit && !ctx.failed() && !ctx.response().ended()) {
          ctx.fail(413);
        }
      });
      request.endHandler(v -> {
        if (!ctx.failed() && !ctx.response().ended()) {
          ctx.next();
        }
      });
      Edge.watchBody(ctx);
      request.resume();
    };
  }

  /**
   * Router-level failures answer the envelope too: 400 (no Host, a path that does not decode),
   * 403 (a CORS origin not allowed), 404, 405, 413 and anything unexpected.
   */
  void installErrorHandlers() {
    // An unknown path or method reads (and drops) its body before its 404 or 405, so a body that
    // does not decode (a bad chunk size) is answered 400 here too instead of a closed connection.
    router.route().last().handler(dropped).handler(ctx -> ctx.fail(allowed(ctx.request().path()).isEmpty() ? 404 : 405));
    router.errorHandler(400, Edge::failure);
    router.errorHandler(403, Edge::failure);
    router.errorHandler(404, ctx -> {
      if (htmlNotFound != null && Pages.wantsHtml(ctx)) {
        htmlNotFound.handle(ctx);
      } else {
        Edge.error(ctx, ApiError.notFound("No such route. See the OpenAPI document for the available operations."));
      }
    });
    router.errorHandler(405, ctx -> {
      String allow = allowed(ctx.request().path());
      ctx.response().putHeader("Allow", allow);
      Edge.error(ctx, new ApiError(405, "METHOD_NOT_ALLOWED",
          "This path does not accept " + ctx.request().method() + "; use " + allow + "."));
    });
    router.errorHandler(413, ctx -> Edge.error(ctx, Edge.tooLarge()));
    router.errorHandler(500, Edge::failure);
  }

  private String allowed(String path) {
    Set<String> methods = new LinkedHashSet<>();
    for (Known k : known) {
      if (k.path.matcher(path).matches()) {
        methods.add(k.method.name());
      }
    }
    return methods.stream().collect(Collectors.joining(", "));
  }
}
