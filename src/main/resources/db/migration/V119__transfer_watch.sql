-- Watched deposit addresses (issue 32 item 2, docs/transfers.md#watched-deposit-addresses): a
-- watchlist can ask for transfer screening of its wallets; a worker scans each chain's new blocks
-- for transfers into or out of them and screens each one as a transfer screening (V104).
-- All instant: a column with a constant default, new tables.
ALTER TABLE watchlists ADD COLUMN screen_transfers boolean NOT NULL DEFAULT false;
-- The scanner's "which wallets are watched for transfers" reads only the lists that ask.
CREATE INDEX watchlists_screen_transfers ON watchlists (id) WHERE screen_transfers;

-- One row per chain: the first block not scanned yet. It moves only in the transaction that writes
-- the screenings of the blocks below it (compare-and-set on next_block), so a worker killed
-- mid-step leaves it where the last commit put it and the blocks after it are scanned again.
CREATE TABLE transfer_watch_cursors (
  chain_id    bigint PRIMARY KEY,
  next_block  bigint NOT NULL CHECK (next_block >= 0),
  updated_at  timestamptz NOT NULL
);

-- The keys that watch a screened transfer's address: each gets one transfer.screened event, at
-- once when the screening already has its verdict, else when it leaves pending. The screening's
-- own api_key_id (V107) keeps its event; a watcher row of the same key adds none.
CREATE TABLE transfer_screening_watchers (
  screening_id  bigint NOT NULL REFERENCES transfer_screenings (id) ON DELETE CASCADE,
  api_key_id    bigint NOT NULL,
  watchlist_id  bigint NOT NULL,
  created_at    timestamptz NOT NULL,
  PRIMARY KEY (screening_id, api_key_id)
);
