package dev.vouch.transfer;

/** The SQL of transfer screening (V104). */
final class TransferQueries {

  private TransferQueries() {}

  static final String COLUMNS = """
      id, chain_id, tx_hash, log_index, address, direction, counterparty, token, symbol, decimals, valued,
      amount::text AS amount, usd::text AS usd, block, confirmations, required_confirmations, status, verdict,
      reasons::text AS reasons, warnings::text AS warnings, created_at, updated_at, api_key_id
      """;

  /**
   * A new screening, or a pending one brought up to date; a screened row is left as it was
   * (no row returned: read it with BY_KEY). $1..$21 as bound in TransferStore; $21 the asking
   * key, kept from the first keyed asker (V107), who gets the transfer.screened event.
   */
  static final String UPSERT = """
      INSERT INTO transfer_screenings (chain_id, tx_hash, log_index, address, direction, counterparty, token, symbol,
        decimals, valued, amount, usd, block, confirmations, required_confirmations, status, verdict, reasons,
        warnings, created_at, updated_at, api_key_id)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::text::numeric, $12::text::numeric, $13, $14, $15, $16, $17,
        $18::text::jsonb, $19::text::jsonb, $20, $20, $21)
      ON CONFLICT (chain_id, tx_hash, log_index, address, direction) DO UPDATE
        SET block = EXCLUDED.block, confirmations = EXCLUDED.confirmations, status = EXCLUDED.status,
            verdict = EXCLUDED.verdict, reasons = EXCLUDED.reasons, warnings = EXCLUDED.warnings,
            updated_at = EXCLUDED.updated_at,
            api_key_id = coalesce(transfer_screenings.api_key_id, EXCLUDED.api_key_id)
        WHERE transfer_screenings.status = 'pending'
      RETURNING (xmax = 0) AS inserted, """ + COLUMNS;

  static final String BY_KEY = "SELECT false AS inserted, " + COLUMNS + """
       FROM transfer_screenings
      WHERE chain_id = $1 AND tx_hash = $2 AND log_index = $3 AND address = $4 AND direction = $5
      """;

  static final String BY_ID = "SELECT false AS inserted, " + COLUMNS + " FROM transfer_screenings WHERE id = $1";

  /** Pending screenings waiting on these counterparties (a snapshot of each just committed). */
  static final String PENDING_FOR = "SELECT false AS inserted, " + COLUMNS + """
       FROM transfer_screenings WHERE counterparty = ANY($1) AND status = 'pending'
      """;

  /** A pending row's new state; a row screened meanwhile stays as it is. */
  static final String UPDATE_PENDING = """
      UPDATE transfer_screenings
         SET confirmations = $2, status = $3, verdict = $4, reasons = $5::text::jsonb, warnings = $6::text::jsonb, updated_at = $7
       WHERE id = $1 AND status = 'pending'
      RETURNING false AS inserted, """ + COLUMNS;
}
