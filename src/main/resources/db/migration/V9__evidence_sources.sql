-- Issue 13: a chain's history can come from several providers, and screening lists have names.
-- snapshot_chains.source now names the provider that answered (otterscan, etherscan, blockscout,
-- or rpc for aggregate figures); rows written before hold the evidence mode (history, aggregate).
COMMENT ON COLUMN snapshot_chains.source IS
  'provider that answered: otterscan | etherscan | blockscout | rpc (older rows: history | aggregate)';
-- Sources tried first in the run that failed, in order; empty when the first choice answered.
ALTER TABLE snapshot_chains ADD COLUMN fallback_from text[] NOT NULL DEFAULT '{}';
-- Distinct flagged counterparties per screening list, e.g. {"OFAC_SDN": 1}; the decision names
-- each list in a reason code. Older snapshots have '{}' (their count is still in flagged_counterparties).
ALTER TABLE snapshots ADD COLUMN flagged_lists jsonb NOT NULL DEFAULT '{}'
  CHECK (jsonb_typeof(flagged_lists) = 'object');
