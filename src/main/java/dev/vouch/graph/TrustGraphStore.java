package dev.vouch.graph;

import dev.vouch.graph.model.PeerAssessment;
import dev.vouch.graph.model.TrustEdge;
import dev.vouch.graph.model.TrustMetrics;
import dev.vouch.graph.model.TrustModel;
import dev.vouch.graph.model.TrustSubject;
import dev.vouch.store.Gateway;
import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.math.BigInteger;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/** The trust read (SPEC 2.7): one round trip for the edges, then the pure model at read time. */
public final class TrustGraphStore {

  /** Peers listed in strongestPeers and topTrustedPeers. */
  static final int STRONGEST = 5;

  private final Gateway db;

  public TrustGraphStore(Gateway db) {
    this.db = db;
  }

  private record EdgeRow(long id, String from, String to, long chainId, BigInteger value, Instant txTime,
      Instant acceptedAt, String peer, String peerUsername, Integer peerScore, Instant peerFirst, String peerFunder,
      long shared, Integer peerSeasoned) {}

  public Future<TrustGraphView> read(String wallet, Instant now) {
    return db.read(c -> c.preparedQuery(TrustGraphQueries.EDGES).execute(Tuple.of(wallet)))
        .map(rows -> {
          TrustSubject self = null;
          List<EdgeRow> edges = new ArrayList<>();
          for (Row r : rows) {
            if (self == null) {
              self = new TrustSubject(wallet, instant(r.getOffsetDateTime("self_first")), r.getString("self_funder"));
            }
            if (r.getLong("id") != null) {
              String v = r.getString("tx_value");
              edges.add(new EdgeRow(r.getLong("id"), r.getString("from_wallet"), r.getString("to_wallet"),
                  r.getLong("chain_id"), v == null ? null : new BigInteger(v), instant(r.getOffsetDateTime("tx_time")),
                  instant(r.getOffsetDateTime("accepted_at")), r.getString("peer"), r.getString("peer_username"),
                  r.getInteger("peer_score"), instant(r.getOffsetDateTime("peer_first")), r.getString("peer_funder"),
                  r.getLong("shared_counterparties"), r.getInteger("peer_seasoned")));
            }
          }
          return view(self == null ? TrustSubject.unknown(wallet) : self, edges, now);
        });
  }

  private static TrustGraphView view(TrustSubject self, List<EdgeRow> rows, Instant now) {
    List<TrustEdge> edges = new ArrayList<>(rows.size());
    Map<String, Integer> scores = new HashMap<>();
    Map<String, String> funders = new HashMap<>();
    Map<String, List<EdgeRow>> byPeer = new TreeMap<>();
    for (EdgeRow r : rows) {
      edges.add(new TrustEdge(r.peer(), r.acceptedAt(), r.from().equals(self.wallet()), r.value(), r.peerFirst(),
          r.peerFunder(), r.peerSeasoned()));
      if (r.peerScore() != null) {
        scores.put(r.peer(), r.peerScore());
      }
      if (r.peerFunder() != null) {
        funders.put(r.peer(), r.peerFunder());
      }
      byPeer.computeIfAbsent(r.peer(), k -> new ArrayList<>()).add(r);
    }
    TrustModel.Assessment a = TrustModel.assess(self, edges);
    TrustMetrics m = TrustMetrics.of(a, scores, funders, now);

    List<TrustGraphView.Edge> out = new ArrayList<>();
    List<TrustGraphView.Peer> reciprocal = new ArrayList<>();
    List<TrustGraphView.Peer> all = new ArrayList<>();
    for (PeerAssessment p : a.peers()) {
      List<EdgeRow> pe = byPeer.get(p.peer());
      EdgeRow any = pe.get(0);
      Map<Long, BigInteger> volume = new TreeMap<>();
      List<Long> ids = new ArrayList<>();
      TreeSet<String> types = new TreeSet<>();
      Instant first = null;
      Instant last = null;
      for (EdgeRow r : pe) {
        ids.add(r.id());
        if (r.value() != null) {
          volume.merge(r.chainId(), r.value(), BigInteger::add);
          if (r.value().signum() > 0) {
            types.add("native_transfer");
          }
        }
        types.add(r.from().equals(self.wallet()) ? "attested_by_wallet" : "attested_by_peer");
        Instant t = r.txTime() == null ? r.acceptedAt() : r.txTime();
        first = first == null || t.isBefore(first) ? t : first;
        last = last == null || t.isAfter(last) ? t : last;
      }
      List<TrustGraphView.Volume> vol = new ArrayList<>();
      volume.forEach((chain, amount) -> vol.add(new TrustGraphView.Volume(chain, amount.toString())));
      out.add(new TrustGraphView.Edge(List.copyOf(ids), self.wallet(), p.peer(), any.peerUsername(), any.peerScore(),
          p.edges(), List.copyOf(vol), first, last, List.copyOf(types), p.trustWeight(), p.reciprocal(),
          any.shared(), p.lastAt()));
      TrustGraphView.Peer peer = new TrustGraphView.Peer(p.peer(), any.peerUsername(), p.trustWeight());
      all.add(peer);
      if (p.reciprocal()) {
        reciprocal.add(peer);
      }
    }
    List<TrustGraphView.Peer> strongest = all.stream()
        .sorted(Comparator.comparingDouble(TrustGraphView.Peer::trustWeight).reversed()
            .thenComparing(TrustGraphView.Peer::wallet))
        .limit(STRONGEST).toList();
    Instant created = a.peers().stream().map(PeerAssessment::firstAt).min(Comparator.naturalOrder()).orElse(null);
    Instant updated = a.peers().stream().map(PeerAssessment::lastAt).max(Comparator.naturalOrder()).orElse(null);
    var snapshot = new TrustGraphView.Snapshot(self.wallet(), m.trustedPeerCount(), m.strongestConnectionWallet(),
        m.strongestConnectionWeight(), m.reciprocalCount(), m.networkHealth(), m.totalTrustWeight(),
        m.propagatedTrustScore(), m.trustConfidence(), m.anomalyScore(), m.maturityReason(),
        strongest.stream().map(TrustGraphView.Peer::wallet).toList(), created, updated);
    var metrics = new TrustGraphView.Metrics(m.trustedPeerCount(), m.reciprocalCount(), m.totalTrustWeight(),
        m.strongestConnectionWeight(), m.networkHealth(), m.relationshipDiversity(), m.networkMaturity(),
        m.trustLevel(), m.propagatedTrustScore(), m.trustConfidence(), m.anomalyScore(), m.maturityReason(),
        m.suspicious());
    List<TrustGraphView.Anomaly> anomalies = m.anomalies().stream()
        .map(x -> new TrustGraphView.Anomaly(x.code(), x.severity(), x.peerCount(), x.message(), Map.of()))
        .toList();
    return new TrustGraphView(self.wallet(), new TrustGraphView.TrustGraph(self.wallet(), List.copyOf(out), snapshot,
        anomalies, List.copyOf(reciprocal), strongest, metrics, m.explanations(), List.of()));
  }

  private static Instant instant(OffsetDateTime t) {
    return t == null ? null : t.toInstant();
  }
}
