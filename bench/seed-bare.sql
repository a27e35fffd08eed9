-- The bare server's one table (bench/baseline/Bare.java): per seeded wallet, a pre-rendered
-- ~1.2 KB JSON answer shaped like a decision envelope, written to the response as is.
-- Run after bench/seed.sql with psql -v n=100000 -f bench/seed-bare.sql.
\set ON_ERROR_STOP on
BEGIN;
DROP TABLE IF EXISTS bench_bare;
CREATE TABLE bench_bare (address text PRIMARY KEY, body text NOT NULL);
INSERT INTO bench_bare (address, body)
SELECT a, '{"ok":true,"version":"v1","data":{"wallet":"' || a || '","decision":"allow","recommendedLimitUsdc":'
       || (500 + i % 9500) || ',"useCase":"payment","score":' || (20 + i % 70)
       || ',"modelVersion":"decision_v0.4.1","scoreModelVersion":"identity_score_v1","cacheStatus":"cached",'
       || '"committedAt":"2026-11-22T11:00:00Z","evidenceAgeSeconds":3600,"indexingInProgress":false,'
       || '"username":null,"reasons":[{"code":"WALLET_AGE","message":"The wallet has been active for '
       || (30 + i % 1500) || ' days across the indexed chains."},{"code":"COUNTERPARTY_DIVERSITY","message":"'
       || (3 + i % 80) || ' distinct counterparties, none on a screening list."},{"code":"ARC_ACTIVITY",'
       || '"message":"Recent activity on Arc Testnet."}],"evidence":{"activeChains":["Arc Testnet",'
       || '"Ethereum Mainnet"],"totalTxCount":' || (10 + i % 500) || ',"arcTxCount":' || (5 + i % 200)
       || ',"uniqueCounterparties":' || (3 + i % 80) || ',"flaggedCounterparties":0,"failedTxCount":0,'
       || '"acceptedAttestations":0,"firstActivityAt":"2022-01-01T00:00:00Z"},"coverage":[{"chain":"Arc Testnet",'
       || '"status":"indexed","transient":false,"standing":false,"historyCapped":false,"recencyReliable":true,'
       || '"source":"history","fallbackFrom":null},{"chain":"Ethereum Mainnet","status":"indexed",'
       || '"transient":false,"standing":false,"historyCapped":false,"recencyReliable":true,"source":"history",'
       || '"fallbackFrom":null}]}}'
  FROM (SELECT i, '0x' || lpad(to_hex(i), 40, '0') AS a FROM generate_series(1, :n) AS i) w;
COMMIT;
ANALYZE bench_bare;
