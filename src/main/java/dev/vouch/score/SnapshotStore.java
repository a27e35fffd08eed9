package dev.vouch.score;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.vouch.decision.model.ChainCoverage;
import dev.vouch.decision.model.CommittedSnapshot;
import dev.vouch.graph.model.TrustEdge;
import dev.vouch.graph.model.TrustSubject;
import dev.vouch.score.model.Breakdown;
import dev.vouch.score.model.Evidence;
import dev.vouch.store.Gateway;
import dev.vouch.store.StoreException;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.math.BigInteger;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Set;

/** Reads wallet state and commits snapshots; the only place snapshot SQL runs. */
public final class SnapshotStore {

  private final Gateway db;

  public SnapshotStore(Gateway db) {
    this.db = db;
  }

  /** Over a pool of a test's own, translation only. */
  public SnapshotStore(Pool pool) {
    this(Gateway.direct(pool));
  }

  /** One round trip for any number of (lowercase, valid) wallets, answered in input order. */
  public Future<List<WalletState>> read(List<String> wallets) {
    return resolve(wallets.stream().map(Lookup::wallet).toList()).map(found -> {
      List<WalletState> out = new ArrayList<>(found.size());
      for (Resolved r : found) {
        if (r.failure() != null) {
          throw r.failure();
        }
        out.add(r.state());
      }
      return out;
    });
  }

  /**
   * One round trip for any number of addresses and usernames together, answered in input
   * order. A row that cannot be mapped fails only its own entry.
   */
  public Future<List<Resolved>> resolve(List<Lookup> lookups) {
    String[] addresses = new String[lookups.size()];
    String[] usernames = new String[lookups.size()];
    for (int i = 0; i < addresses.length; i++) {
      addresses[i] = lookups.get(i).wallet();
      usernames[i] = lookups.get(i).username();
    }
    return db.read(c -> c.preparedQuery(SnapshotQueries.READ_STATE)
        .execute(Tuple.tuple().addArrayOfString(addresses).addArrayOfString(usernames)))
        .map(rows -> {
          Map<String, Integer> at = positions(rows);
          List<Resolved> out = new ArrayList<>(addresses.length);
          for (Row row : rows) {
            out.add(resolved(new Named(row, at)));
          }
          return out;
        });
  }

  private static Resolved resolved(Named row) {
    if (row.getString("address") == null) {
      return Resolved.unknown();
    }
    try {
      return Resolved.found(map(row));
    } catch (RuntimeException e) {
      return Resolved.failed(new StoreException(StoreException.Kind.OTHER, "unreadable state row", e));
    }
  }

  /** The single-wallet read: the same columns through a statement whose plan is cached. */
  public Future<WalletState> read(String wallet) {
    return db.read(c -> c.preparedQuery(SnapshotQueries.READ_STATE_ONE).execute(Tuple.of(wallet)))
        .map(rows -> map(new Named(rows.iterator().next(), positions(rows))));
  }

  /** Commits a snapshot, its coverage and counterparties in one transaction; returns its id. */
  public Future<Long> commit(NewSnapshot s) {
    return db.transaction(conn -> commit(conn, s));
  }

  /** Same, inside a caller's transaction (the indexer also finishes its job there). */
  public static Future<Long> commit(SqlConnection conn, NewSnapshot s) {
    Breakdown b = s.score().breakdown();
    Evidence e = s.evidence();
    Tuple snapshot = Tuple.tuple()
        .addString(s.wallet()).addOffsetDateTime(utc(s.committedAt()))
        .addString(s.score().modelVersion()).addInteger(s.score().score())
        .addInteger(b.globalWalletAge()).addInteger(b.crossChainActivity()).addInteger(b.arcActivity())
        .addInteger(b.counterpartyDiversity()).addInteger(b.verifiedAttestations())
        .addInteger(b.propagatedTrust()).addInteger(b.transactionActivity()).addInteger(b.riskPenalty())
        .addOffsetDateTime(utc(s.firstActivityAt())).addInteger(e.walletAgeDays())
        .addArrayOfString(s.activeChains().toArray(String[]::new))
        .addLong(e.totalTxCount()).addLong(e.arcTxCount()).addInteger(e.uniqueCounterparties())
        .addInteger(e.flaggedCounterparties()).addLong(e.failedTxCount())
        .addInteger(e.acceptedAttestations()).addInteger(e.attestationCounterparties())
        .addLong(e.peerScoreSum()).addLong(s.jobId()).addJsonObject(new JsonObject(new LinkedHashMap<>(s.flaggedLists())))
        .addString(coverageText(s.chains()));
    return conn.preparedQuery(SnapshotQueries.UPSERT_WALLET).execute(Tuple.of(s.wallet()))
        .compose(v -> conn.preparedQuery(SnapshotQueries.INSERT_SNAPSHOT).execute(snapshot))
        .map(rows -> rows.iterator().next().getLong(0))
        .compose(id -> insertChains(conn, id, s)
            .compose(v -> insertCounterparties(conn, id, s))
            .compose(v -> conn.preparedQuery(SnapshotQueries.SET_FUNDER).execute(Tuple.of(id)))
            .compose(v -> materializeGraph(conn, id, s))
            .compose(v -> conn.preparedQuery(SnapshotQueries.POINT_LATEST).execute(Tuple.of(s.wallet(), id)))
            .map(v -> id));
  }

  /**
   * The wallet's latest committed snapshot (empty when none), with the counterparty rows of the
   * chains in {@code carry}: what a run whose reads of those chains failed transiently keeps.
   * From the primary: the next snapshot builds on it, so a replica's lag must not lose evidence.
   */
  public Future<Optional<PriorEvidence>> prior(String wallet, Set<Long> carry) {
    return db.readPrimary(pool -> pool.preparedQuery(SnapshotQueries.PRIOR_CHAINS).execute(Tuple.of(wallet)).compose(rows -> {
      if (rows.size() == 0) {
        return Future.succeededFuture(Optional.<PriorEvidence>empty());
      }
      long id = 0;
      Map<Long, NewSnapshot.ChainRow> chains = new TreeMap<>();
      for (Row r : rows) {
        id = r.getLong("snapshot_id");
        OffsetDateTime first = r.getOffsetDateTime("first_tx_at");
        chains.put(r.getLong("chain_id"), new NewSnapshot.ChainRow(r.getLong("chain_id"), r.getString("chain"),
            r.getString("status"), r.getBoolean("is_transient"), r.getBoolean("is_standing"),
            r.getBoolean("history_capped"), r.getBoolean("recency_reliable"), r.getString("source"),
            r.getLong("tx_count"), r.getInteger("counterparty_count"),
            r.getOffsetDateTime("indexed_at").toInstant(), Arrays.asList(r.getArrayOfStrings("fallback_from")),
            first == null ? null : first.toInstant(), r.getLong("failed_tx_count"), r.getBoolean("active")));
      }
      long snapshot = id;
      Long[] wanted = carry.stream().filter(chains::containsKey).toArray(Long[]::new);
      Future<List<NewSnapshot.CounterpartyRow>> kept = wanted.length == 0
          ? Future.succeededFuture(List.of())
          : pool.preparedQuery(SnapshotQueries.PRIOR_COUNTERPARTIES)
              .execute(Tuple.tuple().addLong(snapshot).addArrayOfLong(wanted))
              .map(cps -> {
                List<NewSnapshot.CounterpartyRow> out = new ArrayList<>(cps.size());
                for (Row c : cps) {
                  OffsetDateTime f = c.getOffsetDateTime("first_at");
                  OffsetDateTime l = c.getOffsetDateTime("last_at");
                  out.add(new NewSnapshot.CounterpartyRow(c.getString("counterparty"), c.getLong("chain_id"),
                      c.getBoolean("stats_captured"), c.getInteger("tx_in"), c.getInteger("tx_out"),
                      f == null ? null : f.toInstant(), l == null ? null : l.toInstant(),
                      new BigInteger(c.getString("value_in")), new BigInteger(c.getString("value_out"))));
                }
                return out;
              });
      return kept.map(cps -> {
        Map<Long, PriorEvidence.Chain> out = new TreeMap<>();
        chains.forEach((chainId, row) -> out.put(chainId, new PriorEvidence.Chain(row,
            cps.stream().filter(c -> c.chainId() == chainId).toList())));
        return Optional.of(new PriorEvidence(snapshot, out));
      });
    }));
  }

  /**
   * Deletes the counterparty rows (and graph nodes) of at most {@code batch} snapshots that were
   * superseded before {@code cutoff}; returns how many snapshots lost their rows.
   */
  public Future<Integer> pruneGraphs(Instant cutoff, int batch) {
    return db.write(c -> c.preparedQuery(SnapshotQueries.PRUNE_GRAPH).execute(Tuple.of(utc(cutoff), batch)))
        .map(rows -> rows.rowCount());
  }

  /** Node and chain counts are known here; the nodes' sort keys are aggregated by the database. */
  private static Future<Void> materializeGraph(SqlConnection conn, long id, NewSnapshot s) {
    Set<String> nodes = new HashSet<>();
    Set<Long> chains = new HashSet<>();
    for (NewSnapshot.CounterpartyRow c : s.counterparties()) {
      nodes.add(c.counterparty());
      chains.add(c.chainId());
    }
    return conn.preparedQuery(SnapshotQueries.MATERIALIZE_GRAPH)
        .execute(Tuple.of(id, nodes.size(), chains.size()))
        .mapEmpty();
  }

  private static Future<Void> insertChains(SqlConnection conn, long id, NewSnapshot s) {
    if (s.chains().isEmpty()) {
      return Future.succeededFuture();
    }
    List<Tuple> batch = new ArrayList<>(s.chains().size());
    for (NewSnapshot.ChainRow c : s.chains()) {
      batch.add(Tuple.tuple().addLong(id).addLong(c.chainId()).addString(c.chain()).addString(c.status())
          .addBoolean(c.transient_()).addBoolean(c.standing()).addBoolean(c.historyCapped())
          .addBoolean(c.recencyReliable()).addString(c.source()).addLong(c.txCount())
          .addInteger(c.counterpartyCount()).addOffsetDateTime(utc(c.indexedAt()))
          .addArrayOfString(c.fallbackFrom().toArray(String[]::new))
          .addOffsetDateTime(utc(c.firstTxAt())).addLong(c.failedTxCount()).addBoolean(c.active()));
    }
    return conn.preparedQuery(SnapshotQueries.INSERT_CHAIN).executeBatch(batch).mapEmpty();
  }

  private static Future<Void> insertCounterparties(SqlConnection conn, long id, NewSnapshot s) {
    if (s.counterparties().isEmpty()) {
      return Future.succeededFuture();
    }
    List<NewSnapshot.CounterpartyRow> rows = s.counterparties();
    int n = rows.size();
    String[] address = new String[n];
    Long[] chain = new Long[n];
    Boolean[] captured = new Boolean[n];
    Integer[] in = new Integer[n];
    Integer[] out = new Integer[n];
    OffsetDateTime[] first = new OffsetDateTime[n];
    OffsetDateTime[] last = new OffsetDateTime[n];
    String[] valueIn = new String[n];
    String[] valueOut = new String[n];
    for (int i = 0; i < n; i++) {
      NewSnapshot.CounterpartyRow c = rows.get(i);
      address[i] = c.counterparty();
      chain[i] = c.chainId();
      captured[i] = c.statsCaptured();
      in[i] = c.txIn();
      out[i] = c.txOut();
      first[i] = utc(c.firstAt());
      last[i] = utc(c.lastAt());
      valueIn[i] = c.valueIn().toString();
      valueOut[i] = c.valueOut().toString();
    }
    return conn.preparedQuery(SnapshotQueries.INSERT_COUNTERPARTIES).execute(Tuple.tuple().addLong(id)
            .addArrayOfString(address).addArrayOfLong(chain).addArrayOfBoolean(captured)
            .addArrayOfInteger(in).addArrayOfInteger(out).addArrayOfOffsetDateTime(first)
            .addArrayOfOffsetDateTime(last).addArrayOfString(valueIn).addArrayOfString(valueOut))
        .mapEmpty();
  }

  private static OffsetDateTime utc(Instant i) {
    return i == null ? null : i.atOffset(ZoneOffset.UTC);
  }

  /** Column positions of a result, found once: the driver searches the names on every get by name. */
  private static Map<String, Integer> positions(RowSet<Row> rows) {
    List<String> names = rows.columnsNames();
    Map<String, Integer> at = new HashMap<>(names.size() * 2);
    for (int i = 0; i < names.size(); i++) {
      at.put(names.get(i), i);
    }
    return at;
  }

  /** A read-state row whose values are got by name through the result's positions. */
  private record Named(Row row, Map<String, Integer> at) {
    private int i(String column) {
      Integer position = at.get(column);
      if (position == null) {
        throw new IllegalStateException("no column " + column + " in the read state");
      }
      return position;
    }

    String getString(String c) {
      return row.getString(i(c));
    }

    Integer getInteger(String c) {
      return row.getInteger(i(c));
    }

    Long getLong(String c) {
      return row.getLong(i(c));
    }

    Boolean getBoolean(String c) {
      return row.getBoolean(i(c));
    }

    String[] getArrayOfStrings(String c) {
      return row.getArrayOfStrings(i(c));
    }

    OffsetDateTime getOffsetDateTime(String c) {
      return row.getOffsetDateTime(i(c));
    }

    Object getValue(String c) {
      return row.getValue(i(c));
    }

    JsonArray getJsonArray(String c) {
      return row.getJsonArray(i(c));
    }
  }

  private static WalletState map(Named row) {
    String wallet = row.getString("address");
    Optional<CommittedSnapshot> snapshot = Optional.empty();
    if (row.getLong("snapshot_id") != null) {
      Breakdown b = new Breakdown(
          row.getInteger("global_wallet_age"), row.getInteger("cross_chain_activity"),
          row.getInteger("arc_activity"), row.getInteger("counterparty_diversity"),
          row.getInteger("verified_attestations"), row.getInteger("propagated_trust"),
          row.getInteger("transaction_activity"), row.getInteger("risk_penalty"));
      String[] chains = row.getArrayOfStrings("active_chains");
      Evidence e = new Evidence(
          row.getInteger("global_wallet_age_days"), chains.length,
          row.getLong("total_tx_count"), row.getLong("arc_tx_count"),
          row.getInteger("unique_counterparties"), row.getInteger("flagged_counterparties"),
          row.getLong("failed_tx_count"), row.getInteger("accepted_attestations"),
          row.getInteger("attestation_counterparties"), row.getLong("peer_score_sum"));
      snapshot = Optional.of(new CommittedSnapshot(
          row.getInteger("score"), b, e, row.getString("score_model_version"),
          row.getOffsetDateTime("committed_at").toInstant(), List.copyOf(Arrays.asList(chains)),
          coverage(row.getString("coverage")), flaggedLists(row.getValue("flagged_lists")),
          evidenceReadAt(row.getString("coverage"))));
    }
    OffsetDateTime first = row.getOffsetDateTime("first_activity_at");
    return new WalletState(wallet, row.getString("username"), snapshot,
        edges(row.getJsonArray("edges")), row.getBoolean("in_flight"),
        new TrustSubject(wallet, first == null ? null : first.toInstant(), row.getString("funder")));
  }

  /**
   * When the oldest evidence of the snapshot was read: the "at" of a chain that kept earlier
   * evidence after a transient failure (the commit writes it for those; the fallback for every
   * chain); null when none, which means the commit time. Parsed again only when "at" is there.
   */
  private static Instant evidenceReadAt(String json) {
    if (json == null || !json.contains("\"at\"")) {
      return null;
    }
    JsonArray rows = new JsonArray(json);
    Long oldest = null;
    for (int i = 0; i < rows.size(); i++) {
      JsonObject c = rows.getJsonObject(i);
      Long at = c.getLong("at");
      if (at != null && !"error".equals(c.getString("status")) && (oldest == null || at < oldest)) {
        oldest = at;
      }
    }
    return oldest == null ? null : Instant.ofEpochMilli(oldest);
  }

  /**
   * The coverage a read needs, as the commit stores it with the snapshot: the same fields the
   * fallback builds from snapshot_chains, in chain id order.
   */
  static String coverageText(List<NewSnapshot.ChainRow> chains) {
    List<Map<String, Object>> out = new ArrayList<>(chains.size());
    chains.stream().sorted(Comparator.comparingLong(NewSnapshot.ChainRow::chainId)).forEach(c -> {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("chain", c.chain());
      m.put("status", c.status());
      m.put("transient", c.transient_());
      m.put("standing", c.standing());
      m.put("historyCapped", c.historyCapped());
      m.put("recencyReliable", c.recencyReliable());
      m.put("source", c.source());
      m.put("fallbackFrom", c.fallbackFrom());
      if (c.transient_() && !"error".equals(c.status())) {
        m.put("at", c.indexedAt().toEpochMilli());   // carried evidence ages by its own read time (D6)
      }
      out.add(m);
    });
    try {
      return chains.isEmpty() ? null : COVERAGE_JSON.writeValueAsString(out);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write coverage", e);
    }
  }

  /**
   * Coverage texts repeat across wallets (the same chains with the same statuses and sources), so
   * each distinct text is parsed once; the records are immutable and shared. Bounded: emptied when
   * it reaches {@link #PARSED_MAX} texts.
   */
  static List<ChainCoverage> coverage(String json) {
    if (json == null) {
      return List.of();
    }
    List<ChainCoverage> known = PARSED.get(json);
    if (known != null) {
      return known;
    }
    List<ChainCoverage> parsed = parse(json);
    if (PARSED.size() >= PARSED_MAX) {
      PARSED.clear();
    }
    PARSED.put(json, parsed);
    return parsed;
  }

  private static final int PARSED_MAX = 4096;
  private static final Map<String, List<ChainCoverage>> PARSED = new ConcurrentHashMap<>();

  /** Straight from the text to records: no intermediate JSON tree. */
  private static List<ChainCoverage> parse(String json) {
    try {
      return List.of(COVERAGE_READER.<ChainCoverage[]>readValue(json));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("unreadable coverage of a committed snapshot", e);
    }
  }

  private static final ObjectMapper COVERAGE_JSON = new ObjectMapper()
      .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
  private static final ObjectReader COVERAGE_READER = COVERAGE_JSON.readerFor(ChainCoverage[].class);

  private static Map<String, Integer> flaggedLists(Object json) {
    if (!(json instanceof JsonObject o)) {
      return Map.of();
    }
    Map<String, Integer> out = new TreeMap<>();
    o.forEach(en -> out.put(en.getKey(), ((Number) en.getValue()).intValue()));
    return out;
  }

  private static List<TrustEdge> edges(JsonArray rows) {
    if (rows == null) {
      return List.of();
    }
    List<TrustEdge> out = new ArrayList<>(rows.size());
    for (int i = 0; i < rows.size(); i++) {
      JsonObject e = rows.getJsonObject(i);
      String value = e.getString("value");
      Long peerFirst = e.getLong("peerFirst");
      out.add(new TrustEdge(e.getString("peer"), Instant.ofEpochMilli(e.getLong("at")), e.getBoolean("out"),
          value == null ? null : new BigInteger(value), peerFirst == null ? null : Instant.ofEpochMilli(peerFirst),
          e.getString("peerFunder")));
    }
    return out;
  }
}
