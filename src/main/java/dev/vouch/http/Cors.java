package dev.vouch.http;

import dev.vouch.budget.RateHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.handler.CorsHandler;
import java.util.List;
import java.util.Set;

/**
 * CORS for browsers calling the API from a partner's page (http.corsOrigins). Keys travel in
 * Authorization, never in cookies, so credentials stay off; preflights are answered here.
 */
final class Cors {

  private Cors() {}

  static CorsHandler handler(List<String> origins) {
    CorsHandler cors = CorsHandler.create();
    for (String origin : origins) {
      cors.addOrigin(origin);
    }
    return cors
        .allowedMethods(Set.of(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.POST))
        .allowedHeaders(Set.of("Authorization", "Content-Type", RequestIds.HEADER))
        .exposedHeaders(Set.of(RateHeaders.LIMIT, RateHeaders.REMAINING, RateHeaders.RETRY_AFTER,
            RequestIds.HEADER, "ETag"))
        .allowCredentials(false)
        .maxAgeSeconds(600);
  }
}
