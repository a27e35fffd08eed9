package dev.vouch.score;

/**
 * SQL of the read side: the read model {@code wallet_reads} (V20), one row per wallet, kept by
 * the writers' transactions. A missing row is a wallet with nothing to read.
 */
final class WalletReadQueries {

  private WalletReadQueries() {}

  private static final String COLUMNS = """
      address, username, snapshot_id, committed_at, score_model_version, score,
      global_wallet_age, cross_chain_activity, arc_activity, counterparty_diversity,
      verified_attestations, propagated_trust, transaction_activity, risk_penalty,
      global_wallet_age_days, active_chains, total_tx_count, arc_tx_count,
      unique_counterparties, flagged_counterparties, failed_tx_count,
      accepted_attestations, attestation_counterparties, peer_score_sum, flagged_lists,
      coverage, edges, first_activity_at, funder, in_flight, seasoned_counterparties, exposure
      """;

  /** One wallet: a primary-key lookup. $1 lowercase address. */
  static final String READ_ONE = "SELECT " + COLUMNS + " FROM wallet_reads WHERE address = $1";

  /**
   * Any number of wallets and usernames in one statement over the same table: $1 lowercase
   * addresses, $2 lowercased usernames (registered usernames are unique case-insensitively).
   */
  static final String READ_MANY = "SELECT " + COLUMNS
      + " FROM wallet_reads WHERE address = ANY($1::text[]) OR lower(username) = ANY($2::text[])";

  /**
   * The same rows derived from the tables (V20's wallet_read_rows) rather than read from
   * wallet_reads: inside a writer's transaction they already show its writes, which wallet_reads
   * shows only once the commit's deferred refresh ran. $1 lowercase addresses.
   */
  static final String FRESH_MANY = "SELECT " + COLUMNS + " FROM wallet_read_rows($1::text[])";

  /**
   * The read model over a caller's entries, a SELECT of (ord, address): one statement, in ord
   * order, the entry's own address as {@code entry} (null for an entry that names nothing).
   */
  static String ofEntries(String entries) {
    return "WITH q AS (" + entries + ") SELECT q.address AS entry, "
        + String.join(", ", NAMES.stream().map(c -> "r." + c).toList())
        + " FROM q LEFT JOIN wallet_reads r ON r.address = q.address ORDER BY q.ord";
  }

  private static final java.util.List<String> NAMES =
      java.util.Arrays.stream(COLUMNS.split(",")).map(String::strip).toList();

  /**
   * Where each column stands in the answer of these statements: every one selects COLUMNS in
   * order, {@link #ofEntries} after its {@code entry} column ({@code offset} 1). Known once, so a
   * read does not index the names of its result.
   */
  static java.util.Map<String, Integer> positions(int offset) {
    java.util.Map<String, Integer> at = new java.util.HashMap<>(NAMES.size() * 2);
    if (offset == 1) {
      at.put("entry", 0);
    }
    for (int i = 0; i < NAMES.size(); i++) {
      at.put(NAMES.get(i), i + offset);
    }
    return java.util.Map.copyOf(at);
  }
}
