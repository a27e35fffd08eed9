package dev.vouch.support;

/**
 * How long a fault test holds its fault once the behaviour under test is seen: nothing in the
 * suite; bench/fault-figures.sh sets {@code -Dvouch.fault.holdMs=5000} so the figures the tests log
 * ("measured:" lines) cover seconds.
 */
public final class FaultHold {

  public static final long HOLD_MS = Long.getLong("vouch.fault.holdMs", 0);

  private FaultHold() {}

  /** Sleeps out what is left of {@link #HOLD_MS} since the fault began (System.nanoTime). */
  public static void rest(long sinceNanos) throws InterruptedException {
    long left = HOLD_MS - (System.nanoTime() - sinceNanos) / 1_000_000;
    if (left > 0) {
      Thread.sleep(left);
    }
  }
}
