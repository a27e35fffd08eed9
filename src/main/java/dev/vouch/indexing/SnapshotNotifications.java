package dev.vouch.indexing;

import dev.vouch.bus.Addresses;
import dev.vouch.ops.Causes;
import dev.vouch.ops.ThrottledLog;
import dev.vouch.store.DatabaseUrl;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.pgclient.PgConnection;
import io.vertx.pgclient.pubsub.PgSubscriber;
import java.time.Duration;
import java.util.logging.Logger;

/**
 * LISTENs on the Postgres channels and republishes on this instance's event bus: a committed
 * snapshot (any instance) as {@link Addresses#SNAPSHOT_COMMITTED} with the wallet, so a
 * per-instance cache can drop it; a queued job as {@link Addresses#JOBS_QUEUED}, so workers do not
 * wait for their poll; a run's progress as {@link Addresses#RUN_PROGRESS}, for progress streams;
 * read-model rows rewritten as {@link Addresses#READS_ANNOUNCED}, for the read cache, with
 * {@link Addresses#READS_LISTENING} and {@link Addresses#READS_LOST} when that channel holds or
 * the connection is gone. Deployed once per process in every role.
 */
public final class SnapshotNotifications extends VerticleBase {

  private static final Logger LOG = Logger.getLogger(SnapshotNotifications.class.getName());
  private static final ThrottledLog LOST = new ThrottledLog(LOG, Duration.ofSeconds(10));

  /** NOTIFY of the wallet_reads statement triggers (V91): rows a commit rewrote. */
  public static final String READS_CHANNEL = "vouch_reads";

  /** NOTIFY of the api_keys trigger (V55). */
  static final String API_KEY_CHANNEL = "vouch_api_key_created";

  /** NOTIFY of each key created or revoked, with its hash (V103). */
  static final String API_KEYS_CHANNEL = "vouch_api_keys";

  private final DatabaseUrl url;
  private PgSubscriber subscriber;

  public SnapshotNotifications(DatabaseUrl url) {
    this.url = url;
  }

  @Override
  public Future<?> start() {
    subscriber = PgSubscriber.subscriber(vertx, url.connectOptions())
        .reconnectPolicy(retries -> {
          // Called when the connection closed (and after each failed attempt): the read cache
          // cannot hear announcements until the next subscribe.
          vertx.eventBus().publish(Addresses.READS_LOST, null);
          return 1000L;
        });
    subscriber.channel(READS_CHANNEL)
        .subscribeHandler(v -> vertx.eventBus().publish(Addresses.READS_LISTENING, null))
        .handler(payload -> vertx.eventBus().publish(Addresses.READS_ANNOUNCED, payload));
    subscriber.channel(IndexingQueries.SNAPSHOT_CHANNEL)
        .subscribeHandler(v -> {
          watchConnection();
          vertx.eventBus().publish(Addresses.NOTIFICATIONS_RESUMED, null);
        })
        .handler(wallet -> vertx.eventBus().publish(Addresses.SNAPSHOT_COMMITTED, wallet));
    subscriber.channel(IndexingQueries.JOBS_CHANNEL)
        .handler(job -> vertx.eventBus().publish(Addresses.JOBS_QUEUED, job));
    subscriber.channel(IndexingQueries.PROGRESS_CHANNEL)
        .handler(progress -> vertx.eventBus().publish(Addresses.RUN_PROGRESS, progress));
    subscriber.channel(API_KEY_CHANNEL).handler(v -> vertx.eventBus().publish(Addresses.API_KEY_CREATED, null));
    subscriber.channel(API_KEYS_CHANNEL)
        .subscribeHandler(v -> vertx.eventBus().publish(Addresses.API_KEYS_LISTENING, null))
        .handler(change -> vertx.eventBus().publish(Addresses.API_KEY_ANNOUNCED, change));
    return subscriber.connect();
  }

  /**
   * Each (re)connection gets a handler for its failures: without one the client prints the
   * server's FATAL (a restart, an outage) as a plain-text line on stderr. The subscriber
   * reconnects by itself; one line per interval says so.
   */
  private void watchConnection() {
    PgConnection c = subscriber.actualConnection();
    if (c != null) {
      c.exceptionHandler(t -> LOST.warn(() -> "notification connection failed (" + Causes.summary(t)
          + "); reconnecting every second"));
    }
  }

  @Override
  public Future<?> stop() {
    return subscriber == null ? Future.succeededFuture() : subscriber.close();
  }
}
