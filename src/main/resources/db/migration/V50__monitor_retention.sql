-- Retention of the monitoring outbox (docs/operations.md, "Retention of events and deliveries").
-- Deleting an event checks webhook_deliveries.event_id (its foreign key, and "no delivery waits on
-- it"): without this index every deleted event would scan the deliveries.
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);
-- The pruner walks finished deliveries and all events oldest first, a batch per statement.
CREATE INDEX webhook_deliveries_finished ON webhook_deliveries (created_at, id) WHERE state IN ('delivered', 'failed');
CREATE INDEX monitor_events_created ON monitor_events (created_at, id);
