package dev.vouch.store;

/**
 * The primary's WAL position as its heartbeats read it ({@code pg_current_wal_lsn()}), with when
 * each heartbeat was sent: the yardstick of a replica's lag. A replica whose replay position has
 * reached a reading has everything the primary had when that heartbeat was sent, so it is at most
 * that old; a replica that hears nothing from its primary can never look fresh by it, whatever
 * its own WAL receiver reports (issue 35 item 8). The last {@link #KEPT} readings (a minute at
 * the 250 ms beat) are kept: a replica behind all of them reads as unknown.
 */
final class WalPositions {

  static final int KEPT = 256;

  private final long[] lsn = new long[KEPT];
  private final long[] sentAt = new long[KEPT];
  private int count;
  private int next;

  /** One heartbeat's answer: the position, and System.nanoTime() when it was sent. */
  synchronized void record(long position, long sentAtNanos) {
    lsn[next] = position;
    sentAt[next] = sentAtNanos;
    next = (next + 1) % KEPT;
    count = Math.min(count + 1, KEPT);
  }

  /**
   * When the newest reading the given replay position has reached was sent (System.nanoTime);
   * {@link Long#MIN_VALUE} when it has reached none (no reading yet, or behind every one kept).
   */
  synchronized long reachedAt(long replayed) {
    for (int i = 1; i <= count; i++) {
      int at = Math.floorMod(next - i, KEPT);
      if (lsn[at] <= replayed) {
        return sentAt[at];
      }
    }
    return Long.MIN_VALUE;
  }
}
