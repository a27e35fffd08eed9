-- Identities, claim challenges and attestations (issue 9). V1's identities and attestations are
-- extended, never rewritten: usernames stay stored as lowercase '<name>.<suffix>'.

-- Usernames are unique case-insensitively whatever a writer sends.
-- (V3 added a plain lookup index on lower(username); this one also enforces the rule.)
CREATE UNIQUE INDEX identities_username_lower_unique ON identities (lower(username));
ALTER TABLE identities
  ADD COLUMN claim_message  text,
  ADD COLUMN signature_kind text CHECK (signature_kind IN ('eoa', 'eip1271'));

-- Sign-In with Ethereum challenges. A nonce is used at most once: the claim marks it used in the
-- same transaction that registers the username.
CREATE TABLE claim_challenges (
  nonce       text PRIMARY KEY CHECK (nonce ~ '^[A-Za-z0-9]{16,64}$'),
  wallet      text NOT NULL CHECK (wallet ~ '^0x[0-9a-f]{40}$'),
  username    text NOT NULL,
  display_name text NOT NULL,
  message     text NOT NULL,
  issued_at   timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX claim_challenges_expiry ON claim_challenges (expires_at) WHERE used_at IS NULL;

-- What the chain said about the attested transaction, the signatures, and the later decisions.
ALTER TABLE attestations
  ADD COLUMN tx_from          text,
  ADD COLUMN tx_to            text,
  ADD COLUMN tx_value         numeric(78, 0),
  ADD COLUMN tx_block         bigint,
  ADD COLUMN tx_time          timestamptz,
  ADD COLUMN signature        text,
  ADD COLUMN decision_signature text,
  ADD COLUMN rejected_at      timestamptz,
  ADD COLUMN revoked_at       timestamptz,
  ADD COLUMN revoked_by       text,
  ADD CONSTRAINT attestations_decided_once CHECK (accepted_at IS NULL OR rejected_at IS NULL);
CREATE INDEX attestations_pending_to ON attestations (to_wallet) WHERE accepted_at IS NULL AND rejected_at IS NULL AND revoked_at IS NULL;

-- The one definition of a trust edge (SPEC 1): verified on chain, accepted, not revoked.
-- Every read of edges goes through this view.
CREATE VIEW trust_edges AS
  SELECT id, from_wallet, to_wallet, chain_id, tx_hash, tx_value, tx_time, created_at, verified_at, accepted_at
    FROM attestations
   WHERE verified_at IS NOT NULL AND accepted_at IS NOT NULL AND revoked_at IS NULL;

-- The wallet's funding source as its snapshot saw it (earliest counterparty, if it only ever sent),
-- set when the snapshot commits; the trust model compares funders.
ALTER TABLE snapshots ADD COLUMN funder text;

-- Claims and accepted attestations queue the wallet's next commit.
ALTER TABLE index_jobs DROP CONSTRAINT index_jobs_kind_check;
ALTER TABLE index_jobs ADD CONSTRAINT index_jobs_kind_check
  CHECK (kind IN ('intake', 'refresh', 'rescan', 'scheduled', 'claim', 'attestation'));
