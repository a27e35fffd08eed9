package dev.vouch.monitoring;

/** SQL of the exposure label sweep (V83, V98, V124). */
final class ExposureSyncQueries {

  private ExposureSyncQueries() {}

  /** Shared hold of the label lock (a version switch takes it exclusively: LabelQueries). Namespace 30324. */
  static final String LOCK_SHARED = "SELECT pg_advisory_xact_lock_shared(30324, 0)";

  /**
   * The walk starts (again, from the first snapshot) at each changed address $1 that appears in
   * any flow (an address no snapshot names has no wallet to queue: a list of millions walks only
   * the few that were ever a counterparty). Index probes (V99): two semi-joins, not an OR of
   * EXISTS the planner may answer by hashing a whole flow table.
   */
  static final String WALK_FROM = """
      INSERT INTO exposure_label_work (address, hop)
      SELECT x.a, false FROM (
        SELECT a FROM unnest($1::text[]) a WHERE EXISTS (SELECT 1 FROM counterparties c WHERE c.counterparty = a)
        UNION
        SELECT a FROM unnest($1::text[]) a WHERE EXISTS (SELECT 1 FROM token_flows t WHERE t.counterparty = a)
      ) x ORDER BY x.a
      ON CONFLICT (address, hop) DO UPDATE SET after_snapshot = 0
      """;

  /** One pending walk step; steps another process holds are skipped. */
  static final String TAKE_STEP = """
      SELECT address, hop, after_snapshot FROM exposure_label_work
       ORDER BY hop, address LIMIT 1 FOR UPDATE SKIP LOCKED
      """;

  /**
   * A wallet whose latest snapshot is g's (LEFT JOIN graph_snapshots g) can be an intermediary:
   * no more counterparties than the hub bound ($6 in the walks) and not labelled a service where
   * funds mix (docs/models.md "Hops and hubs"; the model's Hops.hub).
   */
  static final String PASSES = """
      (coalesce(g.node_count, 0) <= $6 AND NOT EXISTS (SELECT 1 FROM exposure_labels l
        WHERE l.address = w.address AND l.category IN ('exchange', 'bridge')))""";

  /**
   * One bounded step of the walk from address $1 ($2 hop, $3 after snapshot id, $4 page rows, $5
   * now): the next $4 flow rows with $1 in each flow table, by (counterparty, snapshot_id) index
   * (V99), cut at the lower of the two pages' last snapshot ids when a page is full, so no
   * snapshot is skipped. Of those snapshots, the ones that are their wallet's latest are queued
   * (with the stored labels' version) when they have a summary, and, from a changed address (not
   * a hop), each such wallet that is no hub ($6 the hub bound) becomes a starting point of the
   * dependents walk (exposure_dependents_work, V108, level 1): the wallets that read it as an
   * intermediary, up to exposure.maxHops away. The step moves its cursor, or ends when both pages
   * ran out. Returns the wallets queued. (hop true: steps written before V108, one hop.)
   */
  static final String WALK_STEP = """
      WITH a AS (
        SELECT c.snapshot_id AS sid FROM counterparties c
         WHERE c.counterparty = $1 AND c.snapshot_id > $3 ORDER BY c.snapshot_id LIMIT $4
      ), b AS (
        SELECT t.snapshot_id AS sid FROM token_flows t
         WHERE t.counterparty = $1 AND t.snapshot_id > $3 ORDER BY t.snapshot_id LIMIT $4
      ), cut AS (
        SELECT least(CASE WHEN (SELECT count(*) FROM a) = $4 THEN (SELECT max(sid) FROM a) END,
                     CASE WHEN (SELECT count(*) FROM b) = $4 THEN (SELECT max(sid) FROM b) END) AS upto
      ), page AS (
        SELECT DISTINCT x.sid FROM (SELECT sid FROM a UNION ALL SELECT sid FROM b) x, cut
         WHERE cut.upto IS NULL OR x.sid <= cut.upto
      ), touched AS (
        SELECT w.address, s.exposure IS NOT NULL AS summarized,
      """ + PASSES + """
               AS passes
          FROM page p JOIN snapshots s ON s.id = p.sid
          JOIN wallets w ON w.address = s.wallet AND w.latest_snapshot_id = s.id
          LEFT JOIN graph_snapshots g ON g.snapshot_id = s.id
      ), queued AS (
        INSERT INTO exposure_refresh (wallet, queued_at, labels_version)
        SELECT t.address, $5, (SELECT version FROM exposure_label_state) FROM touched t
         WHERE t.summarized ORDER BY t.address
        ON CONFLICT (wallet) DO UPDATE SET labels_version = EXCLUDED.labels_version, cause = 'screening'
        RETURNING 1
      ), hops AS (
        INSERT INTO exposure_dependents_work (address, level)
        SELECT t.address, 1 FROM touched t WHERE NOT $2 AND t.passes ORDER BY t.address
        ON CONFLICT (address, level) DO UPDATE SET after_snapshot = 0
      ), moved AS (
        UPDATE exposure_label_work SET after_snapshot = cut.upto FROM cut
         WHERE cut.upto IS NOT NULL AND address = $1 AND hop = $2
      ), ended AS (
        DELETE FROM exposure_label_work USING cut
         WHERE cut.upto IS NULL AND address = $1 AND hop = $2
      )
      SELECT (SELECT count(*) FROM queued) AS queued
      """;

  /** Up to $1 pending dependents steps, lowest level first; steps another process holds are skipped. */
  static final String TAKE_DEPENDENTS_STEPS = """
      SELECT address, level, after_snapshot FROM exposure_dependents_work
       ORDER BY level, address LIMIT $1 FOR UPDATE SKIP LOCKED
      """;

  /**
   * One bounded step of the dependents walk (issue 33 item 1) from address $1 at level $2 ($3 after
   * snapshot id, $4 page rows, $5 now, $6 the hub bound, $7 exposure.maxHops): the wallets whose
   * latest snapshot has a flow with $1 read it as an intermediary $2 hops from the walk's origin;
   * they are queued (cause reindex, the stored labels' version) when they have a summary, and below
   * maxHops each that is no hub becomes a step one level further. Beyond level 1 only token flows
   * are walked: a path beyond the first hop runs through valued (registered stablecoin) flows only.
   * Paging as {@link #WALK_STEP}. Returns the wallets queued.
   */
  static final String DEPENDENTS_STEP = """
      WITH a AS (
        SELECT c.snapshot_id AS sid FROM counterparties c
         WHERE $2 = 1 AND c.counterparty = $1 AND c.snapshot_id > $3 ORDER BY c.snapshot_id LIMIT $4
      ), b AS (
        SELECT t.snapshot_id AS sid FROM token_flows t
         WHERE t.counterparty = $1 AND t.snapshot_id > $3 ORDER BY t.snapshot_id LIMIT $4
      ), cut AS (
        SELECT least(CASE WHEN (SELECT count(*) FROM a) = $4 THEN (SELECT max(sid) FROM a) END,
                     CASE WHEN (SELECT count(*) FROM b) = $4 THEN (SELECT max(sid) FROM b) END) AS upto
      ), page AS (
        SELECT DISTINCT x.sid FROM (SELECT sid FROM a UNION ALL SELECT sid FROM b) x, cut
         WHERE cut.upto IS NULL OR x.sid <= cut.upto
      ), touched AS (
        SELECT w.address, s.exposure IS NOT NULL AS summarized,
      """ + PASSES + """
               AS passes
          FROM page p JOIN snapshots s ON s.id = p.sid
          JOIN wallets w ON w.address = s.wallet AND w.latest_snapshot_id = s.id
          LEFT JOIN graph_snapshots g ON g.snapshot_id = s.id
         WHERE w.address <> $1
      ), queued AS (
        INSERT INTO exposure_refresh (wallet, queued_at, labels_version, cause)
        SELECT t.address, $5, (SELECT version FROM exposure_label_state), 'reindex' FROM touched t
         WHERE t.summarized ORDER BY t.address
        ON CONFLICT (wallet) DO UPDATE SET labels_version = EXCLUDED.labels_version
        RETURNING 1
      ), further AS (
        INSERT INTO exposure_dependents_work (address, level)
        SELECT t.address, $2 + 1 FROM touched t WHERE $2 < $7 AND t.passes ORDER BY t.address
        ON CONFLICT (address, level) DO UPDATE SET after_snapshot = 0
      ), moved AS (
        UPDATE exposure_dependents_work SET after_snapshot = cut.upto FROM cut
         WHERE cut.upto IS NOT NULL AND address = $1 AND level = $2
      ), ended AS (
        DELETE FROM exposure_dependents_work USING cut
         WHERE cut.upto IS NULL AND address = $1 AND level = $2
      )
      SELECT (SELECT count(*) FROM queued) AS queued
      """;

  /**
   * A chunk of the rows to compute with the stored labels version, in wallet order, with why each
   * was queued; rows another worker holds are skipped. $1 limit.
   */
  static final String TAKE = """
      SELECT wallet, cause FROM exposure_refresh
       WHERE labels_version = (SELECT version FROM exposure_label_state)
       ORDER BY wallet LIMIT $1 FOR UPDATE SKIP LOCKED
      """;

  static final String DONE = "DELETE FROM exposure_refresh WHERE wallet = ANY($1::text[])";

  /**
   * The recomputed summary of snapshot $1; a snapshot without one stays without (pre-V82), and a
   * summary that differs only in the labels version it names is not rewritten (no read-model
   * refresh, no event): most queued wallets keep their summary, and its labelsVersion stays the
   * version under which it last changed.
   */
  static final String SET_EXPOSURE = """
      UPDATE snapshots SET exposure = $2::text::jsonb
       WHERE id = $1 AND exposure IS NOT NULL
         AND exposure - 'labelsVersion' IS DISTINCT FROM $2::text::jsonb - 'labelsVersion'
      """;
}
