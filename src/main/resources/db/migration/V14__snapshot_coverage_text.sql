-- The per-chain coverage a decision reads, kept with the snapshot as JSON text (written in the
-- commit transaction, from the same rows as snapshot_chains). A read then needs no per-row
-- subquery over snapshot_chains nor JSON built by the database. NULL on snapshots committed
-- before this version: reads fall back to building it from snapshot_chains.
ALTER TABLE snapshots ADD COLUMN coverage text;

-- Latest snapshots are what reads hit: give them the column now.
UPDATE snapshots s
   SET coverage = (SELECT json_agg(json_build_object(
                            'chain', c.chain, 'status', c.status, 'transient', c.is_transient,
                            'standing', c.is_standing, 'historyCapped', c.history_capped,
                            'recencyReliable', c.recency_reliable, 'source', c.source,
                            'fallbackFrom', c.fallback_from) ORDER BY c.chain_id)::text
                     FROM snapshot_chains c WHERE c.snapshot_id = s.id)
 WHERE s.id IN (SELECT latest_snapshot_id FROM wallets WHERE latest_snapshot_id IS NOT NULL);
