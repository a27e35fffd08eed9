package dev.vouch.interaction.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.interaction.model.GraphRows.ChainRow;
import dev.vouch.interaction.model.GraphRows.CoverageRow;
import dev.vouch.interaction.model.GraphRows.NodeRow;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The pure rules of SPEC 2.6 on hand-made rows (the API test covers them over real chains). */
class GraphModelTest {

  static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");
  static final String WALLET = "0x" + "aa".repeat(20);
  static final List<ChainInfo> CATALOGUE = List.of(
      new ChainInfo(5042002, "Arc Testnet", "USDC", "https://arc/{address}"),
      new ChainInfo(1, "Ethereum Mainnet", "ETH", "https://eth/{address}"),
      new ChainInfo(8453, "Base", "ETH", "https://base/{address}"),
      new ChainInfo(137, "Polygon", "POL", ""));
  static final Cursors CURSORS = new Cursors(new byte[32]);

  static CoverageRow history(long id, String name, boolean capped) {
    return new CoverageRow(id, name, "indexed", false, false, capped, true, "history", 1, NOW);
  }

  static ChainRow counted(long chain, int in, int out, long wei) {
    return new ChainRow(chain, true, in, out, NOW.minusSeconds(100), NOW.minusSeconds(10), BigInteger.valueOf(wei),
        BigInteger.ZERO);
  }

  static ChainRow uncounted(long chain) {
    return new ChainRow(chain, false, 0, 0, null, null, BigInteger.ZERO, BigInteger.ZERO);
  }

  static InteractionGraph build(List<CoverageRow> coverage, List<NodeRow> nodes, GraphOrder order, int limit) {
    GraphRows rows = new GraphRows(7L, NOW, 7L, false, nodes.size(), 2, 0, coverage, nodes);
    return GraphModel.build(new GraphModel.Request(WALLET, order, limit), rows, CATALOGUE, CURSORS, NOW,
        Duration.ofHours(24)).interactionGraph();
  }

  @Test
  void uncountedChainsArePendingOnHistoryAndUnavailableOnAggregate() {
    List<CoverageRow> coverage = List.of(history(1, "Ethereum Mainnet", false),
        new CoverageRow(137, "Polygon", "limited", false, true, null, null, "aggregate", 0, NOW));
    NodeRow node = new NodeRow("0x" + "01".repeat(20), null, false,
        List.of(counted(8453, 1, 0, 5), uncounted(137), uncounted(1), counted(5042002, 0, 2, 7)));
    InteractionGraph.Node n = build(coverage, List.of(node), GraphOrder.ADDRESS, 25).nodes().get(0);
    assertThat(n.metrics().basis()).isEqualTo(new InteractionGraph.Basis(2, 1, 1));
    assertThat(n.metrics().lowerBound()).isTrue();
    assertThat(n.metrics().transactionCount()).isEqualTo(new InteractionGraph.TransactionCount(3, 1, 2));
    // Catalogue order; Polygon has no explorer template.
    assertThat(n.chains()).extracting(InteractionGraph.NodeChain::chainId).containsExactly(5042002L, 1L, 8453L, 137L);
    assertThat(n.chains().get(3).explorerUrl()).isNull();
    assertThat(n.metrics().value()).containsExactly(new InteractionGraph.Value("USDC", "0.000000000000000007", "0"),
        new InteractionGraph.Value("ETH", "0.000000000000000005", "0"));
    assertThat(n.rank()).isNull();
  }

  @Test
  void metricsDoNotDependOnTheOrderOfTheChainRows() {
    List<ChainRow> rows = new ArrayList<>(List.of(counted(1, 1, 2, 3), counted(8453, 4, 0, 5),
        counted(5042002, 0, 1, 9), uncounted(137)));
    List<CoverageRow> coverage = List.of(history(1, "Ethereum Mainnet", true), history(8453, "Base", false));
    InteractionGraph.Metrics first = null;
    Random random = new Random(8);
    for (int i = 0; i < 20; i++) {
      Collections.shuffle(rows, random);
      InteractionGraph.Metrics m = build(coverage, List.of(new NodeRow("0x" + "02".repeat(20), null, false,
          List.copyOf(rows))), GraphOrder.ADDRESS, 25).nodes().get(0).metrics();
      if (first == null) {
        first = m;
      }
      assertThat(m).isEqualTo(first);
    }
    assertThat(first.value()).containsExactly(new InteractionGraph.Value("USDC", "0.000000000000000009", "0"),
        new InteractionGraph.Value("ETH", "0.000000000000000008", "0"));
  }

  @Test
  void aCountedChainWithoutCapOrGapsIsExact() {
    InteractionGraph g = build(List.of(history(1, "Ethereum Mainnet", false)),
        List.of(new NodeRow("0x" + "03".repeat(20), "ann.vouch", true, List.of(counted(1, 1, 1, 1)))),
        GraphOrder.ACTIVITY, 25);
    assertThat(g.nodes().get(0).metrics().lowerBound()).isFalse();
    assertThat(g.nodes().get(0).rank()).isEqualTo(new InteractionGraph.Rank(1));
    assertThat(g.nodes().get(0).profileUrl()).isEqualTo("/u/ann.vouch");
    assertThat(g.coverage().status()).isEqualTo("complete");
    assertThat(g.summary().vouchProfilesOnPage()).isEqualTo(1);
  }

  @Test
  void onlyTheAddressOrderPagesAndTheCursorPointsAfterTheLastNode() {
    List<NodeRow> three = List.of(new NodeRow("0x" + "01".repeat(20), null, false, List.of(counted(1, 1, 0, 0))),
        new NodeRow("0x" + "02".repeat(20), null, false, List.of(counted(1, 1, 0, 0))),
        new NodeRow("0x" + "03".repeat(20), null, false, List.of(counted(1, 1, 0, 0))));
    InteractionGraph paged = build(List.of(history(1, "Ethereum Mainnet", false)), three, GraphOrder.ADDRESS, 2);
    assertThat(paged.nodes()).hasSize(2);
    assertThat(paged.pagination().hasMore()).isTrue();
    assertThat(CURSORS.decode(WALLET, paged.pagination().nextCursor()))
        .contains(new Cursors.Cursor(7, "0x" + "02".repeat(20)));
    InteractionGraph ranked = build(List.of(history(1, "Ethereum Mainnet", false)), three, GraphOrder.ACTIVITY, 2);
    assertThat(ranked.nodes()).hasSize(2);
    assertThat(ranked.pagination()).isEqualTo(new InteractionGraph.Pagination(2, null, false));
  }

  static GraphRows.AssetRow usdc(long chain, int in, int out, long unitsIn, long unitsOut, Instant first, Instant last) {
    return new GraphRows.AssetRow(chain, "0x" + "0c".repeat(20), "USDC", 6, in, out, BigInteger.valueOf(unitsIn),
        BigInteger.valueOf(unitsOut), new java.math.BigDecimal(unitsIn).movePointLeft(6).setScale(6),
        new java.math.BigDecimal(unitsOut).movePointLeft(6).setScale(6), first, last);
  }

  static InteractionGraph buildWithTokens(List<CoverageRow> coverage, List<NodeRow> nodes, GraphOrder order) {
    GraphRows rows = new GraphRows(7L, NOW, 7L, false, nodes.size(), 2, 0, coverage, nodes, true);
    return GraphModel.build(new GraphModel.Request(WALLET, order, 25), rows, CATALOGUE, CURSORS, NOW,
        Duration.ofHours(24), true).interactionGraph();
  }

  @Test
  void aTokenOnlyCounterpartyCountsZeroNativeTransactionsAndCarriesItsTokenFigures() {
    Instant first = NOW.minusSeconds(5000);
    Instant last = NOW.minusSeconds(5);
    NodeRow tokenOnly = new NodeRow("0x" + "01".repeat(20), null, false, List.of(),
        List.of(usdc(8453, 2, 1, 1_500_001, 7, first, last)));
    InteractionGraph g = buildWithTokens(List.of(history(8453, "Base", false)), List.of(tokenOnly), GraphOrder.ACTIVITY);
    InteractionGraph.Node n = g.nodes().get(0);
    assertThat(n.metrics().transactionCount()).isEqualTo(new InteractionGraph.TransactionCount(0, 0, 0));
    assertThat(n.metrics().value()).containsExactly(new InteractionGraph.Value("ETH", "0", "0"));
    assertThat(n.metrics().basis()).isEqualTo(new InteractionGraph.Basis(1, 0, 0));
    assertThat(n.metrics().firstInteractionAt()).isEqualTo(first);
    assertThat(n.metrics().lastInteractionAt()).isEqualTo(last);
    assertThat(n.metrics().lowerBound()).isFalse();
    assertThat(n.rank()).isEqualTo(new InteractionGraph.Rank(1));
    assertThat(n.chains()).extracting(InteractionGraph.NodeChain::chainId).containsExactly(8453L);
    assertThat(n.assets()).containsExactly(new InteractionGraph.Asset("USDC", "0x" + "0c".repeat(20), 8453, 6,
        new InteractionGraph.TransactionCount(3, 2, 1), new InteractionGraph.AssetValue("1.500001", "0.000007"),
        new InteractionGraph.AssetValue("1.500001", "0.000007"), first, last));
    assertThat(g.capabilities().assetDetails()).isTrue();
    assertThat(g.explanations()).contains(GraphModel.ASSETS);
  }

  @Test
  void tokenTimesWidenANativeChainButNeverCountAChainWhoseNativeRowLacksStats() {
    Instant early = NOW.minusSeconds(10_000);
    Instant late = NOW.minusSeconds(1);
    // Native on Ethereum (times NOW-100..NOW-10) plus USDC there earlier and later; USDC on an
    // aggregate-read Polygon row without stats: Polygon stays unavailable.
    NodeRow mixed = new NodeRow("0x" + "02".repeat(20), null, false, List.of(counted(1, 1, 2, 9), uncounted(137)),
        List.of(usdc(1, 1, 0, 1, 0, early, late), usdc(137, 0, 1, 0, 2, early, early)));
    List<CoverageRow> coverage = List.of(history(1, "Ethereum Mainnet", false),
        new CoverageRow(137, "Polygon", "limited", false, true, null, null, "aggregate", 0, NOW));
    InteractionGraph.Node n = buildWithTokens(coverage, List.of(mixed), GraphOrder.ADDRESS).nodes().get(0);
    assertThat(n.metrics().transactionCount()).isEqualTo(new InteractionGraph.TransactionCount(3, 1, 2));
    assertThat(n.metrics().basis()).isEqualTo(new InteractionGraph.Basis(1, 0, 1));
    assertThat(n.metrics().firstInteractionAt()).isEqualTo(early);
    assertThat(n.metrics().lastInteractionAt()).isEqualTo(late);
    assertThat(n.metrics().value()).containsExactly(new InteractionGraph.Value("ETH", "0.000000000000000009", "0"));
    // Catalogue chain order: Ethereum before Polygon.
    assertThat(n.assets()).extracting(InteractionGraph.Asset::chainId).containsExactly(1L, 137L);
  }

  @Test
  void withoutTokenEvidenceNodesHaveNoAssetsAndTheReadSaysWhy() {
    NodeRow node = new NodeRow("0x" + "03".repeat(20), null, false, List.of(counted(1, 1, 1, 1)));
    GraphRows rows = new GraphRows(7L, NOW, 7L, false, 1, 1, 0, List.of(history(1, "Ethereum Mainnet", false)),
        List.of(node), false);
    InteractionGraph withRegistry = GraphModel.build(new GraphModel.Request(WALLET, GraphOrder.ADDRESS, 25), rows,
        CATALOGUE, CURSORS, NOW, Duration.ofHours(24), true).interactionGraph();
    assertThat(withRegistry.nodes().get(0).assets()).isNull();
    assertThat(withRegistry.explanations()).contains(GraphModel.ASSETS_UNKNOWN).doesNotContain(GraphModel.ASSETS);
    InteractionGraph without = build(List.of(history(1, "Ethereum Mainnet", false)), List.of(node), GraphOrder.ADDRESS, 25);
    assertThat(without.nodes().get(0).assets()).isNull();
    assertThat(without.capabilities().assetDetails()).isFalse();
    assertThat(without.explanations()).doesNotContain(GraphModel.ASSETS_UNKNOWN, GraphModel.ASSETS);
    // A snapshot with token evidence and no token rows for this node: an empty list, not unknown.
    GraphRows withEvidence = new GraphRows(7L, NOW, 7L, false, 1, 1, 0, List.of(history(1, "Ethereum Mainnet", false)),
        List.of(node), true);
    assertThat(GraphModel.build(new GraphModel.Request(WALLET, GraphOrder.ADDRESS, 25), withEvidence, CATALOGUE, CURSORS,
        NOW, Duration.ofHours(24), true).interactionGraph().nodes().get(0).assets()).isEmpty();
  }

  @Test
  void tokenAmountsAreExactDecimalsOfTheRegistrysDecimals() {
    assertThat(GraphModel.decimal(new BigInteger("1500000000000000001"), 18)).isEqualTo("1.500000000000000001");
    assertThat(GraphModel.decimal(BigInteger.valueOf(123_456_789), 6)).isEqualTo("123.456789");
    assertThat(GraphModel.decimal(BigInteger.valueOf(5_000_000), 6)).isEqualTo("5");
    assertThat(GraphModel.decimal(BigInteger.ZERO, 6)).isEqualTo("0");
    assertThat(GraphModel.decimal(BigInteger.valueOf(42), 0)).isEqualTo("42");
  }
}
