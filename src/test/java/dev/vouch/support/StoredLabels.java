package dev.vouch.support;

import dev.vouch.screening.LabelQueries;

/**
 * Labels put straight into the label store (V124) by SQL, for tests that need a current version
 * without a list file: one version of list {@code list} (made current, its previous retired)
 * holding the rows a SELECT of (address, chain_id, category, name) gives, and the stored version
 * set as a switch sets it. Tests of loading itself go through the loader (Screening.start).
 */
public final class StoredLabels {

  private StoredLabels() {}

  private static long next = 1_000_000;

  /** The SQL that makes {@code rows} the current version of {@code list} (type labels). */
  public static synchronized String sql(String list, String rows) {
    long v = next++;
    return """
        UPDATE label_versions SET state = 'retired' WHERE list = '%2$s' AND state = 'current';
        INSERT INTO label_versions (id, list, type, sha256, location, state, started_at, loaded_at)
        VALUES (%1$d, '%2$s', 'labels', 'test-%1$d', 'test', 'current', now(), now());
        CREATE TABLE labels_v%1$d PARTITION OF labels FOR VALUES IN (%1$d);
        INSERT INTO labels (version, line, address, chain_id, category, name, source)
        SELECT %1$d, row_number() OVER (), x.address, x.chain_id, x.category, x.name, '%2$s' FROM (%3$s) x;
        CREATE UNIQUE INDEX ON labels_v%1$d (address, chain_id, category);
        """.formatted(v, list, rows) + LabelQueries.SET_STATE + ";";
  }

  /** One sanctioned address as list {@code list}'s current version. */
  public static String sanctioned(String list, String address) {
    return sql(list, "SELECT '" + address + "' AS address, 0::bigint AS chain_id, 'sanctioned' AS category, 'Test entry' AS name");
  }
}
