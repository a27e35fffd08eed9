package dev.vouch.interaction;

import dev.vouch.interaction.model.GraphOrder;

/** SQL of the interaction graph read (V4 tables graph_snapshots and graph_nodes). */
final class InteractionQueries {

  private InteractionQueries() {}

  /**
   * One page in one round trip, whatever its size: the snapshot ($2, a cursor's, or the wallet's
   * latest), limit $4 nodes walked off an index in the page's order (after address $3 in address
   * order), each node's counterparty rows by primary key, the identity overlay, coverage, and
   * the whole snapshot's verified-peer count, and each node's registered-token rows (V70
   * token_flows, by primary key: issue 24). Always answers one row; snapshot_id null means no
   * snapshot (or the cursor's snapshot is no longer kept).
   */
  private static final String PAGE = """
      WITH wal AS (
        SELECT latest_snapshot_id FROM wallets WHERE address = $1
      ), snap AS (
        SELECT s.id, s.committed_at, g.node_count, g.chains_with_counterparties,
               s.token_registry_hash IS NOT NULL AS token_evidence
          FROM snapshots s JOIN graph_snapshots g ON g.snapshot_id = s.id
         WHERE s.wallet = $1 AND s.id = COALESCE($2::bigint, (SELECT latest_snapshot_id FROM wal))
      ), page AS (
        SELECT n.counterparty, n.tx_total, n.last_at
          FROM graph_nodes n
         WHERE n.snapshot_id = (SELECT id FROM snap) AND n.counterparty > $3
         ORDER BY %1$s
         LIMIT $4
      ), peers AS (
        -- the wallet's trust graph (the trust_edges view: verified, accepted, not revoked), either direction
        SELECT DISTINCT CASE WHEN a.from_wallet = $1 THEN a.to_wallet ELSE a.from_wallet END AS peer
          FROM trust_edges a
         WHERE a.from_wallet = $1 OR a.to_wallet = $1
      )
      SELECT snap.id AS snapshot_id, snap.committed_at, snap.node_count, snap.chains_with_counterparties,
             snap.token_evidence,
             (SELECT latest_snapshot_id FROM wal) AS latest_snapshot_id,
             EXISTS (SELECT 1 FROM index_jobs j
                      WHERE j.wallet = $1 AND j.state IN ('queued', 'running')) AS indexing,
             (SELECT count(*) FROM peers p
               WHERE EXISTS (SELECT 1 FROM graph_nodes n
                              WHERE n.snapshot_id = snap.id AND n.counterparty = p.peer)) AS verified_peers,
             (SELECT json_agg(json_build_object(
                        'id', c.chain_id, 'chain', c.chain, 'status', c.status, 't', c.is_transient,
                        's', c.is_standing, 'hc', c.history_capped, 'rr', c.recency_reliable,
                        'src', c.source, 'n', c.counterparty_count, 'z', c.zero_value_token_transfers,
                        'at', (extract(epoch FROM c.indexed_at) * 1000)::bigint) ORDER BY c.chain_id)
                FROM snapshot_chains c WHERE c.snapshot_id = snap.id) AS coverage,
             (SELECT json_agg(json_build_object(
                        'a', p.counterparty, 'u', i.username,
                        'v', EXISTS (SELECT 1 FROM peers WHERE peer = p.counterparty),
                        'c', (SELECT json_agg(json_build_object(
                                       'id', x.chain_id, 'k', x.stats_captured, 'i', x.tx_in, 'o', x.tx_out,
                                       'f', (extract(epoch FROM x.first_at) * 1000)::bigint,
                                       'l', (extract(epoch FROM x.last_at) * 1000)::bigint,
                                       'vi', x.value_in::text, 'vo', x.value_out::text) ORDER BY x.chain_id)
                                FROM counterparties x
                               WHERE x.snapshot_id = snap.id AND x.counterparty = p.counterparty),
                        't', (SELECT json_agg(json_build_object(
                                       'id', f.chain_id, 'tk', f.token, 's', f.symbol, 'd', f.decimals,
                                       'i', f.tx_in, 'o', f.tx_out, 'vi', f.value_in::text, 'vo', f.value_out::text,
                                       'ui', f.usd_in::text, 'uo', f.usd_out::text,
                                       'f', (extract(epoch FROM f.first_at) * 1000)::bigint,
                                       'l', (extract(epoch FROM f.last_at) * 1000)::bigint)
                                       ORDER BY f.chain_id, f.symbol, f.token)
                                FROM token_flows f
                               WHERE f.snapshot_id = snap.id AND f.counterparty = p.counterparty))
                      ORDER BY %2$s)
                FROM page p LEFT JOIN identities i ON i.wallet = p.counterparty) AS nodes
        FROM (SELECT 1) AS one LEFT JOIN snap ON true
      """;

  /** Address ascending: the primary key (snapshot_id, counterparty). */
  static final String ADDRESS_PAGE = PAGE.formatted("n.counterparty", "p.counterparty");

  /** SPEC 4.9 activity order: the graph_nodes_activity index; null metrics sort last. */
  static final String ACTIVITY_PAGE = PAGE.formatted(
      "n.tx_total DESC NULLS LAST, n.last_at DESC NULLS LAST, n.counterparty",
      "p.tx_total DESC NULLS LAST, p.last_at DESC NULLS LAST, p.counterparty");

  static String page(GraphOrder order) {
    return order == GraphOrder.ACTIVITY ? ACTIVITY_PAGE : ADDRESS_PAGE;
  }

  /** The HMAC key the V4 migration generated, when none is configured. */
  static final String CURSOR_KEY = "SELECT key FROM graph_cursor_key WHERE id = 1";
}
