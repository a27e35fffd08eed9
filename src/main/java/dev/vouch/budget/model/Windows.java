package dev.vouch.budget.model;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;

/** Fixed 60-second windows aligned to the epoch, and UTC days. */
public final class Windows {

  public static final long MINUTE = 60;
  public static final long DAY = 86_400;

  private Windows() {}

  /** Epoch second at which the window holding {@code now} began. */
  public static long minuteStart(Instant now) {
    return Math.floorDiv(now.getEpochSecond(), MINUTE) * MINUTE;
  }

  /**
   * Epoch second at which the period ({@link #MINUTE} or {@link #DAY}) holding {@code epochMillis}
   * began; a DAY period starts at 00:00 UTC. The Redis script computes the same on the server.
   */
  public static long periodStart(long epochMillis, long periodSeconds) {
    return Math.floorDiv(Math.floorDiv(epochMillis, 1000), periodSeconds) * periodSeconds;
  }

  public static LocalDate utcDay(Instant now) {
    return LocalDate.ofInstant(now, ZoneOffset.UTC);
  }

  /** Whole seconds until the window ends, rounded up and at least 1. */
  public static long secondsToMinuteEnd(Instant now) {
    return secondsUntil(now, (minuteStart(now) + MINUTE) * 1000);
  }

  /** Whole seconds until the next 00:00 UTC, rounded up and at least 1. */
  public static long secondsToUtcMidnight(Instant now) {
    long next = utcDay(now).plusDays(1).atStartOfDay(ZoneOffset.UTC).toEpochSecond();
    return secondsUntil(now, next * 1000);
  }

  private static long secondsUntil(Instant now, long endMillis) {
    long millis = endMillis - now.toEpochMilli();
    return Math.max(1, Math.floorDiv(millis + 999, 1000));
  }
}
