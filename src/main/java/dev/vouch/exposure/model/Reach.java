package dev.vouch.exposure.model;

/**
 * How far indirect exposure reaches (exposure_v3, docs/models.md "Hops and hubs"). Every process
 * must use the same reach: a summary is a function of the stored flows and these three numbers.
 *
 * @param maxHops intermediaries a path may pass through (1: exposure_v2's one hop)
 * @param hubCounterparties an intermediary with more counterparties than this is a hub: funds mix
 *     there beyond attribution, so no path passes through it
 * @param perHop beyond the first hop, at most this many intermediaries per direction and hop
 *     count, those with the most value reaching them (ties: address order)
 */
public record Reach(int maxHops, int hubCounterparties, int perHop) {

  public static final Reach DEFAULTS = new Reach(3, 500, 100);
  /** The most intermediaries a path may pass through (AppConfig.Exposure.MAX_HOPS). */
  public static final int MAX_HOPS_LIMIT = 3;

  public Reach {
    if (maxHops < 1 || maxHops > MAX_HOPS_LIMIT) {
      throw new IllegalArgumentException("exposure.maxHops must be 1 to " + MAX_HOPS_LIMIT + ", not " + maxHops);
    }
    if (hubCounterparties < 1 || perHop < 1) {
      throw new IllegalArgumentException("exposure.hubCounterparties and exposure.perHop must be at least 1");
    }
  }
}
