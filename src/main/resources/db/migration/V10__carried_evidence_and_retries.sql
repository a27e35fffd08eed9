-- Issue 12 item 5: a chain that fails transiently keeps its previous committed evidence, and the
-- worker retries such chains on its own.
--
-- Per-chain figures the wallet-level evidence is added up from, so a later run can carry one
-- chain forward exactly. Null on rows written before (the carry then approximates: earliest
-- counterparty interaction, no failed transactions, activity from snapshots.active_chains).
ALTER TABLE snapshot_chains
  ADD COLUMN first_tx_at timestamptz,
  ADD COLUMN failed_tx_count bigint,
  ADD COLUMN active boolean;

-- A retry job waits until not_before (null = at once); retry_round counts the worker's own
-- retries of one outage, so the backoff grows and ends.
ALTER TABLE index_jobs
  ADD COLUMN not_before timestamptz,
  ADD COLUMN retry_round integer NOT NULL DEFAULT 0 CHECK (retry_round >= 0);

ALTER TABLE index_jobs DROP CONSTRAINT index_jobs_kind_check;
ALTER TABLE index_jobs ADD CONSTRAINT index_jobs_kind_check
  CHECK (kind IN ('intake', 'refresh', 'rescan', 'scheduled', 'claim', 'attestation', 'retry'));
