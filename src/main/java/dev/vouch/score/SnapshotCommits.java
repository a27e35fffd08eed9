package dev.vouch.score;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vouch.exposure.ExposureStore;
import dev.vouch.exposure.model.Reach;
import dev.vouch.exposure.model.SummaryJson;
import dev.vouch.score.model.Breakdown;
import dev.vouch.score.model.Evidence;
import dev.vouch.store.Gateway;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
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
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.Set;

/**
 * The commit side of the score capability, and the one owner of turning a run's result into
 * snapshot rows: commits snapshots, reads the prior evidence a run may carry forward, prunes old
 * counterparty rows. The read model rows of the wallet and its trust-edge peers are refreshed by
 * the database in the same transaction (V20 triggers on the latest-snapshot pointer).
 */
public final class SnapshotCommits {

  private final Gateway db;

  public SnapshotCommits(Gateway db) {
    this.db = db;
  }

  /** Over a pool of a test's own, translation only. */
  public SnapshotCommits(Pool pool) {
    this(Gateway.direct(pool));
  }

  /** Commits a snapshot, its coverage and counterparties in one transaction; returns its id. */
  public Future<Long> commit(NewSnapshot s) {
    return db.transaction(conn -> commit(conn, s));
  }

  /** Same, with the exposure summary computed with the labels in force ({@code exposure}). */
  public Future<Long> commit(NewSnapshot s, boolean exposure) {
    return commit(s, exposure, Reach.DEFAULTS);
  }

  /** Same, with the exposure reach the summary is computed with. */
  public Future<Long> commit(NewSnapshot s, boolean exposure, Reach reach) {
    return db.transaction(conn -> commit(conn, s, exposure, reach));
  }

  /** Inside a caller's transaction, without an exposure summary (the snapshot decides as v0.5). */
  public static Future<Long> commit(SqlConnection conn, NewSnapshot s) {
    return commit(conn, s, false);
  }

  /**
   * Inside a caller's transaction (the indexer also finishes its job there). With {@code exposure},
   * the wallet's exposure summary is computed from the rows just written and the indexed
   * counterparties' latest snapshots, and stored on the snapshot before it becomes the latest:
   * the labels in force now are fixed with it, as the flagged-counterparty count is.
   */
  public static Future<Long> commit(SqlConnection conn, NewSnapshot s, boolean exposure) {
    return commit(conn, s, exposure, Reach.DEFAULTS);
  }

  /** With the exposure.* settings (the indexer's commit). */
  public static Future<Long> commit(SqlConnection conn, NewSnapshot s, boolean exposure,
      dev.vouch.config.AppConfig.Exposure settings) {
    return commit(conn, s, exposure, ExposureStore.reach(settings));
  }

  /**
   * With {@code exposure}, also: the wallet's readers are queued for a recompute (issue 33: a
   * summary that reads this wallet as an intermediary must learn of its new snapshot).
   */
  public static Future<Long> commit(SqlConnection conn, NewSnapshot s, boolean exposure, Reach reach) {
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
        .addString(coverageText(s.chains())).addInteger(e.seasonedCounterparties())
        .addInteger(e.flaggedDustCounterparties());
    return conn.preparedQuery(SnapshotQueries.UPSERT_WALLET).execute(Tuple.of(s.wallet()))
        .compose(v -> conn.preparedQuery(SnapshotQueries.INSERT_SNAPSHOT).execute(snapshot))
        .map(rows -> rows.iterator().next().getLong(0))
        .compose(id -> insertChains(conn, id, s)
            .compose(v -> insertCounterparties(conn, id, s))
            .compose(v -> insertTokenEvidence(conn, id, s))
            .compose(v -> conn.preparedQuery(SnapshotQueries.SET_FUNDER).execute(Tuple.of(id)))
            .compose(v -> !exposure ? Future.succeededFuture()
                : storeExposure(conn, id, s.wallet(), reach, s.committedAt()))
            .compose(v -> materializeGraph(conn, id, s))
            .compose(v -> !exposure ? Future.succeededFuture()
                : conn.preparedQuery(SnapshotQueries.QUEUE_DEPENDENTS)
                    .execute(Tuple.of(s.wallet(), id, reach.hubCounterparties(), utc(s.committedAt()))))
            .compose(v -> conn.preparedQuery(SnapshotQueries.POINT_LATEST).execute(Tuple.of(s.wallet(), id)))
            .map(v -> id));
  }

  /**
   * The wallet's latest committed snapshot (empty when none), with the counterparty and token flow
   * rows of the chains in {@code carry}: what a run whose reads of those chains failed transiently keeps.
   * From the primary: the next snapshot builds on it, so a replica's lag must not lose evidence.
   */
  public Future<Optional<PriorEvidence>> prior(String wallet, Set<Long> carry) {
    return db.readPrimary(pool -> pool.preparedQuery(SnapshotQueries.PRIOR_CHAINS).execute(Tuple.of(wallet)).compose(rows -> {
      if (rows.size() == 0) {
        return Future.succeededFuture(Optional.<PriorEvidence>empty());
      }
      long id = 0;
      Map<Long, NewSnapshot.ChainRow> chains = new TreeMap<>();
      Map<Long, Long> unverified = new TreeMap<>();
      for (Row r : rows) {
        id = r.getLong("snapshot_id");
        OffsetDateTime first = r.getOffsetDateTime("first_tx_at");
        chains.put(r.getLong("chain_id"), new NewSnapshot.ChainRow(r.getLong("chain_id"), r.getString("chain"),
            r.getString("status"), r.getBoolean("is_transient"), r.getBoolean("is_standing"),
            r.getBoolean("history_capped"), r.getBoolean("recency_reliable"), r.getString("source"),
            r.getLong("tx_count"), r.getInteger("counterparty_count"),
            r.getOffsetDateTime("indexed_at").toInstant(), Arrays.asList(r.getArrayOfStrings("fallback_from")),
            first == null ? null : first.toInstant(), r.getLong("failed_tx_count"), r.getBoolean("active"),
            r.getBoolean("tokens_capped"), r.getLong("token_tx_count"), r.getLong("zero_value_token_transfers")));
        unverified.put(r.getLong("chain_id"), r.getLong("unverified_token_transfers"));
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
      // Token flows travel with the chain's native evidence: a blip must not drop either.
      Future<List<NewSnapshot.TokenFlowRow>> flows = wanted.length == 0
          ? Future.succeededFuture(List.of())
          : pool.preparedQuery(SnapshotQueries.PRIOR_TOKEN_FLOWS)
              .execute(Tuple.tuple().addLong(snapshot).addArrayOfLong(wanted))
              .map(SnapshotCommits::tokenFlows);
      return Future.all(kept, flows).map(v -> {
        List<NewSnapshot.CounterpartyRow> cps = kept.result();
        Map<Long, PriorEvidence.Chain> out = new TreeMap<>();
        chains.forEach((chainId, row) -> out.put(chainId, new PriorEvidence.Chain(row,
            cps.stream().filter(c -> c.chainId() == chainId).toList(),
            flows.result().stream().filter(f -> f.chainId() == chainId).toList(),
            unverified.getOrDefault(chainId, 0L))));
        return Optional.of(new PriorEvidence(snapshot, out));
      });
    }));
  }

  private static List<NewSnapshot.TokenFlowRow> tokenFlows(io.vertx.sqlclient.RowSet<Row> rows) {
    List<NewSnapshot.TokenFlowRow> out = new ArrayList<>(rows.size());
    for (Row f : rows) {
      OffsetDateTime first = f.getOffsetDateTime("first_at");
      OffsetDateTime last = f.getOffsetDateTime("last_at");
      String usdIn = f.getString("usd_in");
      String usdOut = f.getString("usd_out");
      out.add(new NewSnapshot.TokenFlowRow(f.getString("counterparty"), f.getLong("chain_id"), f.getString("token"),
          f.getString("symbol"), f.getShort("decimals"), f.getInteger("tx_in"), f.getInteger("tx_out"),
          new BigInteger(f.getString("value_in")), new BigInteger(f.getString("value_out")),
          usdIn == null ? null : new java.math.BigDecimal(usdIn), usdOut == null ? null : new java.math.BigDecimal(usdOut),
          first == null ? null : first.toInstant(), last == null ? null : last.toInstant(),
          Arrays.asList(f.getArrayOfStrings("tx_hashes"))));
    }
    return out;
  }

  /**
   * Deletes the counterparty rows (and graph nodes) of at most {@code batch} snapshots that were
   * superseded before {@code cutoff}; returns how many snapshots lost their rows.
   */
  public Future<Integer> pruneGraphs(Instant cutoff, int batch) {
    return db.write(c -> c.preparedQuery(SnapshotQueries.PRUNE_GRAPH).execute(Tuple.of(utc(cutoff), batch)))
        .map(rows -> rows.rowCount());
  }

  /**
   * The summary with the labels in force (read from the label store with their version); then,
   * holding the label lock shared to the commit's end, the wallet is queued for the sweep if the
   * stored labels are of another version (a switch committed while the summary was computed).
   */
  private static Future<Void> storeExposure(SqlConnection conn, long id, String wallet, Reach reach, Instant now) {
    return ExposureStore.atCommit(conn, wallet, id, reach)
        .compose(summary -> conn.preparedQuery(SnapshotQueries.SET_EXPOSURE)
            .execute(Tuple.of(id, SummaryJson.write(summary)))
            .compose(v -> conn.query(SnapshotQueries.LABELS_SHARED).execute())
            .compose(v -> conn.preparedQuery(SnapshotQueries.QUEUE_IF_BEHIND)
                .execute(Tuple.of(wallet, summary.labelsVersion(), utc(now)))))
        .mapEmpty();
  }

  /** Node and chain counts are known here; the nodes' sort keys are aggregated by the database. */
  private static Future<Void> materializeGraph(SqlConnection conn, long id, NewSnapshot s) {
    Set<String> nodes = new HashSet<>();
    Set<Long> chains = new HashSet<>();
    for (NewSnapshot.CounterpartyRow c : s.counterparties()) {
      nodes.add(c.counterparty());
      chains.add(c.chainId());
    }
    // Registered-token counterparties are nodes too (token_flows never holds an unregistered token);
    // the mint and burn row's zero address is none.
    for (NewSnapshot.TokenFlowRow f : s.tokenFlows()) {
      if (f.counterparty().equals(dev.vouch.indexing.model.TokenFlows.ZERO)) {
        continue;
      }
      nodes.add(f.counterparty());
      chains.add(f.chainId());
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
          .addOffsetDateTime(utc(c.firstTxAt())).addLong(c.failedTxCount()).addBoolean(c.active())
          .addBoolean(c.tokensCapped()).addLong(c.tokenTxCount()).addLong(c.zeroValueTokens()));
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

  /** Token flows, unverified counts per chain and the registry's hash; nothing when there are none. */
  private static Future<Void> insertTokenEvidence(SqlConnection conn, long id, NewSnapshot s) {
    Future<Void> hash = s.tokenRegistryHash() == null ? Future.succeededFuture()
        : conn.preparedQuery(SnapshotQueries.SET_TOKEN_REGISTRY).execute(Tuple.of(id, s.tokenRegistryHash())).mapEmpty();
    return hash.compose(v -> {
      if (s.unverifiedTokenTransfers().isEmpty()) {
        return Future.<Void>succeededFuture();
      }
      List<Tuple> batch = new ArrayList<>();
      s.unverifiedTokenTransfers().forEach((chain, n) -> batch.add(Tuple.of(id, chain, n)));
      return conn.preparedQuery(SnapshotQueries.SET_UNVERIFIED_TOKENS).executeBatch(batch).mapEmpty();
    }).compose(v -> {
      if (s.tokenFlows().isEmpty()) {
        return Future.<Void>succeededFuture();
      }
      // One statement for every row (a wallet may have hundreds): hashes travel comma-joined, as
      // unnest cannot take an array of arrays of different lengths.
      List<NewSnapshot.TokenFlowRow> rows = s.tokenFlows();
      int n = rows.size();
      String[] cp = new String[n];
      Long[] chain = new Long[n];
      String[] token = new String[n];
      String[] symbol = new String[n];
      Short[] decimals = new Short[n];
      Integer[] in = new Integer[n];
      Integer[] out = new Integer[n];
      String[] valueIn = new String[n];
      String[] valueOut = new String[n];
      String[] usdIn = new String[n];
      String[] usdOut = new String[n];
      OffsetDateTime[] first = new OffsetDateTime[n];
      OffsetDateTime[] last = new OffsetDateTime[n];
      String[] hashes = new String[n];
      for (int i = 0; i < n; i++) {
        NewSnapshot.TokenFlowRow f = rows.get(i);
        cp[i] = f.counterparty();
        chain[i] = f.chainId();
        token[i] = f.token();
        symbol[i] = f.symbol();
        decimals[i] = (short) f.decimals();
        in[i] = f.txIn();
        out[i] = f.txOut();
        valueIn[i] = f.valueIn().toString();
        valueOut[i] = f.valueOut().toString();
        usdIn[i] = f.usdIn() == null ? null : f.usdIn().toPlainString();
        usdOut[i] = f.usdOut() == null ? null : f.usdOut().toPlainString();
        first[i] = utc(f.firstAt());
        last[i] = utc(f.lastAt());
        hashes[i] = String.join(",", f.txHashes());
      }
      return conn.preparedQuery(SnapshotQueries.INSERT_TOKEN_FLOW).execute(Tuple.tuple().addLong(id)
              .addArrayOfString(cp).addArrayOfLong(chain).addArrayOfString(token).addArrayOfString(symbol)
              .addArrayOfShort(decimals).addArrayOfInteger(in).addArrayOfInteger(out)
              .addArrayOfString(valueIn).addArrayOfString(valueOut).addArrayOfString(usdIn).addArrayOfString(usdOut)
              .addArrayOfOffsetDateTime(first).addArrayOfOffsetDateTime(last).addArrayOfString(hashes))
          .mapEmpty();
    });
  }

  private static OffsetDateTime utc(Instant i) {
    return i == null ? null : i.atOffset(ZoneOffset.UTC);
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
      if (c.tokensCapped() != null) {
        m.put("tokensCapped", c.tokensCapped());   // the decision warns on a capped token read (issue 35)
      }
      if (c.zeroValueTokens() != null) {
        m.put("zeroValueTokenTransfers", c.zeroValueTokens());   // shown in coverage (issue 33 item 4)
      }
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

  private static final ObjectMapper COVERAGE_JSON = new ObjectMapper();
}
