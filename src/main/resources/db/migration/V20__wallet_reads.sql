-- The read model of the decision and score reads (issue 17): one row per wallet holding what
-- those reads need, so a read is one primary-key lookup and a batch one `= ANY`. The tables under
-- it stay the truth. Triggers keep it in the writer's own transaction, whichever code path writes
-- (snapshot commit, job queued or finished, claim, attestation accepted / rejected / revoked, at
-- both ends of the edge). Only timestamps are stored; freshness is computed at read time, and
-- screening lists are applied at read time from the in-memory set. A wallet with nothing to read
-- (no username, no snapshot, no trust edge, no run in flight) has no row: a missing row reads as
-- the empty state. `vouch read-model rebuild` recomputes every row (docs/operations.md).
CREATE TABLE wallet_reads (
  address                     text PRIMARY KEY,
  username                    text,
  snapshot_id                 bigint,
  committed_at                timestamptz,
  score_model_version         text,
  score                       integer,
  global_wallet_age           integer,
  cross_chain_activity        integer,
  arc_activity                integer,
  counterparty_diversity      integer,
  verified_attestations       integer,
  propagated_trust            integer,
  transaction_activity        integer,
  risk_penalty                integer,
  global_wallet_age_days      integer,
  active_chains               text[],
  total_tx_count              bigint,
  arc_tx_count                bigint,
  unique_counterparties       integer,
  flagged_counterparties      integer,
  failed_tx_count             bigint,
  accepted_attestations       integer,
  attestation_counterparties  integer,
  peer_score_sum              bigint,
  flagged_lists               jsonb,
  -- The coverage text the commit stored (V14), built from snapshot_chains for older snapshots.
  coverage                    text,
  -- Trust edges with what the peer's latest snapshot says (first activity, funder), peer order.
  edges                       jsonb,
  first_activity_at           timestamptz,
  funder                      text,
  in_flight                   boolean NOT NULL
);
CREATE INDEX wallet_reads_username ON wallet_reads (lower(username));

-- The one derivation of a row from the tables under it: used by the triggers, the rebuild and the
-- backfill below. Every wanted address gets a row, empty or not.
CREATE FUNCTION wallet_read_rows(wanted text[]) RETURNS SETOF wallet_reads
LANGUAGE sql STABLE AS $$
  SELECT q.address, i.username,
         s.id, s.committed_at, s.score_model_version, s.score,
         s.global_wallet_age, s.cross_chain_activity, s.arc_activity, s.counterparty_diversity,
         s.verified_attestations, s.propagated_trust, s.transaction_activity, s.risk_penalty,
         s.global_wallet_age_days, s.active_chains, s.total_tx_count, s.arc_tx_count,
         s.unique_counterparties, s.flagged_counterparties, s.failed_tx_count,
         s.accepted_attestations, s.attestation_counterparties, s.peer_score_sum, s.flagged_lists,
         coalesce(s.coverage, (SELECT json_agg(json_build_object(
                    'chain', c.chain, 'status', c.status, 'transient', c.is_transient,
                    'standing', c.is_standing, 'historyCapped', c.history_capped,
                    'recencyReliable', c.recency_reliable, 'source', c.source,
                    'fallbackFrom', c.fallback_from,
                    'at', (extract(epoch FROM c.indexed_at) * 1000)::bigint) ORDER BY c.chain_id)::text
            FROM snapshot_chains c WHERE c.snapshot_id = s.id)),
         (SELECT jsonb_agg(jsonb_build_object(
                    'peer', p.peer, 'at', (extract(epoch FROM a.accepted_at) * 1000)::bigint,
                    'out', a.from_wallet = q.address, 'value', a.tx_value::text,
                    'peerFirst', (extract(epoch FROM ps.first_activity_at) * 1000)::bigint,
                    'peerFunder', ps.funder) ORDER BY a.id)
            FROM trust_edges a
            CROSS JOIN LATERAL (SELECT CASE WHEN a.from_wallet = q.address THEN a.to_wallet
                                            ELSE a.from_wallet END AS peer) p
            LEFT JOIN wallets pw ON pw.address = p.peer
            LEFT JOIN snapshots ps ON ps.id = pw.latest_snapshot_id
           WHERE a.from_wallet = q.address OR a.to_wallet = q.address),
         s.first_activity_at, s.funder,
         EXISTS (SELECT 1 FROM index_jobs j WHERE j.wallet = q.address AND j.state IN ('queued', 'running'))
    FROM (SELECT DISTINCT x AS address FROM unnest(wanted) x WHERE x IS NOT NULL) q
    LEFT JOIN wallets w ON w.address = q.address
    LEFT JOIN snapshots s ON s.id = w.latest_snapshot_id
    LEFT JOIN identities i ON i.wallet = q.address
$$;

-- A row with nothing to read: no username, no snapshot, no trust edge, no run in flight.
CREATE FUNCTION wallet_read_is_empty(r wallet_reads) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT r.username IS NULL AND r.snapshot_id IS NULL AND r.edges IS NULL AND NOT r.in_flight
$$;

-- Every address a row could be about: the rebuild's domain.
CREATE FUNCTION wallet_read_addresses() RETURNS SETOF text
LANGUAGE sql STABLE AS $$
  SELECT address FROM wallets
  UNION SELECT wallet FROM identities
  UNION SELECT wallet FROM index_jobs WHERE state IN ('queued', 'running')
  UNION SELECT from_wallet FROM attestations
  UNION SELECT to_wallet FROM attestations
$$;

-- Recomputes the rows of the wanted wallets. The rows are locked first, in address order (so two
-- callers cannot wait on each other in opposite orders); each later statement
-- then sees whatever a concurrent writer of these wallets committed while we waited, so its change
-- is never overwritten by an older view (read committed: every statement takes a new snapshot).
CREATE FUNCTION refresh_wallet_reads(wanted text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  w text[] := ARRAY(SELECT DISTINCT x FROM unnest(wanted) x WHERE x IS NOT NULL ORDER BY x);
BEGIN
  IF coalesce(cardinality(w), 0) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO wallet_reads (address, in_flight)
  SELECT x, false FROM unnest(w) x ORDER BY x
  ON CONFLICT (address) DO NOTHING;
  PERFORM 1 FROM wallet_reads WHERE address = ANY (w) ORDER BY address FOR UPDATE;
  UPDATE wallet_reads r
     SET (username, snapshot_id, committed_at, score_model_version, score,
          global_wallet_age, cross_chain_activity, arc_activity, counterparty_diversity,
          verified_attestations, propagated_trust, transaction_activity, risk_penalty,
          global_wallet_age_days, active_chains, total_tx_count, arc_tx_count,
          unique_counterparties, flagged_counterparties, failed_tx_count,
          accepted_attestations, attestation_counterparties, peer_score_sum, flagged_lists,
          coverage, edges, first_activity_at, funder, in_flight)
       = (n.username, n.snapshot_id, n.committed_at, n.score_model_version, n.score,
          n.global_wallet_age, n.cross_chain_activity, n.arc_activity, n.counterparty_diversity,
          n.verified_attestations, n.propagated_trust, n.transaction_activity, n.risk_penalty,
          n.global_wallet_age_days, n.active_chains, n.total_tx_count, n.arc_tx_count,
          n.unique_counterparties, n.flagged_counterparties, n.failed_tx_count,
          n.accepted_attestations, n.attestation_counterparties, n.peer_score_sum, n.flagged_lists,
          n.coverage, n.edges, n.first_activity_at, n.funder, n.in_flight)
    FROM wallet_read_rows(w) n
   WHERE r.address = n.address;
  DELETE FROM wallet_reads r WHERE r.address = ANY (w) AND wallet_read_is_empty(r);
END
$$;

-- The wallet and every peer of its trust edges: a peer's row carries the wallet's first activity
-- and funder, so a new latest snapshot changes both ends.
CREATE FUNCTION wallet_and_peers(wallet text) RETURNS text[]
LANGUAGE sql STABLE AS $$
  SELECT array_append(ARRAY(SELECT CASE WHEN a.from_wallet = wallet THEN a.to_wallet ELSE a.from_wallet END
                              FROM trust_edges a
                             WHERE a.from_wallet = wallet OR a.to_wallet = wallet), wallet)
$$;

-- How the writers keep the rows. Each change notes the wallets whose rows it affects in a
-- session temporary table (its rows go at commit; a rolled-back savepoint takes its notes with
-- it); at commit, a deferred trigger refreshes all of them at once, locking their rows in one
-- address-ordered set. So a transaction takes its read-model locks last, after every other wait
-- of its own, and always in the same global order: two writers of overlapping wallets (a run's
-- commit and an attestation decision between the same wallets, an intake and a claim) can wait
-- on each other but never deadlock. A transaction-local flag makes every later deferred event of
-- the same commit (one per changed row) return at once.
CREATE FUNCTION wallet_reads_note(addresses text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF to_regclass('pg_temp.wallet_reads_pending') IS NULL THEN
    CREATE TEMPORARY TABLE wallet_reads_pending (address text NOT NULL) ON COMMIT DELETE ROWS;
  END IF;
  INSERT INTO pg_temp.wallet_reads_pending (address) SELECT x FROM unnest(addresses) x WHERE x IS NOT NULL;
  PERFORM set_config('vouch.wallet_reads_pending', 'yes', true);
END
$$;

CREATE FUNCTION wallet_reads_flush() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  pending text[];
BEGIN
  IF coalesce(current_setting('vouch.wallet_reads_pending', true), '') <> 'yes' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('vouch.wallet_reads_pending', '', true);
  WITH taken AS (DELETE FROM pg_temp.wallet_reads_pending RETURNING address)
  SELECT array_agg(DISTINCT address) INTO pending FROM taken;
  PERFORM refresh_wallet_reads(pending);
  RETURN NULL;
END
$$;

-- A new latest snapshot: the wallet and its trust peers.
CREATE FUNCTION wallet_reads_on_wallet() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM wallet_reads_note(wallet_and_peers(NEW.address));
  RETURN NULL;
END
$$;
CREATE TRIGGER wallet_reads_latest_snapshot
  AFTER INSERT OR UPDATE OF latest_snapshot_id ON wallets
  FOR EACH ROW WHEN (NEW.latest_snapshot_id IS NOT NULL)
  EXECUTE FUNCTION wallet_reads_on_wallet();
CREATE CONSTRAINT TRIGGER wallet_reads_latest_snapshot_flush
  AFTER INSERT OR UPDATE OF latest_snapshot_id ON wallets
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.latest_snapshot_id IS NOT NULL)
  EXECUTE FUNCTION wallet_reads_flush();

-- The commit sets the funder before it moves the pointer; any later change of a latest snapshot
-- row is caught here.
CREATE FUNCTION wallet_reads_on_snapshot() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM wallets WHERE address = NEW.wallet AND latest_snapshot_id = NEW.id) THEN
    PERFORM wallet_reads_note(wallet_and_peers(NEW.wallet));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER wallet_reads_snapshot_changed
  AFTER UPDATE ON snapshots
  FOR EACH ROW EXECUTE FUNCTION wallet_reads_on_snapshot();
CREATE CONSTRAINT TRIGGER wallet_reads_snapshot_changed_flush
  AFTER UPDATE ON snapshots
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION wallet_reads_flush();

-- A username claimed (or changed, or removed).
CREATE FUNCTION wallet_reads_on_identity() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM wallet_reads_note(ARRAY[NEW.wallet]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM wallet_reads_note(ARRAY[OLD.wallet]);
  ELSE
    PERFORM wallet_reads_note(ARRAY[OLD.wallet, NEW.wallet]);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER wallet_reads_identity
  AFTER INSERT OR UPDATE OR DELETE ON identities
  FOR EACH ROW EXECUTE FUNCTION wallet_reads_on_identity();
CREATE CONSTRAINT TRIGGER wallet_reads_identity_flush
  AFTER INSERT OR UPDATE OR DELETE ON identities
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION wallet_reads_flush();

-- Both ends of the edge: accepted, rejected, revoked, or any other change of the row.
CREATE FUNCTION wallet_reads_on_attestation() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM wallet_reads_note(ARRAY[NEW.from_wallet, NEW.to_wallet]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM wallet_reads_note(ARRAY[OLD.from_wallet, OLD.to_wallet]);
  ELSE
    PERFORM wallet_reads_note(ARRAY[OLD.from_wallet, OLD.to_wallet, NEW.from_wallet, NEW.to_wallet]);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER wallet_reads_attestation
  AFTER INSERT OR UPDATE OR DELETE ON attestations
  FOR EACH ROW EXECUTE FUNCTION wallet_reads_on_attestation();
CREATE CONSTRAINT TRIGGER wallet_reads_attestation_flush
  AFTER INSERT OR UPDATE OR DELETE ON attestations
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION wallet_reads_flush();

-- A job changes the row only when the wallet's run in flight starts or ends (lease renewals and
-- attempts counters do not).
CREATE FUNCTION wallet_reads_on_job() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM wallet_reads_note(ARRAY[OLD.wallet]);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM wallet_reads_note(ARRAY[NEW.wallet]);
  ELSE
    PERFORM wallet_reads_note(ARRAY[OLD.wallet, NEW.wallet]);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER wallet_reads_job_queued
  AFTER INSERT ON index_jobs
  FOR EACH ROW WHEN (NEW.state IN ('queued', 'running'))
  EXECUTE FUNCTION wallet_reads_on_job();
CREATE CONSTRAINT TRIGGER wallet_reads_job_queued_flush
  AFTER INSERT ON index_jobs
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.state IN ('queued', 'running'))
  EXECUTE FUNCTION wallet_reads_flush();
CREATE TRIGGER wallet_reads_job_changed
  AFTER UPDATE OF state, wallet ON index_jobs
  FOR EACH ROW WHEN ((OLD.state IN ('queued', 'running')) IS DISTINCT FROM (NEW.state IN ('queued', 'running'))
                     OR OLD.wallet IS DISTINCT FROM NEW.wallet)
  EXECUTE FUNCTION wallet_reads_on_job();
CREATE CONSTRAINT TRIGGER wallet_reads_job_changed_flush
  AFTER UPDATE OF state, wallet ON index_jobs
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN ((OLD.state IN ('queued', 'running')) IS DISTINCT FROM (NEW.state IN ('queued', 'running'))
                     OR OLD.wallet IS DISTINCT FROM NEW.wallet)
  EXECUTE FUNCTION wallet_reads_flush();
CREATE TRIGGER wallet_reads_job_deleted
  AFTER DELETE ON index_jobs
  FOR EACH ROW WHEN (OLD.state IN ('queued', 'running'))
  EXECUTE FUNCTION wallet_reads_on_job();
CREATE CONSTRAINT TRIGGER wallet_reads_job_deleted_flush
  AFTER DELETE ON index_jobs
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.state IN ('queued', 'running'))
  EXECUTE FUNCTION wallet_reads_flush();

-- What the table must hold, derived from scratch: the rebuild and its test compare against it.
CREATE VIEW wallet_reads_derived AS
  SELECT d.* FROM wallet_read_rows(ARRAY(SELECT wallet_read_addresses())) d
   WHERE NOT wallet_read_is_empty(d);

-- Backfill: existing databases read from the table at once.
SELECT refresh_wallet_reads(ARRAY(SELECT wallet_read_addresses()));
