package dev.vouch.transfer;

/** The SQL of watched deposit addresses (V119). Times come from the application clock. */
final class TransferWatchQueries {

  private TransferWatchQueries() {}

  /** $1 chain: the first block not scanned yet. */
  static final String CURSOR = "SELECT next_block FROM transfer_watch_cursors WHERE chain_id = $1";

  /** A chain's first cursor ($2: the block after its safe head then); a concurrent first start keeps its own. */
  static final String START_CURSOR = """
      INSERT INTO transfer_watch_cursors (chain_id, next_block, updated_at) VALUES ($1, $2, $3)
      ON CONFLICT (chain_id) DO NOTHING
      """;

  /**
   * Moves chain $1's cursor from $2 to $3, in the transaction that writes the screenings of blocks
   * [$2, $3): no row when another worker moved it first (its commit took the row lock; this one,
   * waiting on it, then finds next_block changed), and this step's transaction rolls back.
   */
  static final String ADVANCE = """
      UPDATE transfer_watch_cursors SET next_block = $3, updated_at = $4
       WHERE chain_id = $1 AND next_block = $2
      RETURNING next_block
      """;

  /** Wallets of lists that screen transfers, of keys in good standing; at most $1 (a filter, or "too many"). */
  static final String WATCHED_SAMPLE = """
      SELECT DISTINCT m.wallet
        FROM watchlists l
        JOIN watchlist_members m ON m.watchlist_id = l.id
        JOIN api_keys k ON k.id = l.api_key_id AND k.revoked_at IS NULL AND k.suspended_at IS NULL
       WHERE l.screen_transfers
       LIMIT $1
      """;

  /**
   * Who watches which of the wallets $1 for transfers: (wallet, key, list, plan), the oldest list
   * first (its key owns a new screening's event, V107).
   */
  static final String WATCHERS_OF = """
      SELECT m.wallet, l.api_key_id, l.id AS watchlist_id, k.plan
        FROM watchlist_members m
        JOIN watchlists l ON l.id = m.watchlist_id AND l.screen_transfers
        JOIN api_keys k ON k.id = l.api_key_id AND k.revoked_at IS NULL AND k.suspended_at IS NULL
       WHERE m.wallet = ANY($1::text[])
       ORDER BY m.wallet, l.id
      """;

  /**
   * Records keys $2 (lists $3) as watchers of screening $1; answers the keys that were new. $4 now.
   * One row per key: a key watching the address on two lists gets one event.
   */
  static final String ADD_WATCHERS = """
      INSERT INTO transfer_screening_watchers (screening_id, api_key_id, watchlist_id, created_at)
      SELECT $1, k, l, $4 FROM unnest($2::bigint[], $3::bigint[]) AS x(k, l)
      ON CONFLICT DO NOTHING
      RETURNING api_key_id
      """;

  /** The watcher keys of screenings $1 other than each one's owner $2 (parallel arrays), in screening, key order. */
  static final String WATCHERS_OF_ALL = """
      SELECT w.screening_id, w.api_key_id
        FROM unnest($1::bigint[], $2::bigint[]) AS x(id, owner)
        JOIN transfer_screening_watchers w ON w.screening_id = x.id AND w.api_key_id IS DISTINCT FROM x.owner
       ORDER BY w.screening_id, w.api_key_id
      """;

  /** The watcher keys of screening $1 other than its owner $2 (null: none), in key order. */
  static final String WATCHERS = """
      SELECT api_key_id FROM transfer_screening_watchers
       WHERE screening_id = $1 AND api_key_id IS DISTINCT FROM $2
       ORDER BY api_key_id
      """;
}
