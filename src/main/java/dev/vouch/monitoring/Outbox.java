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

  /**
   * One event of key {@code apiKey} about {@code wallet}, with no watchlist, use case or previous
   * state, and its deliveries to the key's enabled endpoints taking {@code type}.
   */
  public static Future<Void> append(SqlConnection conn, long apiKey, String wallet, String type,
      DecisionWatch.Cause cause, JsonObject current, Instant now) {
    Tuple args = Tuple.tuple().addArrayOfLong(new Long[] {apiKey}).addArrayOfLong(new Long[] {null})
        .addArrayOfString(new String[] {wallet}).addArrayOfString(new String[] {null})
        .addArrayOfString(new String[] {null}).addArrayOfString(new String[] {current.encode()})
        .addString(type).addString(cause.name()).addOffsetDateTime(now.atOffset(ZoneOffset.UTC))
        .addString(Tracing.traceparent());
    return conn.query(MonitorQueries.LOCK_EVENTS).execute()
        .compose(v -> conn.preparedQuery(MonitorQueries.INSERT_EVENTS).execute(args))
        .onSuccess(rows -> MonitorMetrics.events(cause, rows.iterator().next().getLong("events")))
        .mapEmpty();
  }
}
