package dev.vouch.decision.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.graph.model.TrustModel;
import dev.vouch.graph.model.TrustSignals;
import dev.vouch.score.model.Evidence;
import dev.vouch.score.model.Positive;
import dev.vouch.score.model.ScoreModel;
import java.time.Duration;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

class DecisionModelProperties {

  @Provide
  Arbitrary<Evidence> evidence() {
    return dev.vouch.score.model.ScoreModelPropertiesAccess.evidence();
  }

  @Provide
  Arbitrary<List<ChainCoverage>> coverage() {
    Arbitrary<ChainCoverage> chain = Combinators.combine(
        Arbitraries.of("Arc Testnet", "Ethereum Mainnet", "Base", "Polygon"),
        Arbitraries.of(CoverageStatus.class), Arbitraries.of(true, false), Arbitraries.of(true, false),
        Arbitraries.of(Boolean.TRUE, Boolean.FALSE, null))
        .as((name, status, t, s, capped) -> new ChainCoverage(name, status, t, s, capped, capped == null ? null : true));
    return chain.list().ofMaxSize(4).uniqueElements(ChainCoverage::chain);
  }

  @Provide
  Arbitrary<TrustSignals> trust() {
    return Combinators.combine(Arbitraries.integers().between(0, 20), Arbitraries.doubles().between(0, 1).ofScale(2),
        Arbitraries.of(true, false))
        .as((peers, anomaly, suspicious) -> new TrustSignals(peers, peers / 2, peers * 2, peers == 0 ? 0 : anomaly,
            peers > 0 && suspicious));
  }

  @Provide
  Arbitrary<Duration> age() {
    return Arbitraries.longs().between(0, 96 * 3600).map(Duration::ofSeconds);
  }

  @Property
  void deterministic(@ForAll UseCase u, @ForAll("evidence") Evidence e, @ForAll("coverage") List<ChainCoverage> c,
      @ForAll("trust") TrustSignals t, @ForAll("age") Duration age) {
    DecisionInput in = Inputs.input(u, Inputs.snapshot(e, age, c), t);
    assertThat(DecisionModel.decide(in)).isEqualTo(DecisionModel.decide(in));
  }

  @Property
  void blockOnlyFromStrongNegativeEvidence(@ForAll UseCase u, @ForAll("evidence") Evidence e,
      @ForAll("coverage") List<ChainCoverage> c, @ForAll("trust") TrustSignals t, @ForAll("age") Duration age) {
    Decision d = DecisionModel.decide(Inputs.input(u, Inputs.snapshot(e, age, c), t));
    boolean strong = ScoreModel.score(e).breakdown().riskPenalty() <= ScoreModel.HIGH_PENALTY
        || t.suspicious() || t.anomalyScore() >= TrustModel.ANOMALY_HIGH;
    assertThat(d.decision() == Verdict.block).isEqualTo(strong);
    if (d.decision() == Verdict.block) {
      assertThat(d.recommendedLimit().amountUsdc()).isZero();
    }
  }

  @Property
  void missingEvidenceAloneNeverBlocks(@ForAll UseCase u, @ForAll @IntRange(min = 0, max = 800) int age,
      @ForAll("coverage") List<ChainCoverage> c, @ForAll("age") Duration committed) {
    // No negative signal at all: whatever is missing (chains, trust graph, freshness) only cautions.
    Evidence thin = new Evidence(age, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    Decision d = DecisionModel.decide(Inputs.input(u, Inputs.snapshot(thin, committed, c), TrustSignals.NONE));
    assertThat(d.decision()).isNotEqualTo(Verdict.block);
    assertThat(DecisionModel.decide(Inputs.baseline(u)).decision()).isEqualTo(Verdict.caution);
  }

  @Property
  void morePositiveEvidenceNeverLowersTheVerdictOrTheLimit(@ForAll UseCase u, @ForAll("evidence") Evidence e,
      @ForAll("coverage") List<ChainCoverage> c, @ForAll("trust") TrustSignals t, @ForAll("age") Duration age,
      @ForAll @IntRange(min = 0, max = 6) int field, @ForAll @IntRange(min = 1, max = 2000) int more) {
    Decision before = DecisionModel.decide(Inputs.input(u, Inputs.snapshot(e, age, c), t));
    Decision after = DecisionModel.decide(Inputs.input(u, Inputs.snapshot(Positive.add(e, field, more), age, c), t));
    assertThat(after.decision().compareTo(before.decision())).isGreaterThanOrEqualTo(0);
    assertThat(after.recommendedLimit().amountUsdc()).isGreaterThanOrEqualTo(before.recommendedLimit().amountUsdc());
  }

  @Property
  void moreVerifiedPeersNeverLowerTheVerdictOrTheLimit(@ForAll UseCase u, @ForAll("evidence") Evidence e,
      @ForAll("coverage") List<ChainCoverage> c, @ForAll("trust") TrustSignals t, @ForAll("age") Duration age) {
    TrustSignals more = new TrustSignals(t.trustedPeerCount() + 1, t.reciprocalCount(), t.edgeCount() + 1,
        t.anomalyScore(), t.suspicious());
    Decision before = DecisionModel.decide(Inputs.input(u, Inputs.snapshot(e, age, c), t));
    Decision after = DecisionModel.decide(Inputs.input(u, Inputs.snapshot(e, age, c), more));
    assertThat(after.decision().compareTo(before.decision())).isGreaterThanOrEqualTo(0);
    assertThat(after.recommendedLimit().amountUsdc()).isGreaterThanOrEqualTo(before.recommendedLimit().amountUsdc());
  }

  @Property
  void aBaselineLimitNeverExceedsACommittedCautionLimit(@ForAll UseCase u, @ForAll("evidence") Evidence e,
      @ForAll("coverage") List<ChainCoverage> c, @ForAll("age") Duration age) {
    Decision committed = DecisionModel.decide(Inputs.input(u, Inputs.snapshot(e, age, c), TrustSignals.NONE));
    if (committed.decision() != Verdict.block) {
      assertThat(committed.recommendedLimit().amountUsdc())
          .isGreaterThanOrEqualTo(DecisionModel.decide(Inputs.baseline(u)).recommendedLimit().amountUsdc());
    }
  }
}
