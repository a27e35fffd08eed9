-- Hot reads from memory (issue 26 item 1): every API instance caches wallet_reads rows and must
-- hear which rows the writers rewrote. Statement triggers on wallet_reads announce the addresses a
-- statement inserted, updated or deleted on channel vouch_reads; NOTIFY is transactional, so the
-- announcement reaches the listeners only when (and if) the writer commits, in commit order. The
-- deferred refresh (V20, V60) writes each commit's rows in one UPDATE and one DELETE, so a commit
-- is announced in a few batches. Nothing here names wallet_reads' columns: a column added later
-- needs no change.
--
-- Payload: <session>:<seq>:<address>,<address>,... at most 150 addresses (NOTIFY's payload limit
-- is 8,000 bytes). <session> is a random token of the writer's database session and <seq> counts
-- that session's announcements, both kept in session settings: set_config is transactional, so a
-- rolled-back transaction takes its numbers back with its notifications. A session's transactions
-- run one after another, so a listener sees each session's numbers without a hole; a hole means
-- a notification was lost and the listener drops its whole cache.

CREATE FUNCTION wallet_reads_announce() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed text[];
  session text;
  seq bigint;
  i int := 1;
BEGIN
  SELECT array_agg(address ORDER BY address) INTO changed FROM wallet_reads_changed;
  IF coalesce(cardinality(changed), 0) = 0 THEN
    RETURN NULL;
  END IF;
  session := current_setting('vouch.reads_session', true);
  IF coalesce(session, '') = '' THEN
    session := substr(md5(random()::text || clock_timestamp()::text || pg_backend_pid()::text), 1, 16);
    PERFORM set_config('vouch.reads_session', session, false);
  END IF;
  seq := coalesce(nullif(current_setting('vouch.reads_seq', true), '')::bigint, 0);
  WHILE i <= cardinality(changed) LOOP
    seq := seq + 1;
    PERFORM pg_notify('vouch_reads', session || ':' || seq || ':' || array_to_string(changed[i:i + 149], ','));
    i := i + 150;
  END LOOP;
  PERFORM set_config('vouch.reads_seq', seq::text, false);
  RETURN NULL;
END
$$;

CREATE TRIGGER wallet_reads_announce_insert
  AFTER INSERT ON wallet_reads REFERENCING NEW TABLE AS wallet_reads_changed
  FOR EACH STATEMENT EXECUTE FUNCTION wallet_reads_announce();
CREATE TRIGGER wallet_reads_announce_update
  AFTER UPDATE ON wallet_reads REFERENCING NEW TABLE AS wallet_reads_changed
  FOR EACH STATEMENT EXECUTE FUNCTION wallet_reads_announce();
CREATE TRIGGER wallet_reads_announce_delete
  AFTER DELETE ON wallet_reads REFERENCING OLD TABLE AS wallet_reads_changed
  FOR EACH STATEMENT EXECUTE FUNCTION wallet_reads_announce();
