package dev.vouch.indexing;

import dev.vouch.budget.Metering;
import dev.vouch.chain.model.ChainRead;
import dev.vouch.config.AppConfig;
import dev.vouch.screening.Screening;
import dev.vouch.store.DatabaseUrl;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import dev.vouch.store.Gateway;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/** Wires the indexing capability for a process's role. */
public final class Indexing {

  /** Records this capability sends over the event bus (local codec). */
  public static final List<Class<?>> BUS_TYPES = List.of(ScanRequests.Intake.class, ScanRequests.Refresh.class,
      ScanRequests.Answer.class, ChainRead.class, RunState.class);

  private Indexing() {}

  /**
   * Notifications in every role; the scan entry points (one instance per HTTP instance) in roles
   * api and all; the job worker in roles worker and all.
   */
  public static Future<?> deploy(Vertx vertx, Gateway db, AppConfig config, Clock clock, DatabaseUrl url,
      int instances, Metering metering, Screening screening, CommitWatch watch) {
    return deploy(vertx, db, config, clock, url, instances, metering, screening, watch, CommitHook.NONE);
  }

  /** With what each snapshot commit also writes in its transaction (tracing's note). */
  public static Future<?> deploy(Vertx vertx, Gateway db, AppConfig config, Clock clock, DatabaseUrl url,
      int instances, Metering metering, Screening screening, CommitWatch watch, CommitHook hook) {
    JobStore jobs = new JobStore(db);
    AppConfig.Indexing ix = config.indexing();
    Future<?> chain = vertx.deployVerticle(new SnapshotNotifications(url, db,
        Duration.ofMillis(config.readModel().heartbeatMillis()), Duration.ofMillis(config.readModel().heartbeatTimeoutMillis())));
    if (config.role().runsApi()) {
      chain = chain.compose(v -> vertx.deployVerticle(() -> new ScanRequestsVerticle(jobs, metering, clock,
              Duration.ofMinutes(ix.cooldownMinutes()), Duration.ofMinutes(ix.freshMinutes()),
              Duration.ofHours(config.models().staleAfterHours())),
          new DeploymentOptions().setInstances(instances)));
    }
    if (config.role().runsWorker()) {
      chain = chain.compose(v -> vertx.deployVerticle(new IndexWorkerVerticle(jobs, config, clock, screening, watch, hook)));
    }
    return chain;
  }
}
