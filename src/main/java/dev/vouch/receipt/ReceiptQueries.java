package dev.vouch.receipt;

/** SQL of the receipt capability. Receipts are only ever inserted (a trigger refuses the rest). */
final class ReceiptQueries {

  private ReceiptQueries() {}

  /** Nothing when the same wallet, use case, UTC day and payload already have a receipt. */
  static final String INSERT = """
      INSERT INTO receipts (id, created_at, utc_day, wallet, use_case, payload_hash, payload, signing_kid, jws)
      VALUES ($1, $2, $3, $4, $5, $6, $7::text::jsonb, $8, $9)
      ON CONFLICT (wallet, use_case, utc_day, payload_hash) DO NOTHING
      RETURNING id
      """;

  private static final String COLUMNS = "id, created_at, payload_hash, payload::text AS payload, signing_kid, jws";

  static final String FIND_SAME = "SELECT " + COLUMNS + " FROM receipts"
      + " WHERE wallet = $1 AND use_case = $2 AND utc_day = $3 AND payload_hash = $4";

  static final String FIND_BY_ID = "SELECT " + COLUMNS + " FROM receipts WHERE id = $1";

  static final String ADD_KEY =
      "INSERT INTO receipt_keys (kid, public_jwk) VALUES ($1, $2::text::jsonb) ON CONFLICT (kid) DO NOTHING";

  /** Newest first, so the current key leads the JWKS. */
  static final String KEYS = "SELECT public_jwk::text AS jwk FROM receipt_keys ORDER BY added_at DESC, kid";
}
