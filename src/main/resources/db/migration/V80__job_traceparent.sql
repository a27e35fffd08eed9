-- W3C trace context of the request that queued a job (docs/operations.md#tracing): the worker's
-- job span continues that trace. Null when tracing is off or nothing was traced. Nullable, no
-- default: a catalog-only change, instant on a large table.
ALTER TABLE index_jobs ADD COLUMN traceparent text;
