package dev.vouch.interaction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.score.NewSnapshot;
import dev.vouch.score.model.Evidence;
import dev.vouch.score.model.ScoreModel;
import dev.vouch.store.DatabaseUrl;
import dev.vouch.store.Pools;
import dev.vouch.support.Snapshots;
import dev.vouch.support.Sql;
import dev.vouch.support.TestDatabase;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * V85 gives a snapshot committed with token flows before it the graph nodes today's commit writes
 * (SnapshotQueries.MATERIALIZE_GRAPH): the same rows, sort keys and counts.
 */
class GraphTokenNodesMigrationTest {

  static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");
  static final String W = "0x" + "aa".repeat(20);
  static final String NATIVE = "0x" + "01".repeat(20);
  static final String MIXED = "0x" + "02".repeat(20);
  static final String TOKEN_ONLY = "0x" + "03".repeat(20);
  static final String AGGREGATE = "0x" + "04".repeat(20);

  static NewSnapshot.TokenFlowRow flow(String counterparty, long chain, Instant last) {
    return new NewSnapshot.TokenFlowRow(counterparty, chain, "0x" + "0c".repeat(20), "USDC", 6, 1, 2,
        BigInteger.valueOf(5), BigInteger.valueOf(9), new BigDecimal("0.000005"), new BigDecimal("0.000009"),
        last.minus(Duration.ofDays(2)), last, List.of("0x" + "ab".repeat(32)));
  }

  @Test
  void theMigrationRebuildsTheNodesTheCommitNowWrites() throws IOException {
    DatabaseUrl db = TestDatabase.fresh();
    Vertx vertx = Vertx.vertx();
    try {
      List<NewSnapshot.CounterpartyRow> native_ = List.of(
          new NewSnapshot.CounterpartyRow(NATIVE, 1, true, 2, 1, NOW.minus(Duration.ofDays(9)), NOW.minus(Duration.ofDays(8)),
              BigInteger.ONE, BigInteger.TWO),
          new NewSnapshot.CounterpartyRow(MIXED, 1, true, 1, 0, NOW.minus(Duration.ofDays(7)), NOW.minus(Duration.ofDays(7)),
              BigInteger.ONE, BigInteger.ZERO),
          new NewSnapshot.CounterpartyRow(AGGREGATE, 137, false, 0, 0, null, null, BigInteger.ZERO, BigInteger.ZERO));
      List<NewSnapshot.TokenFlowRow> flows = List.of(flow(MIXED, 1, NOW.minus(Duration.ofDays(1))),
          flow(TOKEN_ONLY, 8453, NOW.minus(Duration.ofDays(3))), flow(AGGREGATE, 137, NOW.minus(Duration.ofDays(2))));
      Evidence e = Snapshots.strong();
      long id = Snapshots.commit(Pools.create(vertx, db, 2), new NewSnapshot(W, NOW, ScoreModel.score(e), e,
          NOW.minus(Duration.ofDays(900)), List.of(Snapshots.ARC), Snapshots.healthyCoverage(NOW), native_, null,
          Map.of(), flows, Map.of(), "registry"));
      String nodes = "SELECT counterparty, tx_total, last_at FROM graph_nodes WHERE snapshot_id = ? ORDER BY counterparty";
      String counts = "SELECT node_count, chains_with_counterparties FROM graph_snapshots WHERE snapshot_id = ?";
      List<Map<String, Object>> committed = Sql.rows(db, nodes, id);
      Map<String, Object> committedCounts = Sql.one(db, counts, id);
      // What the commit wrote: the token-only node counts 0, the mixed one's last interaction is
      // its token transfer, the aggregate-only one stays unmeasured whatever its token rows.
      assertThat(committed).extracting(r -> r.get("counterparty")).containsExactly(NATIVE, MIXED, TOKEN_ONLY, AGGREGATE);
      assertThat(committed).extracting(r -> r.get("tx_total")).containsExactly(3L, 1L, 0L, null);
      assertThat(((java.sql.Timestamp) committed.get(1).get("last_at")).toInstant()).isEqualTo(NOW.minus(Duration.ofDays(1)));
      assertThat(committed.get(3).get("last_at")).isNull();
      assertThat(committedCounts).isEqualTo(Map.of("node_count", 4, "chains_with_counterparties", 3));

      // As a commit before V85 left it: native nodes and counts only.
      Sql.exec(db, "DELETE FROM graph_nodes WHERE snapshot_id = ?", id);
      Sql.exec(db, """
          INSERT INTO graph_nodes (snapshot_id, counterparty, tx_total, last_at)
          SELECT snapshot_id, counterparty, sum(tx_in + tx_out) FILTER (WHERE stats_captured),
                 max(last_at) FILTER (WHERE stats_captured)
            FROM counterparties WHERE snapshot_id = ? GROUP BY snapshot_id, counterparty
          """, id);
      Sql.exec(db, "UPDATE graph_snapshots SET node_count = 3, chains_with_counterparties = 2 WHERE snapshot_id = ?", id);
      assertThat(Sql.rows(db, nodes, id)).isNotEqualTo(committed);

      Sql.exec(db, "BEGIN;\n" + migration() + "\nCOMMIT;");
      assertThat(Sql.rows(db, nodes, id)).isEqualTo(committed);
      assertThat(Sql.one(db, counts, id)).isEqualTo(committedCounts);
    } finally {
      vertx.close();
    }
  }

  static String migration() throws IOException {
    try (InputStream in = GraphTokenNodesMigrationTest.class.getResourceAsStream(
        "/db/migration/V85__graph_token_nodes.sql")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
