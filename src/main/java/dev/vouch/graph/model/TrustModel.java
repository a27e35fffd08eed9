package dev.vouch.graph.model;

import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Trust signals from verified edges (docs/models.md, "Trust graph"). Each peer gets a graded
 * suspicion from the patterns rings are built with: both wallets young, tiny transactions, one
 * funding the other, one common funder, and bursts of such relationships. The anomaly score is
 * the peers' summed suspicion over (peers + 1): a relationship with nothing suspect only ever
 * lowers it, each further ring member raises it. Pure: no clock; ages are measured at acceptance.
 */
public final class TrustModel {

  public static final double ANOMALY_SOFT = 0.5;
  public static final double ANOMALY_HIGH = 0.8;
  /** Wallets at most this old at the acceptance count as fully young; from YOUNG_NONE days not at all. */
  public static final int YOUNG_FULL_DAYS = 30;
  public static final int YOUNG_NONE_DAYS = 90;
  /** A transaction of at most 10^12 base units is fully tiny; from 10^16 not at all (log scale). */
  public static final int TINY_FULL_EXP = 12;
  public static final int TINY_NONE_EXP = 16;
  /** Suspect acceptances within one hour of each other, at least this many, are a burst. */
  public static final Duration BURST_WINDOW = Duration.ofHours(1);
  public static final int BURST_MIN = 3;
  /** A burst raises a suspect peer's suspicion by half (capped at 1). */
  public static final double BURST_BOOST = 0.5;
  /** Young peers needed (with a high anomaly) for the graph to be a suspicious ring. */
  public static final int MIN_RING_PEERS = 3;
  /** Weight of a relationship attested in one direction only, relative to a reciprocal one. */
  public static final double ONE_WAY_WEIGHT = 0.6;

  private TrustModel() {}

  /** Signals without facts about the wallet itself (no youth or funding comparisons with it). */
  public static TrustSignals signals(List<TrustEdge> edges) {
    return signals(TrustSubject.unknown(null), edges);
  }

  public static TrustSignals signals(TrustSubject self, List<TrustEdge> edges) {
    return assess(self, edges).signals();
  }

  /** Everything the model derives, per peer and as signals. */
  public record Assessment(TrustSignals signals, List<PeerAssessment> peers) {}

  public static Assessment assess(TrustSubject self, List<TrustEdge> edges) {
    if (edges.isEmpty()) {
      return new Assessment(TrustSignals.NONE, List.of());
    }
    Map<String, List<TrustEdge>> byPeer = new TreeMap<>();
    for (TrustEdge e : edges) {
      byPeer.computeIfAbsent(e.peer(), k -> new ArrayList<>()).add(e);
    }
    // First pass: the per-peer patterns; the burst needs every suspect peer's acceptances.
    Map<String, double[]> base = new TreeMap<>();
    List<Long> suspectTimes = new ArrayList<>();
    for (var entry : byPeer.entrySet()) {
      List<TrustEdge> pe = entry.getValue();
      TrustEdge any = pe.get(0);
      Instant last = pe.stream().map(TrustEdge::acceptedAt).max(Comparator.naturalOrder()).orElseThrow();
      double young = Math.min(youngness(self.firstActivityAt(), last), youngness(any.peerFirstActivityAt(), last));
      double tiny = tininess(largest(pe));
      boolean selfFunded = (self.wallet() != null && self.wallet().equals(any.peerFunder()))
          || entry.getKey().equals(self.funder());
      boolean common = self.funder() != null && self.funder().equals(any.peerFunder());
      double b = Math.max(Math.max(young, tiny), selfFunded || common ? 1.0 : 0.0);
      base.put(entry.getKey(), new double[] {young, tiny, selfFunded ? 1 : 0, common ? 1 : 0, b});
      if (b > 0) {
        pe.forEach(e -> suspectTimes.add(e.acceptedAt().toEpochMilli()));
      }
    }
    suspectTimes.sort(null);

    List<PeerAssessment> peers = new ArrayList<>(byPeer.size());
    double suspicionSum = 0;
    int reciprocal = 0;
    int ringPeers = 0;
    int seasonedPeers = 0;
    for (var entry : byPeer.entrySet()) {
      List<TrustEdge> pe = entry.getValue();
      seasonedPeers += pe.get(0).peerUnseasoned() ? 0 : 1;
      double[] f = base.get(entry.getKey());
      boolean burst = f[4] > 0 && pe.stream().anyMatch(e -> inBurst(suspectTimes, e.acceptedAt().toEpochMilli()));
      double suspicion = round(Math.min(1.0, f[4] * (burst ? 1 + BURST_BOOST : 1)));
      int out = (int) pe.stream().filter(TrustEdge::outgoing).count();
      int in = pe.size() - out;
      double weight = round((1 - suspicion) * (out > 0 && in > 0 ? 1.0 : ONE_WAY_WEIGHT));
      Instant first = pe.stream().map(TrustEdge::acceptedAt).min(Comparator.naturalOrder()).orElseThrow();
      Instant last = pe.stream().map(TrustEdge::acceptedAt).max(Comparator.naturalOrder()).orElseThrow();
      PeerAssessment p = new PeerAssessment(entry.getKey(), pe.size(), out, in, first, last, largest(pe),
          round(f[0]), round(f[1]), f[2] > 0, f[3] > 0, burst, suspicion, weight);
      peers.add(p);
      suspicionSum += suspicion;
      reciprocal += p.reciprocal() ? 1 : 0;
      ringPeers += f[0] >= 0.5 ? 1 : 0;
    }
    double anomaly = round(suspicionSum / (peers.size() + 1));
    boolean suspicious = anomaly >= ANOMALY_HIGH && ringPeers >= MIN_RING_PEERS;
    return new Assessment(new TrustSignals(peers.size(), reciprocal, edges.size(), anomaly, suspicious, seasonedPeers),
        List.copyOf(peers));
  }

  /** 1 at YOUNG_FULL_DAYS or younger, 0 from YOUNG_NONE_DAYS, linear between; unknown is 0. */
  static double youngness(Instant firstActivity, Instant at) {
    if (firstActivity == null) {
      return 0;
    }
    double days = Duration.between(firstActivity, at).toSeconds() / 86_400.0;
    return clamp((YOUNG_NONE_DAYS - days) / (YOUNG_NONE_DAYS - YOUNG_FULL_DAYS));
  }

  /** 1 at 10^12 base units or less, 0 from 10^16, linear in log10 between; unknown is 0. */
  static double tininess(BigInteger value) {
    if (value == null) {
      return 0;
    }
    if (value.signum() <= 0) {
      return 1;
    }
    double log10 = value.bitLength() <= 62 ? Math.log10(value.doubleValue()) : TINY_NONE_EXP;
    return clamp((TINY_NONE_EXP - log10) / (TINY_NONE_EXP - TINY_FULL_EXP));
  }

  private static BigInteger largest(List<TrustEdge> edges) {
    BigInteger best = null;
    for (TrustEdge e : edges) {
      if (e.value() != null && (best == null || e.value().compareTo(best) > 0)) {
        best = e.value();
      }
    }
    return best;
  }

  /** At least BURST_MIN suspect acceptances (this one included) less than one hour either side. */
  private static boolean inBurst(List<Long> sorted, long t) {
    long w = BURST_WINDOW.toMillis();
    int n = 0;
    for (long s : sorted) {
      if (Math.abs(s - t) < w) {
        n++;
      }
    }
    return n >= BURST_MIN;
  }

  private static double clamp(double v) {
    return Math.max(0, Math.min(1, v));
  }

  /** Rounded to 4 places so values are stable in JSON and receipts. */
  static double round(double v) {
    return Math.round(v * 10_000.0) / 10_000.0;
  }
}
