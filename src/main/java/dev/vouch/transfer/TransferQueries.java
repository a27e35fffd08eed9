package dev.vouch.transfer;

/** The SQL of transfer screening (V104, V107, V112, V122). */
final class TransferQueries {

  private TransferQueries() {}

  static final String COLUMNS = """
      id, chain_id, tx_hash, log_index, address, direction, counterparty, token, symbol, decimals, valued,
      amount::text AS amount, usd::text AS usd, block, confirmations, required_confirmations, status, verdict,
      reasons::text AS reasons, warnings::text AS warnings, evidence::text AS evidence, created_at, updated_at, api_key_id,
      policy_id, policy_version, policy_hash
      """;

  /**
   * New screenings, or pending ones brought up to date, any number in one statement; a row
   * already screened is left as it was (not returned: read it with BY_KEYS). $1..$23 arrays, one
   * element per screening ($21..$23 the policy version it is decided under, V122: part of its key);
   * $24 now; $25 the asking key, kept from the first keyed asker (V107), who gets the
   * transfer.screened event. The rows' keys must be distinct.
   */
  static final String UPSERT_MANY = """
      INSERT INTO transfer_screenings (chain_id, tx_hash, log_index, address, direction, counterparty, token, symbol,
        decimals, valued, amount, usd, block, confirmations, required_confirmations, status, verdict, reasons,
        warnings, evidence, created_at, updated_at, api_key_id, policy_id, policy_version, policy_hash)
      SELECT t.chain_id, t.tx_hash, t.log_index, t.address, t.direction, t.counterparty, t.token, t.symbol, t.decimals,
             t.valued, t.amount::numeric, t.usd::numeric, t.block, t.confirmations, t.required, t.status, t.verdict,
             t.reasons::jsonb, t.warnings::jsonb, t.evidence::jsonb, $24, $24, $25, t.policy_id, t.policy_version,
             t.policy_hash
        FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[],
                    $8::text[], $9::int[], $10::boolean[], $11::text[], $12::text[], $13::bigint[], $14::bigint[],
                    $15::int[], $16::text[], $17::text[], $18::text[], $19::text[], $20::text[], $21::bigint[],
                    $22::int[], $23::text[])
             AS t(chain_id, tx_hash, log_index, address, direction, counterparty, token, symbol, decimals, valued,
                  amount, usd, block, confirmations, required, status, verdict, reasons, warnings, evidence,
                  policy_id, policy_version, policy_hash)
      ON CONFLICT (chain_id, tx_hash, log_index, address, direction, policy_id, policy_version) DO UPDATE
        SET block = EXCLUDED.block, confirmations = EXCLUDED.confirmations, status = EXCLUDED.status,
            verdict = EXCLUDED.verdict, reasons = EXCLUDED.reasons, warnings = EXCLUDED.warnings,
            evidence = EXCLUDED.evidence, updated_at = EXCLUDED.updated_at,
            api_key_id = coalesce(transfer_screenings.api_key_id, EXCLUDED.api_key_id)
        WHERE transfer_screenings.status = 'pending'
      RETURNING (xmax = 0) AS inserted, """ + COLUMNS;

  /** Screenings by natural key: $1..$7 arrays (chain, hash, log index, address, direction, policy id, version). */
  static final String BY_KEYS = "SELECT false AS inserted, " + COLUMNS + """
       FROM transfer_screenings
       JOIN unnest($1::bigint[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::bigint[], $7::int[])
            AS k(chain_id, tx_hash, log_index, address, direction, policy_id, policy_version)
      USING (chain_id, tx_hash, log_index, address, direction, policy_id, policy_version)
      """;

  static final String BY_ID = "SELECT false AS inserted, " + COLUMNS + " FROM transfer_screenings WHERE id = $1";

  /** Pending screenings waiting on these counterparties (a snapshot of each just committed). */
  static final String PENDING_FOR = "SELECT false AS inserted, " + COLUMNS + """
       FROM transfer_screenings WHERE counterparty = ANY($1) AND status = 'pending'
      """;

  /** A pending row's new state; a row screened meanwhile stays as it is. */
  static final String UPDATE_PENDING = """
      UPDATE transfer_screenings
         SET confirmations = $2, status = $3, verdict = $4, reasons = $5::text::jsonb, warnings = $6::text::jsonb,
             updated_at = $7, evidence = $8::text::jsonb
       WHERE id = $1 AND status = 'pending'
      RETURNING false AS inserted, """ + COLUMNS;

  // ---- receipts (V113): only ever inserted; a trigger refuses the rest.

  /** Nothing when the screening already has a receipt (then read it with RECEIPT_OF). */
  static final String INSERT_RECEIPT = """
      INSERT INTO transfer_receipts (id, screening_id, created_at, payload_hash, payload, signing_kid, jws)
      VALUES ($1, $2, $3, $4, $5::text::jsonb, $6, $7)
      ON CONFLICT (screening_id) DO NOTHING
      RETURNING id
      """;

  private static final String RECEIPT_COLUMNS = "id, created_at, payload_hash, payload::text AS payload, signing_kid, jws";

  static final String RECEIPT_BY_ID = "SELECT " + RECEIPT_COLUMNS + " FROM transfer_receipts WHERE id = $1";

  static final String RECEIPT_OF = "SELECT " + RECEIPT_COLUMNS + " FROM transfer_receipts WHERE screening_id = $1";
}
