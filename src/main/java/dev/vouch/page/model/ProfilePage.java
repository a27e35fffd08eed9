package dev.vouch.page.model;

import java.time.Instant;

/**
 * The public profile page (/u/<username>): the profile read in plain words, times as the receipt page prints them.
 * scoreUpdatedAt is null before the first commit.
 */
public record ProfilePage(String username, String wallet, String displayName, Instant createdAt, int score,
    String riskLevel, int walletAgeDays, int activeChainCount, long totalTxCount, Instant scoreUpdatedAt,
    boolean indexed, long attestationCount, int trustedPeerCount, int reciprocalCount, String networkHealth,
    double trustConfidence, String scoreModelVersion) {

  /** When the username was claimed, as every page prints times. */
  public String registeredAt() {
    return Words.utc(createdAt);
  }

  /** One sentence about the verified relationships. */
  public String trustSentence() {
    if (trustedPeerCount == 0) {
      return "No verified relationships yet. An empty trust graph is missing evidence, not a bad sign.";
    }
    return trustedPeerCount + (trustedPeerCount == 1 ? " verified relationship" : " verified relationships")
        + " (" + reciprocalCount + " attested both ways); network health " + networkHealth.replace('_', ' ')
        + ", confidence " + Math.round(trustConfidence * 100) + "%.";
  }

  public String scoreSentence() {
    return indexed ? score + " / 100 · " + riskLevel + " (updated " + Words.utc(scoreUpdatedAt) + ")"
        : "Not scored yet: indexing of this wallet was queued when the username was claimed.";
  }
}
