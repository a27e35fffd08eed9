package dev.vouch.monitoring;

import dev.vouch.budget.Metering;
import dev.vouch.config.AppConfig;
import dev.vouch.decision.Decisions;
import dev.vouch.ops.Metrics;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import dev.vouch.store.Gateway;
import java.time.Clock;
import java.util.HexFormat;

/**
 * Wiring of continuous monitoring (docs/monitoring.md): the services the routes call (API roles),
 * and in worker roles the label sweep (screening announcements), the exposure walk and recompute,
 * the webhook delivery worker and the outbox pruner.
 */
public final class Monitoring {

  private Monitoring() {}

  /** Deploys the worker parts when the role runs them; the services are for the API routes. */
  public static Future<MonitorServices> deploy(Vertx vertx, Gateway db, AppConfig config, Clock clock,
      DecisionWatch watch, Metering metering, Decisions decisions) {
    MonitorMetrics.eventsAtZero(Metrics.of(vertx));
    return secrets(db, config.monitoring().webhooks()).compose(secrets -> {
      MonitorServices services = new MonitorServices(db, clock, config, metering, decisions, secrets);
      if (!config.role().runsWorker()) {
        return Future.succeededFuture(services);
      }
      return vertx.deployVerticle(new LabelSweep(db, watch, clock, config.monitoring().screeningCheckMillis()))
          .compose(v -> vertx.deployVerticle(new ExposureSync(db, watch, clock,
              config.monitoring().screeningCheckMillis(), dev.vouch.exposure.ExposureStore.reach(config.exposure()))))
          .compose(v -> vertx.deployVerticle(new WebhookDeliveryVerticle(db, clock, config.monitoring().webhooks(),
              secrets, Metrics.of(vertx))))
          .compose(v -> vertx.deployVerticle(new MonitorRetention(db, clock, config.monitoring().retention(),
              Metrics.of(vertx))))
          .map(services);
    });
  }

  private static Future<WebhookSecrets> secrets(Gateway db, AppConfig.Webhooks config) {
    String hex = config.secretKey() == null ? "" : config.secretKey().trim();
    if (!hex.isEmpty()) {
      return Future.succeededFuture(new WebhookSecrets(HexFormat.of().parseHex(hex)));
    }
    // Start-up work on the primary, as the interaction cursor key is read (Gateway.atStartup).
    return db.atStartup(c -> c.query(MonitorQueries.SECRET_KEY).execute())
        .map(rows -> new WebhookSecrets(rows.iterator().next().getBuffer("key").getBytes()));
  }
}
