-- Idempotency-Key records of POST writes (docs/architecture.md "Idempotent writes"). One row per
-- caller and key: claimed (status NULL, locked_until set) while the first request runs, then the
-- answer it gave, replayed to the same caller's retries until expires_at. Rows past expires_at
-- are treated as absent and deleted by the API processes' sweep.
CREATE TABLE idempotency_keys (
  owner         text NOT NULL,          -- 'key:<api key id>' or 'ip:<client address>'
  idem_key      text NOT NULL CHECK (char_length(idem_key) BETWEEN 1 AND 255),
  fingerprint   bytea NOT NULL,         -- SHA-256 of method, URI and body bytes
  claim_token   uuid NOT NULL,          -- which request holds the claim (a lapsed claim can be taken over)
  created_at    timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  locked_until  timestamptz,            -- while the request runs; after it, a retry may run it again
  status        integer CHECK (status BETWEEN 100 AND 499),
  headers       jsonb,                  -- replayed headers (Location)
  body          bytea,
  PRIMARY KEY (owner, idem_key)
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);
