package dev.vouch.interaction.model;

import dev.vouch.score.model.ChainCoverage;
import dev.vouch.score.model.CoverageStatus;
import dev.vouch.interaction.model.GraphRows.ChainRow;
import dev.vouch.interaction.model.GraphRows.CoverageRow;
import dev.vouch.interaction.model.GraphRows.NodeRow;
import dev.vouch.interaction.model.InteractionGraph.Basis;
import dev.vouch.interaction.model.InteractionGraph.Metrics;
import dev.vouch.interaction.model.InteractionGraph.Node;
import dev.vouch.interaction.model.InteractionGraph.NodeChain;
import dev.vouch.interaction.model.InteractionGraph.Rank;
import dev.vouch.interaction.model.InteractionGraph.TransactionCount;
import dev.vouch.interaction.model.InteractionGraph.Value;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the interaction graph of SPEC 2.6 from what a read found. Pure: the catalogue, the
 * clock and the cursor codec come in. Metric rules (SPEC 2.6):
 *
 * <ol>
 *   <li>A node's metrics come only from its chains with captured stats; with none, metrics is
 *       null (not zero). A chain without captured stats is {@code unavailable} when the snapshot
 *       read it in aggregate mode (never counts), else {@code pending} (captured at the next run).
 *   <li>{@code lowerBound}: a counted chain hit its history cap, or a chain of the node is
 *       pending or unavailable.
 *   <li>Value: direct native transfers (as indexed), per native symbol of the catalogue, pooled
 *       across chains sharing it (ETH on Ethereum, Base, Arbitrum); exact decimal strings of the
 *       native unit from wei (18 decimals).
 *   <li>Ranks are positions in the activity order; observational only.
 *   <li>Registered tokens (issue 24; CONTRACT 9): a counterparty met through a registered token is
 *       a node; transactionCount and value stay native (a chain met only through tokens counts
 *       with zero native transactions and a "0" native value), first and last interaction take
 *       the token transfers' times too, and {@code assets} carries the per-token figures.
 * </ol>
 */
public final class GraphModel {

  public static final int DEFAULT_LIMIT = 25;
  public static final int MAX_LIMIT = 50;
  /** Every native currency of the catalogue (ETH, POL, BNB, Arc's USDC gas token) has 18 decimals. */
  static final int NATIVE_DECIMALS = 18;

  public static final String NOT_ENDORSEMENT = "Observed counterparties are public on-chain observations: never an"
      + " endorsement, never a trust edge, and they do not change the score. Ranks are observational only.";
  public static final String NOT_INDEXED = "This wallet has no committed snapshot yet, so nothing was observed:"
      + " an empty graph here is not proof of isolation. Start intake (POST /api/v1/intake/{wallet}) or a keyed"
      + " refresh, then poll this read until coverage.observedAt is set.";
  public static final String LOWER_BOUND = "Coverage is partial (a chain failed or kept earlier evidence after a"
      + " provider failure, was read in aggregate mode or hit its history cap): the returned address set is a lower bound.";
  public static final String CAPPED = "A chain hit its provider history cap: older counterparties may be missing"
      + " and counts on that chain are at least the figures shown (lowerBound).";
  public static final String EMPTY_NOT_PROOF = "No counterparty was observed, but coverage is not complete:"
      + " an empty graph is not proof of isolation unless coverage is complete.";
  public static final String EMPTY_COMPLETE = "Coverage is complete and no counterparty was observed on the"
      + " indexed chains.";
  public static final String NULL_METRICS = "Nodes with metrics null have no countable evidence yet (aggregate-only"
      + " chain evidence, or a snapshot from before stats capture); null is not zero.";
  public static final String STALE = "The snapshot is older than the staleness threshold; a keyed refresh"
      + " re-indexes the wallet.";
  public static final String INDEXING = "A newer indexing run is in progress; poll until coverage.observedAt changes.";
  public static final String SUPERSEDED = "This page continues the snapshot the first page came from; a newer"
      + " snapshot exists. Read again without a cursor to page the newer one.";
  public static final String RANKED = "Ranked by transaction count, then most recent interaction, then address;"
      + " nodes with metrics null follow, unranked. Ranked reads are one page.";
  public static final String ASSETS = "Nodes include counterparties met through registered tokens (assets:"
      + " per token, counts and exact amounts in whole token units). metrics.transactionCount and value count"
      + " native transfers only, so a token-only counterparty counts 0; first and last interaction include token"
      + " transfers. Transfers of unregistered tokens are never counterparties.";
  public static final String ASSETS_UNKNOWN = "This snapshot was taken without token evidence: nodes carry no"
      + " assets and token-only counterparties are missing until the next refresh.";

  /**
   * What the service provides, the same for every wallet: a client reads them once to
   * switch features on, so a never-indexed wallet must not answer false. A node without countable
   * evidence says so itself (metrics null). Asset details exist when a token registry is
   * configured (the indexer then reads registered-token transfers into every snapshot).
   */
  public static InteractionGraph.Capabilities capabilities(boolean assetDetails) {
    return new InteractionGraph.Capabilities(true, true, true, true, true, assetDetails);
  }

  /** Without a token registry. */
  public static final InteractionGraph.Capabilities SERVICE_CAPABILITIES = capabilities(false);

  /** Where a page's evidence comes from: the wallet's persisted snapshot, or none when never indexed. */
  public static final String SOURCE_SNAPSHOT = "persisted_snapshot";
  public static final String SOURCE_NONE = "none";

  /** What was asked: the wallet, the order and the page size (already validated). */
  public record Request(String wallet, GraphOrder order, int limit) {}

  private GraphModel() {}

  /**
   * @param rows the page as read, with at most limit + 1 nodes (one more tells there is more)
   * @param catalogue chains in catalogue order
   */
  public static InteractionGraph.Data build(Request req, GraphRows rows, List<ChainInfo> catalogue, Cursors cursors,
      Instant now, Duration staleAfter) {
    return build(req, rows, catalogue, cursors, now, staleAfter, false);
  }

  /** @param assetDetails a token registry is configured (capabilities.assetDetails) */
  public static InteractionGraph.Data build(Request req, GraphRows rows, List<ChainInfo> catalogue, Cursors cursors,
      Instant now, Duration staleAfter, boolean assetDetails) {
    Map<Long, Integer> position = new HashMap<>();
    Map<Long, ChainInfo> info = new HashMap<>();
    for (int i = 0; i < catalogue.size(); i++) {
      position.put(catalogue.get(i).chainId(), i);
      info.put(catalogue.get(i).chainId(), catalogue.get(i));
    }
    Map<Long, CoverageRow> coverageByChain = new HashMap<>();
    rows.coverage().forEach(c -> coverageByChain.put(c.chainId(), c));

    boolean ranked = req.order() == GraphOrder.ACTIVITY;
    boolean hasMore = !ranked && rows.nodes().size() > req.limit();
    List<NodeRow> pageRows = rows.nodes().subList(0, Math.min(req.limit(), rows.nodes().size()));
    List<Node> nodes = new ArrayList<>(pageRows.size());
    int rank = 0;
    int profiles = 0;
    boolean anyNullMetrics = false;
    boolean anyAssets = false;
    for (NodeRow row : pageRows) {
      List<ChainRow> chains = withTokenChains(row);
      chains.sort(Comparator.comparingInt((ChainRow c) -> position.getOrDefault(c.chainId(), Integer.MAX_VALUE))
          .thenComparingLong(ChainRow::chainId));
      Metrics metrics = metrics(chains, info, coverageByChain);
      anyNullMetrics |= metrics == null;
      Rank r = !ranked ? null : new Rank(metrics == null ? null : ++rank);
      boolean registered = row.username() != null;
      profiles += registered ? 1 : 0;
      List<InteractionGraph.Asset> assets = rows.tokenEvidence() ? assets(row.assets(), position) : null;
      anyAssets |= assets != null && !assets.isEmpty();
      nodes.add(new Node(row.address(), row.username(), registered ? "/u/" + row.username() : null, registered,
          row.verifiedPeer(), nodeChains(row.address(), chains, info, coverageByChain), metrics, r, assets));
    }
    String next = hasMore
        ? cursors.encode(req.wallet(), new Cursors.Cursor(rows.snapshotId(), pageRows.get(pageRows.size() - 1).address()))
        : null;

    InteractionGraph.Coverage coverage = coverage(rows, now, staleAfter);
    InteractionGraph.Summary summary = new InteractionGraph.Summary(rows.hasSnapshot() ? rows.nodeCount() : 0,
        nodes.size(), profiles, rows.verifiedPeers(), rows.chainsWithCounterparties());
    List<String> explanations = new ArrayList<>(explanations(rows, coverage, nodes.isEmpty(), anyNullMetrics, ranked));
    if (anyAssets) {
      explanations.add(ASSETS);
    } else if (assetDetails && rows.hasSnapshot() && !rows.tokenEvidence()) {
      explanations.add(ASSETS_UNKNOWN);
    }
    InteractionGraph graph = new InteractionGraph(req.wallet(), List.copyOf(nodes), summary, coverage,
        new InteractionGraph.Pagination(req.limit(), next, hasMore), capabilities(assetDetails),
        List.copyOf(explanations));
    return new InteractionGraph.Data(req.wallet(), graph);
  }

  /**
   * The node's native chain rows, each widened by its registered-token transfer times, plus a
   * counted zero-transaction row for each chain met only through registered tokens; ordered by
   * chain id. A native row without stats stays uncounted (its native figures are unknown).
   */
  static List<ChainRow> withTokenChains(NodeRow row) {
    Map<Long, ChainRow> byChain = new java.util.TreeMap<>();
    row.chains().forEach(c -> byChain.put(c.chainId(), c));
    for (GraphRows.AssetRow a : row.assets()) {
      ChainRow c = byChain.get(a.chainId());
      if (c == null) {
        byChain.put(a.chainId(), new ChainRow(a.chainId(), true, 0, 0, a.firstAt(), a.lastAt(), BigInteger.ZERO,
            BigInteger.ZERO));
      } else if (c.statsCaptured()) {
        byChain.put(a.chainId(), new ChainRow(c.chainId(), true, c.txIn(), c.txOut(), min(c.firstAt(), a.firstAt()),
            max(c.lastAt(), a.lastAt()), c.valueIn(), c.valueOut()));
      }
    }
    return new ArrayList<>(byChain.values());
  }

  private static Instant min(Instant a, Instant b) {
    return a == null ? b : b == null || a.isBefore(b) ? a : b;
  }

  private static Instant max(Instant a, Instant b) {
    return a == null ? b : b == null || a.isAfter(b) ? a : b;
  }

  /** Per-token figures in catalogue chain order, then symbol and contract (the read's order within a chain). */
  static List<InteractionGraph.Asset> assets(List<GraphRows.AssetRow> rows, Map<Long, Integer> position) {
    List<GraphRows.AssetRow> sorted = new ArrayList<>(rows);
    sorted.sort(Comparator.comparingInt((GraphRows.AssetRow a) -> position.getOrDefault(a.chainId(), Integer.MAX_VALUE))
        .thenComparingLong(GraphRows.AssetRow::chainId).thenComparing(GraphRows.AssetRow::symbol)
        .thenComparing(GraphRows.AssetRow::token));
    List<InteractionGraph.Asset> out = new ArrayList<>(sorted.size());
    for (GraphRows.AssetRow a : sorted) {
      InteractionGraph.AssetValue usd = a.usdIn() == null && a.usdOut() == null ? null
          : new InteractionGraph.AssetValue(plain(a.usdIn()), plain(a.usdOut()));
      out.add(new InteractionGraph.Asset(a.symbol(), a.token(), a.chainId(), a.decimals(),
          new TransactionCount(a.txIn() + a.txOut(), a.txIn(), a.txOut()),
          new InteractionGraph.AssetValue(decimal(a.valueIn(), a.decimals()), decimal(a.valueOut(), a.decimals())),
          usd, a.firstAt(), a.lastAt()));
    }
    return List.copyOf(out);
  }

  private static String plain(BigDecimal d) {
    return d == null ? "0" : d.stripTrailingZeros().toPlainString();
  }

  static Metrics metrics(List<ChainRow> chains, Map<Long, ChainInfo> info, Map<Long, CoverageRow> coverage) {
    int counted = 0;
    int pending = 0;
    int unavailable = 0;
    long in = 0;
    long out = 0;
    Instant first = null;
    Instant last = null;
    boolean capped = false;
    Map<String, BigInteger[]> values = new LinkedHashMap<>();
    for (ChainRow c : chains) {
      CoverageRow cov = coverage.get(c.chainId());
      if (!c.statsCaptured()) {
        // Aggregate figures never give counts: source rpc (older snapshots: aggregate).
        if (cov != null && ("rpc".equals(cov.source()) || "aggregate".equals(cov.source()))) {
          unavailable++;
        } else {
          pending++;
        }
        continue;
      }
      counted++;
      in += c.txIn();
      out += c.txOut();
      first = c.firstAt() == null ? first : first == null || c.firstAt().isBefore(first) ? c.firstAt() : first;
      last = c.lastAt() == null ? last : last == null || c.lastAt().isAfter(last) ? c.lastAt() : last;
      capped |= cov != null && Boolean.TRUE.equals(cov.historyCapped());
      ChainInfo chain = info.get(c.chainId());
      String symbol = chain != null ? chain.symbol() : "chain " + c.chainId();
      BigInteger[] v = values.computeIfAbsent(symbol, k -> new BigInteger[] {BigInteger.ZERO, BigInteger.ZERO});
      v[0] = v[0].add(c.valueIn());
      v[1] = v[1].add(c.valueOut());
    }
    if (counted == 0) {
      return null;
    }
    List<Value> value = new ArrayList<>(values.size());
    values.forEach((symbol, v) -> value.add(new Value(symbol, decimal(v[0]), decimal(v[1]))));
    return new Metrics(new TransactionCount(in + out, in, out), first, last,
        capped || pending + unavailable > 0, new Basis(counted, pending, unavailable), List.copyOf(value));
  }

  /** Wei to an exact decimal string of the native unit: 1500000000000000000 -> "1.5", 3 -> "0.000000000000000003". */
  public static String decimal(BigInteger wei) {
    return decimal(wei, NATIVE_DECIMALS);
  }

  /** Base units to an exact decimal string of the whole unit with {@code decimals} places. */
  public static String decimal(BigInteger units, int decimals) {
    return new BigDecimal(units).movePointLeft(decimals).stripTrailingZeros().toPlainString();
  }

  private static List<NodeChain> nodeChains(String address, List<ChainRow> chains, Map<Long, ChainInfo> info,
      Map<Long, CoverageRow> coverage) {
    List<NodeChain> out = new ArrayList<>(chains.size());
    for (ChainRow c : chains) {
      ChainInfo chain = info.get(c.chainId());
      if (chain != null) {
        out.add(new NodeChain(chain.name(), c.chainId(), chain.explorerUrl(address)));
      } else {
        // A chain removed from the catalogue since the snapshot: its name survives in coverage.
        CoverageRow cov = coverage.get(c.chainId());
        out.add(new NodeChain(cov != null ? cov.chain() : "chain " + c.chainId(), c.chainId(), null));
      }
    }
    return out;
  }

  static InteractionGraph.Coverage coverage(GraphRows rows, Instant now, Duration staleAfter) {
    if (!rows.hasSnapshot()) {
      return new InteractionGraph.Coverage("not_indexed", SOURCE_NONE, null, false, rows.indexing(), false, false,
          false, List.of());
    }
    List<ChainCoverage> forFlags = new ArrayList<>(rows.coverage().size());
    List<InteractionGraph.CoverageChain> chains = new ArrayList<>(rows.coverage().size());
    boolean complete = !rows.coverage().isEmpty();
    for (CoverageRow c : rows.coverage()) {
      forFlags.add(new ChainCoverage(c.chain(), CoverageStatus.valueOf(c.status()), c.transient_(), c.standing(),
          c.historyCapped(), c.recencyReliable()));
      chains.add(new InteractionGraph.CoverageChain(c.chain(), c.chainId(), c.status(), c.counterpartyCount(),
          c.indexedAt(), c.source(), c.historyCapped(), c.recencyReliable(), c.transient_(), c.standing(),
          c.zeroValueTokenTransfers()));
      // A chain that kept earlier evidence (transient) may miss newer counterparties.
      complete &= "indexed".equals(c.status()) && !Boolean.TRUE.equals(c.historyCapped()) && !c.transient_();
    }
    // The decision's coverage block states the flags rule once.
    dev.vouch.decision.model.Coverage flags = dev.vouch.decision.model.Coverage.of(forFlags);
    boolean stale = rows.committedAt().plus(staleAfter).isBefore(now);
    return new InteractionGraph.Coverage(complete ? "complete" : "partial", SOURCE_SNAPSHOT, rows.committedAt(), stale,
        rows.indexing(), flags.historyCapped(), flags.hasTransientIssues(), flags.hasStandingLimitations(),
        List.copyOf(chains));
  }

  private static List<String> explanations(GraphRows rows, InteractionGraph.Coverage coverage, boolean empty,
      boolean anyNullMetrics, boolean ranked) {
    List<String> out = new ArrayList<>();
    out.add(NOT_ENDORSEMENT);
    if (!rows.hasSnapshot()) {
      out.add(NOT_INDEXED);
    } else {
      if ("partial".equals(coverage.status())) {
        out.add(LOWER_BOUND);
      }
      if (coverage.historyCapped()) {
        out.add(CAPPED);
      }
      if (empty && rows.nodeCount() == 0) {
        out.add("complete".equals(coverage.status()) ? EMPTY_COMPLETE : EMPTY_NOT_PROOF);
      }
      if (coverage.stale()) {
        out.add(STALE);
      }
      if (rows.latestSnapshotId() != null && !rows.latestSnapshotId().equals(rows.snapshotId())) {
        out.add(SUPERSEDED);
      }
    }
    if (coverage.indexing()) {
      out.add(INDEXING);
    }
    if (anyNullMetrics) {
      out.add(NULL_METRICS);
    }
    if (ranked) {
      out.add(RANKED);
    }
    return List.copyOf(out);
  }
}
