-- Transfer screening receipts (issue 32, docs/transfers.md): what the verdict rested on about the
-- counterparty (its labels, whether it was indexed, its decision, score, reason codes, snapshot
-- time and exposure summary), written with the verdict, so a receipt minted later attests the
-- evidence of that moment. NULL for rows decided before this version. Instant: a nullable column
-- without default.
ALTER TABLE transfer_screenings ADD COLUMN evidence jsonb;
