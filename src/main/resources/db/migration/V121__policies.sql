-- Customer risk policies (issue 32 item 3). A policy is owned by the API keys attached to it
-- (key_policies: an exchange's several keys can share one); each change is a new immutable row
-- of policy_versions, and policies.current_version points at the one in force. A receipt names
-- the id, version and hash it was decided with, so old versions are kept for ever.
CREATE TABLE policies (
  id bigserial PRIMARY KEY,
  current_version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE policy_versions (
  policy_id bigint NOT NULL REFERENCES policies (id),
  version integer NOT NULL CHECK (version > 0),
  body jsonb NOT NULL,
  hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by bigint REFERENCES api_keys (id),
  PRIMARY KEY (policy_id, version)
);

CREATE TABLE key_policies (
  key_id bigint PRIMARY KEY REFERENCES api_keys (id),
  policy_id bigint NOT NULL REFERENCES policies (id)
);
CREATE INDEX key_policies_policy ON key_policies (policy_id);

CREATE FUNCTION policy_versions_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'policy versions are immutable';
END $$;

CREATE TRIGGER policy_versions_are_immutable BEFORE UPDATE OR DELETE ON policy_versions
  FOR EACH ROW EXECUTE FUNCTION policy_versions_immutable();
CREATE TRIGGER policy_versions_no_truncate BEFORE TRUNCATE ON policy_versions
  FOR EACH STATEMENT EXECUTE FUNCTION policy_versions_immutable();

-- Every API process keeps which key uses which version in memory (policy/PolicyIndex): a change
-- announces the policy id, and the listener reads that policy's keys again.
CREATE FUNCTION policy_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'policies' THEN
    PERFORM pg_notify('vouch_policies', NEW.id::text);
  ELSE
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('vouch_policies', OLD.policy_id::text);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM pg_notify('vouch_policies', NEW.policy_id::text);
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER policy_version_moved AFTER UPDATE OF current_version ON policies
  FOR EACH ROW EXECUTE FUNCTION policy_changed();
CREATE TRIGGER key_policy_changed AFTER INSERT OR UPDATE OR DELETE ON key_policies
  FOR EACH ROW EXECUTE FUNCTION policy_changed();
