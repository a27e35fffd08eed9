-- identity_score_v4 (issue 35): the flagged counterparties that only pushed unsolicited dust onto
-- the wallet, which the risk penalty spares (docs/models.md "Listed dust"). Stored for audit of
-- the breakdown beside flagged_counterparties; null for snapshots committed before (every flagged
-- counterparty cost points). The read model does not carry it: nothing recomputes a stored score.
ALTER TABLE snapshots ADD COLUMN flagged_dust_counterparties integer
  CHECK (flagged_dust_counterparties >= 0 AND flagged_dust_counterparties <= flagged_counterparties);
