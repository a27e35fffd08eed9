-- Issue 24: a chain's token read that stops at a cap (more Transfer logs than historyCap, an
-- explorer's page window, or a response over indexing.maxResponseBytes for a single block or page)
-- keeps the newest transfers it read and says so here, as history_capped does for native history.
-- Null: the chain read no tokens (no registry, aggregate, failed, or token evidence switched off).
ALTER TABLE snapshot_chains ADD COLUMN tokens_capped boolean;
