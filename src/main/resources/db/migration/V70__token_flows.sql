-- Registered-token evidence (issue 24): ERC-20 Transfer logs of tokens in the configured registry,
-- aggregated per snapshot, counterparty, chain and token, beside the native `counterparties` rows
-- and written in the same commit. Transfers of unregistered tokens never make a row here (anyone
-- can emit a spoofed Transfer event); they are only counted on snapshot_chains.
CREATE TABLE token_flows (
  snapshot_id   bigint NOT NULL REFERENCES snapshots (id) ON DELETE CASCADE,
  counterparty  text NOT NULL CHECK (counterparty ~ '^0x[0-9a-f]{40}$'),
  chain_id      bigint NOT NULL,
  token         text NOT NULL CHECK (token ~ '^0x[0-9a-f]{40}$'),
  symbol        text NOT NULL,
  decimals      smallint NOT NULL CHECK (decimals BETWEEN 0 AND 36),
  tx_in         integer NOT NULL DEFAULT 0,
  tx_out        integer NOT NULL DEFAULT 0,
  value_in      numeric(78, 0) NOT NULL DEFAULT 0,   -- token base units
  value_out     numeric(78, 0) NOT NULL DEFAULT 0,
  -- USD value at commit time: set only for tokens the registry marks as USD stablecoins (1.00).
  usd_in        numeric(48, 6),
  usd_out       numeric(48, 6),
  first_at      timestamptz,
  last_at       timestamptz,
  -- A bounded evidence list (newest first, at most 10) of the transfers' transaction hashes.
  tx_hashes     text[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (snapshot_id, counterparty, chain_id, token)
);
CREATE INDEX token_flows_counterparty ON token_flows (counterparty);

-- Hash of the token registry in force when the snapshot was taken (null: before token evidence).
ALTER TABLE snapshots ADD COLUMN token_registry_hash text;
-- Transfers of tokens outside the registry: counted, never valued, never a counterparty.
ALTER TABLE snapshot_chains ADD COLUMN unverified_token_transfers bigint NOT NULL DEFAULT 0;
