package dev.vouch.graph.model;

/** What the decision model reads from the verified trust graph. */
public record TrustSignals(
    int trustedPeerCount, int reciprocalCount, int edgeCount, double anomalyScore, boolean suspicious) {

  public static final TrustSignals NONE = new TrustSignals(0, 0, 0, 0.0, false);
}
