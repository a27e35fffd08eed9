package dev.vouch.exposure;

/** The exposure read's statements: the wallet and its first hop in one, then one per further hop. */
final class ExposureQueries {

  private ExposureQueries() {}

  /** 'h' and 't' rows of the intermediaries in a CTE named vias (via, sid, n), no hub's rows. */
  private static final String LABELLED_AND_TOTALS = """
      SELECT 'h', v.via, c.counterparty, c.chain_id, NULL, NULL, c.tx_in, c.tx_out, c.value_in::text,
             c.value_out::text, NULL, NULL, c.first_at, c.last_at, '{}'::text[]
        FROM vias v JOIN counterparties c ON c.snapshot_id = v.sid
       WHERE $COND AND v.n <= $HUB AND EXISTS (SELECT 1 FROM exposure_labels l WHERE l.address = c.counterparty)
      UNION ALL
      SELECT 'h', v.via, t.counterparty, t.chain_id, t.token, t.symbol, t.tx_in, t.tx_out, t.value_in::text,
             t.value_out::text, t.usd_in, t.usd_out, t.first_at, t.last_at, t.tx_hashes
        FROM vias v JOIN token_flows t ON t.snapshot_id = v.sid
       WHERE $COND AND v.n <= $HUB AND EXISTS (SELECT 1 FROM exposure_labels l WHERE l.address = t.counterparty)
      UNION ALL
      SELECT 't', v.via, NULL, NULL, NULL, NULL, v.n, NULL, NULL, NULL,
             coalesce(s.valued_usd_in, (SELECT sum(t.usd_in) FROM token_flows t WHERE t.snapshot_id = s.id)),
             coalesce(s.valued_usd_out, (SELECT sum(t.usd_out) FROM token_flows t WHERE t.snapshot_id = s.id)),
             NULL, NULL, NULL
        FROM vias v JOIN snapshots s ON s.id = v.sid
       WHERE $COND
      """;

  /**
   * $1 the wallet, $2 null (its latest snapshot), $3 the hub bound (exposure.hubCounterparties).
   * Rows: 's' the latest snapshot (commit time in first_at, id in chain_id); 'd' each flow of that
   * snapshot, native and registered-token; 'h' each flow of an indexed counterparty's latest
   * snapshot with an address of the stored labels (V83 exposure_labels, probed by primary key: the
   * label set is never sent), for counterparties that are no hub by count; 't' each indexed
   * counterparty's valued (registered-token) totals, the denominators of its shares, as its commit
   * stored them (V98; a snapshot older than V98 sums its flows), with its counterparty count
   * (graph_snapshots.node_count) in tx_in. Hops read only labelled rows and one snapshot row per
   * intermediary: index probes, not the intermediary's history, and none of a hub's rows.
   */
  static final String READ = read("""
        SELECT s.id, s.committed_at FROM wallets w JOIN snapshots s ON s.id = w.latest_snapshot_id
         WHERE w.address = $1 AND $2::bigint IS NULL""");

  /**
   * The same rows for snapshot $2 of wallet $1: the commit computes the summary of its own
   * snapshot, inside its transaction, before the wallet's pointer moves to it.
   */
  static final String AT_SNAPSHOT = read("SELECT s.id, s.committed_at FROM snapshots s WHERE s.id = $2");

  private static String read(String snap) {
    return """
      WITH snap AS (
      """ + snap + """
      ), direct AS (
        SELECT c.counterparty, c.chain_id, NULL::text AS token, NULL::text AS symbol, c.tx_in, c.tx_out,
               c.value_in::text AS value_in, c.value_out::text AS value_out, NULL::numeric AS usd_in,
               NULL::numeric AS usd_out, c.first_at, c.last_at, '{}'::text[] AS tx_hashes
          FROM snap JOIN counterparties c ON c.snapshot_id = snap.id
        UNION ALL
        SELECT t.counterparty, t.chain_id, t.token, t.symbol, t.tx_in, t.tx_out, t.value_in::text, t.value_out::text,
               t.usd_in, t.usd_out, t.first_at, t.last_at, t.tx_hashes
          FROM snap JOIN token_flows t ON t.snapshot_id = snap.id
      ), vias AS (
        SELECT h.address AS via, h.latest_snapshot_id AS sid, coalesce(g.node_count, 0) AS n
          FROM (SELECT DISTINCT counterparty FROM direct) d JOIN wallets h ON h.address = d.counterparty
          LEFT JOIN graph_snapshots g ON g.snapshot_id = h.latest_snapshot_id
         WHERE h.latest_snapshot_id IS NOT NULL AND h.address <> $1
      )
      SELECT 's' AS kind, NULL::text AS via, NULL::text AS counterparty, snap.id AS chain_id, NULL::text AS token,
             NULL::text AS symbol, NULL::integer AS tx_in, NULL::integer AS tx_out, NULL::text AS value_in,
             NULL::text AS value_out, NULL::numeric AS usd_in, NULL::numeric AS usd_out, snap.committed_at AS first_at,
             NULL::timestamptz AS last_at, NULL::text[] AS tx_hashes
        FROM snap
      UNION ALL
      SELECT 'd', NULL, d.* FROM direct d
      UNION ALL
      """ + LABELLED_AND_TOTALS.replace("$HUB", "$3").replace("$COND", "true") + """
      """;
  }

  /**
   * One further hop (exposure_v3): for the intermediaries $1 (chosen by the model: no hub, at most
   * exposure.perHop per direction), with $2 their 'h' and 't' rows as in {@link #READ}, and with $3
   * their links: 'k' each valued (registered stablecoin) flow with an indexed wallet, and 'n' each
   * such wallet with its counterparty count (tx_in), which the model needs to pick the next hop.
   * $4 the hub bound. Bounded: an intermediary is no hub, so it has at most that many counterparties.
   */
  static final String HOP = """
      WITH vias AS (
        SELECT w.address AS via, w.latest_snapshot_id AS sid, coalesce(g.node_count, 0) AS n
          FROM unnest($1::text[]) a JOIN wallets w ON w.address = a
          LEFT JOIN graph_snapshots g ON g.snapshot_id = w.latest_snapshot_id
         WHERE w.latest_snapshot_id IS NOT NULL
      ), links AS (
        SELECT v.via, t.counterparty, t.chain_id, t.token, t.symbol, t.tx_in, t.tx_out, t.value_in::text AS value_in,
               t.value_out::text AS value_out, t.usd_in, t.usd_out, t.first_at, t.last_at, t.tx_hashes,
               x.latest_snapshot_id AS target
          FROM vias v JOIN token_flows t ON t.snapshot_id = v.sid
          JOIN wallets x ON x.address = t.counterparty
         WHERE $3 AND (t.usd_in > 0 OR t.usd_out > 0) AND x.latest_snapshot_id IS NOT NULL
      )
      SELECT NULL::text AS kind, NULL::text AS via, NULL::text AS counterparty, NULL::bigint AS chain_id,
             NULL::text AS token, NULL::text AS symbol, NULL::integer AS tx_in, NULL::integer AS tx_out,
             NULL::text AS value_in, NULL::text AS value_out, NULL::numeric AS usd_in, NULL::numeric AS usd_out,
             NULL::timestamptz AS first_at, NULL::timestamptz AS last_at, NULL::text[] AS tx_hashes
       WHERE false
      UNION ALL
      """ + LABELLED_AND_TOTALS.replace("$HUB", "$4").replace("$COND", "$2") + """
      UNION ALL
      SELECT 'k', l.via, l.counterparty, l.chain_id, l.token, l.symbol, l.tx_in, l.tx_out, l.value_in, l.value_out,
             l.usd_in, l.usd_out, l.first_at, l.last_at, '{}'::text[]
        FROM links l
      UNION ALL
      SELECT 'n', x.counterparty, NULL, NULL, NULL, NULL, coalesce(g.node_count, 0), NULL, NULL, NULL, NULL, NULL,
             NULL, NULL, NULL
        FROM (SELECT DISTINCT counterparty, target FROM links) x
        LEFT JOIN graph_snapshots g ON g.snapshot_id = x.target
      """;
}
