-- Continuous monitoring (issue 19, docs/monitoring.md): watchlists, the decision-change outbox,
-- webhook endpoints and their deliveries, and the screening listings the events are computed from.

CREATE TABLE watchlists (
  id          bigserial PRIMARY KEY,
  api_key_id  bigint NOT NULL REFERENCES api_keys (id),
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  use_case    text NOT NULL CHECK (use_case IN ('payment', 'escrow', 'lending', 'marketplace')),
  created_at  timestamptz NOT NULL
);
CREATE INDEX watchlists_owner ON watchlists (api_key_id, id);

CREATE TABLE watchlist_members (
  watchlist_id bigint NOT NULL REFERENCES watchlists (id) ON DELETE CASCADE,
  wallet       text NOT NULL,
  added_at     timestamptz NOT NULL,
  PRIMARY KEY (watchlist_id, wallet)
);
-- The write hooks ask "who watches these wallets" on every commit: one index probe per wallet.
CREATE INDEX watchlist_members_wallet ON watchlist_members (wallet);

-- The outbox: one row per (watchlist, wallet) whose decision changed, written in the transaction
-- of the change. Ids are taken under a transaction lock, so id order is commit order.
CREATE TABLE monitor_events (
  id            bigserial PRIMARY KEY,
  api_key_id    bigint NOT NULL,
  watchlist_id  bigint NOT NULL,
  wallet        text NOT NULL,
  use_case      text NOT NULL,
  type          text NOT NULL,
  cause         text NOT NULL CHECK (cause IN ('reindex', 'identity', 'trust', 'screening')),
  previous      jsonb NOT NULL,
  current       jsonb NOT NULL,
  created_at    timestamptz NOT NULL
);
CREATE INDEX monitor_events_owner ON monitor_events (api_key_id, id);

CREATE TABLE webhook_endpoints (
  id                    bigserial PRIMARY KEY,
  api_key_id            bigint NOT NULL REFERENCES api_keys (id),
  url                   text NOT NULL,
  event_types           text[] NOT NULL,
  -- AES-256-GCM of the whsec_ secret under monitoring.webhooks.secretKey (or webhook_secret_key).
  secret_sealed         bytea NOT NULL,
  created_at            timestamptz NOT NULL,
  disabled_at           timestamptz,
  disabled_reason       text,
  failing_since         timestamptz,
  consecutive_failures  integer NOT NULL DEFAULT 0
);
CREATE INDEX webhook_endpoints_owner ON webhook_endpoints (api_key_id, id);

CREATE TABLE webhook_deliveries (
  id                bigserial PRIMARY KEY,
  endpoint_id       bigint NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event_id          bigint NOT NULL REFERENCES monitor_events (id),
  wallet            text NOT NULL,
  state             text NOT NULL CHECK (state IN ('pending', 'running', 'delivered', 'failed')),
  attempts          integer NOT NULL DEFAULT 0,
  next_attempt_at   timestamptz NOT NULL,
  lease_owner       text,
  lease_expires_at  timestamptz,
  last_attempt_at   timestamptz,
  last_status       integer,
  last_error        text,
  delivered_at      timestamptz,
  created_at        timestamptz NOT NULL,
  UNIQUE (endpoint_id, event_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE state IN ('pending', 'running');
-- "Nothing earlier for this wallet is still open" (in order per wallet) and the delivery log.
CREATE INDEX webhook_deliveries_open ON webhook_deliveries (endpoint_id, wallet, id) WHERE state IN ('pending', 'running');
CREATE INDEX webhook_deliveries_log ON webhook_deliveries (endpoint_id, id);

-- The screening listings events were last computed from (the in-memory lists are per process);
-- a refresh writes its differences here, with their events, in one transaction.
CREATE TABLE screening_listings (
  address  text NOT NULL,
  list     text NOT NULL,
  label    text NOT NULL DEFAULT '',
  PRIMARY KEY (address, list)
);

-- Key that seals webhook secrets when monitoring.webhooks.secretKey is empty (as V4 does for cursors).
CREATE TABLE webhook_secret_key (
  id   boolean PRIMARY KEY DEFAULT true CHECK (id),
  key  bytea NOT NULL
);
INSERT INTO webhook_secret_key (key)
VALUES (decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'));
