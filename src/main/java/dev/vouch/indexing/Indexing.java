package dev.vouch.indexing;

import dev.vouch.config.AppConfig;
import dev.vouch.store.DatabaseUrl;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import java.time.Clock;

/** Wires the indexing capability for a process's role. */
public final class Indexing {

  private Indexing() {}

  /** Notifications in every role; the job worker in roles worker and all. */
  public static Future<?> deploy(Vertx vertx, Pool pool, AppConfig config, Clock clock, DatabaseUrl url) {
    JobStore jobs = new JobStore(pool);
    Future<?> chain = vertx.deployVerticle(new SnapshotNotifications(url));
    if (config.role().runsWorker()) {
      chain = chain.compose(v -> vertx.deployVerticle(new IndexWorkerVerticle(jobs, config, clock)));
    }
    return chain;
  }
}
