package dev.vouch.support;

import dev.vouch.store.DatabaseUrl;
import dev.vouch.store.Migrations;
import java.util.stream.Collectors;

/**
 * A migrated database with {@code n} indexed wallets (address {@link #address}(i), snapshot id i),
 * each latest snapshot with four native counterparties and one valued token flow, all of them
 * other indexed wallets, and a stored label set of every 50th wallet plus {@code n / 5} addresses
 * that are no wallet: enough rows that a plan scanning any of them would be the costlier one.
 * Written with triggers off (as bench/seed.sql), then analysed.
 */
public final class LabelledGraph {

  private LabelledGraph() {}

  /**
   * 50,000 unless -Dexposure.plan.wallets says otherwise (100000 or 1000000 for the issue's
   * figures). At 50,000 the plans are node for node those at 100,000 (PostgreSQL 18) and the seed
   * takes half the time; at 20,000 the counterparty reads turn into bitmap scans.
   */
  public static int wallets() {
    return Integer.getInteger("exposure.plan.wallets", 50_000);
  }

  public static String address(long i) {
    return "0x" + String.format("%040x", i);
  }

  public static DatabaseUrl seed(int n) {
    DatabaseUrl db = TestDatabase.fresh();
    Migrations.migrate(db);
    Sql.exec(db, ("""
        SET session_replication_role = replica;
        INSERT INTO wallets (address, latest_snapshot_id)
        SELECT '0x' || lpad(to_hex(i), 40, '0'), i FROM generate_series(1, :n) i;
        INSERT INTO snapshots (id, wallet, committed_at, score_model_version, score, global_wallet_age,
          cross_chain_activity, arc_activity, counterparty_diversity, verified_attestations, propagated_trust,
          transaction_activity, risk_penalty, global_wallet_age_days, active_chains, total_tx_count,
          arc_tx_count, unique_counterparties, flagged_counterparties, failed_tx_count, accepted_attestations,
          attestation_counterparties, peer_score_sum, exposure, valued_usd_in, valued_usd_out)
        SELECT i, '0x' || lpad(to_hex(i), 40, '0'), now(), 'v', 50, 0, 0, 0, 0, 0, 0, 0, 0, 0, '{}', 0, 0, 5, 0, 0, 0,
               0, 0, '{"sanctions":"none"}', i % 100, 0
          FROM generate_series(1, :n) i;
        INSERT INTO counterparties (snapshot_id, counterparty, chain_id, stats_captured, tx_in, tx_out)
        SELECT i, '0x' || lpad(to_hex((i * 7 + k * 7919) % :n + 1), 40, '0'), 1, true, 1, k % 2
          FROM generate_series(1, :n) i, generate_series(1, 4) k
        ON CONFLICT DO NOTHING;
        INSERT INTO token_flows (snapshot_id, counterparty, chain_id, token, symbol, decimals, tx_in, value_in, usd_in)
        SELECT i, '0x' || lpad(to_hex((i * 13) % :n + 1), 40, '0'), 1, '0x' || repeat('0c', 20), 'USDC', 6, 1,
               i % 100 * 1000000, i % 100
          FROM generate_series(1, :n) i
        ON CONFLICT DO NOTHING;
        INSERT INTO graph_snapshots (snapshot_id, node_count, chains_with_counterparties)
        SELECT i, 5, 1 FROM generate_series(1, :n) i;
        """ + StoredLabels.sql("SANCTIONS", """
        SELECT '0x' || lpad(to_hex(i), 40, '0') AS address, 0::bigint AS chain_id, 'sanctioned' AS category,
               'Listed' AS name FROM generate_series(50, :n, 50) i""") + StoredLabels.sql("SCAMS", """
        SELECT '0x' || lpad(to_hex(i), 40, '0') AS address, 0::bigint AS chain_id, 'scam' AS category,
               'Scam' AS name FROM generate_series(:n + 1, :n + :n / 5) i""") + """
        SET session_replication_role = DEFAULT;
        ANALYZE
        """).replace(":n", Integer.toString(n)));
    return db;
  }

  /** The text plan of {@code sql} (EXPLAIN, without running it). */
  public static String plan(DatabaseUrl db, String sql) {
    return Sql.rows(db, "EXPLAIN " + sql).stream().map(r -> (String) r.values().iterator().next())
        .collect(Collectors.joining("\n"));
  }
}
