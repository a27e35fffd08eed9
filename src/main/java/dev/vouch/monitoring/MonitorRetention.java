package dev.vouch.monitoring;

import dev.vouch.config.AppConfig;
import dev.vouch.ops.ThrottledLog;
import dev.vouch.store.Gateway;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.logging.Logger;

/**
 * Prunes the monitoring outbox (roles worker and all): gives up the open deliveries of disabled
 * endpoints (one whose attempt was running at the disable), then deletes delivered and failed
 * webhook deliveries of events older than {@code deliveryDays}, then events older than
 * {@code eventDays} that no delivery refers to any more. A pending or running delivery of an
 * enabled endpoint is never deleted, nor the event it waits on. Every statement deletes at most
 * {@code batchSize} rows (short transactions, rows another worker holds are skipped), so several
 * workers may prune at once.
 */
public final class MonitorRetention extends VerticleBase {

  private static final Logger LOG = Logger.getLogger(MonitorRetention.class.getName());
  private static final ThrottledLog FAILURES = new ThrottledLog(LOG, Duration.ofMinutes(5));

  /** Finished deliveries of events before $1, oldest first, at most $2 of them. */
  static final String PRUNE_DELIVERIES = """
      WITH doomed AS (
        SELECT id FROM webhook_deliveries
        WHERE state IN ('delivered', 'failed') AND created_at < $1
        ORDER BY created_at, id LIMIT $2
        FOR UPDATE SKIP LOCKED)
      DELETE FROM webhook_deliveries d USING doomed
      WHERE d.id = doomed.id AND d.state IN ('delivered', 'failed')""";

  /**
   * Events before $1 after the position ($2, $3), at most $4 scanned: those no delivery refers
   * to are deleted. Answers how many went, how many were scanned and the last scanned position,
   * so the next batch starts after events kept for a waiting delivery instead of reading them again.
   */
  static final String PRUNE_EVENTS = """
      WITH scanned AS (
        SELECT id, created_at FROM monitor_events
        WHERE created_at < $1 AND (created_at, id) > ($2, $3)
        ORDER BY created_at, id LIMIT $4),
      doomed AS (
        SELECT e.id FROM monitor_events e JOIN scanned s ON s.id = e.id
        WHERE NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id)
        FOR UPDATE OF e SKIP LOCKED),
      gone AS (DELETE FROM monitor_events e USING doomed WHERE e.id = doomed.id RETURNING e.id)
      SELECT (SELECT count(*) FROM gone) AS deleted, (SELECT count(*) FROM scanned) AS scanned,
             last.created_at AS last_at, last.id AS last_id
      FROM (SELECT 1) one
      LEFT JOIN (SELECT id, created_at FROM scanned ORDER BY created_at DESC, id DESC LIMIT 1) last ON true""";

  /** What one pass deleted. */
  public record Pruned(long deliveries, long events) {}

  private final Gateway db;
  private final MonitorMetrics metrics;
  private final Clock clock;
  private final AppConfig.Retention config;
  private boolean busy;
  private volatile boolean stopped;

  public MonitorRetention(Gateway db, Clock clock, AppConfig.Retention config, MeterRegistry registry) {
    this.db = db;
    this.metrics = new MonitorMetrics(registry);
    this.clock = clock;
    this.config = config;
  }

  @Override
  public Future<?> start() {
    long every = Duration.ofMinutes(config.everyMinutes()).toMillis();
    // The first pass a minute after start (not during a rollout's warm-up), then every interval.
    vertx.setPeriodic(Math.min(every, 60_000), every, id -> run());
    return Future.succeededFuture();
  }

  @Override
  public Future<?> stop() {
    stopped = true;
    return Future.succeededFuture();
  }

  private void run() {
    if (busy) {
      return;
    }
    busy = true;
    prune(clock.instant()).onComplete(ar -> {
      busy = false;
      if (ar.failed()) {
        FAILURES.warn(() -> "monitoring retention failed (retried next interval): " + ar.cause());
      } else if (ar.result().deliveries() + ar.result().events() > 0) {
        LOG.info(() -> "monitoring retention deleted " + ar.result().deliveries() + " deliveries and "
            + ar.result().events() + " events");
      }
    });
  }

  /**
   * One pass at {@code now}: open deliveries of disabled endpoints are given up first, then
   * deliveries go, so the events they held can go in the same pass.
   */
  public Future<Pruned> prune(Instant now) {
    Instant deliveriesBefore = now.minus(Duration.ofDays(config.deliveryDays()));
    Instant eventsBefore = now.minus(Duration.ofDays(config.eventDays()));
    return giveUpDisabled(now, 0)
        .onSuccess(metrics::givenUp)
        .compose(given -> deliveries(deliveriesBefore, 0))
        .onSuccess(d -> metrics.pruned("deliveries", d))
        .compose(d -> events(eventsBefore, Instant.EPOCH, 0, 0)
            .onSuccess(e -> metrics.pruned("events", e))
            .map(e -> new Pruned(d, e)));
  }

  private Future<Long> giveUpDisabled(Instant now, long sofar) {
    return db.write(c -> c.preparedQuery(MonitorQueries.GIVE_UP_DISABLED)
            .execute(Tuple.of(MonitorServices.utc(now), config.batchSize())))
        .compose(rows -> {
          long n = rows.rowCount();
          return n < config.batchSize() || stopped ? Future.succeededFuture(sofar + n) : giveUpDisabled(now, sofar + n);
        });
  }

  private Future<Long> deliveries(Instant before, long sofar) {
    return db.write(c -> c.preparedQuery(PRUNE_DELIVERIES)
            .execute(Tuple.of(MonitorServices.utc(before), config.batchSize())))
        .compose(rows -> {
          long n = rows.rowCount();
          return n < config.batchSize() || stopped ? Future.succeededFuture(sofar + n) : deliveries(before, sofar + n);
        });
  }

  private Future<Long> events(Instant before, Instant afterAt, long afterId, long sofar) {
    return db.write(c -> c.preparedQuery(PRUNE_EVENTS)
            .execute(Tuple.of(MonitorServices.utc(before), MonitorServices.utc(afterAt), afterId, config.batchSize())))
        .compose(rows -> {
          Row r = rows.iterator().next();
          long n = sofar + r.getLong("deleted");
          if (r.getLong("scanned") < config.batchSize() || stopped) {
            return Future.succeededFuture(n);
          }
          return events(before, r.getOffsetDateTime("last_at").toInstant(), r.getLong("last_id"), n);
        });
  }
}
