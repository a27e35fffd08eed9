package dev.vouch.graph.model;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Read-time metrics of the trust graph (SPEC 2.7), computed from the model's assessment, the
 * peers' committed scores and the read time. Every threshold is in docs/models.md.
 */
public record TrustMetrics(
    int trustedPeerCount, int reciprocalCount, double totalTrustWeight, String strongestConnectionWallet,
    double strongestConnectionWeight, String networkHealth, double relationshipDiversity, String networkMaturity,
    String maturityReason, String trustLevel, double propagatedTrustScore, double trustConfidence,
    double anomalyScore, boolean suspicious, List<Anomaly> anomalies, List<String> explanations) {

  /** One anomaly pattern found; details are never exposed (SPEC 2.7). */
  public record Anomaly(String code, String severity, int peerCount, String message) {}

  /** Same rule as the propagatedTrust score component: 1 point per 50 peer-score points, at most 10. */
  public static final int PEER_SCORE_PER_POINT = 50;
  public static final int PROPAGATED_CAP = 10;
  /** Total trust weight at which confidence stops growing. */
  public static final double CONFIDENCE_FULL_WEIGHT = 5.0;
  public static final double EMERGING_BELOW = 1.5;
  public static final double DEVELOPING_BELOW = 3.0;
  public static final double LEVEL_HIGH_FROM = 4.0;
  public static final int NEW_BELOW_DAYS = 30;
  public static final int MATURE_FROM_DAYS = 180;
  public static final int MATURE_MIN_PEERS = 5;

  public static TrustMetrics of(TrustModel.Assessment a, Map<String, Integer> peerScores, Map<String, String> peerFunders,
      Instant now) {
    TrustSignals s = a.signals();
    List<PeerAssessment> peers = a.peers();
    double total = 0;
    PeerAssessment strongest = null;
    long scoreSum = 0;
    Instant firstEdge = null;
    Set<String> fundingGroups = new HashSet<>();
    for (PeerAssessment p : peers) {
      total += p.trustWeight();
      if (strongest == null || p.trustWeight() > strongest.trustWeight()) {
        strongest = p;
      }
      scoreSum += peerScores.getOrDefault(p.peer(), 0);
      firstEdge = firstEdge == null || p.firstAt().isBefore(firstEdge) ? p.firstAt() : firstEdge;
      String funder = peerFunders.get(p.peer());
      fundingGroups.add(funder == null ? "peer:" + p.peer() : funder);
    }
    total = TrustModel.round(total);
    int n = peers.size();
    double propagated = Math.min(PROPAGATED_CAP, scoreSum / PEER_SCORE_PER_POINT);
    double confidence = TrustModel.round((1 - s.anomalyScore()) * Math.min(1.0, total / CONFIDENCE_FULL_WEIGHT));
    double diversity = n == 0 ? 0 : TrustModel.round((double) fundingGroups.size() / n);

    String health;
    String level;
    if (n == 0) {
      health = "isolated";
      level = "Isolated";
    } else if (s.suspicious() || s.anomalyScore() >= TrustModel.ANOMALY_HIGH) {
      health = "suspicious";
      level = "Suspicious";
    } else if (s.anomalyScore() >= TrustModel.ANOMALY_SOFT) {
      health = "at_risk";
      level = "Low";
    } else {
      health = total < EMERGING_BELOW ? "emerging"
          : total < DEVELOPING_BELOW || s.reciprocalCount() == 0 ? "developing" : "healthy";
      level = total < EMERGING_BELOW ? "Low" : total < LEVEL_HIGH_FROM ? "Moderate" : "High";
    }

    String maturity;
    String reason;
    if (n == 0) {
      maturity = "isolated";
      reason = "No verified relationships yet.";
    } else {
      long days = Math.max(0, Duration.between(firstEdge, now).toDays());
      if (days < NEW_BELOW_DAYS) {
        maturity = "new";
        reason = "The first verified relationship is " + days + " days old (new below " + NEW_BELOW_DAYS + " days).";
      } else if (days < MATURE_FROM_DAYS || n < MATURE_MIN_PEERS) {
        maturity = "established";
        reason = "Verified relationships for " + days + " days with " + n + " peers (mature from "
            + MATURE_FROM_DAYS + " days and " + MATURE_MIN_PEERS + " peers).";
      } else {
        maturity = "mature";
        reason = "Verified relationships for " + days + " days with " + n + " peers.";
      }
    }

    List<Anomaly> anomalies = anomalies(peers, s);
    List<String> explanations = new ArrayList<>();
    explanations.add("Edges are verified attestations: a real transaction between both wallets, checked on chain "
        + "and accepted by the counterparty. Observed interactions never create edges.");
    explanations.add("Metrics are computed at read time from these edges; the score's verifiedAttestations and "
        + "propagatedTrust components change at the wallet's next committed snapshot.");
    if (n == 0) {
      explanations.add("No verified relationships: an empty trust graph is missing evidence, not a negative signal.");
    }
    for (Anomaly x : anomalies) {
      explanations.add(x.message());
    }
    return new TrustMetrics(n, s.reciprocalCount(), total, strongest == null ? null : strongest.peer(),
        strongest == null ? 0 : strongest.trustWeight(), health, diversity, maturity, reason, level, propagated,
        confidence, s.anomalyScore(), s.suspicious(), anomalies, List.copyOf(explanations));
  }

  private static List<Anomaly> anomalies(List<PeerAssessment> peers, TrustSignals s) {
    String severity = s.anomalyScore() >= TrustModel.ANOMALY_HIGH ? "high"
        : s.anomalyScore() >= TrustModel.ANOMALY_SOFT ? "medium" : "low";
    int young = 0;
    int burst = 0;
    int tiny = 0;
    int selfFunded = 0;
    int common = 0;
    for (PeerAssessment p : peers) {
      young += p.young() >= 0.5 ? 1 : 0;
      burst += p.burst() ? 1 : 0;
      tiny += p.tiny() >= 0.5 ? 1 : 0;
      selfFunded += p.selfFunded() ? 1 : 0;
      common += p.commonFunder() ? 1 : 0;
    }
    List<Anomaly> out = new ArrayList<>();
    add(out, "YOUNG_RING", severity, young, " relationships between wallets that were both young when attested.");
    add(out, "ATTESTATION_BURST", severity, burst, " suspect relationships accepted in a burst (within one hour).");
    add(out, "TINY_TRANSACTIONS", severity, tiny, " relationships backed only by tiny transactions.");
    add(out, "SELF_FUNDED", severity, selfFunded, " relationships where one wallet funded the other.");
    add(out, "COMMON_FUNDER", severity, common, " relationships between wallets funded from one source.");
    return List.copyOf(out);
  }

  private static void add(List<Anomaly> out, String code, String severity, int count, String text) {
    if (count > 0) {
      out.add(new Anomaly(code, severity, count, count + text));
    }
  }
}
