package dev.vouch.page.model;

import java.time.Instant;
import java.util.Locale;

/** A public profile (SPEC 2.8) as /u/<username> shows it. */
public record ProfileView(
    String username,
    String displayName,
    String wallet,
    String memberSince,
    int score,
    String riskLevel,
    String walletAge,
    int activeChainCount,
    long totalTxCount,
    String evidence,
    boolean baseline,
    long attestations,
    int trustedPeerCount,
    int reciprocalCount,
    String networkHealth,
    String trustConfidence,
    String scoreModelVersion) {

  /** Builds the view; {@code scoreUpdatedAt} null means no committed snapshot yet. */
  public static ProfileView of(String username, String displayName, String wallet, Instant createdAt, int score,
      String riskLevel, int walletAgeDays, int activeChainCount, long totalTxCount, Instant scoreUpdatedAt,
      boolean cached, long attestations, int trustedPeerCount, int reciprocalCount, String networkHealth,
      double trustConfidence, String scoreModelVersion, Instant now) {
    String evidence = cached && scoreUpdatedAt != null
        ? "Score from evidence indexed " + Words.ago(scoreUpdatedAt, now) + " (" + Words.utc(scoreUpdatedAt) + ")."
        : "Vouch has not indexed this wallet yet: no score evidence.";
    return new ProfileView(username, displayName, wallet, Words.utc(createdAt), score, riskLevel,
        walletAgeDays == 1 ? "1 day" : String.format(Locale.ROOT, "%,d days", walletAgeDays), activeChainCount,
        totalTxCount, evidence, !cached, attestations, trustedPeerCount, reciprocalCount, networkHealth,
        String.format(Locale.ROOT, "%.0f%%", trustConfidence * 100), scoreModelVersion);
  }
}
