package dev.vouch.budget;

import dev.vouch.budget.model.Admission;
import io.vertx.core.http.HttpServerResponse;

/** CONTRACT 3 rate headers: on charged answers only, and Retry-After on every 429. */
public final class RateHeaders {

  public static final String LIMIT = "X-RateLimit-Limit";
  public static final String REMAINING = "X-RateLimit-Remaining";
  public static final String RETRY_AFTER = "Retry-After";

  private RateHeaders() {}

  /** After a charge; free admissions add nothing. */
  public static void charged(HttpServerResponse response, Admission admission) {
    if (admission.charged()) {
      response.putHeader(LIMIT, Long.toString(admission.limit()));
      response.putHeader(REMAINING, Long.toString(Math.max(0, admission.remaining())));
    }
  }

  /** After a refund turned a charged answer into a free one. */
  public static void clear(HttpServerResponse response) {
    response.headers().remove(LIMIT).remove(REMAINING);
  }

  public static void refused(HttpServerResponse response, RateLimited refusal) {
    response.putHeader(RETRY_AFTER, Long.toString(refusal.retryAfterSeconds()));
    if (refusal.limit() >= 0) {
      response.putHeader(LIMIT, Long.toString(refusal.limit()));
      response.putHeader(REMAINING, Long.toString(Math.max(0, refusal.remaining())));
    }
  }
}
