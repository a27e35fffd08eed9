package dev.vouch.budget;

import dev.vouch.budget.model.Admission;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Remembers, for at most a second, that a caller's per-minute budget refused: further requests
 * that cost more than what remained are refused here without a counter-store round trip, so a
 * caller over budget costs almost nothing. Never outlives the window (the memory ends at least a
 * second before the refusing window does, by the application clock); units given back by a
 * refund in the same window are seen within that second.
 */
final class ExhaustedCallers {

  private static final long MAX_MILLIS = 1000;
  private static final int MAX_ENTRIES = 100_000;

  /** {@code until}: end of the memory; {@code windowEnd}: when the refusing window ends. */
  private record Refusal(long limit, long remaining, Instant until, Instant windowEnd) {}

  private final ConcurrentHashMap<String, Refusal> refusals = new ConcurrentHashMap<>();
  private final Clock clock;

  ExhaustedCallers(Clock clock) {
    this.clock = clock;
  }

  /** The refusal to answer at once, or null when the store must be asked. */
  RateLimited refusal(String bucket, long cost) {
    Refusal r = refusals.get(bucket);
    if (r == null) {
      return null;
    }
    Instant now = clock.instant();
    if (!now.isBefore(r.until)) {
      refusals.remove(bucket, r);
      return null;
    }
    if (cost <= r.remaining) {
      return null;
    }
    // The caller may retry when the refusing window ends, as the store would have said.
    long retry = Math.max(1, (r.windowEnd.toEpochMilli() - now.toEpochMilli() + 999) / 1000);
    return RateLimited.perMinute(cost, r.limit, r.remaining, retry);
  }

  /** A per-minute refusal the store answered: remember it while it surely holds. */
  void remember(String bucket, Admission refused) {
    long millis = Math.min(MAX_MILLIS, (refused.retryAfterSeconds() - 1) * 1000);
    if (millis <= 0) {
      return; // the window ends within a second: let the store answer
    }
    if (refusals.size() >= MAX_ENTRIES) {
      refusals.clear(); // bounded: a flood of distinct callers only costs store round trips
    }
    Instant now = clock.instant();
    refusals.put(bucket, new Refusal(refused.limit(), refused.remaining(), now.plusMillis(millis),
        now.plusSeconds(refused.retryAfterSeconds())));
  }
}
