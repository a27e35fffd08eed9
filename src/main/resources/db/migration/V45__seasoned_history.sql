-- identity_score_v2 / decision_v0.5 (issue 21): distinct counterparties a wallet first met at
-- least 90 days before the run that committed the snapshot. Null for snapshots committed before
-- it: unknown, and the rules that read it do not apply to them (docs/models.md).
ALTER TABLE snapshots ADD COLUMN seasoned_counterparties integer CHECK (seasoned_counterparties >= 0);
