package dev.vouch.stats;

/** SQL of the stats read. */
final class StatsQueries {

  private StatsQueries() {}

  /**
   * Every figure of GET /api/v1/stats in one round trip; $1 is the start of the last day. The
   * whole-table counts are exact (no estimates) and the answer is cached for a minute. A row that
   * kept earlier evidence after a transient failure (is_transient) is that chain failing: an error.
   */
  static final String STATS = """
      SELECT (SELECT count(*) FROM wallets WHERE latest_snapshot_id IS NOT NULL) AS wallets_indexed,
             (SELECT count(*) FROM identities) AS identities,
             (SELECT count(*) FROM attestations
               WHERE verified_at IS NOT NULL AND accepted_at IS NOT NULL) AS trust_edges,
             (SELECT count(*) FROM receipts) AS receipts,
             (SELECT count(*) FROM index_jobs WHERE state = 'queued') AS jobs_queued,
             (SELECT count(*) FROM index_jobs WHERE state = 'running') AS jobs_running,
             (SELECT count(*) FROM index_jobs WHERE state = 'failed' AND finished_at >= $1) AS jobs_failed,
             (SELECT coalesce(json_agg(c), '[]'::json) FROM (
                SELECT chain_id,
                       count(*) FILTER (WHERE status = 'indexed' AND NOT is_transient) AS indexed,
                       count(*) FILTER (WHERE status = 'error' OR is_transient) AS error,
                       count(*) FILTER (WHERE status = 'limited' AND NOT is_transient) AS limited,
                       max(indexed_at) AS last_indexed_at
                  FROM snapshot_chains
                 WHERE indexed_at >= $1
                 GROUP BY chain_id) c) AS chains
      """;
}
