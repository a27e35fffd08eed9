-- Exposure at commit (issue 24): the wallet's exposure summary (exposure_v1's ExposureSummary),
-- computed in the snapshot's own transaction from its flows, its indexed counterparties' latest
-- snapshots and the labels in force, so every decision read of the snapshot decides on the same
-- summary. Null for snapshots committed before this migration: those wallets keep decision_v0.5's
-- flagged-counterparty rule until their next snapshot. A label change recomputes the summary of
-- the wallets it may affect (V83); the row's update refreshes the read model (V20 trigger).
ALTER TABLE snapshots ADD COLUMN exposure jsonb;

-- The read model carries it as text, like coverage: the read parses each distinct text once.
ALTER TABLE wallet_reads ADD COLUMN exposure text;

DROP VIEW wallet_reads_derived;

CREATE OR REPLACE FUNCTION wallet_read_rows(wanted text[]) RETURNS SETOF wallet_reads
LANGUAGE sql STABLE AS $$
  SELECT q.address, i.username,
         s.id, s.committed_at, s.score_model_version, s.score,
         s.global_wallet_age, s.cross_chain_activity, s.arc_activity, s.counterparty_diversity,
         s.verified_attestations, s.propagated_trust, s.transaction_activity, s.risk_penalty,
         s.global_wallet_age_days, s.active_chains, s.total_tx_count, s.arc_tx_count,
         s.unique_counterparties, s.flagged_counterparties, s.failed_tx_count,
         s.accepted_attestations, s.attestation_counterparties, s.peer_score_sum, s.flagged_lists,
         coalesce(s.coverage, (SELECT json_agg(json_build_object(
                    'chain', c.chain, 'status', c.status, 'transient', c.is_transient,
                    'standing', c.is_standing, 'historyCapped', c.history_capped,
                    'recencyReliable', c.recency_reliable, 'source', c.source,
                    'fallbackFrom', c.fallback_from,
                    'at', (extract(epoch FROM c.indexed_at) * 1000)::bigint) ORDER BY c.chain_id)::text
            FROM snapshot_chains c WHERE c.snapshot_id = s.id)),
         (SELECT jsonb_agg(jsonb_build_object(
                    'peer', p.peer, 'at', (extract(epoch FROM a.accepted_at) * 1000)::bigint,
                    'out', a.from_wallet = q.address, 'value', a.tx_value::text,
                    'peerFirst', (extract(epoch FROM ps.first_activity_at) * 1000)::bigint,
                    'peerFunder', ps.funder, 'peerSeasoned', ps.seasoned_counterparties) ORDER BY a.id)
            FROM trust_edges a
            CROSS JOIN LATERAL (SELECT CASE WHEN a.from_wallet = q.address THEN a.to_wallet
                                            ELSE a.from_wallet END AS peer) p
            LEFT JOIN wallets pw ON pw.address = p.peer
            LEFT JOIN snapshots ps ON ps.id = pw.latest_snapshot_id
           WHERE a.from_wallet = q.address OR a.to_wallet = q.address),
         s.first_activity_at, s.funder,
         EXISTS (SELECT 1 FROM index_jobs j WHERE j.wallet = q.address AND j.state IN ('queued', 'running')),
         s.seasoned_counterparties,
         s.exposure::text
    FROM (SELECT DISTINCT x AS address FROM unnest(wanted) x WHERE x IS NOT NULL) q
    LEFT JOIN wallets w ON w.address = q.address
    LEFT JOIN snapshots s ON s.id = w.latest_snapshot_id
    LEFT JOIN identities i ON i.wallet = q.address
$$;

-- V60's refresh with the new column (the lock, the unchanged-row skip and the delete as there).
CREATE OR REPLACE FUNCTION refresh_wallet_reads(wanted text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  w text[] := ARRAY(SELECT DISTINCT x FROM unnest(wanted) x WHERE x IS NOT NULL ORDER BY x);
BEGIN
  IF coalesce(cardinality(w), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM wallet_reads_lock(w);
  UPDATE wallet_reads r
     SET (username, snapshot_id, committed_at, score_model_version, score,
          global_wallet_age, cross_chain_activity, arc_activity, counterparty_diversity,
          verified_attestations, propagated_trust, transaction_activity, risk_penalty,
          global_wallet_age_days, active_chains, total_tx_count, arc_tx_count,
          unique_counterparties, flagged_counterparties, failed_tx_count,
          accepted_attestations, attestation_counterparties, peer_score_sum, flagged_lists,
          coverage, edges, first_activity_at, funder, in_flight, seasoned_counterparties, exposure)
       = (n.username, n.snapshot_id, n.committed_at, n.score_model_version, n.score,
          n.global_wallet_age, n.cross_chain_activity, n.arc_activity, n.counterparty_diversity,
          n.verified_attestations, n.propagated_trust, n.transaction_activity, n.risk_penalty,
          n.global_wallet_age_days, n.active_chains, n.total_tx_count, n.arc_tx_count,
          n.unique_counterparties, n.flagged_counterparties, n.failed_tx_count,
          n.accepted_attestations, n.attestation_counterparties, n.peer_score_sum, n.flagged_lists,
          n.coverage, n.edges, n.first_activity_at, n.funder, n.in_flight, n.seasoned_counterparties, n.exposure)
    FROM wallet_read_rows(w) n
   WHERE r.address = n.address
     AND ROW(r.*) IS DISTINCT FROM ROW(n.*);
  DELETE FROM wallet_reads r WHERE r.address = ANY (w) AND wallet_read_is_empty(r);
END
$$;

CREATE VIEW wallet_reads_derived AS
  SELECT d.* FROM wallet_read_rows(ARRAY(SELECT wallet_read_addresses()) ) d
   WHERE NOT wallet_read_is_empty(d);
