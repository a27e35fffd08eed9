package dev.vouch.graph;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Data of the trust read (SPEC 2.7); element shapes are documented in openapi.yaml. */
public record TrustGraphView(String wallet, TrustGraph trustGraph) {

  public record TrustGraph(String walletAddress, List<Edge> edges, Snapshot snapshot, List<Anomaly> anomalies,
      List<Peer> reciprocalPeers, List<Peer> strongestPeers, Metrics metrics, List<String> explanations,
      List<String> suspiciousWallets) {}

  /** One relationship: every accepted attestation between the wallet and one peer. */
  public record Edge(List<Long> ids, String wallet, String peerWallet, String peerUsername, Integer peerScore,
      int interactionCount, List<Volume> verifiedVolume, Instant firstInteractionAt, Instant lastInteractionAt,
      List<String> interactionTypes, double trustWeight, boolean reciprocal, long sharedCounterparties,
      Instant acceptedAt) {}

  /** Native value of the attested transactions on one chain, exact base units as a decimal string. */
  public record Volume(long chainId, String amount) {}

  public record Snapshot(String walletAddress, int trustedPeerCount, String strongestConnectionWallet,
      double strongestConnectionWeight, int reciprocalCount, String networkHealth, double totalTrustWeight,
      double propagatedTrustScore, double trustConfidence, double anomalyScore, String maturityReason,
      List<String> topTrustedPeers, Instant createdAt, Instant updatedAt) {}

  /** details is always empty: the read never says which wallets triggered a pattern. */
  public record Anomaly(String code, String severity, int peerCount, String message, Map<String, Object> details) {}

  public record Peer(String wallet, String username, double trustWeight) {}

  public record Metrics(int trustedPeerCount, int reciprocalCount, double totalTrustWeight,
      double strongestConnectionWeight, String networkHealth, double relationshipDiversity, String networkMaturity,
      String trustLevel, double propagatedTrustScore, double trustConfidence, double anomalyScore,
      String maturityReason, boolean suspicious) {}
}
