package dev.vouch.policy;

/** Every statement on policies, policy_versions and key_policies (V121). */
final class PolicyQueries {

  /** The version in force for one key: its policy id, version, hash and body. */
  static final String FOR_KEY = """
      SELECT p.id, p.current_version AS version, v.hash, v.body::text AS body, v.created_at
        FROM key_policies k
        JOIN policies p ON p.id = k.policy_id
        JOIN policy_versions v ON v.policy_id = p.id AND v.version = p.current_version
       WHERE k.key_id = $1
      """;

  /** Every key with a policy, for the in-memory index. */
  static final String ALL_KEYS = """
      SELECT k.key_id, p.id, p.current_version AS version, v.hash
        FROM key_policies k
        JOIN policies p ON p.id = k.policy_id
        JOIN policy_versions v ON v.policy_id = p.id AND v.version = p.current_version
      """;

  /** The keys of one policy (its announcement). */
  static final String KEYS_OF = """
      SELECT k.key_id, p.id, p.current_version AS version, v.hash
        FROM key_policies k
        JOIN policies p ON p.id = k.policy_id
        JOIN policy_versions v ON v.policy_id = p.id AND v.version = p.current_version
       WHERE p.id = $1
      """;

  /** One version, by primary key (versions never change: cached for ever). */
  static final String VERSION = """
      SELECT v.policy_id AS id, v.version, v.hash, v.body::text AS body, v.created_at
        FROM policy_versions v WHERE v.policy_id = $1 AND v.version = $2
      """;

  /** A version of the key's own policy (GET ?version=). */
  static final String KEY_VERSION = """
      SELECT v.policy_id AS id, v.version, v.hash, v.body::text AS body, v.created_at
        FROM key_policies k JOIN policy_versions v ON v.policy_id = k.policy_id
       WHERE k.key_id = $1 AND v.version = $2
      """;

  /** The key's policy locked for a change; no row when it has none yet. */
  static final String LOCK_FOR_KEY = """
      SELECT p.id, p.current_version AS version, v.hash
        FROM key_policies k
        JOIN policies p ON p.id = k.policy_id
        LEFT JOIN policy_versions v ON v.policy_id = p.id AND v.version = p.current_version
       WHERE k.key_id = $1
         FOR UPDATE OF p
      """;

  static final String NEW_POLICY = "INSERT INTO policies DEFAULT VALUES RETURNING id";

  /** Two first PUTs of one key at once: the second attaches nothing and retries as a change. */
  static final String ATTACH = """
      INSERT INTO key_policies (key_id, policy_id) VALUES ($1, $2) ON CONFLICT (key_id) DO NOTHING RETURNING policy_id
      """;

  static final String INSERT_VERSION = """
      INSERT INTO policy_versions (policy_id, version, body, hash, created_by)
      VALUES ($1, $2, $3::text::jsonb, $4, $5) RETURNING created_at
      """;

  static final String MOVE = "UPDATE policies SET current_version = $2 WHERE id = $1";

  private PolicyQueries() {}
}
