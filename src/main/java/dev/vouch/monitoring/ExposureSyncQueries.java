package dev.vouch.monitoring;

/** SQL of the exposure label sweep (V83). */
final class ExposureSyncQueries {

  private ExposureSyncQueries() {}

  /** One label diff at a time over all processes. Namespace 30324. */
  static final String LOCK = "SELECT pg_advisory_xact_lock(30324, 0)";

  static final String ALL_LABELS = "SELECT address, chain_id, category FROM exposure_labels";

  static final String DELETE_LABELS = "DELETE FROM exposure_labels WHERE address = ANY($1::text[])";

  static final String INSERT_LABELS = """
      INSERT INTO exposure_labels (address, chain_id, category)
      SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[]) ON CONFLICT DO NOTHING
      """;

  /**
   * Queues every wallet whose stored summary may change with the labels of addresses $1: its
   * latest snapshot has a flow with one of them (direct), or with an indexed wallet whose latest
   * snapshot has one (indirect, one hop, as the summary reads it). Latest snapshots only, each
   * probed through its primary key; wallets whose snapshot has no summary are left alone. $2 now.
   */
  static final String QUEUE_AFFECTED = """
      WITH latest AS (
        SELECT w.address, w.latest_snapshot_id AS sid FROM wallets w WHERE w.latest_snapshot_id IS NOT NULL
      ), touched AS (
        SELECT l.address FROM latest l
         WHERE EXISTS (SELECT 1 FROM counterparties c WHERE c.snapshot_id = l.sid AND c.counterparty = ANY($1::text[]))
            OR EXISTS (SELECT 1 FROM token_flows t WHERE t.snapshot_id = l.sid AND t.counterparty = ANY($1::text[]))
      ), reached AS (
        SELECT address FROM touched
        UNION
        SELECT l.address FROM latest l
         WHERE EXISTS (SELECT 1 FROM counterparties c
                        WHERE c.snapshot_id = l.sid AND c.counterparty IN (SELECT address FROM touched))
            OR EXISTS (SELECT 1 FROM token_flows t
                        WHERE t.snapshot_id = l.sid AND t.counterparty IN (SELECT address FROM touched))
      )
      INSERT INTO exposure_refresh (wallet, queued_at)
      SELECT r.address, $2 FROM reached r
        JOIN wallets w ON w.address = r.address
        JOIN snapshots s ON s.id = w.latest_snapshot_id
       WHERE s.exposure IS NOT NULL
      ON CONFLICT (wallet) DO NOTHING
      """;

  /** A chunk of the queue, in wallet order; rows another worker holds are skipped. $1 limit. */
  static final String TAKE = """
      SELECT wallet FROM exposure_refresh ORDER BY wallet LIMIT $1 FOR UPDATE SKIP LOCKED
      """;

  static final String DONE = "DELETE FROM exposure_refresh WHERE wallet = ANY($1::text[])";

  /**
   * The recomputed summary of snapshot $1; a snapshot without one stays without (pre-V82), and an
   * unchanged summary is not rewritten (no read-model refresh, no event).
   */
  static final String SET_EXPOSURE = """
      UPDATE snapshots SET exposure = $2::text::jsonb
       WHERE id = $1 AND exposure IS NOT NULL AND exposure IS DISTINCT FROM $2::text::jsonb
      """;
}
