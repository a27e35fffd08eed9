package dev.vouch.graph;

/** SQL of the trust read: the wallet's edges (the trust_edges view) with what the model needs. */
final class TrustGraphQueries {

  private TrustGraphQueries() {}

  /**
   * One row per edge of $1 (one row of nulls without edges): the wallet's own first activity and
   * funder, each peer's username, latest score, first activity and funder, and the counterparties
   * both snapshots observed. Edges in acceptance order.
   */
  static final String EDGES = """
      WITH me AS (
        SELECT q.address, s.id AS snapshot_id, s.first_activity_at, s.funder
          FROM (SELECT $1::text AS address) q
          LEFT JOIN wallets w ON w.address = q.address
          LEFT JOIN snapshots s ON s.id = w.latest_snapshot_id)
      SELECT me.first_activity_at AS self_first, me.funder AS self_funder,
             a.id, a.from_wallet, a.to_wallet, a.chain_id, a.tx_hash, a.tx_value::text AS tx_value, a.tx_time,
             a.accepted_at, p.peer, i.username AS peer_username, ps.score AS peer_score,
             ps.first_activity_at AS peer_first, ps.funder AS peer_funder,
             ps.seasoned_counterparties AS peer_seasoned,
             (SELECT count(DISTINCT c1.counterparty)
                FROM counterparties c1
                JOIN counterparties c2 ON c2.counterparty = c1.counterparty AND c2.snapshot_id = ps.id
               WHERE c1.snapshot_id = me.snapshot_id) AS shared_counterparties
        FROM me
        LEFT JOIN trust_edges a ON a.from_wallet = me.address OR a.to_wallet = me.address
        LEFT JOIN LATERAL (SELECT CASE WHEN a.from_wallet = me.address THEN a.to_wallet ELSE a.from_wallet END AS peer) p
               ON true
        LEFT JOIN wallets pw ON pw.address = p.peer
        LEFT JOIN snapshots ps ON ps.id = pw.latest_snapshot_id
        LEFT JOIN identities i ON i.wallet = p.peer
       ORDER BY a.accepted_at, a.id
      """;
}
