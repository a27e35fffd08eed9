-- Vouch data model for the whole interface specification (SPEC.md sections 2-4).
-- Addresses are stored lowercase; every timestamp is timestamptz (UTC on the wire).

CREATE TABLE wallets (
  address            text PRIMARY KEY CHECK (address ~ '^0x[0-9a-f]{40}$'),
  first_seen_at      timestamptz NOT NULL DEFAULT now(),
  -- Points at the newest committed snapshot; set in the same transaction that commits it.
  latest_snapshot_id bigint
);

-- Registered identities (usernames). Wallets indexed through intake have no row here until claimed.
CREATE TABLE identities (
  username      text PRIMARY KEY CHECK (char_length(username) BETWEEN 2 AND 64),
  wallet        text NOT NULL UNIQUE REFERENCES wallets (address),
  display_name  text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  claim_signature text
);

-- One committed indexing result. Written whole in one transaction or not at all.
CREATE TABLE snapshots (
  id                          bigserial PRIMARY KEY,
  wallet                      text NOT NULL REFERENCES wallets (address),
  committed_at                timestamptz NOT NULL,
  score_model_version         text NOT NULL,
  score                       integer NOT NULL CHECK (score BETWEEN 0 AND 100),
  -- Breakdown (SPEC 2.3), one column per component.
  global_wallet_age           integer NOT NULL,
  cross_chain_activity        integer NOT NULL,
  arc_activity                integer NOT NULL,
  counterparty_diversity      integer NOT NULL,
  verified_attestations       integer NOT NULL,
  propagated_trust            integer NOT NULL,
  transaction_activity        integer NOT NULL,
  risk_penalty                integer NOT NULL CHECK (risk_penalty <= 0),
  -- Evidence the score was computed from, so it can be recomputed and audited.
  first_activity_at           timestamptz,
  global_wallet_age_days      integer NOT NULL,
  active_chains               text[] NOT NULL,
  total_tx_count              bigint NOT NULL,
  arc_tx_count                bigint NOT NULL,
  unique_counterparties       integer NOT NULL,
  flagged_counterparties      integer NOT NULL,
  failed_tx_count             bigint NOT NULL,
  accepted_attestations       integer NOT NULL,
  attestation_counterparties  integer NOT NULL,
  peer_score_sum              bigint NOT NULL,
  job_id                      bigint
);
CREATE INDEX snapshots_wallet_committed ON snapshots (wallet, committed_at DESC);

ALTER TABLE wallets ADD CONSTRAINT wallets_latest_snapshot_fk
  FOREIGN KEY (latest_snapshot_id) REFERENCES snapshots (id) DEFERRABLE INITIALLY DEFERRED;

-- Per-chain coverage of a snapshot (SPEC 2.2 coverage, 2.6 coverage.chains).
CREATE TABLE snapshot_chains (
  snapshot_id         bigint NOT NULL REFERENCES snapshots (id) ON DELETE CASCADE,
  chain_id            bigint NOT NULL,
  chain               text NOT NULL,
  status              text NOT NULL CHECK (status IN ('indexed', 'error', 'limited')),
  is_transient        boolean NOT NULL,
  is_standing         boolean NOT NULL,
  history_capped      boolean,
  recency_reliable    boolean,
  source              text NOT NULL,        -- evidence mode: history | aggregate
  tx_count            bigint NOT NULL DEFAULT 0,
  counterparty_count  integer NOT NULL DEFAULT 0,
  indexed_at          timestamptz NOT NULL,
  PRIMARY KEY (snapshot_id, chain_id)
);

-- Observed counterparties per chain (SPEC 2.6). stats_captured false = metrics null for that chain.
CREATE TABLE counterparties (
  snapshot_id      bigint NOT NULL REFERENCES snapshots (id) ON DELETE CASCADE,
  counterparty     text NOT NULL CHECK (counterparty ~ '^0x[0-9a-f]{40}$'),
  chain_id         bigint NOT NULL,
  stats_captured   boolean NOT NULL,
  tx_in            integer NOT NULL DEFAULT 0,
  tx_out           integer NOT NULL DEFAULT 0,
  first_at         timestamptz,
  last_at          timestamptz,
  value_in         numeric(78, 0) NOT NULL DEFAULT 0,   -- native base units (wei)
  value_out        numeric(78, 0) NOT NULL DEFAULT 0,
  PRIMARY KEY (snapshot_id, counterparty, chain_id)
);

-- Attestations between registered identities; a trust edge is one that is verified and accepted.
CREATE TABLE attestations (
  id            bigserial PRIMARY KEY,
  from_wallet   text NOT NULL REFERENCES wallets (address),
  to_wallet     text NOT NULL REFERENCES wallets (address),
  chain_id      bigint NOT NULL,
  tx_hash       text NOT NULL CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
  created_at    timestamptz NOT NULL DEFAULT now(),
  verified_at   timestamptz,
  accepted_at   timestamptz,
  CHECK (from_wallet <> to_wallet),
  UNIQUE (from_wallet, to_wallet, tx_hash)
);
CREATE INDEX attestations_from ON attestations (from_wallet) WHERE verified_at IS NOT NULL AND accepted_at IS NOT NULL;
CREATE INDEX attestations_to ON attestations (to_wallet) WHERE verified_at IS NOT NULL AND accepted_at IS NOT NULL;

-- Immutable decision receipts (SPEC 2.5, 3.4).
CREATE TABLE receipts (
  id                     text PRIMARY KEY CHECK (id ~ '^rcp_[A-Za-z0-9_-]{16}$'),
  created_at             timestamptz NOT NULL,
  utc_day                date NOT NULL,
  wallet                 text NOT NULL,
  use_case               text NOT NULL,
  payload_hash           text NOT NULL CHECK (payload_hash ~ '^[0-9a-f]{64}$'),
  payload                jsonb NOT NULL,
  UNIQUE (wallet, use_case, utc_day, payload_hash)
);

-- API keys: only the SHA-256 of the key is kept (CONTRACT.md 4).
CREATE TABLE api_keys (
  id            bigserial PRIMARY KEY,
  key_hash      bytea NOT NULL UNIQUE CHECK (octet_length(key_hash) = 32),
  key_hint      text NOT NULL,             -- prefix and last characters, for people to recognise a key
  plan          text NOT NULL CHECK (plan IN ('developer', 'plus', 'pro', 'partner')),
  label         text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  revoked_at    timestamptz,
  suspended_at  timestamptz
);

-- Indexing jobs. The partial unique index collapses concurrent requests for one wallet into one job.
CREATE TABLE index_jobs (
  id                bigserial PRIMARY KEY,
  wallet            text NOT NULL REFERENCES wallets (address),
  kind              text NOT NULL CHECK (kind IN ('intake', 'refresh', 'rescan', 'scheduled')),
  mode              text NOT NULL CHECK (mode IN ('first_index', 'reindex')),
  state             text NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed')),
  attempts          integer NOT NULL DEFAULT 0,
  lease_owner       text,
  lease_expires_at  timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  started_at        timestamptz,
  finished_at       timestamptz,
  error             text
);
CREATE UNIQUE INDEX index_jobs_one_active ON index_jobs (wallet) WHERE state IN ('queued', 'running');
CREATE INDEX index_jobs_claim ON index_jobs (created_at) WHERE state IN ('queued', 'running');
CREATE INDEX index_jobs_wallet_finished ON index_jobs (wallet, finished_at DESC);

-- Keyed refresh ledger (SPEC 3.3): who asked for which run. Its absence answers SCHEMA_MISSING.
CREATE TABLE refresh_ledger (
  id            bigserial PRIMARY KEY,
  wallet        text NOT NULL,
  api_key_id    bigint NOT NULL REFERENCES api_keys (id),
  mode          text NOT NULL CHECK (mode IN ('first_index', 'reindex')),
  job_id        bigint NOT NULL REFERENCES index_jobs (id),
  requested_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_ledger_wallet ON refresh_ledger (wallet, requested_at DESC);
