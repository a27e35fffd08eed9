package dev.vouch.ops;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.VertxOptions;
import io.vertx.micrometer.Label;
import io.vertx.micrometer.MicrometerMetricsOptions;
import io.vertx.micrometer.VertxPrometheusOptions;
import java.util.EnumSet;

/** Prometheus registry and the Vert.x metrics options that feed it. */
public final class Metrics {

  private Metrics() {}

  public static PrometheusMeterRegistry registry() {
    return new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  }

  /** HTTP requests by route, method and status with latency histograms; pool usage by pool name. */
  public static VertxOptions vertxOptions() {
    return new VertxOptions().setMetricsOptions(new MicrometerMetricsOptions()
        .setEnabled(true)
        .setPrometheusOptions(new VertxPrometheusOptions().setEnabled(true).setPublishQuantiles(true))
        .setLabels(EnumSet.of(Label.HTTP_ROUTE, Label.HTTP_METHOD, Label.HTTP_CODE,
            Label.POOL_TYPE, Label.POOL_NAME)));
  }
}
