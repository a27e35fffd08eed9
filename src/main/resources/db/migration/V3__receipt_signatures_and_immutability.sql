-- Signed, immutable decision receipts (SPEC 2.5, 3.4; issue 7).
-- No receipt could be created before this version, so the new NOT NULL columns need no default.
ALTER TABLE receipts
  ADD COLUMN signing_kid text NOT NULL,   -- key id (RFC 7638 thumbprint) of the key that signed
  ADD COLUMN jws         text NOT NULL;   -- detached compact JWS (EdDSA) over the canonical payload

-- Every public key that ever signed a receipt, so /.well-known/jwks.json keeps serving old keys
-- after a rotation, and every instance publishes the keys of every other instance.
CREATE TABLE receipt_keys (
  kid         text PRIMARY KEY,
  public_jwk  jsonb NOT NULL,
  added_at    timestamptz NOT NULL DEFAULT now()
);

-- A receipt never changes: the database refuses UPDATE, DELETE and TRUNCATE whoever asks.
CREATE FUNCTION receipts_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'receipts are immutable: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER receipts_no_update_delete BEFORE UPDATE OR DELETE ON receipts
  FOR EACH ROW EXECUTE FUNCTION receipts_are_immutable();
CREATE TRIGGER receipts_no_truncate BEFORE TRUNCATE ON receipts
  FOR EACH STATEMENT EXECUTE FUNCTION receipts_are_immutable();

-- Usernames resolve case-insensitively (batch rows, receipts by username).
CREATE INDEX identities_username_lower ON identities (lower(username));
