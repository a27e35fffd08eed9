-- Issue 35 items 3 and 6: the stored labels (V83 exposure_labels) are what every summary is
-- computed against, and each queued wallet names the labels version it must be computed with.

-- The version the stored label rows are of, and the load time of the lists it came from: a
-- process whose labels differ and were loaded earlier is behind, and neither writes its labels
-- nor drains (ExposureSync). One row.
CREATE TABLE exposure_label_state (
  id       boolean PRIMARY KEY DEFAULT true CHECK (id),
  version  text NOT NULL,
  as_of    timestamptz
);

-- A queued wallet is recomputed only by a process whose labels are of this version; a label
-- change retags every pending row to the new version. Null only for rows queued before V98
-- (the first label change retags them).
ALTER TABLE exposure_refresh ADD COLUMN labels_version text;

-- The affected-wallets walk in bounded batches: each changed labelled address (hop false), then
-- each wallet found to have a flow with one (hop true), walked through its flows in snapshot id
-- order from after_snapshot. Rows are written in the label change's transaction, so a crash
-- between batches resumes where it stopped.
CREATE TABLE exposure_label_work (
  address         text NOT NULL,
  hop             boolean NOT NULL,
  after_snapshot  bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (address, hop)
);

-- Each snapshot's valued (registered-token) totals, written at commit, so a hop's denominator is
-- one primary-key probe, not a sum over an intermediary's flows. Null for snapshots committed
-- before V98 (the read sums their flows, as before); new rows start at 0 (no valued flow).
-- Catalog-only changes, through V93's bounded-wait helper so reads never queue behind the lock.
SELECT wallet_reads_alter('ALTER TABLE snapshots ADD COLUMN valued_usd_in numeric(48, 6), ADD COLUMN valued_usd_out numeric(48, 6)');
SELECT wallet_reads_alter('ALTER TABLE snapshots ALTER COLUMN valued_usd_in SET DEFAULT 0, ALTER COLUMN valued_usd_out SET DEFAULT 0');
