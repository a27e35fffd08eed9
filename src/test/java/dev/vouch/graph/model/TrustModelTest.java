package dev.vouch.graph.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TrustModelTest {

  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

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
    assertThat(s.anomalyScore()).isZero(); // fewer edges than the anomaly needs
    assertThat(s.suspicious()).isFalse();
  }

  @Test
  void edgesSpreadOverMonthsAreNotAnomalous() {
    List<TrustEdge> edges = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      edges.add(new TrustEdge("0x" + i, T0.plus(Duration.ofDays(20L * i)), i % 2 == 0));
    }
    assertThat(TrustModel.signals(edges).anomalyScore()).isEqualTo(0.1);
  }

  @Test
  void aReciprocalRingBuiltInOneHourIsSuspicious() {
    List<TrustEdge> edges = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      edges.add(new TrustEdge("0x" + i, T0.plusSeconds(60L * i), true));
      edges.add(new TrustEdge("0x" + i, T0.plusSeconds(60L * i + 30), false));
    }
    TrustSignals s = TrustModel.signals(edges);
    assertThat(s.anomalyScore()).isEqualTo(1.0);
    assertThat(s.reciprocalCount()).isEqualTo(10);
    assertThat(s.suspicious()).isTrue();
  }

  @Test
  void theBurstWindowIsHalfOpen() {
    List<TrustEdge> edges = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      edges.add(new TrustEdge("0x" + i, T0.plusSeconds(i), true));
    }
    edges.add(new TrustEdge("0x9", T0.plus(TrustModel.BURST_WINDOW), true));
    assertThat(TrustModel.signals(edges).anomalyScore()).isEqualTo(0.8);
  }
}
