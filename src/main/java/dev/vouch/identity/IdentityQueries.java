package dev.vouch.identity;

/** SQL of the identity capability: claim challenges, identities, attestations, profiles, directory. */
final class IdentityQueries {

  private IdentityQueries() {}

  /** $1 nonce, $2 wallet, $3 username, $4 display name, $5 message, $6 issued, $7 expires. */
  static final String INSERT_CHALLENGE = """
      INSERT INTO claim_challenges (nonce, wallet, username, display_name, message, issued_at, expires_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7)
      """;

  static final String CHALLENGE = """
      SELECT nonce, wallet, username, display_name, message, expires_at, used_at FROM claim_challenges WHERE nonce = $1
      """;

  /** Single use: only an unused challenge is taken. $1 nonce, $2 now. No row = already used. */
  static final String USE_CHALLENGE = """
      UPDATE claim_challenges SET used_at = $2 WHERE nonce = $1 AND used_at IS NULL RETURNING nonce
      """;

  /** Registration state of a wallet and a username in one round trip. $1 wallet, $2 username. */
  static final String CLAIM_STATE = """
      SELECT (SELECT username FROM identities WHERE wallet = $1) AS wallet_username,
             EXISTS (SELECT 1 FROM identities WHERE lower(username) = lower($2)) AS username_taken
      """;

  static final String UPSERT_WALLET = """
      INSERT INTO wallets (address, first_seen_at) VALUES ($1, $2) ON CONFLICT (address) DO NOTHING
      """;

  /** $1 username, $2 wallet, $3 display name, $4 now, $5 signature, $6 message, $7 kind. */
  static final String INSERT_IDENTITY = """
      INSERT INTO identities (username, wallet, display_name, created_at, claim_signature, claim_message, signature_kind)
      VALUES ($1, $2, $3, $4, $5, $6, $7)
      """;

  /** Which of $1 are registered, with their usernames. */
  static final String REGISTERED = """
      SELECT wallet, username FROM identities WHERE wallet = ANY($1::text[])
      """;

  private static final String ATTESTATION_COLUMNS = """
      id, from_wallet, to_wallet, chain_id, tx_hash, tx_from, tx_to, tx_value::text AS tx_value, tx_block, tx_time,
      created_at, verified_at, accepted_at, rejected_at, revoked_at, revoked_by
      """;

  /**
   * A verified attestation, or nothing when this transaction is already attested in this
   * direction (duplicates are idempotent). $1 from, $2 to, $3 chain, $4 tx hash, $5 tx from,
   * $6 tx to, $7 value, $8 block, $9 block time, $10 now, $11 signature.
   */
  static final String INSERT_ATTESTATION = """
      INSERT INTO attestations (from_wallet, to_wallet, chain_id, tx_hash, tx_from, tx_to, tx_value, tx_block, tx_time,
        created_at, verified_at, signature)
      VALUES ($1, $2, $3, $4, $5, $6, $7::text::numeric(78, 0), $8, $9, $10, $10, $11)
      ON CONFLICT (from_wallet, to_wallet, tx_hash) DO NOTHING
      RETURNING """ + " " + ATTESTATION_COLUMNS;

  static final String ATTESTATION_BY_TX = "SELECT " + ATTESTATION_COLUMNS
      + " FROM attestations WHERE from_wallet = $1 AND to_wallet = $2 AND tx_hash = $3";

  static final String ATTESTATION = "SELECT " + ATTESTATION_COLUMNS + " FROM attestations WHERE id = $1";

  /** Pending to accepted. $1 id, $2 now, $3 signature. No row = no longer pending. */
  static final String ACCEPT = """
      UPDATE attestations SET accepted_at = $2, decision_signature = $3
       WHERE id = $1 AND accepted_at IS NULL AND rejected_at IS NULL AND revoked_at IS NULL
      RETURNING """ + " " + ATTESTATION_COLUMNS;

  static final String REJECT = """
      UPDATE attestations SET rejected_at = $2, decision_signature = $3
       WHERE id = $1 AND accepted_at IS NULL AND rejected_at IS NULL AND revoked_at IS NULL
      RETURNING """ + " " + ATTESTATION_COLUMNS;

  /** Pending or accepted to revoked. $1 id, $2 now, $3 signature, $4 who. */
  static final String REVOKE = """
      UPDATE attestations SET revoked_at = $2, decision_signature = $3, revoked_by = $4
       WHERE id = $1 AND rejected_at IS NULL AND revoked_at IS NULL
      RETURNING """ + " " + ATTESTATION_COLUMNS;

  /**
   * Profile of a username (SPEC 2.8): identity, latest snapshot, and its accepted attestations.
   * $1 lowercase username.
   */
  static final String PROFILE = """
      SELECT i.username, i.wallet, i.display_name, i.created_at,
             s.score, s.score_model_version, s.risk_penalty, s.global_wallet_age_days,
             cardinality(s.active_chains) AS active_chain_count, s.total_tx_count, s.committed_at,
             (SELECT count(*) FROM trust_edges t WHERE t.from_wallet = i.wallet OR t.to_wallet = i.wallet)
               AS attestation_count
        FROM identities i
        JOIN wallets w ON w.address = i.wallet
        LEFT JOIN snapshots s ON s.id = w.latest_snapshot_id
       WHERE lower(i.username) = $1
      """;

  /** Directory page: usernames after the cursor, ascending. $1 cursor ('' for the first page), $2 limit + 1. */
  static final String DIRECTORY = """
      SELECT username, wallet, display_name, created_at FROM identities
       WHERE username > $1 ORDER BY username LIMIT $2
      """;
}
