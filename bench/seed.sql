-- Seeds bench/perf.sh's database straight in SQL: :n committed wallets 0x + 40 hex digits of
-- 1..:n, each with a snapshot an hour old, two indexed chains and an exposure summary (V82), so
-- decisions rest on committed evidence (cacheStatus cached) and carry what a commit stores. Run with psql -v n=100000 -f bench/seed.sql.
\set ON_ERROR_STOP on
BEGIN;
INSERT INTO wallets (address)
SELECT '0x' || lpad(to_hex(i), 40, '0') FROM generate_series(1, :n) AS i;

INSERT INTO snapshots (wallet, committed_at, score_model_version, score,
  global_wallet_age, cross_chain_activity, arc_activity, counterparty_diversity,
  verified_attestations, propagated_trust, transaction_activity, risk_penalty,
  first_activity_at, global_wallet_age_days, active_chains, total_tx_count, arc_tx_count,
  unique_counterparties, flagged_counterparties, failed_tx_count, accepted_attestations,
  attestation_counterparties, peer_score_sum, job_id)
SELECT '0x' || lpad(to_hex(i), 40, '0'), now() - interval '1 hour', 'identity_score_v3',
       20 + i % 70, 10 + i % 15, 5 + i % 10, 5 + i % 10, 5 + i % 15, 0, 0, 5 + i % 15, 0,
       now() - make_interval(days => 30 + i % 1500), 30 + i % 1500, ARRAY['Arc Testnet', 'Ethereum Mainnet'],
       10 + i % 500, 5 + i % 200, 3 + i % 80, 0, 0, 0, 0, 0, NULL
  FROM generate_series(1, :n) AS i;

UPDATE wallets w SET latest_snapshot_id = s.id FROM snapshots s WHERE s.wallet = w.address;

INSERT INTO snapshot_chains (snapshot_id, chain_id, chain, status, is_transient, is_standing,
  history_capped, recency_reliable, source, tx_count, counterparty_count, indexed_at)
SELECT s.id, c.chain_id, c.chain, 'indexed', false, false, false, true, 'history', 10, 3, s.committed_at
  FROM snapshots s
 CROSS JOIN (VALUES (5042002::bigint, 'Arc Testnet'), (1::bigint, 'Ethereum Mainnet')) AS c(chain_id, chain);

-- As a commit stores it (V14): the coverage text reads use.
UPDATE snapshots s
   SET coverage = (SELECT json_agg(json_build_object(
                            'chain', c.chain, 'status', c.status, 'transient', c.is_transient,
                            'standing', c.is_standing, 'historyCapped', c.history_capped,
                            'recencyReliable', c.recency_reliable, 'source', c.source,
                            'fallbackFrom', c.fallback_from) ORDER BY c.chain_id)::text
                     FROM snapshot_chains c WHERE c.snapshot_id = s.id);
-- As a commit stores it (V82, SummaryJson): most wallets share the summary of no labelled
-- counterparty; one in ten was dusted by a sanctioned address (a warning), each by its own
-- amount, so those texts differ from wallet to wallet as they do in production.
UPDATE snapshots s
   SET exposure = (CASE WHEN right(s.wallet, 1) = '0' THEN
         '{"sanctions":"direct","sourceCategories":["sanctioned"],"destinationCategories":[],'
         || '"sanctionedInTransfers":1,"sanctionedInUnvaluedTransfers":0,"sanctionedInUsd":'
         || to_char(((s.id % 9900) + 1) / 100.0, 'FM990.00') || ',"sanctionedInShare":0.0100,'
         || '"sanctionedInUnsolicited":true,"sanctionedOutTransfers":0,"highRiskInUsd":0.00,'
         || '"highRiskInShare":0.0000,"highRiskOutTransfers":0,"indirectSanctionedShare":null,'
         || '"labelsVersion":"sha256:bench"}'
       ELSE
         '{"sanctions":"none","sourceCategories":[],"destinationCategories":[],"sanctionedInTransfers":0,'
         || '"sanctionedInUnvaluedTransfers":0,"sanctionedInUsd":0.00,"sanctionedInShare":null,'
         || '"sanctionedInUnsolicited":false,"sanctionedOutTransfers":0,"highRiskInUsd":0.00,'
         || '"highRiskInShare":null,"highRiskOutTransfers":0,"indirectSanctionedShare":null,'
         || '"labelsVersion":"none"}'
       END)::jsonb;
COMMIT;
ANALYZE;
