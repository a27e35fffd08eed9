package dev.vouch.stats.model;

/** Health of one chain from the coverage rows committed in the last day (stats_v0.1). */
public enum ChainHealth {
  healthy, degraded, failing, unknown;

  /** failing when most rows are error, degraded when any is, unknown without rows. */
  public static ChainHealth of(long indexed, long error, long limited) {
    long total = indexed + error + limited;
    if (total == 0) {
      return unknown;
    }
    if (error * 2 > total) {
      return failing;
    }
    return error > 0 ? degraded : healthy;
  }
}
