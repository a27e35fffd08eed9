package dev.vouch.decision.model;

import dev.vouch.score.model.ChainCoverage;
import dev.vouch.score.model.CoverageStatus;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.graph.model.TrustEdge;
import dev.vouch.graph.model.TrustModel;
import dev.vouch.graph.model.TrustSignals;
import dev.vouch.graph.model.TrustSubject;
import dev.vouch.score.model.Evidence;
import dev.vouch.score.model.Positive;
import dev.vouch.score.model.ScoreModel;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Optional;
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

  static final Instant T0 = Inputs.NOW.minus(Duration.ofDays(90));
  static final String SELF = Inputs.WALLET;

  /** The wallet as its snapshot saw it: unknown, young, half-young or old; funders from a small pool. */
  @Provide
  Arbitrary<TrustSubject> self() {
    return Combinators.combine(
        Arbitraries.of(Optional.<Instant>empty(), Optional.of(T0.minus(Duration.ofDays(3))),
            Optional.of(T0.minus(Duration.ofDays(60))), Optional.of(T0.minus(Duration.ofDays(900)))),
        Arbitraries.of(Optional.<String>empty(), Optional.of("0xf0"), Optional.of("0xfb")))
        .as((first, funder) -> new TrustSubject(SELF, first.orElse(null), funder.orElse(null)));
  }

  /** Verified edges of every kind: young or old, tiny or large, self-funded, common funder, bursts. */
  @Provide
  Arbitrary<List<TrustEdge>> edges() {
    Arbitrary<TrustEdge> edge = Combinators.combine(
        Arbitraries.integers().between(0, 11).map(i -> "0xpeer" + i),
        Arbitraries.integers().between(0, 60 * 24 * 60).map(m -> T0.plus(Duration.ofMinutes(m))),
        Arbitraries.of(true, false),
        Arbitraries.of(Optional.<BigInteger>empty(), Optional.of(BigInteger.ZERO), Optional.of(BigInteger.TEN.pow(12)),
            Optional.of(BigInteger.TEN.pow(14)), Optional.of(BigInteger.TEN.pow(18))),
        Arbitraries.of(Optional.<Instant>empty(), Optional.of(T0.minus(Duration.ofDays(5))),
            Optional.of(T0.minus(Duration.ofDays(60))), Optional.of(T0.minus(Duration.ofDays(400)))),
        Arbitraries.of(Optional.<String>empty(), Optional.of("0xf0"), Optional.of("0xfa"), Optional.of(SELF)),
        Arbitraries.of(Optional.<Integer>empty(), Optional.of(0), Optional.of(1), Optional.of(5)))
        .as((peer, at, out, value, first, funder, seasoned) -> new TrustEdge(peer, at, out, value.orElse(null),
            first.orElse(null), funder.orElse(null), seasoned.orElse(null)));
    return edge.list().ofMaxSize(14);
  }

  /** An old, independent, well-funded peer never seen before: genuine evidence. */
  static TrustEdge genuine(int n, int minutes, boolean out) {
    return new TrustEdge("0xgenuine" + n, T0.plus(Duration.ofMinutes(minutes)), out, BigInteger.TEN.pow(18),
        T0.minus(Duration.ofDays(1000)), "0xgenuine-funder" + n, 40);
  }

  static TrustSignals signals(TrustSubject self, List<TrustEdge> edges) {
    return TrustModel.signals(self, edges);
  }

  @Provide
  Arbitrary<Duration> age() {
    return Arbitraries.longs().between(0, 96 * 3600).map(Duration::ofSeconds);
  }

  @Property
  void deterministic(@ForAll UseCase u, @ForAll("evidence") Evidence e, @ForAll("coverage") List<ChainCoverage> c,
      @ForAll("self") TrustSubject self, @ForAll("edges") List<TrustEdge> edges, @ForAll("age") Duration age) {
    DecisionInput in = Inputs.input(u, Inputs.snapshot(e, age, c), signals(self, edges));
    assertThat(DecisionModel.decide(in)).isEqualTo(DecisionModel.decide(in));
  }

  @Property
  void blockOnlyFromStrongNegativeEvidence(@ForAll UseCase u, @ForAll("evidence") Evidence e,
      @ForAll("coverage") List<ChainCoverage> c, @ForAll("self") TrustSubject self, @ForAll("edges") List<TrustEdge> edges, @ForAll("age") Duration age) {
    TrustSignals t = signals(self, edges);
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
      @ForAll("coverage") List<ChainCoverage> c, @ForAll("self") TrustSubject self, @ForAll("edges") List<TrustEdge> edges, @ForAll("age") Duration age,
      @ForAll @IntRange(min = 0, max = 7) int field, @ForAll @IntRange(min = 1, max = 2000) int more) {
    TrustSignals t = signals(self, edges);
    Decision before = DecisionModel.decide(Inputs.input(u, Inputs.snapshot(e, age, c), t));
    Decision after = DecisionModel.decide(Inputs.input(u, Inputs.snapshot(Positive.add(e, field, more), age, c), t));
    assertThat(after.decision().compareTo(before.decision())).isGreaterThanOrEqualTo(0);
    assertThat(after.recommendedLimit().amountUsdc()).isGreaterThanOrEqualTo(before.recommendedLimit().amountUsdc());
  }

  @Property
  void moreGenuinePeersNeverLowerTheVerdictOrTheLimit(@ForAll UseCase u, @ForAll("evidence") Evidence e,
      @ForAll("coverage") List<ChainCoverage> c, @ForAll("self") TrustSubject self,
      @ForAll("edges") List<TrustEdge> edges, @ForAll("age") Duration age,
      @ForAll @IntRange(min = 1, max = 6) int added, @ForAll @IntRange(min = 0, max = 60 * 24 * 60) int minutes,
      @ForAll boolean reciprocal) {
    // Through the real path: edges -> TrustModel.signals -> DecisionModel. Genuine peers may arrive in a burst.
    List<TrustEdge> more = new ArrayList<>(edges);
    for (int i = 0; i < added; i++) {
      more.add(genuine(i, minutes + i, true));
      if (reciprocal) {
        more.add(genuine(i, minutes + i, false));
      }
    }
    TrustSignals before = signals(self, edges);
    TrustSignals after = signals(self, more);
    assertThat(after.anomalyScore()).isLessThanOrEqualTo(before.anomalyScore());
    Decision b = DecisionModel.decide(Inputs.input(u, Inputs.snapshot(e, age, c), before));
    Decision a = DecisionModel.decide(Inputs.input(u, Inputs.snapshot(e, age, c), after));
    assertThat(a.decision().compareTo(b.decision())).isGreaterThanOrEqualTo(0);
    assertThat(a.recommendedLimit().amountUsdc()).isGreaterThanOrEqualTo(b.recommendedLimit().amountUsdc());
  }

  @Property
  void withoutSeasonedHistoryNothingReachesAllow(@ForAll UseCase u, @ForAll("evidence") Evidence e,
      @ForAll("coverage") List<ChainCoverage> c, @ForAll("self") TrustSubject self,
      @ForAll("edges") List<TrustEdge> edges, @ForAll("age") Duration age,
      @ForAll @IntRange(min = 0, max = 1) int seasoned, @ForAll @IntRange(min = 1, max = 6) int genuine) {
    // However strong the rest (many genuine peers included), a wallet without seasoned history cautions at best.
    List<TrustEdge> more = new ArrayList<>(edges);
    for (int i = 0; i < genuine; i++) {
      more.add(genuine(i, i, true));
      more.add(genuine(i, i, false));
    }
    Decision d = DecisionModel.decide(Inputs.input(u, Inputs.snapshot(e.seasoned(seasoned), age, c), signals(self, more)));
    assertThat(d.decision()).isNotEqualTo(Verdict.allow);
    assertThat(d.reasons()).extracting(Coded::code).contains(DecisionModel.HISTORY_UNSEASONED);
  }

  @Property
  void peersWithoutSeasonedHistoryLendNoStanding(@ForAll UseCase u, @ForAll("evidence") Evidence e,
      @ForAll("coverage") List<ChainCoverage> c, @ForAll("self") TrustSubject self,
      @ForAll("edges") List<TrustEdge> edges, @ForAll("age") Duration age) {
    List<TrustEdge> unseasoned = edges.stream().map(x -> new TrustEdge(x.peer(), x.acceptedAt(), x.outgoing(), x.value(),
        x.peerFirstActivityAt(), x.peerFunder(), 1)).toList();
    Decision d = DecisionModel.decide(Inputs.input(u, Inputs.snapshot(e, age, c), signals(self, unseasoned)));
    assertThat(d.decision()).isNotEqualTo(Verdict.allow);
  }

  @Property
  void addingRingMembersRaisesTheAnomalyScore(@ForAll("edges") List<TrustEdge> edges,
      @ForAll @IntRange(min = 1, max = 8) int members, @ForAll @IntRange(min = 0, max = 60 * 24 * 60) int minutes) {
    // A young wallet; each new member is young, funded from the wallet's own source, attesting it back.
    TrustSubject young = new TrustSubject(SELF, T0.minus(Duration.ofDays(3)), "0xf0");
    List<TrustEdge> ring = new ArrayList<>(edges);
    double last = signals(young, ring).anomalyScore();
    for (int i = 0; i < members; i++) {
      Instant at = T0.plus(Duration.ofMinutes(minutes + i));
      ring.add(new TrustEdge("0xring" + i, at, true, BigInteger.TEN.pow(18), T0.minus(Duration.ofDays(2)), "0xf0"));
      ring.add(new TrustEdge("0xring" + i, at.plusSeconds(30), false, BigInteger.TEN.pow(18),
          T0.minus(Duration.ofDays(2)), "0xf0"));
      double now = signals(young, ring).anomalyScore();
      assertThat(now).isGreaterThan(last);
      last = now;
    }
  }

  @Property
  void anomalyIsWithinBoundsAndSuspicionNeedsTheHighThreshold(@ForAll("self") TrustSubject self,
      @ForAll("edges") List<TrustEdge> edges) {
    TrustSignals t = signals(self, edges);
    assertThat(t.anomalyScore()).isBetween(0.0, 1.0);
    if (t.suspicious()) {
      assertThat(t.anomalyScore()).isGreaterThanOrEqualTo(TrustModel.ANOMALY_HIGH);
    }
    assertThat(signals(self, edges)).isEqualTo(t);
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
