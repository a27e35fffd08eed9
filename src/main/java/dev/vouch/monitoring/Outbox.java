package dev.vouch.monitoring;

import dev.vouch.ops.Tracing;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.time.ZoneOffset;

/**
 * Events that are not decision changes of a watched wallet (docs/monitoring.md): written to the
 * same outbox, with the same deliveries and the same commit-order lock as {@link DecisionWatch},
 * on the writing transaction's connection, so the event exists exactly when its write commits.
 */
public final class Outbox {

  /** A transfer screening got its verdict (issue 32, docs/transfers.md). */
  public static final String TRANSFER_SCREENED = "transfer.screened";

  private Outbox() {}

  /** One event of {@link #appendAll}: the key that owns it, the wallet it is about, its current state. */
  public record Event(long apiKey, String wallet, JsonObject current) {}

  /**
   * One event of key {@code apiKey} about {@code wallet}, with no watchlist, use case or previous
   * state, and its deliveries to the key's enabled endpoints taking {@code type}.
   */
  public static Future<Void> append(SqlConnection conn, long apiKey, String wallet, String type,
      DecisionWatch.Cause cause, JsonObject current, Instant now) {
    return appendAll(conn, java.util.List.of(new Event(apiKey, wallet, current)), type, cause, now);
  }

  /** Several events of one type and cause in one statement (a batch's screenings), in list order. */
  public static Future<Void> appendAll(SqlConnection conn, java.util.List<Event> events, String type,
      DecisionWatch.Cause cause, Instant now) {
    if (events.isEmpty()) {
      return Future.succeededFuture();
    }
    int n = events.size();
    Long[] keys = new Long[n];
    String[] wallets = new String[n];
    String[] current = new String[n];
    for (int i = 0; i < n; i++) {
      keys[i] = events.get(i).apiKey();
      wallets[i] = events.get(i).wallet();
      current[i] = events.get(i).current().encode();
    }
    Tuple args = Tuple.tuple().addArrayOfLong(keys).addArrayOfLong(new Long[n])
        .addArrayOfString(wallets).addArrayOfString(new String[n])
        .addArrayOfString(new String[n]).addArrayOfString(current)
        .addString(type).addString(cause.name()).addOffsetDateTime(now.atOffset(ZoneOffset.UTC))
        .addString(Tracing.traceparent());
    return conn.query(MonitorQueries.LOCK_EVENTS).execute()
        .compose(v -> conn.preparedQuery(MonitorQueries.INSERT_EVENTS).execute(args))
        .onSuccess(rows -> MonitorMetrics.events(cause, rows.iterator().next().getLong("events")))
        .mapEmpty();
  }
}
