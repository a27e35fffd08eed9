package dev.vouch.decision.model;

import dev.vouch.score.model.CommittedSnapshot;
import dev.vouch.score.model.ChainCoverage;
import dev.vouch.score.model.CoverageStatus;

import static dev.vouch.decision.model.Inputs.FULL;
import static dev.vouch.decision.model.Inputs.NOW;
import static dev.vouch.decision.model.Inputs.TRUSTED;
import static dev.vouch.decision.model.Inputs.input;
import static dev.vouch.decision.model.Inputs.scoring;
import static dev.vouch.decision.model.Inputs.snapshot;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.graph.model.TrustSignals;
import dev.vouch.score.model.Evidence;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DecisionRulesTest {

  private static final Evidence STRONG = new Evidence(800, 4, 1200, 40, 30, 0, 0, 9, 8, 500);

  private static List<String> codes(List<Coded> coded) {
    return coded.stream().map(Coded::code).toList();
  }

  @Test
  void d1AllowWhenNoCautionOrBlockReasonRemains() {
    Decision d = DecisionModel.decide(input(UseCase.payment, snapshot(STRONG, Duration.ofHours(1), FULL), TRUSTED));
    assertThat(d.decision()).isEqualTo(Verdict.allow);
    assertThat(d.reasons()).isEmpty();
    assertThat(d.recommendedLimit().amountUsdc()).isEqualTo(10_000);
    assertThat(d.recommendedLimit().currency()).isEqualTo("USDC");
    assertThat(d.recommendedLimit().basis()).contains("payment", "allow", "band A");
    assertThat(d.riskLevel()).isEqualTo("Trusted");
  }

  @Test
  void d2CautionForMissingTrustGraphEvidence() {
    Decision d = DecisionModel.decide(input(UseCase.payment, snapshot(STRONG, Duration.ofHours(1), FULL), TrustSignals.NONE));
    assertThat(d.decision()).isEqualTo(Verdict.caution);
    assertThat(codes(d.reasons())).containsExactly("VOUCH_TRUST_GRAPH_MISSING");
    assertThat(d.evidence().missing()).contains("trustGraph");
    assertThat(d.recommendedLimit().amountUsdc()).isEqualTo(2_500);
  }

  @Test
  void v05CautionWithoutSeasonedHistoryWhateverTheRest() {
    // STRONG, but only one counterparty is 90+ days old: a fresh farm or an aged idle wallet.
    Evidence unseasoned = STRONG.seasoned(1);
    Decision d = DecisionModel.decide(input(UseCase.payment, snapshot(unseasoned, Duration.ofHours(1), FULL), TRUSTED));
    assertThat(d.decision()).isEqualTo(Verdict.caution);
    assertThat(codes(d.reasons())).containsExactly("HISTORY_UNSEASONED");
    // identity_score_v2 caps age (8) and trust (10 together): 100 - (20 - 8) - (15 + 10 - 10) = 73, band B.
    assertThat(d.score()).isEqualTo(73);
    assertThat(d.recommendedLimit().amountUsdc()).isEqualTo(1_000);
    // Two seasoned counterparties, or a snapshot without the count, and the rule is silent.
    assertThat(DecisionModel.decide(input(UseCase.payment, snapshot(STRONG.seasoned(2), Duration.ofHours(1), FULL),
        TRUSTED)).decision()).isEqualTo(Verdict.allow);
    assertThat(DecisionModel.decide(input(UseCase.payment, snapshot(STRONG, Duration.ofHours(1), FULL),
        TRUSTED)).decision()).isEqualTo(Verdict.allow);
  }

  @Test
  void v05CautionWhenNoTrustPeerHasSeasonedHistory() {
    TrustSignals onlyUnseasoned = new TrustSignals(3, 2, 5, 0.2, false, 0);
    Decision d = DecisionModel.decide(input(UseCase.payment, snapshot(STRONG.seasoned(9), Duration.ofHours(1), FULL),
        onlyUnseasoned));
    assertThat(d.decision()).isEqualTo(Verdict.caution);
    assertThat(codes(d.reasons())).containsExactly("TRUST_PEERS_UNSEASONED");
    TrustSignals oneSeasoned = new TrustSignals(3, 2, 5, 0.2, false, 1);
    assertThat(DecisionModel.decide(input(UseCase.payment, snapshot(STRONG.seasoned(9), Duration.ofHours(1), FULL),
        oneSeasoned)).decision()).isEqualTo(Verdict.allow);
  }

  @Test
  void d2CautionForSoftRiskSignals() {
    Evidence failing = new Evidence(800, 4, 1200, 40, 30, 0, 700, 9, 8, 500);
    Decision d = DecisionModel.decide(input(UseCase.payment, snapshot(failing, Duration.ofHours(1), FULL), TRUSTED));
    assertThat(d.decision()).isEqualTo(Verdict.caution);
    assertThat(codes(d.reasons())).containsExactly("RISK_SIGNALS");
  }

  @Test
  void d2CautionWhenTheHomeChainHasNoFullHistory() {
    List<ChainCoverage> arcFailed = List.of(
        new ChainCoverage("Arc Testnet", CoverageStatus.error, true, false, null, null),
        new ChainCoverage("Ethereum Mainnet", CoverageStatus.indexed, false, false, true, true),
        new ChainCoverage("Polygon", CoverageStatus.limited, false, true, null, null));
    Decision d = DecisionModel.decide(input(UseCase.payment, snapshot(STRONG, Duration.ofHours(1), arcFailed), TRUSTED));
    assertThat(d.decision()).isEqualTo(Verdict.caution);
    assertThat(codes(d.reasons())).containsExactly("DATA_LIMITED");
    assertThat(codes(d.warnings())).containsExactly("DATA_PROVIDER_TRANSIENT", "DATA_HISTORY_CAPPED", "DATA_AGGREGATE_ONLY");
    assertThat(d.coverage().hasTransientIssues()).isTrue();
    assertThat(d.coverage().historyCapped()).isTrue();
    assertThat(d.coverage().hasStandingLimitations()).isTrue();
    assertThat(d.freshness().refreshRecommended()).isTrue();
    assertThat(d.evidence().missing()).contains("chainHistory:Arc Testnet", "chainHistory:Polygon");
  }

  @Test
  void warningsNeverChangeTheVerdict() {
    List<ChainCoverage> warned = List.of(
        new ChainCoverage("Arc Testnet", CoverageStatus.indexed, false, false, true, true),
        new ChainCoverage("Base", CoverageStatus.error, true, false, null, null),
        new ChainCoverage("Polygon", CoverageStatus.limited, false, true, null, null));
    Decision d = DecisionModel.decide(input(UseCase.payment, snapshot(STRONG, Duration.ofHours(1), warned), TRUSTED));
    assertThat(d.warnings()).hasSize(3);
    assertThat(d.decision()).isEqualTo(Verdict.allow);
  }

  @Test
  void d3BlockOnHighRiskPenalty() {
    Evidence flagged = new Evidence(800, 4, 1200, 40, 30, 1, 0, 9, 8, 500);
    Decision d = DecisionModel.decide(input(UseCase.payment, snapshot(flagged, Duration.ofHours(1), FULL), TRUSTED));
    assertThat(d.decision()).isEqualTo(Verdict.block);
    assertThat(codes(d.reasons())).containsExactly("RISK_PENALTY_HIGH");
    assertThat(d.recommendedLimit().amountUsdc()).isZero();
    assertThat(d.riskLevel()).isEqualTo("High Risk");
  }

  @Test
  void d3BlockOnSuspiciousTrustGraph() {
    TrustSignals ring = new TrustSignals(12, 12, 24, 1.0, true);
    Decision d = DecisionModel.decide(input(UseCase.payment, snapshot(STRONG, Duration.ofHours(1), FULL), ring));
    assertThat(d.decision()).isEqualTo(Verdict.block);
    assertThat(codes(d.reasons())).containsExactly("TRUST_GRAPH_SUSPICIOUS");
  }

  @Test
  void d3BlockOnHighTrustAnomalyAndCautionOnAModerateOne() {
    Decision high = DecisionModel.decide(input(UseCase.payment, snapshot(STRONG, Duration.ofHours(1), FULL),
        new TrustSignals(5, 1, 6, 0.8, false)));
    assertThat(high.decision()).isEqualTo(Verdict.block);
    assertThat(codes(high.reasons())).containsExactly("TRUST_ANOMALY_HIGH");
    Decision moderate = DecisionModel.decide(input(UseCase.payment, snapshot(STRONG, Duration.ofHours(1), FULL),
        new TrustSignals(5, 1, 6, 0.5, false)));
    assertThat(moderate.decision()).isEqualTo(Verdict.caution);
    assertThat(codes(moderate.reasons())).containsExactly("TRUST_ANOMALY");
  }

  @ParameterizedTest(name = "{0}: score {1} -> {2}")
  @CsvSource({
      "payment, 39, caution", "payment, 40, allow",
      "marketplace, 49, caution", "marketplace, 50, allow",
      "escrow, 59, caution", "escrow, 60, allow",
      "lending, 69, caution", "lending, 70, allow"})
  void d4UseCaseSetsTheMinimumScore(UseCase useCase, int score, Verdict expected) {
    Decision d = DecisionModel.decide(input(useCase, snapshot(scoring(score), Duration.ofHours(1), FULL), TRUSTED));
    assertThat(d.score()).isEqualTo(score);
    assertThat(d.decision()).isEqualTo(expected);
    assertThat(codes(d.reasons()).contains("SCORE_BELOW_MINIMUM")).isEqualTo(expected == Verdict.caution);
  }

  @Test
  void d5CacheStatusSaysWhetherACommittedSnapshotBacksTheVerdict() {
    Decision cached = DecisionModel.decide(input(UseCase.payment, snapshot(STRONG, Duration.ofHours(2), FULL), TRUSTED));
    assertThat(cached.freshness().cacheStatus()).isEqualTo("cached");
    assertThat(cached.freshness().lastIndexedAt()).isEqualTo(Inputs.NOW.minus(Duration.ofHours(2)));

    Decision baseline = DecisionModel.decide(Inputs.baseline(UseCase.payment));
    assertThat(baseline.freshness().cacheStatus()).isEqualTo("indexing_required");
    assertThat(baseline.freshness().lastIndexedAt()).isNull();
    assertThat(baseline.decision()).isEqualTo(Verdict.caution);
    assertThat(codes(baseline.reasons())).containsExactly("DATA_LIMITED");
    assertThat(codes(baseline.warnings())).containsExactly("WALLET_NOT_INDEXED");
    assertThat(baseline.recommendedLimit().amountUsdc()).isEqualTo(50);
    assertThat(baseline.riskLevel()).isNotEqualTo("High Risk");
    assertThat(baseline.evidence().missing()).contains("committedSnapshot", "trustGraph");
  }

  @Test
  void baselineLimitsFollowTheUseCase() {
    assertThat(DecisionModel.decide(Inputs.baseline(UseCase.marketplace)).recommendedLimit().amountUsdc()).isEqualTo(50);
    assertThat(DecisionModel.decide(Inputs.baseline(UseCase.escrow)).recommendedLimit().amountUsdc()).isEqualTo(25);
    assertThat(DecisionModel.decide(Inputs.baseline(UseCase.lending)).recommendedLimit().amountUsdc()).isZero();
  }

  @Test
  void d6EvidenceOlderThan24HoursAddsDataStale() {
    Decision fresh = DecisionModel.decide(input(UseCase.payment, snapshot(STRONG, Duration.ofHours(24), FULL), TRUSTED));
    assertThat(codes(fresh.reasons())).doesNotContain("DATA_STALE");
    assertThat(fresh.decision()).isEqualTo(Verdict.allow);

    Decision stale = DecisionModel.decide(input(UseCase.payment,
        snapshot(STRONG, Duration.ofHours(24).plusSeconds(1), FULL), TRUSTED));
    assertThat(codes(stale.reasons())).containsExactly("DATA_STALE");
    assertThat(stale.decision()).isEqualTo(Verdict.caution);
    assertThat(stale.freshness().cacheStatus()).isEqualTo("cached");
    assertThat(stale.freshness().refreshRecommended()).isTrue();
  }

  @Test
  void d6CarriedEvidenceCountsByTheTimeItWasRead() {
    CommittedSnapshot s = snapshot(STRONG, Duration.ofHours(1), FULL);
    java.util.function.Function<Duration, CommittedSnapshot> carriedFor = age -> new CommittedSnapshot(s.score(),
        s.breakdown(), s.evidence(), s.scoreModelVersion(), s.committedAt(), s.activeChains(), s.coverage(),
        s.flaggedLists(), NOW.minus(age));
    Decision recent = DecisionModel.decide(input(UseCase.payment, carriedFor.apply(Duration.ofHours(24)), TRUSTED));
    assertThat(codes(recent.reasons())).doesNotContain("DATA_STALE");
    Decision old = DecisionModel.decide(input(UseCase.payment,
        carriedFor.apply(Duration.ofHours(24).plusSeconds(1)), TRUSTED));
    assertThat(codes(old.reasons())).containsExactly("DATA_STALE");
    assertThat(old.freshness().lastIndexedAt()).isEqualTo(s.committedAt());   // the snapshot's own time
  }

  @Test
  void versionsAreCarried() {
    Decision d = DecisionModel.decide(input(UseCase.payment, snapshot(STRONG, Duration.ofHours(1), FULL), TRUSTED));
    assertThat(d.scoreModelVersion()).isEqualTo("identity_score_v4");
    assertThat(d.decisionModelVersion()).isEqualTo("decision_v0.7");
  }
}
