-- Transfer screening (issue 32, docs/transfers.md): one row per screened transfer, named by chain,
-- transaction hash, log index (-1 for the native value, so the unique key needs no NULL rule),
-- the caller's own address and the direction. A second screening of the same transfer finds this
-- row. pending rows wait for confirmations or for the counterparty's first snapshot; verdict is
-- NULL while pending. amount is in the asset's base units (wei, token units), exact.
CREATE TABLE transfer_screenings (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  chain_id      bigint      NOT NULL,
  tx_hash       text        NOT NULL,
  log_index     bigint      NOT NULL,
  address       text        NOT NULL,
  direction     text        NOT NULL CHECK (direction IN ('received', 'sent')),
  counterparty  text        NOT NULL,
  token         text,
  symbol        text,
  decimals      integer,
  valued        boolean     NOT NULL,
  amount        numeric(78, 0) NOT NULL CHECK (amount > 0),
  usd           numeric,
  block         bigint      NOT NULL,
  confirmations bigint      NOT NULL,
  required_confirmations integer NOT NULL,
  status        text        NOT NULL CHECK (status IN ('pending', 'screened')),
  verdict       text        CHECK (verdict IN ('allow', 'caution', 'block')),
  reasons       jsonb       NOT NULL DEFAULT '[]',
  warnings      jsonb       NOT NULL DEFAULT '[]',
  created_at    timestamptz NOT NULL,
  updated_at    timestamptz NOT NULL,
  CHECK ((status = 'pending') = (verdict IS NULL)),
  UNIQUE (chain_id, tx_hash, log_index, address, direction)
);

-- Pending screenings by counterparty: a counterparty's first snapshot completes them.
CREATE INDEX transfer_screenings_pending ON transfer_screenings (counterparty) WHERE status = 'pending';
