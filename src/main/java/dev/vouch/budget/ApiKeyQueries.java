package dev.vouch.budget;

/** Every statement on api_keys: reactive ($n) for the request path, JDBC (?) for the command line. */
final class ApiKeyQueries {

  static final String FIND_BY_HASH =
      "SELECT id, key_hash, plan, revoked_at IS NOT NULL AS revoked, suspended_at IS NOT NULL AS suspended "
          + "FROM api_keys WHERE key_hash = $1";

  /** The live keys' hashes, for the in-memory key index (KeyIndex). */
  static final String LIVE_HASHES = "SELECT encode(key_hash, 'hex') AS hash FROM api_keys WHERE revoked_at IS NULL";

  static final String ID_BY_HASH = "SELECT id FROM api_keys WHERE key_hash = ?";

  static final String INSERT =
      "INSERT INTO api_keys (key_hash, key_hint, plan, label) VALUES (?, ?, ?, ?) RETURNING id";

  static final String LIST =
      "SELECT id, key_hint, plan, label, created_at, revoked_at, suspended_at FROM api_keys ORDER BY id";

  static final String STATE =
      "SELECT revoked_at IS NOT NULL AS revoked FROM api_keys WHERE id = ?";

  static final String REVOKE =
      "UPDATE api_keys SET revoked_at = now() WHERE id = ? AND revoked_at IS NULL";

  static final String SET_PLAN =
      "UPDATE api_keys SET plan = ? WHERE id = ? AND revoked_at IS NULL";

  static final String SUSPEND =
      "UPDATE api_keys SET suspended_at = COALESCE(suspended_at, now()) WHERE id = ? AND revoked_at IS NULL";

  static final String RESUME =
      "UPDATE api_keys SET suspended_at = NULL WHERE id = ? AND revoked_at IS NULL";

  private ApiKeyQueries() {}
}
