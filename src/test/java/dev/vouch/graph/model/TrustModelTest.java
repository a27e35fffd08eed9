package dev.vouch.graph.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The graded trust model: each pattern, its thresholds, and the figures docs/models.md states. */
class TrustModelTest {

  static final Instant T0 = Instant.parse("2026-11-01T00:00:00Z");
  static final BigInteger ONE_NATIVE = BigInteger.TEN.pow(18);
  static final String SELF = "0x" + "5".repeat(40);

  static TrustSubject oldSelf() {
    return new TrustSubject(SELF, T0.minus(Duration.ofDays(900)), "0xf0");
  }

  static TrustSubject youngSelf() {
    return new TrustSubject(SELF, T0.minus(Duration.ofDays(3)), "0xf0");
  }

  /** An old, independent, well-funded peer. */
  static TrustEdge genuine(String peer, Instant at, boolean out) {
    return new TrustEdge(peer, at, out, ONE_NATIVE, T0.minus(Duration.ofDays(700)), "0xfunder-" + peer);
  }

  /** A young peer funded from the same source as the wallet. */
  static TrustEdge ringEdge(String peer, Instant at, boolean out) {
    return new TrustEdge(peer, at, out, ONE_NATIVE, T0.minus(Duration.ofDays(2)), "0xf0");
  }

  @Test
  void noEdgesMeansNoSignals() {
    assertThat(TrustModel.signals(List.of())).isEqualTo(TrustSignals.NONE);
  }

  @Test
  void countsDistinctPeersAndReciprocalOnes() {
    List<TrustEdge> edges = List.of(
        new TrustEdge("0xa", T0, true), new TrustEdge("0xa", T0.plus(Duration.ofDays(9)), false),
        new TrustEdge("0xb", T0.plus(Duration.ofDays(30)), true));
    TrustSignals s = TrustModel.signals(edges);
    assertThat(s.trustedPeerCount()).isEqualTo(2);
    assertThat(s.reciprocalCount()).isEqualTo(1);
    assertThat(s.edgeCount()).isEqualTo(3);
    assertThat(s.anomalyScore()).isZero(); // nothing known counts against anyone
    assertThat(s.suspicious()).isFalse();
  }

  @Test
  void seasonedPeersAreThoseNotKnownToLackSeasonedHistory() {
    List<TrustEdge> edges = List.of(
        new TrustEdge("0xa", T0, true, ONE_NATIVE, null, null, 0),
        new TrustEdge("0xa", T0.plus(Duration.ofDays(1)), false, ONE_NATIVE, null, null, 0),
        new TrustEdge("0xb", T0, true, ONE_NATIVE, null, null, 1),
        new TrustEdge("0xc", T0, true, ONE_NATIVE, null, null, 2),
        new TrustEdge("0xd", T0, true));                       // unknown: counts, as every unknown fact
    TrustSignals s = TrustModel.signals(edges);
    assertThat(s.trustedPeerCount()).isEqualTo(4);
    assertThat(s.seasonedPeerCount()).isEqualTo(2);
    assertThat(TrustModel.signals(edges.subList(0, 3)).seasonedPeerCount()).isZero();
  }

  @Test
  void oldPeersAcceptedInOneHourAreNotAnomalous() {
    // The landed cliff blocked the fifth peer accepted within an hour; genuine bursts now count for nothing.
    List<TrustEdge> edges = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      edges.add(genuine("0xp" + i, T0.plusSeconds(60L * i), true));
    }
    TrustModel.Assessment a = TrustModel.assess(oldSelf(), edges);
    assertThat(a.signals().anomalyScore()).isZero();
    assertThat(a.peers()).allSatisfy(p -> {
      assertThat(p.burst()).isFalse();
      assertThat(p.trustWeight()).isEqualTo(TrustModel.ONE_WAY_WEIGHT);
    });
  }

  @Test
  void aRingOfFiveYoungWalletsReachesTheHighThresholdAndIsSuspicious() {
    List<TrustEdge> edges = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      edges.add(ringEdge("0xr" + i, T0.plus(Duration.ofDays(i)), true));
      edges.add(ringEdge("0xr" + i, T0.plus(Duration.ofDays(i)).plusSeconds(5), false));
    }
    TrustSignals s = TrustModel.signals(youngSelf(), edges);
    assertThat(s.anomalyScore()).isEqualTo(0.8); // 4 peers of suspicion 1 over 4 + 1
    assertThat(s.reciprocalCount()).isEqualTo(4);
    assertThat(s.suspicious()).isTrue();
  }

  @Test
  void eachRingMemberRaisesTheAnomalyAndGenuinePeersDiluteIt() {
    List<TrustEdge> edges = new ArrayList<>();
    double last = 0;
    for (int i = 0; i < 6; i++) {
      edges.add(ringEdge("0xr" + i, T0.plus(Duration.ofDays(i)), true));
      double now = TrustModel.signals(youngSelf(), edges).anomalyScore();
      assertThat(now).isGreaterThan(last);
      last = now;
    }
    assertThat(last).isEqualTo(0.8571); // 6 / 7
    edges.add(genuine("0xg", T0.plus(Duration.ofDays(10)), false));
    assertThat(TrustModel.signals(youngSelf(), edges).anomalyScore()).isEqualTo(0.75); // 6 / 8
  }

  @Test
  void youthIsGradedBetweenThirtyAndNinetyDaysAndNeedsBothSides() {
    Instant at = T0;
    assertThat(TrustModel.youngness(at.minus(Duration.ofDays(30)), at)).isEqualTo(1.0);
    assertThat(TrustModel.youngness(at.minus(Duration.ofDays(60)), at)).isEqualTo(0.5);
    assertThat(TrustModel.youngness(at.minus(Duration.ofDays(90)), at)).isZero();
    assertThat(TrustModel.youngness(null, at)).isZero();
    // A young wallet attested by an old one: no youth signal.
    TrustEdge oldPeer = new TrustEdge("0xo", at, false, ONE_NATIVE, at.minus(Duration.ofDays(400)), "0xother");
    assertThat(TrustModel.signals(youngSelf(), List.of(oldPeer)).anomalyScore()).isZero();
  }

  @Test
  void tinyTransactionsAreGradedOnALogScale() {
    assertThat(TrustModel.tininess(BigInteger.ZERO)).isEqualTo(1.0);
    assertThat(TrustModel.tininess(BigInteger.TEN.pow(12))).isEqualTo(1.0);
    assertThat(TrustModel.tininess(BigInteger.TEN.pow(14))).isEqualTo(0.5);
    assertThat(TrustModel.tininess(BigInteger.TEN.pow(16))).isZero();
    assertThat(TrustModel.tininess(null)).isZero();
    TrustEdge dust = new TrustEdge("0xd", T0, true, BigInteger.ONE, T0.minus(Duration.ofDays(500)), "0xx");
    assertThat(TrustModel.signals(oldSelf(), List.of(dust)).anomalyScore()).isEqualTo(0.5); // 1 / (1 + 1)
  }

  @Test
  void selfFundingAndACommonFunderAreEachFullySuspect() {
    TrustEdge fundedBySelf = new TrustEdge("0xc", T0, true, ONE_NATIVE, T0.minus(Duration.ofDays(500)), SELF);
    TrustEdge sameSource = new TrustEdge("0xd", T0, true, ONE_NATIVE, T0.minus(Duration.ofDays(500)), "0xf0");
    TrustModel.Assessment a = TrustModel.assess(oldSelf(), List.of(fundedBySelf, sameSource));
    assertThat(a.peers().get(0).selfFunded()).isTrue();
    assertThat(a.peers().get(1).commonFunder()).isTrue();
    assertThat(a.signals().anomalyScore()).isEqualTo(0.6667); // 2 / 3
    // The wallet funded by its peer is self-funding too.
    TrustSubject fundedByPeer = new TrustSubject(SELF, T0.minus(Duration.ofDays(500)), "0xe");
    TrustEdge e = new TrustEdge("0xe", T0, true, ONE_NATIVE, T0.minus(Duration.ofDays(500)), null);
    assertThat(TrustModel.assess(fundedByPeer, List.of(e)).peers().get(0).selfFunded()).isTrue();
  }

  @Test
  void aBurstOfSuspectRelationshipsRaisesTheirSuspicionByHalf() {
    // Half-young peers (60 days old at acceptance): 0.5 each, 0.75 inside a burst of three within the hour.
    List<TrustEdge> edges = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      Instant at = T0.minusSeconds(600L * i);
      edges.add(new TrustEdge("0xh" + i, at, true, ONE_NATIVE, at.minus(Duration.ofDays(60)), "0xs" + i));
    }
    TrustSubject halfYoung = new TrustSubject(SELF, T0.minus(Duration.ofDays(60)), "0xf0");
    TrustModel.Assessment a = TrustModel.assess(halfYoung, edges);
    assertThat(a.peers()).allSatisfy(p -> {
      assertThat(p.burst()).isTrue();
      assertThat(p.suspicion()).isEqualTo(0.75);
    });
    // Spread over days, the same peers are no burst.
    List<TrustEdge> spread = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      spread.add(new TrustEdge("0xh" + i, T0.plus(Duration.ofDays(i)), true, ONE_NATIVE,
          T0.minus(Duration.ofDays(60)).plus(Duration.ofDays(i)), "0xs" + i));
    }
    assertThat(TrustModel.assess(halfYoung, spread).peers()).noneSatisfy(p -> assertThat(p.burst()).isTrue());
  }

  @Test
  void readTimeMetricsFollowTheDocumentedThresholds() {
    Instant now = T0.plus(Duration.ofDays(200));
    List<TrustEdge> edges = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      edges.add(genuine("0xp" + i, T0.plus(Duration.ofDays(i)), true));
      edges.add(genuine("0xp" + i, T0.plus(Duration.ofDays(i)).plusSeconds(1), false));
    }
    TrustModel.Assessment a = TrustModel.assess(oldSelf(), edges);
    TrustMetrics m = TrustMetrics.of(a, Map.of("0xp0", 80, "0xp1", 80, "0xp2", 80, "0xp3", 80, "0xp4", 80),
        Map.of(), now);
    assertThat(m.totalTrustWeight()).isEqualTo(5.0);
    assertThat(m.networkHealth()).isEqualTo("healthy");
    assertThat(m.trustLevel()).isEqualTo("High");
    assertThat(m.networkMaturity()).isEqualTo("mature");
    assertThat(m.propagatedTrustScore()).isEqualTo(8.0); // 400 / 50
    assertThat(m.trustConfidence()).isEqualTo(1.0);
    assertThat(m.relationshipDiversity()).isEqualTo(1.0);
    assertThat(m.anomalies()).isEmpty();

    TrustMetrics none = TrustMetrics.of(TrustModel.assess(oldSelf(), List.of()), Map.of(), Map.of(), now);
    assertThat(none.networkHealth()).isEqualTo("isolated");
    assertThat(none.networkMaturity()).isEqualTo("isolated");
    assertThat(none.trustLevel()).isEqualTo("Isolated");
    assertThat(none.trustConfidence()).isZero();
  }
}
