package dev.vouch.score.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.vouch.exposure.model.ExposureSummary;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Data of the score read (SPEC 2.3); field order is the wire order.
 *
 * @param exposure the snapshot's exposure summary (issue 24, additive); absent when it has none
 */
public record ScoreReport(
    String wallet,
    String username,
    int score,
    String scoreModelVersion,
    String riskLevel,
    String badge,
    Breakdown breakdown,
    List<String> activeChains,
    long totalTxCount,
    long arcTxCount,
    int globalWalletAgeDays,
    Attestations attestations,
    String cacheStatus,
    Instant lastIndexedAt,
    boolean refreshInProgress,
    boolean refreshRecommended,
    @JsonInclude(JsonInclude.Include.NON_NULL) ExposureSummary exposure) {

  public ScoreReport(String wallet, String username, int score, String scoreModelVersion, String riskLevel,
      String badge, Breakdown breakdown, List<String> activeChains, long totalTxCount, long arcTxCount,
      int globalWalletAgeDays, Attestations attestations, String cacheStatus, Instant lastIndexedAt,
      boolean refreshInProgress, boolean refreshRecommended) {
    this(wallet, username, score, scoreModelVersion, riskLevel, badge, breakdown, activeChains, totalTxCount,
        arcTxCount, globalWalletAgeDays, attestations, cacheStatus, lastIndexedAt, refreshInProgress,
        refreshRecommended, null);
  }

  /** The same report with the snapshot's exposure summary. */
  public ScoreReport withExposure(ExposureSummary e) {
    return new ScoreReport(wallet, username, score, scoreModelVersion, riskLevel, badge, breakdown, activeChains,
        totalTxCount, arcTxCount, globalWalletAgeDays, attestations, cacheStatus, lastIndexedAt, refreshInProgress,
        refreshRecommended, e);
  }

  public record Attestations(int acceptedCount, int uniqueCounterparties) {}

  /** Report of a committed snapshot. */
  public static ScoreReport committed(String wallet, String username, int score, Breakdown b,
      Evidence e, List<String> activeChains, String modelVersion, Instant committedAt,
      boolean refreshInProgress, Instant now, Duration staleAfter) {
    return committed(wallet, username, score, b, e, activeChains, modelVersion, committedAt, refreshInProgress,
        committedAt.plus(staleAfter).isBefore(now));
  }

  /** Report of a committed snapshot whose staleness (D6, CommittedSnapshot.staleAt) is known. */
  public static ScoreReport committed(String wallet, String username, int score, Breakdown b,
      Evidence e, List<String> activeChains, String modelVersion, Instant committedAt,
      boolean refreshInProgress, boolean stale) {
    RiskLevel level = ScoreModel.riskLevel(score, b.riskPenalty());
    return new ScoreReport(wallet, username, score, modelVersion, level.label(), level.badge(), b,
        activeChains, e.totalTxCount(), e.arcTxCount(), e.walletAgeDays(),
        new Attestations(e.acceptedAttestations(), e.attestationCounterparties()),
        "cached", committedAt, refreshInProgress, stale);
  }

  /** CONTRACT.md 5 baseline: zeros and a "no evidence" label, never "High Risk". */
  public static ScoreReport baseline(String wallet, String username, boolean refreshInProgress) {
    return new ScoreReport(wallet, username, 0, ScoreModel.VERSION, RiskLevel.NO_EVIDENCE.label(),
        RiskLevel.NO_EVIDENCE.badge(), Breakdown.ZERO, List.of(), 0, 0, 0, new Attestations(0, 0),
        "indexing_required", null, refreshInProgress, true);
  }
}
