-- Ten million wallets (issue 26 item 2): a read-model schema change that never queues reads, and
-- a hub wallet's snapshot commit whose cost does not follow its trust peers when they see no change.

-- 1. DDL on wallet_reads without queueing reads behind it. ALTER TABLE waits for ACCESS EXCLUSIVE,
-- and while it waits every later read of the table queues behind it. Here each attempt waits at
-- most lock_timeout_ms, then gives up (a subtransaction: the failed wait holds nothing) and sleeps
-- before the next, so a read waits at most lock_timeout_ms per attempt. For catalog-only changes
-- (ADD COLUMN nullable or with a constant default, DROP COLUMN, ADD CONSTRAINT ... NOT VALID): the
-- lock, once taken, is held only to the end of the caller's transaction (a Flyway migration: keep
-- it to the DDL and the function replacements). docs/operations.md "Changing the read model online".
CREATE FUNCTION wallet_reads_alter(ddl text, lock_timeout_ms integer DEFAULT 100, attempts integer DEFAULT 50)
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  before text := current_setting('lock_timeout');
  n integer := 0;
BEGIN
  LOOP
    n := n + 1;
    BEGIN
      PERFORM set_config('lock_timeout', lock_timeout_ms || 'ms', true);
      EXECUTE ddl;
      PERFORM set_config('lock_timeout', before, true);
      RETURN n;
    EXCEPTION WHEN lock_not_available THEN
      IF n >= attempts THEN
        RAISE;
      END IF;
      RAISE NOTICE 'wallet_reads_alter: lock not granted in % ms (attempt % of %), retrying', lock_timeout_ms, n, attempts;
    END;
    -- Backoff with jitter (up to 1 s), so the queued reads drain between attempts.
    PERFORM pg_sleep(least(1.0, 0.05 * n) * (0.5 + random() / 2));
  END LOOP;
END
$$;

-- 2. A hub's snapshot commit. A peer's row carries three facts of the wallet's latest snapshot in
-- its edge entry (peerFirst, peerFunder, peerSeasoned: wallet_read_rows). V60 refreshed every peer
-- on every move of the pointer: a wallet with 10,000 peers locked, recomputed and compared 10,000
-- rows per commit even when none of the three changed (most reindexes). Now the peers are refreshed
-- only when the facts differ between the old and the new latest snapshot; otherwise the moved
-- wallet's own row is refreshed as any noted wallet. Correct under V60's race too: an edge decision
-- that committed before the move wrote the peer's row with the old snapshot's facts, equal to the
-- new ones. A fact added to the edge entry must be added here.
CREATE FUNCTION wallet_reads_peer_facts(snapshot bigint) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('first', s.first_activity_at, 'funder', s.funder, 'seasoned', s.seasoned_counterparties)
    FROM snapshots s WHERE s.id = snapshot
$$;

CREATE OR REPLACE FUNCTION wallet_reads_on_wallet() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.latest_snapshot_id IS NOT NULL
     AND wallet_reads_peer_facts(OLD.latest_snapshot_id) IS NOT DISTINCT FROM wallet_reads_peer_facts(NEW.latest_snapshot_id) THEN
    PERFORM wallet_reads_note(ARRAY[NEW.address]);
  ELSE
    PERFORM wallet_reads_note_moved(NEW.address);
  END IF;
  RETURN NULL;
END
$$;

-- An update of the latest snapshot row itself (an exposure recomputed by a label change, V83):
-- the peers only when one of their facts changed.
CREATE OR REPLACE FUNCTION wallet_reads_on_snapshot() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM wallets WHERE address = NEW.wallet AND latest_snapshot_id = NEW.id) THEN
    IF (OLD.first_activity_at, OLD.funder, OLD.seasoned_counterparties)
       IS NOT DISTINCT FROM (NEW.first_activity_at, NEW.funder, NEW.seasoned_counterparties) THEN
      PERFORM wallet_reads_note(ARRAY[NEW.wallet]);
    ELSE
      PERFORM wallet_reads_note_moved(NEW.wallet);
    END IF;
  END IF;
  RETURN NULL;
END
$$;

-- 3. V60's flush with one change: whether the peers read after the locks are all locked already
-- was `peers <@ want`, which Postgres compares element by element against the whole other array
-- (O(peers^2): 2.5 s of a 10,000-peer hub's commit on a loaded machine). A hashed EXCEPT is linear.
CREATE OR REPLACE FUNCTION wallet_reads_flush() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  pending text[];
  moved text[];
  want text[];
  peers text[];
BEGIN
  IF coalesce(current_setting('vouch.wallet_reads_pending', true), '') <> 'yes' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('vouch.wallet_reads_pending', '', true);
  WITH taken AS (DELETE FROM pg_temp.wallet_reads_pending RETURNING address)
  SELECT array_agg(DISTINCT address) INTO pending FROM taken;
  IF to_regclass('pg_temp.wallet_reads_moved') IS NOT NULL THEN
    WITH taken AS (DELETE FROM pg_temp.wallet_reads_moved RETURNING address)
    SELECT array_agg(DISTINCT address) INTO moved FROM taken;
  END IF;
  want := ARRAY(SELECT DISTINCT x FROM unnest(coalesce(pending, '{}') || coalesce(moved, '{}')) x
                 WHERE x IS NOT NULL ORDER BY x);
  IF cardinality(moved) > 0 THEN
    LOOP
      PERFORM wallet_reads_lock(want);
      peers := wallet_reads_peers(moved);
      EXIT WHEN NOT EXISTS (SELECT unnest(peers) EXCEPT SELECT unnest(want));
      want := ARRAY(SELECT DISTINCT x FROM unnest(want || peers) x ORDER BY x);
    END LOOP;
  END IF;
  PERFORM refresh_wallet_reads(want);
  RETURN NULL;
END
$$;
