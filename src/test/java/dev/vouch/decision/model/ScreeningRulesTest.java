package dev.vouch.decision.model;

import dev.vouch.score.model.CommittedSnapshot;

import static dev.vouch.decision.model.Inputs.ARC;
import static dev.vouch.decision.model.Inputs.FULL;
import static dev.vouch.decision.model.Inputs.NOW;
import static dev.vouch.decision.model.Inputs.TRUSTED;
import static dev.vouch.decision.model.Inputs.WALLET;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.graph.model.TrustSignals;
import dev.vouch.score.model.Evidence;
import dev.vouch.score.model.ScoreModel;
import dev.vouch.score.model.ScoreResult;
import dev.vouch.screening.model.Listing;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** D3 from screening lists: a listed wallet blocks; flagged counterparties name their lists. */
class ScreeningRulesTest {

  static final Evidence STRONG = new Evidence(900, 4, 1200, 40, 30, 0, 0, 8, 8, 500);

  static CommittedSnapshot snapshot(Evidence e, Map<String, Integer> lists) {
    ScoreResult r = ScoreModel.score(e);
    return new CommittedSnapshot(r.score(), r.breakdown(), e, r.modelVersion(), NOW.minus(Duration.ofHours(1)),
        List.of(ARC), FULL, lists);
  }

  static DecisionInput input(CommittedSnapshot s, TrustSignals t, List<Listing> listings) {
    return new DecisionInput(WALLET, null, UseCase.payment, Optional.ofNullable(s), t, false, ARC, NOW, listings);
  }

  static List<String> codes(Decision d) {
    return d.reasons().stream().map(Coded::code).toList();
  }

  @Test
  void aListedWalletWithStrongHistoryIsBlockedFirstWithTheListAndLabel() {
    Decision d = DecisionModel.decide(input(snapshot(STRONG, Map.of()), TRUSTED,
        List.of(new Listing("OFAC_SDN", "SDN 36218 LAZARUS GROUP"))));
    assertThat(d.decision()).isEqualTo(Verdict.block);
    assertThat(codes(d)).containsExactly("SANCTIONED_ADDRESS");
    assertThat(d.reasons().get(0).message()).contains("OFAC_SDN (SDN 36218 LAZARUS GROUP)");
    assertThat(d.recommendedLimit().amountUsdc()).isZero();
    assertThat(d.evidence().used()).contains("screening");
  }

  @Test
  void aListedWalletWithoutEvidenceIsBlockedNotABaseline() {
    Decision d = DecisionModel.decide(input(null, TrustSignals.NONE, List.of(new Listing("LOCAL", "phishing"))));
    assertThat(d.decision()).isEqualTo(Verdict.block);
    assertThat(codes(d)).containsExactly("SANCTIONED_ADDRESS", "DATA_LIMITED");
    assertThat(d.riskLevel()).isEqualTo("High Risk");
    assertThat(d.recommendedLimit().amountUsdc()).isZero();
    assertThat(d.freshness().cacheStatus()).isEqualTo("indexing_required");
    // The same wallet off every list is the usual conservative baseline.
    assertThat(DecisionModel.decide(input(null, TrustSignals.NONE, List.of())).decision()).isEqualTo(Verdict.caution);
  }

  @Test
  void flaggedCounterpartiesRaiseThePenaltyAndEachListNamesItself() {
    Evidence two = new Evidence(900, 4, 1200, 40, 30, 2, 0, 8, 8, 500);
    Decision d = DecisionModel.decide(input(snapshot(two, Map.of("OFAC_SDN", 1, "LOCAL", 2)), TRUSTED, List.of()));
    assertThat(ScoreModel.score(two).breakdown().riskPenalty()).isEqualTo(-60);
    assertThat(d.decision()).isEqualTo(Verdict.block);
    assertThat(codes(d)).containsExactly("RISK_PENALTY_HIGH", "FLAGGED_COUNTERPARTY_LOCAL", "FLAGGED_COUNTERPARTY_OFAC_SDN");
    assertThat(d.reasons().get(1).message()).startsWith("2 counterparties of this wallet are on the screening list LOCAL");
  }

  @Test
  void theSameInputsGiveTheSameDecision() {
    DecisionInput in = input(snapshot(STRONG, Map.of("OFAC_SDN", 1)), TRUSTED, List.of(new Listing("LOCAL", "x")));
    assertThat(DecisionModel.decide(in)).isEqualTo(DecisionModel.decide(in));
  }
}
