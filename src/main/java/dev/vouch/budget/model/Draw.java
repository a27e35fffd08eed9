package dev.vouch.budget.model;

/**
 * Take {@code amount} from a counter unless that would pass {@code limit}. {@code counter} names
 * the counter without its window; the store appends the start of the current period (a minute
 * or a UTC day, by the store's clock) so every instance sharing a store shares one window. The
 * counter expires {@code ttlSeconds} after it is created (long after its window ends).
 */
public record Draw(String counter, long periodSeconds, long limit, long amount, long ttlSeconds) {

  /** The counter of the window holding {@code epochMillis}. */
  public String key(long epochMillis) {
    return counter + ":" + Windows.periodStart(epochMillis, periodSeconds);
  }
}
