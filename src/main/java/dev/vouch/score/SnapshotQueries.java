package dev.vouch.score;

/** SQL of the commit side of the score capability: committed snapshots (reads: WalletReadQueries). */
final class SnapshotQueries {

  private SnapshotQueries() {}

  static final String UPSERT_WALLET =
      "INSERT INTO wallets (address) VALUES ($1) ON CONFLICT (address) DO NOTHING";

  static final String INSERT_SNAPSHOT = """
      INSERT INTO snapshots (wallet, committed_at, score_model_version, score,
        global_wallet_age, cross_chain_activity, arc_activity, counterparty_diversity,
        verified_attestations, propagated_trust, transaction_activity, risk_penalty,
        first_activity_at, global_wallet_age_days, active_chains, total_tx_count, arc_tx_count,
        unique_counterparties, flagged_counterparties, failed_tx_count, accepted_attestations,
        attestation_counterparties, peer_score_sum, job_id, flagged_lists, coverage, seasoned_counterparties,
        flagged_dust_counterparties)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19,
        $20, $21, $22, $23, $24, $25, $26, $27, $28)
      RETURNING id
      """;

  static final String INSERT_CHAIN = """
      INSERT INTO snapshot_chains (snapshot_id, chain_id, chain, status, is_transient, is_standing,
        history_capped, recency_reliable, source, tx_count, counterparty_count, indexed_at, fallback_from,
        first_tx_at, failed_tx_count, active, tokens_capped, token_tx_count, zero_value_token_transfers)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
      """;

  /**
   * The latest snapshot's coverage rows, for a run that may carry a chain forward. Rows from
   * before V10 lack the per-chain figures: activity then comes from the snapshot's active chains
   * and the first transaction from the chain's earliest counterparty interaction. $1 wallet.
   */
  /** Token evidence (V70): written in the snapshot's own transaction, after its chains. */
  static final String SET_TOKEN_REGISTRY = "UPDATE snapshots SET token_registry_hash = $2 WHERE id = $1";

  static final String SET_UNVERIFIED_TOKENS =
      "UPDATE snapshot_chains SET unverified_token_transfers = $3 WHERE snapshot_id = $1 AND chain_id = $2";

  /** Every token flow row of a snapshot in one statement, parallel arrays unnested (like counterparties). */
  static final String INSERT_TOKEN_FLOW = """
      INSERT INTO token_flows (snapshot_id, counterparty, chain_id, token, symbol, decimals, tx_in, tx_out,
        value_in, value_out, usd_in, usd_out, first_at, last_at, tx_hashes)
      SELECT $1, u.counterparty, u.chain_id, u.token, u.symbol, u.decimals, u.tx_in, u.tx_out,
             u.value_in::numeric, u.value_out::numeric, u.usd_in::numeric, u.usd_out::numeric, u.first_at, u.last_at,
             CASE WHEN u.hashes = '' THEN '{}'::text[] ELSE string_to_array(u.hashes, ',') END
        FROM unnest($2::text[], $3::bigint[], $4::text[], $5::text[], $6::smallint[], $7::integer[], $8::integer[],
                    $9::text[], $10::text[], $11::text[], $12::text[], $13::timestamptz[], $14::timestamptz[], $15::text[])
             AS u(counterparty, chain_id, token, symbol, decimals, tx_in, tx_out, value_in, value_out, usd_in, usd_out,
                  first_at, last_at, hashes)
      """;


  static final String PRIOR_CHAINS = """
      SELECT s.id AS snapshot_id, c.chain_id, c.chain, c.status, c.is_transient, c.is_standing,
             c.history_capped, c.recency_reliable, c.source, c.tx_count, c.counterparty_count,
             c.indexed_at, c.fallback_from, c.failed_tx_count, c.tokens_capped, c.token_tx_count, c.zero_value_token_transfers,
             c.unverified_token_transfers,
             coalesce(c.active, c.chain = ANY(s.active_chains)) AS active,
             coalesce(c.first_tx_at, (SELECT min(p.first_at) FROM counterparties p
                                       WHERE p.snapshot_id = s.id AND p.chain_id = c.chain_id)) AS first_tx_at
        FROM wallets w
        JOIN snapshots s ON s.id = w.latest_snapshot_id
        JOIN snapshot_chains c ON c.snapshot_id = s.id
       WHERE w.address = $1
      """;

  /** Counterparty rows of chains $2 in snapshot $1 (values as decimal text, exact). */
  static final String PRIOR_COUNTERPARTIES = """
      SELECT counterparty, chain_id, stats_captured, tx_in, tx_out, first_at, last_at,
             value_in::text AS value_in, value_out::text AS value_out
        FROM counterparties
       WHERE snapshot_id = $1 AND chain_id = ANY($2::bigint[])
      """;

  /** Token flow rows of chains $2 in snapshot $1, for a run that carries those chains (values exact, as text). */
  static final String PRIOR_TOKEN_FLOWS = """
      SELECT counterparty, chain_id, token, symbol, decimals, tx_in, tx_out,
             value_in::text AS value_in, value_out::text AS value_out,
             usd_in::text AS usd_in, usd_out::text AS usd_out, first_at, last_at, tx_hashes
        FROM token_flows
       WHERE snapshot_id = $1 AND chain_id = ANY($2::bigint[])
      """;

  /**
   * Every counterparty row of a snapshot in one statement: parallel arrays, unnested server side
   * (thousands of rows per run). Values travel as decimal text so numeric(78,0) stays exact.
   */
  static final String INSERT_COUNTERPARTIES = """
      INSERT INTO counterparties (snapshot_id, counterparty, chain_id, stats_captured, tx_in, tx_out,
        first_at, last_at, value_in, value_out)
      SELECT $1, u.counterparty, u.chain_id, u.stats_captured, u.tx_in, u.tx_out, u.first_at, u.last_at,
             u.value_in::numeric(78, 0), u.value_out::numeric(78, 0)
        FROM unnest($2::text[], $3::bigint[], $4::boolean[], $5::integer[], $6::integer[],
                    $7::timestamptz[], $8::timestamptz[], $9::text[], $10::text[])
             AS u(counterparty, chain_id, stats_captured, tx_in, tx_out, first_at, last_at, value_in, value_out)
      """;

  /**
   * The wallet's funding source, for the trust model: the counterparty of the snapshot's earliest
   * interaction (ties by address) when it only ever sent to the wallet. A wallet whose first
   * interaction was its own payment (funded at genesis, or by a bridge) has no known funder, so a
   * trading partner is never taken for one. The same statement stores the snapshot's valued
   * (registered-token) totals (V98), a hop's denominator when the snapshot is an intermediary's
   * latest. $1 snapshot id.
   */
  static final String SET_FUNDER = """
      UPDATE snapshots s
         SET valued_usd_in = coalesce((SELECT sum(t.usd_in) FROM token_flows t WHERE t.snapshot_id = s.id), 0),
             valued_usd_out = coalesce((SELECT sum(t.usd_out) FROM token_flows t WHERE t.snapshot_id = s.id), 0),
             funder = (
        SELECT CASE WHEN first.tx_in > 0 AND first.tx_out = 0 THEN first.counterparty END
          FROM (SELECT c.counterparty, sum(c.tx_in) AS tx_in, sum(c.tx_out) AS tx_out, min(c.first_at) AS first_at
                  FROM counterparties c
                 WHERE c.snapshot_id = s.id AND c.first_at IS NOT NULL
                 GROUP BY c.counterparty
                 ORDER BY min(c.first_at), c.counterparty
                 LIMIT 1) first)
       WHERE s.id = $1
      """;

  /**
   * The snapshot's interaction-graph nodes (V4), from the counterparty and registered-token rows
   * just inserted: one statement, in the commit transaction, so every committed snapshot has its
   * graph. A node's chain counts (SPEC 2.6 metrics) unless its native row there lacks stats; a
   * chain met only through registered tokens counts with zero native transactions, and token
   * transfers' times join the last interaction (docs/models.md "Interaction graph"). The mint and
   * burn rows (the zero address, TokenFlows.ZERO) are evidence of value, not a counterparty: no node.
   */
  static final String MATERIALIZE_GRAPH = """
      WITH g AS (
        INSERT INTO graph_snapshots (snapshot_id, node_count, chains_with_counterparties) VALUES ($1, $2, $3)
      ), t AS (
        SELECT counterparty, chain_id, max(last_at) AS last_at
          FROM token_flows WHERE snapshot_id = $1 AND counterparty <> '0x0000000000000000000000000000000000000000'
         GROUP BY counterparty, chain_id
      ), r AS (
        SELECT counterparty, stats_captured AS counted, tx_in + tx_out AS tx, last_at
          FROM counterparties WHERE snapshot_id = $1
        UNION ALL
        SELECT t.counterparty, NOT EXISTS (SELECT 1 FROM counterparties c
                                            WHERE c.snapshot_id = $1 AND c.counterparty = t.counterparty
                                              AND c.chain_id = t.chain_id AND NOT c.stats_captured), 0, t.last_at
          FROM t
      )
      INSERT INTO graph_nodes (snapshot_id, counterparty, tx_total, last_at)
      SELECT $1, counterparty, sum(tx) FILTER (WHERE counted), max(last_at) FILTER (WHERE counted)
        FROM r
       GROUP BY counterparty
      """;

  /**
   * Retention of counterparty and token-flow rows (docs/models.md): rows of a snapshot go once a newer snapshot
   * of its wallet was committed before the cutoff; the latest snapshot's rows always stay. Only
   * graph reads (and their cursors) use these rows; decisions and receipts read the snapshot row.
   * SKIP LOCKED lets several workers prune at once. Returns the pruned snapshot ids.
   */
  static final String PRUNE_GRAPH = """
      WITH doomed AS (
        SELECT g.snapshot_id
          FROM graph_snapshots g
          JOIN snapshots s ON s.id = g.snapshot_id
          JOIN wallets w ON w.address = s.wallet
         WHERE w.latest_snapshot_id <> g.snapshot_id
           AND EXISTS (SELECT 1 FROM snapshots n
                        WHERE n.wallet = s.wallet AND n.id > s.id AND n.committed_at < $1)
         ORDER BY g.snapshot_id
         LIMIT $2
           FOR UPDATE OF g SKIP LOCKED
      ), gone AS (
        DELETE FROM counterparties c USING doomed d WHERE c.snapshot_id = d.snapshot_id
      ), nodes AS (
        DELETE FROM graph_nodes n USING doomed d WHERE n.snapshot_id = d.snapshot_id
      ), tokens AS (
        DELETE FROM token_flows t USING doomed d WHERE t.snapshot_id = d.snapshot_id
      )
      DELETE FROM graph_snapshots g USING doomed d WHERE g.snapshot_id = d.snapshot_id
      RETURNING g.snapshot_id
      """;

  /** The exposure summary (V82), as JSON text; $1 snapshot id. */
  static final String SET_EXPOSURE = "UPDATE snapshots SET exposure = $2::text::jsonb WHERE id = $1";

  /**
   * Shared hold of the label lock (ExposureSyncQueries.LOCK takes it exclusively to change the
   * stored labels): between it and the commit's end the stored labels version cannot change.
   */
  static final String LABELS_SHARED = "SELECT pg_advisory_xact_lock_shared(30324, 0)";

  /**
   * Queues wallet $1 for the label sweep when the stored labels are of another version than $2,
   * the one its summary was just computed with: a label change committed before this snapshot's
   * commit, whose walk cannot see the snapshot, still reaches it. No stored labels: nothing (the
   * first label change walks every labelled address). $3 now.
   */
  static final String QUEUE_IF_BEHIND = """
      INSERT INTO exposure_refresh (wallet, queued_at, labels_version)
      SELECT $1, $3, st.version FROM exposure_label_state st WHERE st.version <> $2
      ON CONFLICT (wallet) DO UPDATE SET labels_version = EXCLUDED.labels_version
      """;

  /**
   * Issue 33 item 1, in the commit of snapshot $2 of wallet $1 ($3 the hub bound, $4 now), before
   * the pointer moves: the wallet becomes a starting point of the dependents walk (its readers'
   * summaries read it as an intermediary) unless no summary reads it either before or after this
   * commit (a hub by count both times, never indexed before and a hub now, or labelled exchange or
   * bridge); and the wallet itself is queued for one recompute after the commit, which closes the
   * race with an intermediary committing at the same time (each commit's statement sees only what
   * committed before it, and the other's walk may not see this snapshot yet). No stored labels
   * version (no label sync ran yet): nothing to queue with, the sync's first pass retags.
   */
  static final String QUEUE_DEPENDENTS = """
      WITH prev AS (
        SELECT coalesce((SELECT g.node_count FROM wallets w JOIN graph_snapshots g ON g.snapshot_id = w.latest_snapshot_id
                          WHERE w.address = $1), -1) AS n
      ), cur AS (
        SELECT coalesce((SELECT g.node_count FROM graph_snapshots g WHERE g.snapshot_id = $2), 0) AS n
      ), work AS (
        INSERT INTO exposure_dependents_work (address, level)
        SELECT $1, 1 FROM prev, cur
         WHERE (prev.n BETWEEN 0 AND $3 OR cur.n <= $3)
           AND NOT EXISTS (SELECT 1 FROM exposure_labels l WHERE l.address = $1 AND l.category IN ('exchange', 'bridge'))
        ON CONFLICT (address, level) DO UPDATE SET after_snapshot = 0
      )
      INSERT INTO exposure_refresh (wallet, queued_at, labels_version, cause)
      SELECT $1, $4, st.version, 'reindex' FROM exposure_label_state st
      ON CONFLICT (wallet) DO NOTHING
      """;

  static final String POINT_LATEST =
      "UPDATE wallets SET latest_snapshot_id = $2 WHERE address = $1";
}
