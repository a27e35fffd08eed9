package dev.vouch.budget;

import dev.vouch.budget.model.Admission;

/**
 * A refusal that the edge answers with 429 RATE_LIMITED and Retry-After. {@code limit} and
 * {@code remaining} are the per-minute state when that budget refused (else -1), so the answer
 * can carry the rate headers that explain it.
 */
public final class RateLimited extends RuntimeException {

  private final long retryAfterSeconds;
  private final long limit;
  private final long remaining;

  public RateLimited(String message, long retryAfterSeconds) {
    this(message, retryAfterSeconds, -1, -1);
  }

  private RateLimited(String message, long retryAfterSeconds, long limit, long remaining) {
    super(message, null, false, false);
    this.retryAfterSeconds = Math.max(1, retryAfterSeconds);
    this.limit = limit;
    this.remaining = remaining;
  }

  static RateLimited perMinute(long cost, long limit, long remaining, long retryAfterSeconds) {
    return new RateLimited("This request costs " + cost + (cost == 1 ? " rate unit" : " rate units") + " and "
        + remaining + " of your " + limit + " per minute remain. Retry after " + Math.max(1, retryAfterSeconds)
        + " seconds, or use an API key with a larger plan.", retryAfterSeconds, limit, remaining);
  }

  static RateLimited receipts(long perMinute, long retryAfterSeconds) {
    return new RateLimited("Receipt creation is limited to " + perMinute + " per minute. Retry after "
        + Math.max(1, retryAfterSeconds) + " seconds.", retryAfterSeconds);
  }

  static RateLimited dailyCap(String what, long cap, long retryAfterSeconds) {
    return new RateLimited("The daily cap of " + cap + " " + what + " is reached; it resets at 00:00 UTC, in "
        + Math.max(1, retryAfterSeconds) + " seconds. Nothing was charged.", retryAfterSeconds);
  }

  /**
   * SPEC 3.2/3.3 per-wallet cooldown after a failed attempt (CONTRACT 2: RATE_LIMITED too). The
   * units stay spent (SPEC 3.2), so the refusal reports the budget they came from.
   */
  public static RateLimited cooldown(long retryAfterSeconds, Admission units) {
    String message = "This wallet had a failed indexing attempt in the last 10 minutes (cooldown); retry after "
        + Math.max(1, retryAfterSeconds) + " seconds.";
    return units.charged()
        ? new RateLimited(message, retryAfterSeconds, units.limit(), units.remaining())
        : new RateLimited(message, retryAfterSeconds);
  }

  public long retryAfterSeconds() {
    return retryAfterSeconds;
  }

  /** Per-minute budget when it refused, else -1. */
  public long limit() {
    return limit;
  }

  public long remaining() {
    return remaining;
  }
}
