-- Transfer screenings decided with the caller's risk policy (issue 32 item 3, docs/transfers.md
-- "Policies"): each screening names the policy version it was requested under, and a pending one
-- completes under that version whatever the key uses by then. 0 / 0 / NULL is the default policy
-- (every row before this version). The version is part of a screening's identity: callers with
-- different policies, or one caller before and after a change, get screenings of their own, while
-- callers with the same version (the default included) share one as before. Adding NOT NULL columns
-- with a constant default is instant; the unique key is rebuilt once.
ALTER TABLE transfer_screenings
  ADD COLUMN policy_id bigint NOT NULL DEFAULT 0,
  ADD COLUMN policy_version integer NOT NULL DEFAULT 0,
  ADD COLUMN policy_hash text,
  ADD CONSTRAINT transfer_screenings_policy_named CHECK (
    (policy_id = 0) = (policy_version = 0) AND (policy_id = 0) = (policy_hash IS NULL));

DO $$
DECLARE c text;
BEGIN
  -- V104's unnamed UNIQUE (chain_id, tx_hash, log_index, address, direction), by whatever name it got.
  SELECT conname INTO c FROM pg_constraint WHERE conrelid = 'transfer_screenings'::regclass AND contype = 'u';
  EXECUTE format('ALTER TABLE transfer_screenings DROP CONSTRAINT %I', c);
END $$;

ALTER TABLE transfer_screenings ADD CONSTRAINT transfer_screenings_transfer_policy
  UNIQUE (chain_id, tx_hash, log_index, address, direction, policy_id, policy_version);
