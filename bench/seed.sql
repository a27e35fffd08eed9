-- Seeds a bench database straight in SQL: :n committed wallets 0x + 40 hex digits of 1..:n, each
-- with a snapshot an hour old, two indexed chains, the coverage text a commit stores (V14) and an
-- exposure summary (V82), so decisions rest on committed evidence (cacheStatus cached) and carry
-- what a commit stores. The same script seeds 100,000 wallets for perf.sh and 10,000,000 for the
-- scale sitting (bench/scale.sh), so both read rows of one shape.
-- Run with psql -v n=100000 -f bench/seed.sql (a superuser: see session_replication_role below).
--
-- Built for size: every row is written once, in chunks of a million wallets, each chunk its own
-- transaction. The tables' triggers (the read model's, the foreign keys') are off for the load
-- (session_replication_role = replica); the read model is then derived by wallet_read_rows, the
-- one derivation the triggers use, so its rows are those a commit would have written.
\set ON_ERROR_STOP on
\if :{?chunk}
\else
\set chunk 1000000
\endif
SET synchronous_commit = off;
SET maintenance_work_mem = '1GB';
SET session_replication_role = replica;

SELECT format($q$
INSERT INTO wallets (address, latest_snapshot_id)
SELECT '0x' || lpad(to_hex(i), 40, '0'), i FROM generate_series(%1$s, %2$s) AS i;

INSERT INTO snapshots (id, wallet, committed_at, score_model_version, score,
  global_wallet_age, cross_chain_activity, arc_activity, counterparty_diversity,
  verified_attestations, propagated_trust, transaction_activity, risk_penalty,
  first_activity_at, global_wallet_age_days, active_chains, total_tx_count, arc_tx_count,
  unique_counterparties, flagged_counterparties, failed_tx_count, accepted_attestations,
  attestation_counterparties, peer_score_sum, job_id, coverage, exposure)
SELECT i, '0x' || lpad(to_hex(i), 40, '0'), now() - interval '1 hour', 'identity_score_v3',
       20 + i %% 70, 10 + i %% 15, 5 + i %% 10, 5 + i %% 10, 5 + i %% 15, 0, 0, 5 + i %% 15, 0,
       now() - make_interval(days => 30 + i %% 1500), 30 + i %% 1500,
       ARRAY['Arc Testnet', 'Ethereum Mainnet'], 10 + i %% 500, 5 + i %% 200, 3 + i %% 80, 0, 0, 0, 0, 0,
       NULL, cov.text,
       -- As a commit stores it (SummaryJson): most wallets share the summary of no labelled
       -- counterparty; one in sixteen (address ending in 0) was dusted by a sanctioned address (a
       -- warning), each by its own amount, so those texts differ from wallet to wallet.
       (CASE WHEN i %% 16 = 0 THEN
         '{"sanctions":"direct","sourceCategories":["sanctioned"],"destinationCategories":[],'
         || '"sanctionedInTransfers":1,"sanctionedInUnvaluedTransfers":0,"sanctionedInUsd":'
         || to_char(((i %% 9900) + 1) / 100.0, 'FM990.00') || ',"sanctionedInShare":0.0100,'
         || '"sanctionedInUnsolicited":true,"sanctionedOutTransfers":0,"highRiskInUsd":0.00,'
         || '"highRiskInShare":0.0000,"highRiskOutTransfers":0,"indirectSanctionedShare":null,'
         || '"labelsVersion":"sha256:bench"}'
       ELSE
         '{"sanctions":"none","sourceCategories":[],"destinationCategories":[],"sanctionedInTransfers":0,'
         || '"sanctionedInUnvaluedTransfers":0,"sanctionedInUsd":0.00,"sanctionedInShare":null,'
         || '"sanctionedInUnsolicited":false,"sanctionedOutTransfers":0,"highRiskInUsd":0.00,'
         || '"highRiskInShare":null,"highRiskOutTransfers":0,"indirectSanctionedShare":null,'
         || '"labelsVersion":"none"}'
       END)::jsonb
  FROM generate_series(%1$s, %2$s) AS i,
       -- The coverage text of two indexed chains, as V14's commit builds it from snapshot_chains.
       (SELECT json_agg(json_build_object(
                 'chain', c.chain, 'status', 'indexed', 'transient', false, 'standing', false,
                 'historyCapped', false, 'recencyReliable', true, 'source', 'history',
                 'fallbackFrom', '{}'::text[]) ORDER BY c.chain_id)::text AS text
          FROM (VALUES (5042002::bigint, 'Arc Testnet'), (1::bigint, 'Ethereum Mainnet')) AS c(chain_id, chain)) cov;

INSERT INTO snapshot_chains (snapshot_id, chain_id, chain, status, is_transient, is_standing,
  history_capped, recency_reliable, source, tx_count, counterparty_count, indexed_at)
SELECT i, c.chain_id, c.chain, 'indexed', false, false, false, true, 'history', 10, 3, now() - interval '1 hour'
  FROM generate_series(%1$s, %2$s) AS i
 CROSS JOIN (VALUES (5042002::bigint, 'Arc Testnet'), (1::bigint, 'Ethereum Mainnet')) AS c(chain_id, chain);

INSERT INTO wallet_reads
SELECT * FROM wallet_read_rows(ARRAY(SELECT '0x' || lpad(to_hex(i), 40, '0') FROM generate_series(%1$s, %2$s) AS i));
$q$, lo, least(lo + :chunk - 1, :n))
  FROM generate_series(1, :n, :chunk) AS lo
\gexec

SELECT setval('snapshots_id_seq', greatest(:n, 1));
RESET session_replication_role;
ANALYZE;
