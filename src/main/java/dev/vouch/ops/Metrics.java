package dev.vouch.ops;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.spi.observability.HttpRequest;
import io.vertx.micrometer.Label;
import io.vertx.micrometer.MicrometerMetricsOptions;
import io.vertx.micrometer.VertxPrometheusOptions;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;

/**
 * Prometheus registry and the Vert.x metrics options that feed it. Every label is bounded: the
 * HTTP method is a known one or {@code other}, the route is the route template or
 * {@code unmatched}, so no request can add series. Latencies use a few SLO buckets.
 */
public final class Metrics {

  /** Methods the API can route; anything else a client sends is counted as {@code other}. */
  static final Set<String> KNOWN_METHODS = Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS");
  /** HTTP latency buckets (seconds): the SLO lines a dashboard or alert draws. */
  static final List<Duration> HTTP_SLO = List.of(Duration.ofMillis(5), Duration.ofMillis(10), Duration.ofMillis(25),
      Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(250), Duration.ofMillis(500),
      Duration.ofSeconds(1), Duration.ofMillis(2500), Duration.ofSeconds(5), Duration.ofSeconds(10));
  /** Indexing job and commit buckets: runs take seconds to minutes. */
  public static final Duration[] JOB_SLO = {Duration.ofMillis(100), Duration.ofMillis(500), Duration.ofSeconds(1),
      Duration.ofSeconds(5), Duration.ofSeconds(15), Duration.ofSeconds(30), Duration.ofMinutes(1),
      Duration.ofMinutes(2), Duration.ofMinutes(5), Duration.ofMinutes(10)};

  /** The registry of each running Vert.x instance, for capabilities deep in the call graph (RPC clients). */
  private static final Map<Vertx, MeterRegistry> BY_VERTX = new WeakHashMap<>();

  private Metrics() {}

  public static PrometheusMeterRegistry registry() {
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    registry.config()
        .meterFilter(boundedRoute())
        .meterFilter(sloBuckets());
    return registry;
  }

  /** JVM and process binders; close the result with the app (GC listeners outlive the registry otherwise). */
  public static AutoCloseable bindJvm(MeterRegistry registry) {
    new ClassLoaderMetrics().bindTo(registry);
    new JvmMemoryMetrics().bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
    new UptimeMetrics().bindTo(registry);
    new FileDescriptorMetrics().bindTo(registry);
    JvmGcMetrics gc = new JvmGcMetrics();
    gc.bindTo(registry);
    return gc;
  }

  /** HTTP requests by route, method and status; pool usage by pool name. */
  public static VertxOptions vertxOptions() {
    return new VertxOptions().setMetricsOptions(new MicrometerMetricsOptions()
        .setEnabled(true)
        .setPrometheusOptions(new VertxPrometheusOptions().setEnabled(true).setPublishQuantiles(false))
        // The method label comes from the tags provider below, bounded; Vert.x's own takes any token.
        .setLabels(EnumSet.of(Label.HTTP_ROUTE, Label.HTTP_CODE, Label.POOL_TYPE, Label.POOL_NAME))
        .setServerRequestTagsProvider(Metrics::methodTag));
  }

  static Iterable<Tag> methodTag(HttpRequest request) {
    return List.of(Tag.of("method", boundedMethod(request.method().name())));
  }

  static String boundedMethod(String method) {
    return KNOWN_METHODS.contains(method) ? method : "other";
  }

  /**
   * Vert.x Web reports "" for a request no route matched and joins the routes a failure passed
   * through with '>'; both collapse to one bounded value.
   */
  static String boundedRoute(String route) {
    if (route == null || route.isEmpty()) {
      return "unmatched";
    }
    int join = route.indexOf('>');
    return join < 0 ? route : route.substring(0, join);
  }

  private static MeterFilter boundedRoute() {
    return MeterFilter.replaceTagValues("route", Metrics::boundedRoute);
  }

  private static MeterFilter sloBuckets() {
    return new MeterFilter() {
      @Override
      public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
        if (id.getType() == Meter.Type.TIMER && id.getName().startsWith("vertx.http.server")) {
          return DistributionStatisticConfig.builder()
              .percentilesHistogram(false)
              .serviceLevelObjectives(HTTP_SLO.stream().mapToDouble(d -> (double) d.toNanos()).toArray())
              .build().merge(config);
        }
        return config;
      }
    };
  }

  /** Makes a registry reachable from code that only holds the Vert.x instance. */
  public static synchronized void attach(Vertx vertx, MeterRegistry registry) {
    BY_VERTX.put(vertx, registry);
  }

  /** The registry of this Vert.x instance; a throwaway one when none is attached (unit tests). */
  public static synchronized MeterRegistry of(Vertx vertx) {
    return BY_VERTX.computeIfAbsent(vertx, v -> new SimpleMeterRegistry());
  }
}
