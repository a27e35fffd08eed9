package dev.vouch.indexing;

/**
 * SQL of the indexing capability: jobs, their leases, the state the entry points decide on, and
 * the facts a run reads at commit time. Times come from the application clock ($n), never now().
 */
final class IndexingQueries {

  private IndexingQueries() {}

  /** Jobs and snapshot channels of LISTEN/NOTIFY. */
  static final String JOBS_CHANNEL = "vouch_jobs";
  static final String SNAPSHOT_CHANNEL = "vouch_snapshot";
  /** A run's progress (a chain read, a failure), JSON text; see JobStore.chainRead. */
  static final String PROGRESS_CHANNEL = "vouch_progress";

  /** A process's heartbeat to its own LISTEN connection (SnapshotNotifications): channel, number. */
  static final String HEARTBEAT = "SELECT pg_notify($1, $2)";

  /**
   * Wallet row, then a queued job unless one is already queued or running (the partial unique
   * index decides, so concurrent requests collapse), then a NOTIFY that wakes the workers when
   * the transaction commits. $1 wallet, $2 kind, $3 mode, $4 now, $5 traceparent (null untraced).
   * No row back = already active. A traced job queued for the wallet (priority 1) becomes a
   * caller's (priority 0, the caller's kind, so its commit is traced as a root): a caller's
   * intake never waits behind tracing.
   */
  static final String ENQUEUE = """
      WITH w AS (INSERT INTO wallets (address, first_seen_at) VALUES ($1, $4) ON CONFLICT (address) DO NOTHING),
           promoted AS (UPDATE index_jobs SET priority = 0, kind = $2 WHERE wallet = $1 AND state = 'queued' AND priority > 0),
           job AS (INSERT INTO index_jobs (wallet, kind, mode, state, created_at, traceparent)
                   VALUES ($1, $2, $3, 'queued', $4, $5)
                   ON CONFLICT (wallet) WHERE state IN ('queued', 'running') DO NOTHING
                   RETURNING id)
      SELECT id, pg_notify('vouch_jobs', id::text) FROM job
      """;

  /**
   * Queues the next commit of known wallets (claims, accepted attestations) unless one is queued
   * or running; the mode follows whether a snapshot exists. $1 wallets, $2 kind, $3 now,
   * $4 traceparent.
   */
  static final String QUEUE_NEXT_COMMIT = """
      WITH promoted AS (UPDATE index_jobs SET priority = 0, kind = $2
                         WHERE wallet = ANY($1::text[]) AND state = 'queued' AND priority > 0),
           job AS (INSERT INTO index_jobs (wallet, kind, mode, state, created_at, traceparent)
                   SELECT w.address, $2, CASE WHEN w.latest_snapshot_id IS NULL THEN 'first_index' ELSE 'reindex' END,
                          'queued', $3, $4
                     FROM wallets w WHERE w.address = ANY($1::text[])
                   ON CONFLICT (wallet) WHERE state IN ('queued', 'running') DO NOTHING
                   RETURNING id)
      SELECT id, pg_notify('vouch_jobs', id::text) FROM job
      """;

  /**
   * Intake of many never-indexed wallets at once (watchlist additions): wallet rows, then a
   * queued first index for each unless one is queued or running. $1 wallets, $2 now, $3 traceparent.
   */
  static final String ENQUEUE_MANY = """
      WITH w AS (INSERT INTO wallets (address, first_seen_at) SELECT a, $2 FROM unnest($1::text[]) a
                 ON CONFLICT (address) DO NOTHING),
           promoted AS (UPDATE index_jobs SET priority = 0, kind = 'intake'
                         WHERE wallet = ANY($1::text[]) AND state = 'queued' AND priority > 0),
           job AS (INSERT INTO index_jobs (wallet, kind, mode, state, created_at, traceparent)
                   SELECT a, 'intake', 'first_index', 'queued', $2, $3 FROM unnest($1::text[]) a
                   ON CONFLICT (wallet) WHERE state IN ('queued', 'running') DO NOTHING
                   RETURNING id)
      SELECT id, pg_notify('vouch_jobs', id::text) FROM job
      """;

  /**
   * A caller asked for wallet $1 while a traced job of it is queued: the job becomes the caller's
   * (priority 0, kind $2), so its commit is traced as a root and nothing queued waits behind it.
   */
  static final String PROMOTE = """
      UPDATE index_jobs SET priority = 0, kind = $2 WHERE wallet = $1 AND state = 'queued' AND priority > 0
      """;

  /** Jobs whose lease ran out too often count as failed. $1 now, $2 max attempts. */
  static final String ABANDON = """
      UPDATE index_jobs
         SET state = 'failed', finished_at = $1, lease_owner = NULL, lease_expires_at = NULL,
             error = 'abandoned: the lease expired after ' || attempts || ' claims'
       WHERE state = 'running' AND lease_expires_at < $1 AND attempts >= $2
      """;

  /**
   * Takes the oldest queued job that is due (a retry waits for its not_before), or a running one
   * whose lease expired (its worker died); callers' jobs (priority 0) before traced ones (1), and
   * traced ones only while $4 (the worker's traced slots are not all taken). $1 owner, $2 now, $3
   * lease expiry.
   */
  static final String CLAIM = """
      UPDATE index_jobs j
         SET state = 'running', attempts = j.attempts + 1, lease_owner = $1, lease_expires_at = $3,
             started_at = coalesce(j.started_at, $2)
       WHERE j.id = (SELECT id FROM index_jobs
                      WHERE ((state = 'queued' AND (not_before IS NULL OR not_before <= $2))
                          OR (state = 'running' AND lease_expires_at < $2))
                        AND (priority = 0 OR $4)
                      ORDER BY priority, created_at, id
                      LIMIT 1
                      FOR UPDATE SKIP LOCKED)
      RETURNING j.id, j.wallet, j.kind, j.mode, j.attempts, j.retry_round, j.traceparent
      """;

  /**
   * The worker's own retry of chains that failed transiently, inside the transaction that
   * finished the run (so it survives a crash), unless another job is already queued or running.
   * No NOTIFY: it is not due yet; the poll finds it. $1 wallet, $2 now, $3 not before, $4 round,
   * $5 traceparent (the failed run's: the retry stays in its trace).
   */
  static final String QUEUE_RETRY = """
      INSERT INTO index_jobs (wallet, kind, mode, state, created_at, not_before, retry_round, traceparent)
      VALUES ($1, 'retry', 'reindex', 'queued', $2, $3, $4, $5)
      ON CONFLICT (wallet) WHERE state IN ('queued', 'running') DO NOTHING
      """;

  /**
   * First statement of an entry point's decision transaction: one decision per wallet at a time,
   * so the state read, the cooldown check and the job insert cannot interleave with another
   * request's. Two-key form (namespace, wallet hash): apart from Flyway's one-key lock. $1 wallet.
   */
  static final String LOCK_WALLET = "SELECT pg_advisory_xact_lock(30319, hashtext($1))";

  /**
   * A worker stopping gracefully hands its running jobs back at once instead of letting their
   * leases run out; the claim it made does not count as an attempt. $1 owner.
   */
  static final String RELEASE = """
      WITH released AS (
        UPDATE index_jobs
           SET state = 'queued', lease_owner = NULL, lease_expires_at = NULL,
               attempts = greatest(attempts - 1, 0)
         WHERE lease_owner = $1 AND state = 'running'
        RETURNING id)
      SELECT id, pg_notify('vouch_jobs', id::text) FROM released
      """;

  /** $1 id, $2 owner, $3 new expiry. No row = the lease was lost. */
  static final String RENEW = """
      UPDATE index_jobs SET lease_expires_at = $3
       WHERE id = $1 AND lease_owner = $2 AND state = 'running'
      """;

  /** In the commit transaction, first: locks the job row. $1 id, $2 owner, $3 now. */
  static final String DONE = """
      UPDATE index_jobs
         SET state = 'done', finished_at = $3, lease_owner = NULL, lease_expires_at = NULL, error = NULL
       WHERE id = $1 AND lease_owner = $2 AND state = 'running'
      """;

  /**
   * $1 id, $2 owner, $3 now, $4 error text. One row back when it failed the job; its progress
   * notification (no error text: that stays internal) reaches the streams when it commits.
   */
  static final String FAILED = """
      WITH f AS (
        UPDATE index_jobs
           SET state = 'failed', finished_at = $3, lease_owner = NULL, lease_expires_at = NULL, error = $4
         WHERE id = $1 AND lease_owner = $2 AND state = 'running'
        RETURNING id, wallet)
      SELECT id, pg_notify('vouch_progress', json_build_object('event', 'failed', 'wallet', wallet, 'job', id)::text)
        FROM f
      """;

  /**
   * Verified and accepted attestations of $1, their distinct peers with seasoned history, and
   * those peers' latest scores (identity_score_v2: a peer whose latest snapshot counts fewer than
   * $2 (ScoreModel.SEASONED_MIN) seasoned counterparties lends nothing; one without the count, or without a snapshot, does).
   */
  static final String ATTESTATION_FACTS = """
      WITH edges AS (
        SELECT CASE WHEN a.from_wallet = $1 THEN a.to_wallet ELSE a.from_wallet END AS peer
          FROM trust_edges a
         WHERE a.from_wallet = $1 OR a.to_wallet = $1),
      peers AS (SELECT DISTINCT e.peer, s.score
                  FROM edges e
                  LEFT JOIN wallets w ON w.address = e.peer
                  LEFT JOIN snapshots s ON s.id = w.latest_snapshot_id
                 WHERE s.seasoned_counterparties IS NULL OR s.seasoned_counterparties >= $2)
      SELECT (SELECT count(*) FROM edges) AS accepted,
             (SELECT count(*) FROM peers) AS peers,
             (SELECT coalesce(sum(p.score), 0) FROM peers p) AS peer_score_sum
      """;

  static final String NOTIFY_SNAPSHOT = "SELECT pg_notify('vouch_snapshot', $1)";

  /**
   * What the entry points decide on, in one round trip: known wallet, latest snapshot time (and
   * when its oldest evidence was read), a job
   * in flight (since when it was queued), the latest attempt (a traced run that failed is none: its
   * cooldown must not refuse a caller), registration and whether the refresh ledger exists. $1 wallet.
   */
  static final String ENTRY_STATE = """
      SELECT w.address IS NOT NULL AS known,
             s.committed_at,
             least(s.committed_at, (SELECT min(c.indexed_at) FROM snapshot_chains c
                                     WHERE c.snapshot_id = s.id AND c.status <> 'error')) AS evidence_read_at,
             (SELECT min(a.created_at) FROM index_jobs a
               WHERE a.wallet = q.address AND a.state IN ('queued', 'running')) AS in_flight_since,
             j.state AS last_state,
             coalesce(j.finished_at, j.started_at, j.created_at) AS last_attempt_at,
             i.username IS NOT NULL AS registered,
             to_regclass('refresh_ledger') IS NOT NULL AS ledger
        FROM (SELECT $1::text AS address) q
        LEFT JOIN wallets w ON w.address = q.address
        LEFT JOIN snapshots s ON s.id = w.latest_snapshot_id
        LEFT JOIN LATERAL (SELECT state, created_at, started_at, finished_at FROM index_jobs
                            WHERE wallet = q.address AND NOT (kind = 'trace' AND state = 'failed')
                            ORDER BY id DESC LIMIT 1) j ON true
        LEFT JOIN identities i ON i.wallet = q.address
      """;

  /** $1 wallet, $2 api key id, $3 mode, $4 job id, $5 now. */
  static final String LEDGER = """
      INSERT INTO refresh_ledger (wallet, api_key_id, mode, job_id, requested_at)
      VALUES ($1, $2, $3, $4, $5)
      """;

  /**
   * Rolling daily re-index: registered wallets whose evidence is older than $2 (or missing), with
   * no job in flight and no attempt since $3, oldest first, at most $4. $1 now.
   */
  static final String SCHEDULE_REINDEX = """
      WITH due AS (
        SELECT i.wallet, s.committed_at
          FROM identities i
          JOIN wallets w ON w.address = i.wallet
          LEFT JOIN snapshots s ON s.id = w.latest_snapshot_id
         WHERE (s.committed_at IS NULL OR s.committed_at < $2)
           AND NOT EXISTS (SELECT 1 FROM index_jobs j
                            WHERE j.wallet = i.wallet
                              AND (j.state IN ('queued', 'running') OR j.created_at >= $3))
         ORDER BY s.committed_at NULLS FIRST, i.wallet
         LIMIT $4),
      job AS (
        INSERT INTO index_jobs (wallet, kind, mode, state, created_at)
        SELECT wallet, 'scheduled', CASE WHEN committed_at IS NULL THEN 'first_index' ELSE 'reindex' END, 'queued', $1
          FROM due
        ON CONFLICT (wallet) WHERE state IN ('queued', 'running') DO NOTHING
        RETURNING id)
      SELECT id, pg_notify('vouch_jobs', id::text) FROM job
      """;

  /**
   * Jobs queued and running now, and failed since $1, in one round trip (the partial indexes keep
   * it off the finished history).
   */
  static final String JOB_COUNTS = """
      SELECT (SELECT count(*) FROM index_jobs WHERE state = 'queued') AS queued,
             (SELECT count(*) FROM index_jobs WHERE state = 'running') AS running,
             (SELECT count(*) FROM index_jobs WHERE state = 'failed' AND finished_at >= $1) AS failed
      """;

  /** $1 the progress JSON (under Postgres' 8000-byte payload limit). */
  static final String NOTIFY_PROGRESS = "SELECT pg_notify('vouch_progress', $1)";

  /**
   * What a progress stream starts from, in one round trip: the latest job of the wallet (id,
   * state, when queued, started and finished) and its latest committed snapshot's time. $1 wallet.
   */
  static final String RUN_STATE = """
      SELECT j.id, j.state, j.created_at, j.started_at, j.finished_at, s.committed_at
        FROM (SELECT $1::text AS address) q
        LEFT JOIN wallets w ON w.address = q.address
        LEFT JOIN snapshots s ON s.id = w.latest_snapshot_id
        LEFT JOIN LATERAL (SELECT id, state, created_at, started_at, finished_at FROM index_jobs
                            WHERE wallet = q.address ORDER BY id DESC LIMIT 1) j ON true
      """;
}
