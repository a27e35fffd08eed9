-- Signed receipts of transfer screenings (issue 32, docs/transfers.md "Receipts"): at most one per
-- screening (a screened row never changes, so neither does its payload), signed with the same
-- Ed25519 keys as decision receipts (receipt_keys). Immutable like receipts (V3): the database
-- refuses UPDATE, DELETE and TRUNCATE whoever asks.
CREATE TABLE transfer_receipts (
  id            text PRIMARY KEY CHECK (id ~ '^trc_[A-Za-z0-9_-]{16}$'),
  screening_id  bigint NOT NULL UNIQUE REFERENCES transfer_screenings (id),
  created_at    timestamptz NOT NULL,
  payload_hash  text NOT NULL CHECK (payload_hash ~ '^[0-9a-f]{64}$'),
  payload       jsonb NOT NULL,
  signing_kid   text NOT NULL,
  jws           text NOT NULL
);

CREATE TRIGGER transfer_receipts_no_update_delete BEFORE UPDATE OR DELETE ON transfer_receipts
  FOR EACH ROW EXECUTE FUNCTION receipts_are_immutable();
CREATE TRIGGER transfer_receipts_no_truncate BEFORE TRUNCATE ON transfer_receipts
  FOR EACH STATEMENT EXECUTE FUNCTION receipts_are_immutable();
