package dev.vouch.score;

/**
 * SQL of the read model's upkeep (V20): the rebuild and the check that the maintained rows equal
 * the rows derived from the tables under them. The derivation itself is one SQL function,
 * {@code wallet_read_rows}, shared with the triggers that keep the rows in the writers' transactions.
 */
final class ReadModelQueries {

  private ReadModelQueries() {}

  /** Every address a row is or could be about, in order: the rebuild's work list. */
  static final String ADDRESSES = """
      SELECT address FROM (SELECT wallet_read_addresses() AS address UNION SELECT address FROM wallet_reads) a
       ORDER BY address
      """;

  /** Recomputes the rows of $1 (addresses) from the tables, locking them in address order. */
  static final String REFRESH = "SELECT refresh_wallet_reads(?::text[])";

  /** Addresses whose maintained row differs from the derived one, or exists on one side only. */
  static final String DIFFERENCES = """
      SELECT DISTINCT address FROM (
        (SELECT * FROM wallet_reads EXCEPT SELECT * FROM wallet_reads_derived)
        UNION ALL
        (SELECT * FROM wallet_reads_derived EXCEPT SELECT * FROM wallet_reads)) d
       ORDER BY address
      """;

  static final String COUNT = "SELECT count(*) FROM wallet_reads";
}
