package dev.vouch.http;

import dev.vouch.error.ApiError;
import dev.vouch.page.model.ErrorPage;
import gg.jte.ContentType;
import gg.jte.TemplateEngine;
import io.vertx.core.Future;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.templ.jte.JteTemplateEngine;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Writes server-rendered HTML pages. Templates (src/main/jte) are compiled to classes at build
 * time, so no compiler runs at request time; output is HTML-escaped by the engine. Every page
 * carries a strict Content-Security-Policy: no script at all, styles and forms from this origin.
 */
final class Pages {

  private static final Logger LOG = Logger.getLogger(Pages.class.getName());

  static final String CSP = "default-src 'self'; script-src 'none'; object-src 'none'; style-src 'self'; "
      + "img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";
  private static final CharSequence HTML = HttpHeaders.createOptimized("text/html; charset=utf-8");
  /** Shown when even the error template cannot render; static, so it cannot fail. */
  private static final String LAST_RESORT = "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
      + "<title>Vouch</title></head><body><h1>Something went wrong</h1><p>Retry shortly.</p></body></html>";

  private final JteTemplateEngine engine;

  Pages() {
    this.engine = JteTemplateEngine.create(TemplateEngine.createPrecompiled(ContentType.Html));
  }

  /** Renders {@code template} with its one parameter {@code page}. */
  void render(RoutingContext ctx, int status, String template, Object page) {
    Future<io.vertx.core.buffer.Buffer> html;
    try {
      html = engine.render(Map.of("page", page), template);
    } catch (RuntimeException e) {
      html = Future.failedFuture(e);
    }
    html.onSuccess(body -> send(ctx, status, body.toString()))
        .onFailure(t -> {
          LOG.log(Level.SEVERE, "template " + template + " failed requestId=" + ctx.get(RequestIds.CONTEXT_KEY), t);
          send(ctx, 500, LAST_RESORT);
        });
  }

  /** Any failure of a page handler: the catalogue status and message, as a page. */
  void fail(RoutingContext ctx, Throwable t) {
    ApiError e = Edge.refusal(ctx, t, 500);
    error(ctx, e.status(), e.getMessage());
  }

  /** Failure handler of page routes (body too large, bad key...). */
  void failure(RoutingContext ctx) {
    ApiError e = Edge.refusal(ctx, ctx.failure(), ctx.statusCode());
    error(ctx, e.status(), e.getMessage());
  }

  void error(RoutingContext ctx, int status, String message) {
    render(ctx, status, "error.jte",
        new ErrorPage(status, ErrorPage.title(status), message, ctx.get(RequestIds.CONTEXT_KEY)));
  }

  void notFound(RoutingContext ctx) {
    error(ctx, 404, "There is no page at this address. Check the link, or start again from the check page.");
  }

  /** A browser asking for a path outside the JSON API gets HTML errors; API clients keep the envelope. */
  static boolean wantsHtml(RoutingContext ctx) {
    String accept = ctx.request().getHeader(HttpHeaders.ACCEPT);
    return accept != null && accept.contains("text/html") && !ctx.request().path().startsWith("/api/");
  }

  private static void send(RoutingContext ctx, int status, String html) {
    HttpServerResponse response = ctx.response();
    if (response.ended()) {
      return;
    }
    response.setStatusCode(status)
        .putHeader(HttpHeaders.CONTENT_TYPE, HTML)
        .putHeader("Content-Security-Policy", CSP)
        .putHeader("X-Content-Type-Options", "nosniff")
        .putHeader("X-Frame-Options", "DENY")
        .putHeader("Referrer-Policy", "same-origin")
        .putHeader(HttpHeaders.CACHE_CONTROL, "no-store")
        .end(html);
  }
}
