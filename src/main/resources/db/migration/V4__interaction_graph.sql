-- Observed interaction graph (SPEC 2.6, 4.9; docs/models.md "Interaction graph").
--
-- counterparties holds one row per (snapshot, counterparty, chain). The graph read needs one node
-- per counterparty in two orders (address; activity), a page at a time, without aggregating a
-- whole wallet's rows per request. Each committed snapshot therefore gets its nodes materialized
-- once, at commit, with the activity sort keys; the read walks an index in either order.

-- One row per snapshot whose counterparty rows are still kept. Retention deletes it together with
-- those rows, which is how a cursor learns that its snapshot is gone.
CREATE TABLE graph_snapshots (
  snapshot_id                 bigint PRIMARY KEY REFERENCES snapshots (id) ON DELETE CASCADE,
  node_count                  integer NOT NULL,
  chains_with_counterparties  integer NOT NULL
);

-- One node per counterparty of a snapshot. tx_total and last_at come from chains with captured
-- stats only; both are null when no chain of the node has them (metrics null, SPEC 2.6 rule 1).
-- No foreign key: its per-row check was 40% of materializing 10,000 nodes at commit. Rows are
-- written only with their graph_snapshots row (same statement) and deleted with it (retention).
CREATE TABLE graph_nodes (
  snapshot_id   bigint NOT NULL,
  counterparty  text NOT NULL,
  tx_total      bigint,
  last_at       timestamptz,
  PRIMARY KEY (snapshot_id, counterparty)
);
-- sort=activity: transaction count desc, last interaction desc, address asc; null metrics last.
CREATE INDEX graph_nodes_activity
  ON graph_nodes (snapshot_id, tx_total DESC NULLS LAST, last_at DESC NULLS LAST, counterparty);

-- Shared HMAC key of graph cursors when graph.cursorKey is not configured: every instance reads
-- the same key, so a cursor from one instance pages on another. 32 bytes from Postgres' strong
-- random source (gen_random_uuid, 2 x 122 random bits).
CREATE TABLE graph_cursor_key (
  id   smallint PRIMARY KEY CHECK (id = 1),
  key  bytea NOT NULL CHECK (octet_length(key) = 32)
);
INSERT INTO graph_cursor_key (id, key)
VALUES (1, decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'));

-- Snapshots committed before this migration get their nodes now.
INSERT INTO graph_snapshots (snapshot_id, node_count, chains_with_counterparties)
SELECT s.id,
       (SELECT count(DISTINCT c.counterparty) FROM counterparties c WHERE c.snapshot_id = s.id),
       (SELECT count(DISTINCT c.chain_id) FROM counterparties c WHERE c.snapshot_id = s.id)
  FROM snapshots s;
INSERT INTO graph_nodes (snapshot_id, counterparty, tx_total, last_at)
SELECT snapshot_id, counterparty,
       sum(tx_in + tx_out) FILTER (WHERE stats_captured),
       max(last_at) FILTER (WHERE stats_captured)
  FROM counterparties
 GROUP BY snapshot_id, counterparty;
