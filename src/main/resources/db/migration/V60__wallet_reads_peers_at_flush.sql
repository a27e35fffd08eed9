-- Read-model races (issue 25 item 9). V20 computed a wallet's trust peers when its pointer moved,
-- so an attestation decision committing between that move and the mover's commit left the new
-- peer's row with the mover's old facts, and nothing repaired it. Now a moved wallet is noted as
-- such and its peers are read at commit, after its row lock: a decision holding that row is
-- committed by then, so its edge is seen. Rows whose derivation did not change are not rewritten.

-- Wallets whose latest snapshot changed: their peers are added at flush.
CREATE FUNCTION wallet_reads_note_moved(wallet text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF to_regclass('pg_temp.wallet_reads_moved') IS NULL THEN
    CREATE TEMPORARY TABLE wallet_reads_moved (address text NOT NULL) ON COMMIT DELETE ROWS;
  END IF;
  INSERT INTO pg_temp.wallet_reads_moved (address) VALUES (wallet);
  PERFORM wallet_reads_note(ARRAY[wallet]);
END
$$;

-- Creates the missing rows of the wanted wallets and locks them all, in address order.
CREATE FUNCTION wallet_reads_lock(w text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO wallet_reads (address, in_flight)
  SELECT x, false FROM unnest(w) x ORDER BY x
  ON CONFLICT (address) DO NOTHING;
  PERFORM 1 FROM wallet_reads WHERE address = ANY (w) ORDER BY address FOR UPDATE;
END
$$;

CREATE OR REPLACE FUNCTION refresh_wallet_reads(wanted text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  w text[] := ARRAY(SELECT DISTINCT x FROM unnest(wanted) x WHERE x IS NOT NULL ORDER BY x);
BEGIN
  IF coalesce(cardinality(w), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM wallet_reads_lock(w);
  UPDATE wallet_reads r
     SET (username, snapshot_id, committed_at, score_model_version, score,
          global_wallet_age, cross_chain_activity, arc_activity, counterparty_diversity,
          verified_attestations, propagated_trust, transaction_activity, risk_penalty,
          global_wallet_age_days, active_chains, total_tx_count, arc_tx_count,
          unique_counterparties, flagged_counterparties, failed_tx_count,
          accepted_attestations, attestation_counterparties, peer_score_sum, flagged_lists,
          coverage, edges, first_activity_at, funder, in_flight, seasoned_counterparties)
       = (n.username, n.snapshot_id, n.committed_at, n.score_model_version, n.score,
          n.global_wallet_age, n.cross_chain_activity, n.arc_activity, n.counterparty_diversity,
          n.verified_attestations, n.propagated_trust, n.transaction_activity, n.risk_penalty,
          n.global_wallet_age_days, n.active_chains, n.total_tx_count, n.arc_tx_count,
          n.unique_counterparties, n.flagged_counterparties, n.failed_tx_count,
          n.accepted_attestations, n.attestation_counterparties, n.peer_score_sum, n.flagged_lists,
          n.coverage, n.edges, n.first_activity_at, n.funder, n.in_flight, n.seasoned_counterparties)
    FROM wallet_read_rows(w) n
   WHERE r.address = n.address
     -- An unchanged row is not rewritten (no dead tuple, no WAL, no replica traffic).
     AND ROW(r.*) IS DISTINCT FROM ROW(n.*);
  DELETE FROM wallet_reads r WHERE r.address = ANY (w) AND wallet_read_is_empty(r);
END
$$;

-- The peers of the moved wallets as committed now (each call a new statement snapshot).
CREATE FUNCTION wallet_reads_peers(moved text[]) RETURNS text[]
LANGUAGE sql STABLE AS $$
  SELECT ARRAY(SELECT DISTINCT p FROM unnest(moved) m, unnest(wallet_and_peers(m)) p ORDER BY p)
$$;

-- At commit: lock the noted rows, then read the moved wallets' peers and lock them too, until a
-- read after the locks adds no peer. Each lock statement takes its set in address order; a peer
-- found on a later pass is the one case locked after a higher address (rare: an edge accepted
-- while this commit waited; Postgres reports the deadlock, the gateway retries the transaction).
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
      EXIT WHEN peers <@ want;
      want := ARRAY(SELECT DISTINCT x FROM unnest(want || peers) x ORDER BY x);
    END LOOP;
  END IF;
  PERFORM refresh_wallet_reads(want);
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION wallet_reads_on_wallet() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM wallet_reads_note_moved(NEW.address);
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION wallet_reads_on_snapshot() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM wallets WHERE address = NEW.wallet AND latest_snapshot_id = NEW.id) THEN
    PERFORM wallet_reads_note_moved(NEW.wallet);
  END IF;
  RETURN NULL;
END
$$;
