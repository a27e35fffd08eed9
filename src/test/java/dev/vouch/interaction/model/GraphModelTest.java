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
}
