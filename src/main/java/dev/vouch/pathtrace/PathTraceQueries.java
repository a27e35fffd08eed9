package dev.vouch.pathtrace;

/** SQL of tracing (V114). Times come from the application clock ($n), never now(). */
final class PathTraceQueries {

  private PathTraceQueries() {}

  /**
   * In a snapshot commit's transaction: the commit, with the job's kind, root and depth, and the
   * JSON-RPC calls its run sent. $1 job id, $2 rpc calls, $3 now.
   */
  static final String NOTE_COMMIT = """
      INSERT INTO path_trace_work (wallet, job_kind, trace_root, trace_depth, rpc_calls, committed_at)
      SELECT j.wallet, j.kind, j.trace_root, j.trace_depth, $2, $3 FROM index_jobs j WHERE j.id = $1
      """;

  /** The oldest commit to trace; rows another worker holds are skipped. */
  static final String TAKE = """
      SELECT id, wallet, job_kind, trace_root, rpc_calls, committed_at FROM path_trace_work
       ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED
      """;

  static final String DONE = "DELETE FROM path_trace_work WHERE id = $1";

  /**
   * The global budget's minute $1, locked for the rest of the transaction (drains of every worker
   * take it in turn), with $2 JSON-RPC calls of a traced run added. Returns its figures.
   */
  static final String MINUTE = """
      INSERT INTO path_trace_budget (minute, jobs, rpc_calls) VALUES ($1, 0, $2)
      ON CONFLICT (minute) DO UPDATE SET rpc_calls = path_trace_budget.rpc_calls + EXCLUDED.rpc_calls
      RETURNING jobs, rpc_calls
      """;

  /** Minutes older than $1 are no budget any more. */
  static final String PRUNE_MINUTES = "DELETE FROM path_trace_budget WHERE minute < $1";

  static final String ADD_JOBS = "UPDATE path_trace_budget SET jobs = jobs + $2 WHERE minute = $1";

  /** A traced run's calls, for its root's figures. $1 root, $2 calls. */
  static final String ROOT_CALLS = "UPDATE path_trace_roots SET rpc_calls = rpc_calls + $2 WHERE root = $1";

  /** A root's trace starts again at its commit (after CLEAR_NODES). $1 root, $2 now, $3 fresh after. */
  static final String PLAN_ROOT = """
      INSERT INTO path_trace_roots (root, planned_at, fresh_after) VALUES ($1, $2, $3)
      ON CONFLICT (root) DO UPDATE SET planned_at = EXCLUDED.planned_at, fresh_after = EXCLUDED.fresh_after,
                                       jobs_queued = 0, rpc_calls = 0
      """;

  static final String CLEAR_NODES = "DELETE FROM path_trace_nodes WHERE root = $1";

  static final String ROOT = "SELECT fresh_after, jobs_queued FROM path_trace_roots WHERE root = $1 FOR UPDATE";

  static final String ROOT_JOBS = "UPDATE path_trace_roots SET jobs_queued = jobs_queued + $2 WHERE root = $1";

  /**
   * Roots whose trace wants wallet $1 and has not gone on from it yet (depth below $2), locked in
   * root order; with their node's depth and direction.
   */
  static final String WANTED_BY = """
      SELECT n.root, n.depth, n.direction FROM path_trace_nodes n
       WHERE n.address = $1 AND n.plan = 'planned' AND NOT n.expanded AND n.depth < $2
       ORDER BY n.root FOR UPDATE
      """;

  /** Every root whose trace wants wallet $1 (their summaries read its new snapshot). */
  static final String ROOTS_OF = "SELECT DISTINCT root FROM path_trace_nodes WHERE address = $1 ORDER BY root";

  static final String EXPANDED = "UPDATE path_trace_nodes SET expanded = true WHERE root = $1 AND address = $2";

  /**
   * The next intermediaries from wallet $1 for root $3: the counterparties of $1's latest
   * snapshot with valued (registered stablecoin) flow in direction $2 (in: they paid $1, source of
   * funds; out: $1 paid them; both), largest USD first, at most $4. Never the zero address (mints
   * and burns), $1 or the root, a labelled address (the label is the answer; services such as
   * exchanges are where funds mix), or one the root's trace already has. With whether each has a
   * snapshot committed since $5 (fresh) and a job queued or running.
   */
  static final String CANDIDATES = """
      WITH snap AS (SELECT w.latest_snapshot_id AS sid FROM wallets w WHERE w.address = $1),
      flows AS (
        SELECT t.counterparty AS address,
               sum(CASE WHEN $2 IN ('in', 'both') THEN coalesce(t.usd_in, 0) ELSE 0 END) AS usd_in,
               sum(CASE WHEN $2 IN ('out', 'both') THEN coalesce(t.usd_out, 0) ELSE 0 END) AS usd_out
          FROM snap JOIN token_flows t ON t.snapshot_id = snap.sid
         WHERE t.counterparty <> '0x0000000000000000000000000000000000000000'
           AND t.counterparty <> $1 AND t.counterparty <> $3
         GROUP BY t.counterparty)
      SELECT f.address, f.usd_in + f.usd_out AS usd,
             CASE WHEN f.usd_in > 0 AND f.usd_out > 0 THEN 'both' WHEN f.usd_in > 0 THEN 'in' ELSE 'out' END AS direction,
             coalesce(s.committed_at >= $5, false) AS fresh,
             EXISTS (SELECT 1 FROM index_jobs j WHERE j.wallet = f.address AND j.state IN ('queued', 'running')) AS in_flight
        FROM flows f
        LEFT JOIN wallets w ON w.address = f.address
        LEFT JOIN snapshots s ON s.id = w.latest_snapshot_id
       WHERE f.usd_in + f.usd_out > 0
         AND NOT EXISTS (SELECT 1 FROM exposure_labels l WHERE l.address = f.address)
         AND NOT EXISTS (SELECT 1 FROM path_trace_nodes n WHERE n.root = $3 AND n.address = f.address)
       ORDER BY f.usd_in + f.usd_out DESC, f.address
       LIMIT $4
      """;

  /** $1 root, $2 address, $3 depth, $4 direction, $5 via, $6 usd, $7 plan, $8 expanded. */
  static final String NODE = """
      INSERT INTO path_trace_nodes (root, address, depth, direction, via, usd, plan, expanded)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
      ON CONFLICT (root, address) DO NOTHING
      """;

  /**
   * A traced job (kind trace, priority 1: below every caller's job) for wallet $1 unless one is
   * queued or running; charged to no caller (no budget, no ledger). $2 root, $3 depth, $4 now.
   */
  static final String QUEUE_JOB = """
      WITH w AS (INSERT INTO wallets (address, first_seen_at) VALUES ($1, $4) ON CONFLICT (address) DO NOTHING),
           job AS (INSERT INTO index_jobs (wallet, kind, mode, state, created_at, priority, trace_root, trace_depth)
                   VALUES ($1, 'trace',
                           CASE WHEN EXISTS (SELECT 1 FROM wallets x WHERE x.address = $1 AND x.latest_snapshot_id IS NOT NULL)
                                THEN 'reindex' ELSE 'first_index' END,
                           'queued', $4, 1, $2, $3)
                   ON CONFLICT (wallet) WHERE state IN ('queued', 'running') DO NOTHING
                   RETURNING id)
      SELECT id, pg_notify('vouch_jobs', id::text) FROM job
      """;

  /**
   * The root's stored summary is recomputed (monitoring/ExposureSync drains exposure_refresh with
   * the stored labels' version): its trace status, and what the new intermediary snapshot adds.
   * $1 roots, $2 now.
   */
  static final String QUEUE_SUMMARIES = """
      INSERT INTO exposure_refresh (wallet, queued_at, labels_version)
      SELECT r, $2, st.version FROM unnest($1::text[]) r, exposure_label_state st ORDER BY r
      ON CONFLICT (wallet) DO UPDATE SET labels_version = EXCLUDED.labels_version
      """;

  /**
   * The trace status of root $1 in one row: whether a commit of it or of one of its wanted
   * intermediaries waits to be traced, whether it has a trace at all, and its counts. Indexed
   * means a snapshot committed since the trace's freshness bound; pending a job queued or running.
   */
  static final String STATUS = """
      SELECT EXISTS (SELECT 1 FROM path_trace_roots r WHERE r.root = $1) AS traced,
             EXISTS (SELECT 1 FROM path_trace_work k
                      WHERE (k.wallet = $1 AND k.job_kind <> 'trace')
                         OR k.wallet IN (SELECT n.address FROM path_trace_nodes n WHERE n.root = $1)) AS planning,
             count(x.address) AS wanted,
             count(*) FILTER (WHERE x.plan = 'planned' AND x.fresh) AS indexed,
             count(*) FILTER (WHERE x.plan = 'planned' AND NOT x.fresh AND x.in_flight) AS pending,
             count(*) FILTER (WHERE x.plan = 'planned' AND NOT x.fresh AND NOT x.in_flight) AS unreached,
             count(*) FILTER (WHERE x.plan <> 'planned') AS skipped
        FROM (SELECT n.address, n.plan,
                     coalesce(s.committed_at >= r.fresh_after, false) AS fresh,
                     EXISTS (SELECT 1 FROM index_jobs j
                              WHERE j.wallet = n.address AND j.state IN ('queued', 'running')) AS in_flight
                FROM path_trace_roots r
                JOIN path_trace_nodes n ON n.root = r.root
                LEFT JOIN wallets w ON w.address = n.address
                LEFT JOIN snapshots s ON s.id = w.latest_snapshot_id
               WHERE r.root = $1) x
      """;
}
