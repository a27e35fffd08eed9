package dev.vouch.interaction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.interaction.model.GraphOrder;
import dev.vouch.store.DatabaseUrl;
import dev.vouch.store.Migrations;
import dev.vouch.support.Sql;
import dev.vouch.support.TestDatabase;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * With 10,000 counterparties on one snapshot, both orders walk an index and stop after the page:
 * no plan node sorts the wallet's nodes (the only sort is of the page, inside json_agg).
 */
class InteractionPlanTest {

  static DatabaseUrl db;
  static final String WALLET = "0x" + "ab".repeat(20);

  @BeforeAll
  static void seed() {
    db = TestDatabase.fresh();
    Migrations.migrate(db);
    Sql.exec(db, "INSERT INTO wallets (address) VALUES (?)", WALLET);
    long id = ((Number) Sql.one(db, """
        INSERT INTO snapshots (wallet, committed_at, score_model_version, score, global_wallet_age,
          cross_chain_activity, arc_activity, counterparty_diversity, verified_attestations, propagated_trust,
          transaction_activity, risk_penalty, global_wallet_age_days, active_chains, total_tx_count,
          arc_tx_count, unique_counterparties, flagged_counterparties, failed_tx_count, accepted_attestations,
          attestation_counterparties, peer_score_sum)
        VALUES (?, now(), 'v', 50, 0, 0, 0, 0, 0, 0, 0, 0, 0, '{}', 0, 0, 10000, 0, 0, 0, 0, 0) RETURNING id
        """, WALLET).get("id")).longValue();
    Sql.exec(db, "UPDATE wallets SET latest_snapshot_id = ? WHERE address = ?", id, WALLET);
    Sql.exec(db, """
        INSERT INTO counterparties (snapshot_id, counterparty, chain_id, stats_captured, tx_in, tx_out, first_at, last_at)
        SELECT ?, '0x' || lpad(to_hex(g), 40, '0'), 1, true, g % 7, g % 5, now() - interval '1 day', now() - (g % 97) * interval '1 minute'
          FROM generate_series(1, 10000) g
        """, id);
    Sql.exec(db, """
        INSERT INTO token_flows (snapshot_id, counterparty, chain_id, token, symbol, decimals, tx_in, value_in)
        SELECT ?, '0x' || lpad(to_hex(g), 40, '0'), 1, t.token, t.symbol, 6, 1, g
          FROM generate_series(1, 10000) g,
               (VALUES ('0x' || repeat('0c', 20), 'USDC'), ('0x' || repeat('0d', 20), 'USDT')) AS t(token, symbol)
        """, id);
    Sql.exec(db, "UPDATE snapshots SET token_registry_hash = 'h' WHERE id = ?", id);
    Sql.exec(db, """
        INSERT INTO graph_snapshots SELECT ?, 10000, 1;
        INSERT INTO graph_nodes SELECT snapshot_id, counterparty, tx_in + tx_out, last_at FROM counterparties;
        ANALYZE graph_nodes; ANALYZE counterparties; ANALYZE token_flows
        """.replace("?", Long.toString(id)));
  }

  static String plan(GraphOrder order) {
    String sql = InteractionQueries.page(order).replace("$1", "'" + WALLET + "'").replace("$2::bigint", "NULL::bigint")
        .replace("$3", "''").replace("$4", "51");
    return Sql.rows(db, "EXPLAIN " + sql).stream().map(r -> (String) r.values().iterator().next())
        .collect(Collectors.joining("\n"));
  }

  @Test
  void addressOrderWalksThePrimaryKey() {
    String plan = plan(GraphOrder.ADDRESS);
    assertThat(plan).contains("graph_nodes_pkey").doesNotContain("Sort Key: n.");
    // Each page node's registered-token rows by an index on its address (the planner picks the
    // primary key prefix or token_flows_counterparty), never a scan of the snapshot's rows.
    assertThat(plan).containsPattern("Index Scan using token_flows_\\w+ on token_flows f")
        .doesNotContain("Seq Scan on token_flows");
  }

  @Test
  void activityOrderWalksTheActivityIndex() {
    String plan = plan(GraphOrder.ACTIVITY);
    assertThat(plan).contains("graph_nodes_activity").doesNotContain("Sort Key: n.");
    assertThat(plan).containsPattern("Index Scan using token_flows_\\w+ on token_flows f")
        .doesNotContain("Seq Scan on token_flows");
  }
}
