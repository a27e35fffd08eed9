-- Seeds the interaction graph of one wallet for bench/perf.sh's graph-page scenario: :n
-- counterparties on the wallet's latest snapshot (bench/seed.sql made it, two indexed chains),
-- stored as a commit stores them: counterparties rows (one or both chains), the materialized
-- graph (V4 graph_snapshots, graph_nodes, as SnapshotQueries.MATERIALIZE_GRAPH builds them), and
-- the counts on snapshot_chains and the snapshot. Without it the scenario reads an empty graph.
-- Run with psql -v wallet="'0x...'" -v n=10000 -f bench/seed-graph.sql (after seed.sql).
\set ON_ERROR_STOP on
BEGIN;
CREATE TEMPORARY TABLE seed_graph ON COMMIT DROP AS
SELECT w.latest_snapshot_id AS snapshot_id, s.committed_at FROM wallets w JOIN snapshots s ON s.id = w.latest_snapshot_id
 WHERE w.address = :wallet
   -- A kept database (perf.sh's BENCH_DB) that has the graph already: nothing to do.
   AND NOT EXISTS (SELECT 1 FROM graph_snapshots gs WHERE gs.snapshot_id = w.latest_snapshot_id);

INSERT INTO counterparties (snapshot_id, counterparty, chain_id, stats_captured, tx_in, tx_out, first_at, last_at,
  value_in, value_out)
SELECT g.snapshot_id, '0x' || lpad(to_hex(1048576 + i * 7919), 40, '0'), c.chain_id, true, i % 5, 1 + i % 11,
       g.committed_at - make_interval(days => 30, mins => i % 997), g.committed_at - make_interval(mins => i % 997),
       i::numeric * 1000000000000000, c.k + 1
  FROM seed_graph g
 CROSS JOIN generate_series(0, :n - 1) AS i
 CROSS JOIN (VALUES (0, 5042002::bigint), (1, 1::bigint)) AS c(k, chain_id)
 WHERE c.k <= i % 2;

INSERT INTO graph_snapshots (snapshot_id, node_count, chains_with_counterparties)
SELECT snapshot_id, :n, 2 FROM seed_graph;
INSERT INTO graph_nodes (snapshot_id, counterparty, tx_total, last_at)
SELECT c.snapshot_id, c.counterparty, sum(c.tx_in + c.tx_out), max(c.last_at)
  FROM counterparties c JOIN seed_graph g ON g.snapshot_id = c.snapshot_id
 GROUP BY c.snapshot_id, c.counterparty;

UPDATE snapshot_chains sc
   SET counterparty_count = (SELECT count(*) FROM counterparties c
                              WHERE c.snapshot_id = sc.snapshot_id AND c.chain_id = sc.chain_id)
  FROM seed_graph g WHERE sc.snapshot_id = g.snapshot_id;
-- Rewrites the wallet's read-model row (and so announces it, V91), as a commit would.
UPDATE snapshots s SET unique_counterparties = :n FROM seed_graph g WHERE s.id = g.snapshot_id;
COMMIT;
ANALYZE counterparties;
ANALYZE graph_nodes;
