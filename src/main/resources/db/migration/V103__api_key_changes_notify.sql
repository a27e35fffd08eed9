-- Each key created or revoked is announced with its hash (issue 34 item 7): API processes hold the
-- set of live key hashes in memory, so a made-up key is refused without a database lookup and a
-- real key is never charged to its caller's anonymous budget. '+' created (or un-revoked by
-- hand), '-' revoked. The hash of a key is what the table keeps; it opens nothing. The statement
-- trigger of V55 stays for processes of the previous release during a rolling deploy.
CREATE FUNCTION api_key_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vouch_api_keys',
    CASE WHEN NEW.revoked_at IS NULL THEN '+' ELSE '-' END || encode(NEW.key_hash, 'hex'));
  RETURN NULL;
END $$;

CREATE TRIGGER api_key_changed AFTER INSERT OR UPDATE OF revoked_at ON api_keys
  FOR EACH ROW EXECUTE FUNCTION api_key_changed_notify();
