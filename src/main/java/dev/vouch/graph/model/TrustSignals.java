package dev.vouch.graph.model;

/**
 * What the decision model reads from the verified trust graph.
 *
 * @param seasonedPeerCount peers not known to lack seasoned history (decision_v0.5): only these
 *     lend the wallet standing
 */
public record TrustSignals(
    int trustedPeerCount, int reciprocalCount, int edgeCount, double anomalyScore, boolean suspicious,
    int seasonedPeerCount) {

  public static final TrustSignals NONE = new TrustSignals(0, 0, 0, 0.0, false, 0);

  /** Signals whose peers' seasoned history is unknown (every peer counts as seasoned). */
  public TrustSignals(int trustedPeerCount, int reciprocalCount, int edgeCount, double anomalyScore, boolean suspicious) {
    this(trustedPeerCount, reciprocalCount, edgeCount, anomalyScore, suspicious, trustedPeerCount);
  }
}
