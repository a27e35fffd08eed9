package dev.vouch.monitoring;

import dev.vouch.score.WalletReads;

/**
 * SQL of the monitoring capability: watchers of changed wallets, the outbox, watchlists, webhook
 * endpoints and deliveries (with their lease), screening listings. Times come from the
 * application clock ($n), never now().
 */
final class MonitorQueries {

  private MonitorQueries() {}

  /**
   * Who watches the wallets $1 (and, with $2, their trust peers, whose trust signals read the
   * wallet's latest snapshot): one row per (wallet, watchlist).
   */
  static final String WATCHERS = """
      WITH given AS (SELECT unnest($1::text[]) AS wallet),
      affected AS (
        SELECT wallet FROM given
        UNION
        SELECT CASE WHEN t.from_wallet = g.wallet THEN t.to_wallet ELSE t.from_wallet END
          FROM given g JOIN trust_edges t ON $2 AND (t.from_wallet = g.wallet OR t.to_wallet = g.wallet))
      SELECT m.wallet, l.id AS watchlist_id, l.api_key_id, l.use_case
        FROM affected a
        JOIN watchlist_members m ON m.wallet = a.wallet
        JOIN watchlists l ON l.id = m.watchlist_id
       ORDER BY m.wallet, l.id
      """;

  /**
   * Watched wallets are changed by one write at a time, so a before/after pair never mixes two
   * writes. Keys are taken in one order (deadlock-free among hooks). Namespace 30320.
   */
  static final String LOCK_WALLETS = """
      SELECT pg_advisory_xact_lock(30320, k)
        FROM (SELECT DISTINCT hashtext(w) AS k FROM unnest($1::text[]) w ORDER BY 1) s
      """;

  /** Held from the first event insert to commit: event (and delivery) ids follow commit order. */
  static final String LOCK_EVENTS = "SELECT pg_advisory_xact_lock(30321, 0)";

  /** One screening sync at a time over every process. */
  static final String LOCK_SCREENING = "SELECT pg_advisory_xact_lock(30322, 0)";

  static final String LISTINGS_OF = """
      SELECT address, list, label FROM screening_listings WHERE address = ANY($1::text[]) ORDER BY address, list
      """;

  /**
   * The outbox rows of one write and their deliveries to the owners' enabled endpoints that take
   * the type, in event order. $1 key ids, $2 list ids, $3 wallets, $4 use cases, $5 previous and
   * $6 current (JSON text), $7 type, $8 cause, $9 now, $10 traceparent of the writing commit
   * (null untraced): each delivery's attempts continue its trace.
   */
  static final String INSERT_EVENTS = """
      WITH e AS (
        INSERT INTO monitor_events (api_key_id, watchlist_id, wallet, use_case, type, cause, previous, current, created_at)
        SELECT k, l, w, u, $7, $8, p::jsonb, c::jsonb, $9
          FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[])
               WITH ORDINALITY AS x(k, l, w, u, p, c, ord)
         ORDER BY ord
        RETURNING id, api_key_id, wallet, type),
      d AS (
        INSERT INTO webhook_deliveries (endpoint_id, event_id, wallet, state, next_attempt_at, created_at, traceparent)
        SELECT ep.id, e.id, e.wallet, 'pending', $9, $9, $10
          FROM e JOIN webhook_endpoints ep
            ON ep.api_key_id = e.api_key_id AND e.type = ANY(ep.event_types) AND ep.disabled_at IS NULL
         ORDER BY e.id, ep.id
        RETURNING id)
      SELECT (SELECT count(*) FROM e) AS events, (SELECT count(*) FROM d) AS deliveries
      """;

  // ---- watchlists

  /**
   * $1 key, $2 name, $3 use case, $4 now, $5 max lists of the key, $6 screen transfers (V119). No
   * row: at the cap.
   */
  static final String CREATE_LIST = """
      INSERT INTO watchlists (api_key_id, name, use_case, created_at, screen_transfers)
      SELECT $1, $2, $3, $4, $6
       WHERE (SELECT count(*) FROM watchlists WHERE api_key_id = $1) < $5
      RETURNING id, name, use_case, created_at, screen_transfers
      """;

  /** Turns transfer screening of list $1 (key $2) on or off ($3); no row: not the key's list. */
  static final String SET_SCREEN_TRANSFERS = """
      UPDATE watchlists SET screen_transfers = $3 WHERE id = $1 AND api_key_id = $2
      RETURNING id
      """;

  static final String LIST_COLUMNS = """
      l.id, l.name, l.use_case, l.created_at, l.screen_transfers,
      (SELECT count(*) FROM watchlist_members m WHERE m.watchlist_id = l.id) AS size
      """;

  /** $1 list. */
  static final String LIST_SIZE = "SELECT count(*) FROM watchlist_members WHERE watchlist_id = $1";

  /** $1 list, $2 key. */
  static final String LIST = "SELECT " + LIST_COLUMNS + " FROM watchlists l WHERE l.id = $1 AND l.api_key_id = $2";

  /** $1 key. */
  static final String LISTS = "SELECT " + LIST_COLUMNS + " FROM watchlists l WHERE l.api_key_id = $1 ORDER BY l.id";

  /** $1 list, $2 key. */
  static final String DELETE_LIST = "DELETE FROM watchlists WHERE id = $1 AND api_key_id = $2";

  /**
   * Serializes additions of one key (the per-key cap is checked and taken in one decision).
   * Namespace 30323.
   */
  static final String LOCK_KEY = "SELECT pg_advisory_xact_lock(30323, hashtext($1::text))";

  /** Wallets the key watches over all its lists, and whether list $2 is the key's. $1 key, $2 list. */
  static final String KEY_USAGE = """
      SELECT (SELECT count(*) FROM watchlist_members m JOIN watchlists l ON l.id = m.watchlist_id
               WHERE l.api_key_id = $1) AS watched,
             EXISTS (SELECT 1 FROM watchlists WHERE id = $2 AND api_key_id = $1) AS owned
      """;

  /**
   * Adds $2 to list $1; answers the wallets that were new to the list, and of those the ones never
   * indexed with nothing in flight and no attempt since $4 (candidates for intake). $3 now.
   */
  static final String ADD_MEMBERS = """
      WITH added AS (
        INSERT INTO watchlist_members (watchlist_id, wallet, added_at)
        SELECT $1, w, $3 FROM unnest($2::text[]) w
        ON CONFLICT DO NOTHING
        RETURNING wallet)
      SELECT a.wallet,
             NOT EXISTS (SELECT 1 FROM wallets x WHERE x.address = a.wallet AND x.latest_snapshot_id IS NOT NULL)
             AND NOT EXISTS (SELECT 1 FROM index_jobs j WHERE j.wallet = a.wallet
                              AND (j.state IN ('queued', 'running') OR j.created_at >= $4)) AS unindexed
        FROM added a ORDER BY a.wallet
      """;

  /** $1 list, $2 wallets. */
  static final String REMOVE_MEMBERS = """
      DELETE FROM watchlist_members WHERE watchlist_id = $1 AND wallet = ANY($2::text[])
      """;

  /**
   * Entries of one page of a list for READ_STATE: (ord, address) after wallet $3, at most $4; one
   * row with a null address when the list has none there, no row when list $1 is not key $2's.
   */
  static final String PAGE_ENTRIES = """
      SELECT row_number() OVER (ORDER BY m.wallet) AS ord, m.wallet AS address
        FROM watchlists l
        LEFT JOIN LATERAL (SELECT wallet FROM watchlist_members
                            WHERE watchlist_id = l.id AND wallet > $3 ORDER BY wallet LIMIT $4) m ON true
       WHERE l.id = $1 AND l.api_key_id = $2
      """;

  /** The page's entries with each wallet's read-model row, built once. */
  static final String PAGE_STATES = WalletReads.overEntries(PAGE_ENTRIES);

  // ---- events

  static final String EVENT_COLUMNS = """
      id, watchlist_id, wallet, use_case, type, cause, previous::text AS previous, current::text AS current, created_at
      """;

  /** $1 key, $2 after id, $3 limit. */
  static final String EVENTS = "SELECT " + EVENT_COLUMNS
      + " FROM monitor_events WHERE api_key_id = $1 AND id > $2 ORDER BY id LIMIT $3";

  // ---- endpoints

  /** Id first: it is the sealed secret's associated data. */
  static final String NEXT_ENDPOINT_ID = "SELECT nextval('webhook_endpoints_id_seq')";

  /** $1 key, $2 url, $3 types, $4 sealed secret, $5 now, $6 max endpoints, $7 id. No row: at the cap. */
  static final String CREATE_ENDPOINT = """
      INSERT INTO webhook_endpoints (id, api_key_id, url, event_types, secret_sealed, created_at)
      SELECT $7, $1, $2, $3, $4, $5
       WHERE (SELECT count(*) FROM webhook_endpoints WHERE api_key_id = $1) < $6
      RETURNING id, url, event_types, created_at, disabled_at, disabled_reason
      """;

  static final String ENDPOINT_COLUMNS = "id, url, event_types, created_at, disabled_at, disabled_reason";

  static final String ENDPOINTS = "SELECT " + ENDPOINT_COLUMNS
      + " FROM webhook_endpoints WHERE api_key_id = $1 ORDER BY id";

  static final String ENDPOINT = "SELECT " + ENDPOINT_COLUMNS
      + " FROM webhook_endpoints WHERE id = $1 AND api_key_id = $2";

  static final String DELETE_ENDPOINT = "DELETE FROM webhook_endpoints WHERE id = $1 AND api_key_id = $2";

  /** Re-enables: failure counts start again. $1 endpoint, $2 key. */
  static final String ENABLE_ENDPOINT = """
      UPDATE webhook_endpoints SET disabled_at = NULL, disabled_reason = NULL, failing_since = NULL,
             consecutive_failures = 0
       WHERE id = $1 AND api_key_id = $2
      RETURNING id, url, event_types, created_at, disabled_at, disabled_reason
      """;

  /** Delivery log of endpoint $1 owned by $2, newest first, before id $3, at most $4. */
  static final String DELIVERIES = """
      SELECT d.id, d.event_id, d.wallet, d.state, d.attempts, d.next_attempt_at, d.last_attempt_at,
             d.last_status, d.last_error, d.delivered_at, d.created_at
        FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
       WHERE d.endpoint_id = $1 AND e.api_key_id = $2 AND d.id < $3
       ORDER BY d.id DESC LIMIT $4
      """;

  /** Sends delivery $1 of endpoint $2 (key $3) again from now ($4), whatever its state. */
  static final String REPLAY = """
      UPDATE webhook_deliveries d
         SET state = 'pending', next_attempt_at = $4, lease_owner = NULL, lease_expires_at = NULL, delivered_at = NULL
        FROM webhook_endpoints e
       WHERE d.id = $1 AND d.endpoint_id = $2 AND e.id = d.endpoint_id AND e.api_key_id = $3
      RETURNING d.id
      """;

  // ---- delivery worker (the lease pattern of indexing/IndexingQueries)

  /**
   * Takes up to $4 due deliveries of enabled endpoints (or running ones whose lease expired:
   * their worker died), never one with an earlier open delivery of the same wallet to the same
   * endpoint (in order per wallet). $1 owner, $2 now, $3 lease expiry.
   */
  static final String CLAIM = """
      UPDATE webhook_deliveries d
         SET state = 'running', attempts = d.attempts + 1, lease_owner = $1, lease_expires_at = $3
       WHERE d.id IN (
         SELECT x.id FROM webhook_deliveries x
           JOIN webhook_endpoints e ON e.id = x.endpoint_id AND e.disabled_at IS NULL
          WHERE ((x.state = 'pending' AND x.next_attempt_at <= $2) OR (x.state = 'running' AND x.lease_expires_at < $2))
            AND NOT EXISTS (SELECT 1 FROM webhook_deliveries p
                             WHERE p.endpoint_id = x.endpoint_id AND p.wallet = x.wallet AND p.id < x.id
                               AND p.state IN ('pending', 'running'))
          ORDER BY x.id
          LIMIT $4
          FOR UPDATE OF x SKIP LOCKED)
      RETURNING d.id, d.endpoint_id, d.event_id, d.attempts
      """;

  /** What one attempt sends: the endpoint's address and sealed secret, and the event. $1 delivery ids. */
  static final String ATTEMPT_INPUTS = """
      SELECT d.id AS delivery_id, d.endpoint_id, d.attempts, d.traceparent, e.url, e.secret_sealed, ev.id AS event_id, ev.watchlist_id, ev.wallet, ev.use_case,
             ev.type, ev.cause, ev.previous::text AS previous, ev.current::text AS current, ev.created_at
        FROM webhook_deliveries d
        JOIN webhook_endpoints e ON e.id = d.endpoint_id
        JOIN monitor_events ev ON ev.id = d.event_id
       WHERE d.id = ANY($1::bigint[])
      """;

  /** Success, while this worker still holds the lease. $1 id, $2 owner, $3 now, $4 status. */
  static final String DELIVERED = """
      WITH d AS (
        UPDATE webhook_deliveries
           SET state = 'delivered', delivered_at = $3, last_attempt_at = $3, last_status = $4, last_error = NULL,
               lease_owner = NULL, lease_expires_at = NULL
         WHERE id = $1 AND lease_owner = $2 AND state = 'running'
        RETURNING endpoint_id)
      UPDATE webhook_endpoints e SET failing_since = NULL, consecutive_failures = 0
        FROM d WHERE e.id = d.endpoint_id
      RETURNING e.id
      """;

  /**
   * A failed attempt, while this worker holds the lease: pending again at $5, or failed for good
   * when $6. The endpoint's failure streak grows. $1 id, $2 owner, $3 now, $4 status (null: no
   * answer), $5 next attempt, $6 give up, $7 error.
   */
  static final String ATTEMPT_FAILED = """
      WITH d AS (
        UPDATE webhook_deliveries
           SET state = CASE WHEN $6 THEN 'failed' ELSE 'pending' END, next_attempt_at = $5,
               last_attempt_at = $3, last_status = $4, last_error = $7, lease_owner = NULL, lease_expires_at = NULL
         WHERE id = $1 AND lease_owner = $2 AND state = 'running'
        RETURNING endpoint_id)
      UPDATE webhook_endpoints e
         SET failing_since = coalesce(e.failing_since, $3), consecutive_failures = e.consecutive_failures + 1
        FROM d WHERE e.id = d.endpoint_id
      RETURNING e.id, e.failing_since, e.consecutive_failures
      """;

  /**
   * What a delivery given up because its endpoint is disabled becomes: failed for good (enabling
   * the endpoint does not revive it; a replay does), its last attempt's error kept after the note.
   */
  private static final String GIVEN_UP = " state = 'failed', lease_owner = NULL, lease_expires_at = NULL,"
      + " last_error = left('endpoint disabled; ' || coalesce(d.last_error, ''), 300)\n";

  /**
   * Disables endpoint $1 at $2 for reason $3 and gives up its pending deliveries in the same
   * statement. Answers whether this call disabled it. Running ones finish their attempt; one that
   * goes back to pending is given up by {@link #GIVE_UP_DISABLED}.
   */
  static final String DISABLE = """
      WITH e AS (
        UPDATE webhook_endpoints SET disabled_at = $2, disabled_reason = $3 WHERE id = $1 AND disabled_at IS NULL
        RETURNING id),
      given AS (
        UPDATE webhook_deliveries d SET """ + GIVEN_UP + """
          FROM e WHERE d.endpoint_id = e.id AND d.state = 'pending'
        RETURNING d.id)
      SELECT (SELECT count(*) FROM e) AS disabled, (SELECT count(*) FROM given) AS given_up
      """;

  /**
   * The retention pass's sweep: open deliveries of disabled endpoints (pending, or running with
   * an expired lease) given up, at most $2, so none waits forever and retention can prune them.
   * $1 now.
   */
  static final String GIVE_UP_DISABLED = """
      WITH doomed AS (
        SELECT d.id FROM webhook_endpoints e
          JOIN webhook_deliveries d ON d.endpoint_id = e.id
         WHERE e.disabled_at IS NOT NULL
           AND (d.state = 'pending' OR (d.state = 'running' AND d.lease_expires_at < $1))
         ORDER BY d.id LIMIT $2
         FOR UPDATE OF d SKIP LOCKED)
      UPDATE webhook_deliveries d SET """ + GIVEN_UP + """
        FROM doomed WHERE d.id = doomed.id
      """;

  /** Hands this owner's running deliveries back (a graceful stop); the claim does not count. $1 owner. */
  static final String RELEASE = """
      UPDATE webhook_deliveries SET state = 'pending', lease_owner = NULL, lease_expires_at = NULL,
             attempts = greatest(attempts - 1, 0)
       WHERE lease_owner = $1 AND state = 'running'
      """;

  static final String SECRET_KEY = "SELECT key FROM webhook_secret_key";
}
