-- Issue 33 item 1: a stored exposure summary reads other wallets' snapshots (its intermediaries,
-- up to exposure.maxHops away), so when one of them commits, every wallet whose summary reads it
-- must be recomputed, or the answer depends on the order wallets were indexed in. The commit
-- writes one starting point here (level 1: the committed wallet, whose readers are one hop from
-- it); a worker walks its readers in bounded steps through the (counterparty, snapshot_id)
-- indexes (V99), queues each reader in exposure_refresh and, below maxHops and when the reader is
-- no hub, makes it a starting point one level further. Written in the commit's transaction, so a
-- crash between steps resumes where it stopped (as exposure_label_work, V98).
CREATE TABLE exposure_dependents_work (
  address         text NOT NULL,
  level           smallint NOT NULL CHECK (level >= 1),
  after_snapshot  bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (address, level)
);

-- Why a queued wallet is recomputed, for its decision.changed event: a label change (screening)
-- or another wallet's new snapshot (reindex). Catalog-only (a constant default).
SELECT wallet_reads_alter('ALTER TABLE exposure_refresh ADD COLUMN cause text NOT NULL DEFAULT ''screening'' CHECK (cause IN (''screening'', ''reindex''))');
