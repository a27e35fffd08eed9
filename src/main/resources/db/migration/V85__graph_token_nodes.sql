-- Interaction graph with registered-token counterparties (issue 24, docs/models.md "Interaction
-- graph"): a counterparty met through a registered token is a node, and token transfers' times
-- join a node's last interaction. Snapshots committed with token evidence before this migration
-- get their nodes and counts again, the same way the commit now materializes them
-- (SnapshotQueries.MATERIALIZE_GRAPH). Snapshots without token_flows rows are unchanged.
CREATE TEMPORARY TABLE graph_token_snapshots ON COMMIT DROP AS
SELECT DISTINCT f.snapshot_id
  FROM token_flows f JOIN graph_snapshots g ON g.snapshot_id = f.snapshot_id;

DELETE FROM graph_nodes n USING graph_token_snapshots s WHERE n.snapshot_id = s.snapshot_id;

WITH t AS (
  SELECT f.snapshot_id, f.counterparty, f.chain_id, max(f.last_at) AS last_at
    FROM token_flows f JOIN graph_token_snapshots s ON s.snapshot_id = f.snapshot_id
   GROUP BY f.snapshot_id, f.counterparty, f.chain_id
), r AS (
  SELECT c.snapshot_id, c.counterparty, c.stats_captured AS counted, c.tx_in + c.tx_out AS tx, c.last_at
    FROM counterparties c JOIN graph_token_snapshots s ON s.snapshot_id = c.snapshot_id
  UNION ALL
  SELECT t.snapshot_id, t.counterparty, NOT EXISTS (SELECT 1 FROM counterparties c
                                                     WHERE c.snapshot_id = t.snapshot_id AND c.counterparty = t.counterparty
                                                       AND c.chain_id = t.chain_id AND NOT c.stats_captured), 0, t.last_at
    FROM t
)
INSERT INTO graph_nodes (snapshot_id, counterparty, tx_total, last_at)
SELECT snapshot_id, counterparty, sum(tx) FILTER (WHERE counted), max(last_at) FILTER (WHERE counted)
  FROM r
 GROUP BY snapshot_id, counterparty;

UPDATE graph_snapshots g
   SET node_count = (SELECT count(*) FROM graph_nodes n WHERE n.snapshot_id = g.snapshot_id),
       chains_with_counterparties = (SELECT count(*) FROM (
         SELECT chain_id FROM counterparties c WHERE c.snapshot_id = g.snapshot_id
         UNION
         SELECT chain_id FROM token_flows f WHERE f.snapshot_id = g.snapshot_id) x)
  FROM graph_token_snapshots s
 WHERE s.snapshot_id = g.snapshot_id;
