-- W3C trace context of the commit that wrote a webhook delivery (docs/operations.md#tracing): its
-- attempts continue that trace. Null when tracing is off. Nullable, no default: instant.
ALTER TABLE webhook_deliveries ADD COLUMN traceparent text;
