-- Issue 35 item 6: the affected-wallets walk pages each labelled address's flows in snapshot id
-- order, so both flow tables need (counterparty, snapshot_id). counterparties had no index on
-- counterparty at all; token_flows' V70 index on counterparty alone cannot order by snapshot.
-- A plain build (CREATE INDEX CONCURRENTLY waits, inside Flyway, on Flyway's own open
-- transaction): it blocks writes to the two tables while it runs. On a large deployment build
-- both CONCURRENTLY before upgrading (docs/operations.md); IF NOT EXISTS then makes this a no-op.
CREATE INDEX IF NOT EXISTS counterparties_counterparty_snapshot ON counterparties (counterparty, snapshot_id);
CREATE INDEX IF NOT EXISTS token_flows_counterparty_snapshot ON token_flows (counterparty, snapshot_id);
DROP INDEX IF EXISTS token_flows_counterparty;
