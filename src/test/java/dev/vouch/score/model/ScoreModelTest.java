package dev.vouch.score.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ScoreModelTest {

  @Test
  void noEvidenceScoresZeroAndIsNotHighRisk() {
    ScoreResult r = ScoreModel.score(Evidence.NONE);
    assertThat(r.score()).isZero();
    assertThat(r.breakdown()).isEqualTo(Breakdown.ZERO);
    assertThat(r.riskLevel()).isEqualTo(RiskLevel.UNPROVEN);
  }

  @Test
  void establishedWalletReachesTheDocumentedComponentValues() {
    // 2 years old, 4 chains, 1,200 txs (40 on Arc), 30 counterparties, 8 attestation peers, peers' scores 500.
    ScoreResult r = ScoreModel.score(new Evidence(800, 4, 1200, 40, 30, 0, 0, 9, 8, 500));
    assertThat(r.breakdown()).isEqualTo(new Breakdown(20, 10, 15, 15, 15, 10, 15, 0));
    assertThat(r.score()).isEqualTo(100);
    assertThat(r.riskLevel()).isEqualTo(RiskLevel.TRUSTED);
  }

  @Test
  void stepTablesUseTheHighestThresholdReached() {
    assertThat(ScoreModel.score(new Evidence(29, 0, 0, 0, 0, 0, 0, 0, 0, 0)).breakdown().globalWalletAge()).isEqualTo(2);
    assertThat(ScoreModel.score(new Evidence(30, 0, 0, 0, 0, 0, 0, 0, 0, 0)).breakdown().globalWalletAge()).isEqualTo(5);
    assertThat(ScoreModel.score(new Evidence(0, 0, 9, 0, 0, 0, 0, 0, 0, 0)).breakdown().transactionActivity()).isEqualTo(3);
    assertThat(ScoreModel.score(new Evidence(0, 0, 10, 0, 0, 0, 0, 0, 0, 0)).breakdown().transactionActivity()).isEqualTo(6);
    assertThat(ScoreModel.score(new Evidence(0, 0, 0, 0, 0, 0, 0, 0, 0, 149)).breakdown().propagatedTrust()).isEqualTo(2);
  }

  @Test
  void oneFlaggedCounterpartyIsAHighPenalty() {
    ScoreResult r = ScoreModel.score(new Evidence(800, 4, 1200, 40, 30, 1, 0, 9, 8, 500));
    assertThat(r.breakdown().riskPenalty()).isEqualTo(-30);
    assertThat(r.score()).isEqualTo(70);
    assertThat(r.riskLevel()).isEqualTo(RiskLevel.HIGH_RISK);
  }

  @Test
  void mostlyFailingSendersGetASoftPenaltyOnly() {
    ScoreResult r = ScoreModel.score(new Evidence(100, 1, 40, 0, 3, 0, 21, 0, 0, 0));
    assertThat(r.breakdown().riskPenalty()).isEqualTo(-10);
    assertThat(r.riskLevel()).isNotEqualTo(RiskLevel.HIGH_RISK);
    // Fewer than ten failures are not judged, whatever the share.
    assertThat(ScoreModel.score(new Evidence(100, 1, 9, 0, 3, 0, 9, 0, 0, 0)).breakdown().riskPenalty()).isZero();
  }

  @Test
  void penaltyIsFloored() {
    assertThat(ScoreModel.score(new Evidence(0, 0, 100, 0, 5, 4, 90, 0, 0, 0)).breakdown().riskPenalty())
        .isEqualTo(ScoreModel.PENALTY_FLOOR);
  }
}
