package dev.vouch.budget.model;

import java.time.Instant;

/**
 * One counter an admission draws {@code amount} from: a per-minute budget or a per-UTC-day cap.
 * {@code purpose} says what is counted (units, receipts, scanStarts), {@code owner} for whom
 * (a {@link Caller#bucket()}).
 */
public record Limit(Period period, String purpose, String owner, long limit, long amount) {

  public enum Period { minute, day }

  public static Limit perMinute(String purpose, String owner, long limit, long amount) {
    return new Limit(Period.minute, purpose, owner, limit, amount);
  }

  public static Limit perDay(String purpose, String owner, long limit, long amount) {
    return new Limit(Period.day, purpose, owner, limit, amount);
  }

  /**
   * The storage command for this limit; the store adds the window. The owner is a hash tag
   * ({@code {owner}}): every counter of one caller lives in one Redis Cluster slot, so one
   * script can take them together.
   */
  public Draw draw() {
    String counter = purpose + ":{" + owner + "}";
    return period == Period.minute
        ? new Draw("m:" + counter, Windows.MINUTE, limit, amount, 2 * Windows.MINUTE)
        : new Draw("d:" + counter, Windows.DAY, limit, amount, 2 * Windows.DAY);
  }

  public long retryAfterSeconds(Instant now) {
    return period == Period.minute ? Windows.secondsToMinuteEnd(now) : Windows.secondsToUtcMidnight(now);
  }
}
