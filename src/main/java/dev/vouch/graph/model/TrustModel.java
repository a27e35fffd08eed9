package dev.vouch.graph.model;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Read-time trust metrics from verified edges. The anomaly score is the largest share of edges
 * accepted inside any one-hour window (a burst of fresh edges is how rings are built); it only
 * counts once a wallet has enough edges for a share to mean something.
 */
public final class TrustModel {

  public static final Duration BURST_WINDOW = Duration.ofHours(1);
  public static final int MIN_EDGES_FOR_ANOMALY = 5;
  public static final double ANOMALY_SOFT = 0.5;
  public static final double ANOMALY_HIGH = 0.8;
  public static final int MIN_PEERS_FOR_SUSPICIOUS = 10;

  private TrustModel() {}

  public static TrustSignals signals(List<TrustEdge> edges) {
    if (edges.isEmpty()) {
      return TrustSignals.NONE;
    }
    Set<String> out = new HashSet<>();
    Set<String> in = new HashSet<>();
    for (TrustEdge e : edges) {
      (e.outgoing() ? out : in).add(e.peer());
    }
    Set<String> peers = new HashSet<>(out);
    peers.addAll(in);
    Set<String> reciprocal = new HashSet<>(out);
    reciprocal.retainAll(in);
    double anomaly = edges.size() >= MIN_EDGES_FOR_ANOMALY ? burstShare(edges) : 0.0;
    boolean suspicious = peers.size() >= MIN_PEERS_FOR_SUSPICIOUS
        && reciprocal.size() == peers.size()
        && anomaly >= ANOMALY_HIGH;
    return new TrustSignals(peers.size(), reciprocal.size(), edges.size(), anomaly, suspicious);
  }

  static double burstShare(List<TrustEdge> edges) {
    List<Long> times = new ArrayList<>(edges.size());
    for (TrustEdge e : edges) {
      times.add(e.acceptedAt().toEpochMilli());
    }
    times.sort(null);
    long window = BURST_WINDOW.toMillis();
    int best = 0;
    int start = 0;
    for (int end = 0; end < times.size(); end++) {
      while (times.get(end) - times.get(start) >= window) {
        start++;
      }
      best = Math.max(best, end - start + 1);
    }
    // Rounded to 4 places so the value is stable in JSON and receipts.
    return Math.round(10_000.0 * best / times.size()) / 10_000.0;
  }
}
