-- A key created (by `keys create` in another process, or by hand) is announced, so API processes
-- drop the made-up keys they remember as unknown and the new key works at once (issue 25 item 5).
CREATE FUNCTION api_key_created_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vouch_api_key_created', '');
  RETURN NULL;
END $$;

CREATE TRIGGER api_key_created AFTER INSERT ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION api_key_created_notify();
