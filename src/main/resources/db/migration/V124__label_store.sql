-- Issue 33 item 7: labels at the scale of attribution data live here, not in each process's heap.
-- Every list of models.flaggedAddresses is loaded with COPY into a table of its own (a partition
-- of labels), indexed, and only then made current, in one transaction with the label lock
-- (30324) held: readers see the previous version or the whole new one, never a part. A refused or
-- failed load drops its table and leaves the previous version in force.

-- One row per loaded (or loading) version of a list. state: loading (its table is being filled,
-- not attached), current (at most one per list), retired (replaced; its table is dropped once
-- the sweep of its differences is done).
CREATE TABLE label_versions (
  id          bigserial PRIMARY KEY,
  list        text NOT NULL,
  type        text NOT NULL,
  sha256      text NOT NULL DEFAULT '',      -- of the bytes read: an unchanged file is not loaded again
  location    text NOT NULL,
  state       text NOT NULL CHECK (state IN ('loading', 'current', 'retired')),
  rows        bigint NOT NULL DEFAULT 0,
  bytes       bigint NOT NULL DEFAULT 0,
  categories  jsonb NOT NULL DEFAULT '{}',   -- rows by category, for the log and operators
  started_at  timestamptz NOT NULL,
  loaded_at   timestamptz
);
CREATE UNIQUE INDEX label_versions_current ON label_versions (list) WHERE state = 'current';

-- Every label of every version, one partition per version (labels_v<id>), so a version is
-- loaded without index upkeep, indexed once, attached in an instant and dropped whole.
-- chain_id 0: every chain. line: where the row stood in its file (errors, first-label-wins).
-- name: a screening list's label cell ('' when it has none). Partitions carry their own index
-- led by address (unique on address, chain, category for type labels: a duplicate refuses the list).
CREATE TABLE labels (
  version   bigint NOT NULL,
  line      integer NOT NULL,
  address   text NOT NULL,
  chain_id  bigint NOT NULL DEFAULT 0,
  category  text NOT NULL,
  name      text NOT NULL,
  source    text NOT NULL
) PARTITION BY LIST (version);

-- A version switch whose differences are still to be swept (monitoring/LabelSweep): the changed
-- addresses between old_version and new_version (either null: first load, list dropped) are found
-- in bounded pages by address after after_address; each page queues the exposure walk and
-- announces screening changes. Written in the switch's transaction.
CREATE TABLE label_diffs (
  id             bigserial PRIMARY KEY,
  list           text NOT NULL,
  old_version    bigint,
  new_version    bigint,
  after_address  text NOT NULL DEFAULT '',
  created_at     timestamptz NOT NULL
);

-- V83's copy of the labels' (address, chain, category) becomes the current labels themselves:
-- the exposure read's hop filter probes the current partitions' indexes.
DROP TABLE exposure_labels;
CREATE VIEW exposure_labels AS
  SELECT l.address, l.chain_id, l.category
    FROM labels l JOIN label_versions v ON v.id = l.version
   WHERE v.state = 'current';

-- The current labels with their list, for lookups (LabelQueries).
CREATE VIEW current_labels AS
  SELECT v.list, v.type, l.line, l.address, l.chain_id, l.category, l.name, l.source
    FROM labels l JOIN label_versions v ON v.id = l.version
   WHERE v.state = 'current';

-- Rows queued for a recompute (the dependents walk, V108, queues on every commit) name the stored
-- version, and a chunk takes only rows of it: there is one before any list was ever loaded.
INSERT INTO exposure_label_state (id, version, as_of) VALUES (true, 'none', NULL) ON CONFLICT (id) DO NOTHING;
