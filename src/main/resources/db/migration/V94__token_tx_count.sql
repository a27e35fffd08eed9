-- Issue 35 (10a): the transactions a chain's registered-token transfers added to the evidence
-- (TokenStanding: a transfer of at least a dollar in a transaction the native history did not
-- count). A run whose read of the chain fails transiently carries the chain's evidence forward;
-- token flow rows cannot tell these transactions apart, so the count is kept here and carried
-- with them, and a provider blip does not lower the score. Null: not recorded (rows before this).
ALTER TABLE snapshot_chains ADD COLUMN token_tx_count bigint;
