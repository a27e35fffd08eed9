package dev.vouch.screening;

/** SQL of the label store (V124): the loader's (JDBC) and the lookups' (reactive client). */
public final class LabelQueries {

  private LabelQueries() {}

  /** The label lock (also ExposureSyncQueries.LOCK): a switch waits for commits holding it shared. */
  static final String LABEL_LOCK = "SELECT pg_advisory_xact_lock(30324, 0)";

  static final String CURRENT_SHA = "SELECT sha256 FROM label_versions WHERE list = ? AND state = 'current'";

  static final String LOADING_OF = "SELECT id FROM label_versions WHERE list = ? AND state = 'loading'";

  static final String NEW_VERSION = """
      INSERT INTO label_versions (list, type, location, state, started_at) VALUES (?, ?, ?, 'loading', now())
      RETURNING id
      """;

  /** ? list: its current version retired (two statements: one version is current at a time). */
  static final String RETIRE = "UPDATE label_versions SET state = 'retired' WHERE list = ? AND state = 'current' RETURNING id";

  /** ? sha256, ? rows, ? bytes, ? categories (JSON), ? id: the loaded version becomes current. */
  static final String MAKE_CURRENT = """
      UPDATE label_versions SET state = 'current', sha256 = ?, rows = ?, bytes = ?, categories = ?::jsonb,
             loaded_at = now()
       WHERE id = ?
      """;

  /** ? list, ? old version (null: first load), ? new version: the pair queued for the sweep. */
  static final String QUEUE_DIFF = "INSERT INTO label_diffs (list, old_version, new_version, created_at) VALUES (?, ?, ?, now())";

  /** ? configured list names: every other list's current version retired, its removal queued. Returns their names. */
  static final String RETIRE_OTHERS = """
      WITH gone AS (
        UPDATE label_versions SET state = 'retired' WHERE state = 'current' AND NOT (list = ANY(?))
        RETURNING id, list
      ), queued AS (
        INSERT INTO label_diffs (list, old_version, new_version, created_at) SELECT list, id, NULL, now() FROM gone
      )
      SELECT list FROM gone
      """;

  /**
   * The stored labels' version (V98): a hash of every current list's name and content hash, the
   * same in every process; 'none' with no list.
   */
  public static final String SET_STATE = """
      INSERT INTO exposure_label_state (id, version, as_of)
      SELECT true, coalesce('sha256:' || left(encode(sha256(convert_to(
               string_agg(list || '=' || sha256, ',' ORDER BY list), 'UTF8')), 'hex'), 16), 'none'), now()
        FROM label_versions WHERE state = 'current'
      ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version, as_of = EXCLUDED.as_of
      """;

  /** Every pending recompute is now of the new version (as V98's label change did). */
  static final String RETAG = """
      UPDATE exposure_refresh SET labels_version = (SELECT version FROM exposure_label_state)
       WHERE labels_version IS DISTINCT FROM (SELECT version FROM exposure_label_state)
      """;

  /** Retired versions no pending sweep names: their tables can go. */
  static final String SWEPT = """
      SELECT v.id FROM label_versions v WHERE v.state = 'retired'
         AND NOT EXISTS (SELECT 1 FROM label_diffs d WHERE d.old_version = v.id OR d.new_version = v.id)
      """;

  /**
   * The current labels of addresses $1 with the stored labels' version, in one statement (one
   * snapshot: the rows and the version agree). The version row comes first (kind 'v'); label
   * rows by address, list and line (a screening list's first label of an address wins).
   */
  public static final String LOOKUP = """
      SELECT 'v' AS kind, NULL::text AS list, NULL::text AS type, NULL::text AS address, NULL::bigint AS chain_id,
             NULL::text AS category, NULL::text AS name, NULL::text AS source, st.version, st.as_of
        FROM (SELECT coalesce((SELECT version FROM exposure_label_state), 'none') AS version,
                     (SELECT as_of FROM exposure_label_state) AS as_of) st
      UNION ALL
      SELECT 'l', x.* FROM (
        SELECT c.list, c.type, c.address, c.chain_id, c.category, c.name, c.source, NULL::text, NULL::timestamptz
          FROM current_labels c WHERE c.address = ANY($1::text[]) ORDER BY c.address, c.list, c.line) x
      """;

  /** The current lists: name, type, version id, rows and categories (the ready check and the log). */
  public static final String CURRENT = """
      SELECT list, type, id, rows, categories::text AS categories, loaded_at FROM label_versions
       WHERE state = 'current' ORDER BY list
      """;
}
