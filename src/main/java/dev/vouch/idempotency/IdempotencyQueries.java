package dev.vouch.idempotency;

/** SQL of Idempotency-Key records. Times come from the application clock ($n), never now(). */
final class IdempotencyQueries {

  private IdempotencyQueries() {}

  /**
   * Claims (owner, key) for a request: a new row, or one that expired, or one whose first request
   * never finished (its claim lapsed) for the same request. A row back = claimed.
   * $1 owner, $2 key, $3 fingerprint, $4 token, $5 now, $6 expires, $7 locked until.
   */
  static final String CLAIM = """
      INSERT INTO idempotency_keys AS k (owner, idem_key, fingerprint, claim_token, created_at, expires_at, locked_until)
      VALUES ($1, $2, $3, $4, $5, $6, $7)
      ON CONFLICT (owner, idem_key) DO UPDATE
         SET fingerprint = EXCLUDED.fingerprint, claim_token = EXCLUDED.claim_token, created_at = EXCLUDED.created_at,
             expires_at = EXCLUDED.expires_at, locked_until = EXCLUDED.locked_until,
             status = NULL, headers = NULL, body = NULL
       WHERE k.expires_at <= $5
          OR (k.status IS NULL AND k.locked_until <= $5 AND k.fingerprint = EXCLUDED.fingerprint)
      RETURNING claim_token
      """;

  /** The row another request holds. $1 owner, $2 key. */
  static final String FIND = """
      SELECT fingerprint, status, headers, body FROM idempotency_keys WHERE owner = $1 AND idem_key = $2
      """;

  /** The answer of the request holding the claim. $1 owner, $2 key, $3 token, $4 status, $5 headers, $6 body. */
  static final String COMPLETE = """
      UPDATE idempotency_keys SET status = $4, headers = $5, body = $6, locked_until = NULL
       WHERE owner = $1 AND idem_key = $2 AND claim_token = $3 AND status IS NULL
      """;

  /** The request's answer is not kept: the key is free again. $1 owner, $2 key, $3 token. */
  static final String RELEASE = """
      DELETE FROM idempotency_keys WHERE owner = $1 AND idem_key = $2 AND claim_token = $3 AND status IS NULL
      """;

  /** At most $2 expired rows (expiry before $1) per statement. */
  static final String SWEEP = """
      DELETE FROM idempotency_keys
       WHERE ctid = ANY (ARRAY(SELECT ctid FROM idempotency_keys WHERE expires_at <= $1 LIMIT $2))
      """;
}
