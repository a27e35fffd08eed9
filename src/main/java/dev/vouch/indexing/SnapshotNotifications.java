package dev.vouch.indexing;

import dev.vouch.bus.Addresses;
import dev.vouch.store.DatabaseUrl;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.pgclient.pubsub.PgSubscriber;

/**
 * LISTENs on the Postgres channels and republishes on this instance's event bus: a committed
 * snapshot (any instance) as {@link Addresses#SNAPSHOT_COMMITTED} with the wallet, so a
 * per-instance cache can drop it; a queued job as {@link Addresses#JOBS_QUEUED}, so workers do not
 * wait for their poll. Deployed once per process in every role.
 */
public final class SnapshotNotifications extends VerticleBase {

  private final DatabaseUrl url;
  private PgSubscriber subscriber;

  public SnapshotNotifications(DatabaseUrl url) {
    this.url = url;
  }

  @Override
  public Future<?> start() {
    subscriber = PgSubscriber.subscriber(vertx, url.connectOptions())
        .reconnectPolicy(retries -> 1000L);
    subscriber.channel(IndexingQueries.SNAPSHOT_CHANNEL)
        .subscribeHandler(v -> vertx.eventBus().publish(Addresses.NOTIFICATIONS_RESUMED, null))
        .handler(wallet -> vertx.eventBus().publish(Addresses.SNAPSHOT_COMMITTED, wallet));
    subscriber.channel(IndexingQueries.JOBS_CHANNEL)
        .handler(job -> vertx.eventBus().publish(Addresses.JOBS_QUEUED, job));
    return subscriber.connect();
  }

  @Override
  public Future<?> stop() {
    return subscriber == null ? Future.succeededFuture() : subscriber.close();
  }
}
