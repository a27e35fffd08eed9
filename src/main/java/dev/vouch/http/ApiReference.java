package dev.vouch.http;

import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Properties;

/**
 * The API reference at /docs: Swagger UI from its webjar, served from the jar (no CDN, works
 * offline), reading /openapi.yaml. Only /docs runs script, so only /docs gets a policy that
 * allows it: scripts, styles and requests from this origin alone.
 */
final class ApiReference {

  static final String CSP = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
      + "img-src 'self' data:; connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'self'; "
      + "frame-ancestors 'none'";
  private static final String WEBJAR = "META-INF/resources/webjars/swagger-ui/";
  private static final String OURS = "static/docs/";
  /** Served name -> classpath file, under the webjar's versioned folder or ours. */
  private static final Map<String, String> WEBJAR_FILES = Map.of(
      "swagger-ui.css", "text/css; charset=utf-8",
      "swagger-ui-bundle.js", "text/javascript; charset=utf-8",
      "favicon-32x32.png", "image/png");
  private static final Map<String, String> OUR_FILES = Map.of(
      "reference.js", "text/javascript; charset=utf-8",
      "reference.css", "text/css; charset=utf-8");

  private ApiReference() {}

  /** Registers /docs and its assets; reads the webjar's version once, at start-up. */
  static void install(Routes routes) {
    String webjar = WEBJAR + version() + "/";
    routes.addOpen(HttpMethod.GET, "/docs", ctx -> {
      ctx.response().putHeader("Content-Security-Policy", CSP);
      send(ctx, OURS + "index.html", "text/html; charset=utf-8");
    });
    WEBJAR_FILES.forEach((name, type) ->
        routes.addOpen(HttpMethod.GET, "/docs/" + name, ctx -> send(ctx, webjar + name, type)));
    OUR_FILES.forEach((name, type) ->
        routes.addOpen(HttpMethod.GET, "/docs/" + name, ctx -> send(ctx, OURS + name, type)));
  }

  private static void send(RoutingContext ctx, String file, String type) {
    ctx.response()
        .putHeader(HttpHeaders.CONTENT_TYPE, type)
        .putHeader(HttpHeaders.CACHE_CONTROL, "public, max-age=3600")
        .sendFile(file);
  }

  static String version() {
    try (InputStream in = ApiReference.class.getClassLoader()
        .getResourceAsStream("META-INF/maven/org.webjars/swagger-ui/pom.properties")) {
      if (in == null) {
        throw new IllegalStateException("the swagger-ui webjar is not on the classpath");
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
