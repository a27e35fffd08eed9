-- Label changes reach stored exposure summaries (issue 24). The labels live in each process's
-- memory; exposure_labels holds what the last announced set said of each labelled address (the
-- parts a summary reads: chain and category), so a refresh is diffed against it after a restart
-- too. Wallets whose stored summary may change are queued in exposure_refresh in the same
-- transaction as the new label rows, and a worker sweep drains the queue in chunks.
CREATE TABLE exposure_labels (
  address   text NOT NULL,
  chain_id  bigint NOT NULL DEFAULT 0,   -- 0: every chain
  category  text NOT NULL,
  PRIMARY KEY (address, chain_id, category)
);

CREATE TABLE exposure_refresh (
  wallet     text PRIMARY KEY,
  queued_at  timestamptz NOT NULL
);
