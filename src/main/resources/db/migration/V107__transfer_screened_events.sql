-- transfer.screened events (issue 32, docs/monitoring.md#transfer-screened): the key that first
-- asked for a screening owns its event; the event shares the monitoring outbox and webhook
-- deliveries with decision.changed, but names no watchlist, no use case and no previous state.
-- All instant: a nullable column without default, NOT NULL dropped, a CHECK added NOT VALID
-- (new rows are checked; old rows hold only the old causes).
ALTER TABLE transfer_screenings ADD COLUMN api_key_id bigint;

ALTER TABLE monitor_events
  ALTER COLUMN watchlist_id DROP NOT NULL,
  ALTER COLUMN use_case DROP NOT NULL,
  ALTER COLUMN previous DROP NOT NULL,
  DROP CONSTRAINT monitor_events_cause_check,
  ADD CONSTRAINT monitor_events_cause_check
    CHECK (cause IN ('reindex', 'identity', 'trust', 'screening', 'transfer')) NOT VALID;
