-- Failed jobs of the last day (metrics, GET /api/v1/stats) without scanning the finished history.
CREATE INDEX index_jobs_failed_finished ON index_jobs (finished_at) WHERE state = 'failed';
-- Coverage rows of the last day, per chain (GET /api/v1/stats).
CREATE INDEX snapshot_chains_indexed_at ON snapshot_chains (indexed_at);
