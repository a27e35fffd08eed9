-- Failed jobs of the last day (metrics, GET /api/v1/stats) without scanning the finished history.
CREATE INDEX index_jobs_failed_finished ON index_jobs (finished_at) WHERE state = 'failed';
