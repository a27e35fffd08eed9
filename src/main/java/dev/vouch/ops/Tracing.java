package dev.vouch.ops;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.internal.ContextInternal;
import io.vertx.tracing.opentelemetry.OpenTelemetryOptions;
import io.vertx.tracing.opentelemetry.VertxContextStorageProvider.VertxContextStorage;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * OpenTelemetry through Vert.x's tracing SPI (docs/operations.md#tracing). Off unless an
 * {@code OTEL_*} variable names an exporter or endpoint: then the SDK is configured by the
 * standard variables (autoconfigure). Off, Vert.x gets no tracer at all and {@link #span} runs
 * the work directly, so tracing costs nothing.
 */
public final class Tracing implements AutoCloseable {

  private static final Logger LOG = Logger.getLogger(Tracing.class.getName());
  static final String SCOPE = "dev.vouch";
  private static final Tracing OFF = new Tracing(null);
  private static final Map<Vertx, Tracing> BY_VERTX = new WeakHashMap<>();
  /** Whether any tracer was attached in this JVM: off, {@link #traceparent()} costs one read. */
  private static volatile boolean anyOn;
  private static final TextMapGetter<String> TRACEPARENT = new TextMapGetter<>() {
    @Override
    public Iterable<String> keys(String carrier) {
      return java.util.List.of("traceparent");
    }

    @Override
    public String get(String carrier, String key) {
      return "traceparent".equals(key) ? carrier : null;
    }
  };

  private final OpenTelemetrySdk sdk;
  private final Tracer tracer;

  private Tracing(OpenTelemetrySdk sdk) {
    this.sdk = sdk;
    this.tracer = sdk == null ? null : sdk.getTracer(SCOPE);
  }

  public static Tracing off() {
    return OFF;
  }

  /** A given SDK (tests: the in-memory exporter). */
  public static Tracing with(OpenTelemetrySdk sdk) {
    return new Tracing(sdk);
  }

  /**
   * From the environment's {@code OTEL_*} variables. On when {@code OTEL_TRACES_EXPORTER} or an
   * {@code OTEL_EXPORTER_OTLP_*ENDPOINT} is set and {@code OTEL_SDK_DISABLED} is not true. Metrics
   * and logs stay with Prometheus and the JSON log unless their exporters are named too.
   */
  public static Tracing fromEnvironment(Map<String, String> env) {
    if (!enabledBy(env)) {
      return OFF;
    }
    Map<String, String> props = new HashMap<>();
    props.put("otel.service.name", "vouch");
    props.put("otel.metrics.exporter", "none");
    props.put("otel.logs.exporter", "none");
    env.forEach((k, v) -> {
      if (k.startsWith("OTEL_")) {
        props.put(k.toLowerCase(Locale.ROOT).replace('_', '.'), v);
      }
    });
    OpenTelemetrySdk sdk = AutoConfiguredOpenTelemetrySdk.builder()
        .disableShutdownHook()
        .addPropertiesSupplier(() -> props)
        .build().getOpenTelemetrySdk();
    LOG.info(() -> "tracing on: exporter=" + props.getOrDefault("otel.traces.exporter", "otlp")
        + " endpoint=" + props.getOrDefault("otel.exporter.otlp.traces.endpoint",
            props.getOrDefault("otel.exporter.otlp.endpoint", "default")));
    return new Tracing(sdk);
  }

  static boolean enabledBy(Map<String, String> env) {
    if ("true".equalsIgnoreCase(env.get("OTEL_SDK_DISABLED"))) {
      return false;
    }
    String exporter = env.get("OTEL_TRACES_EXPORTER");
    if (exporter != null && !exporter.isBlank()) {
      return !"none".equalsIgnoreCase(exporter.trim());
    }
    return notBlank(env.get("OTEL_EXPORTER_OTLP_ENDPOINT")) || notBlank(env.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"));
  }

  private static boolean notBlank(String s) {
    return s != null && !s.isBlank();
  }

  public boolean on() {
    return sdk != null;
  }

  /** Vert.x options with the tracer set when on; untouched when off. */
  public VertxOptions apply(VertxOptions options) {
    return sdk == null ? options : options.setTracingOptions(new NamedSpans(sdk));
  }

  /**
   * Vert.x's OpenTelemetry tracer with the conventions' span names: a database span is named by
   * its operation and table ({@link SpanNames#sql}) instead of "Query". (HTTP server spans get
   * their route template from the router, which alone knows it: {@link #nameServerSpan}.)
   */
  static final class NamedSpans extends OpenTelemetryOptions {
    NamedSpans(OpenTelemetrySdk sdk) {
      super(sdk);
    }

    @Override
    public io.vertx.core.spi.tracing.VertxTracer<io.vertx.tracing.opentelemetry.Operation, io.vertx.tracing.opentelemetry.Operation> buildTracer() {
      var d = super.buildTracer();
      return new io.vertx.core.spi.tracing.VertxTracer<>() {
        @Override
        public <R> io.vertx.tracing.opentelemetry.Operation receiveRequest(io.vertx.core.Context context,
            io.vertx.core.spi.tracing.SpanKind kind, io.vertx.core.tracing.TracingPolicy policy, R request,
            String operation, Iterable<Map.Entry<String, String>> headers, io.vertx.core.spi.tracing.TagExtractor<R> tags) {
          return d.receiveRequest(context, kind, policy, request, operation, headers, tags);
        }

        @Override
        public <R> void sendResponse(io.vertx.core.Context context, R response,
            io.vertx.tracing.opentelemetry.Operation payload, Throwable failure, io.vertx.core.spi.tracing.TagExtractor<R> tags) {
          d.sendResponse(context, response, payload, failure, tags);
        }

        @Override
        public <R> io.vertx.tracing.opentelemetry.Operation sendRequest(io.vertx.core.Context context,
            io.vertx.core.spi.tracing.SpanKind kind, io.vertx.core.tracing.TracingPolicy policy, R request,
            String operation, java.util.function.BiConsumer<String, String> headers,
            io.vertx.core.spi.tracing.TagExtractor<R> tags) {
          io.vertx.tracing.opentelemetry.Operation op = d.sendRequest(context, kind, policy, request, operation, headers, tags);
          if (op != null && request != null) {
            String name = sqlName(request, tags);
            if (name != null) {
              op.span().updateName(name);
            }
          }
          return op;
        }

        @Override
        public <R> void receiveResponse(io.vertx.core.Context context, R response,
            io.vertx.tracing.opentelemetry.Operation payload, Throwable failure, io.vertx.core.spi.tracing.TagExtractor<R> tags) {
          d.receiveResponse(context, response, payload, failure, tags);
        }

        @Override
        public void close() {
          d.close();
        }
      };
    }

    private static <R> String sqlName(R request, io.vertx.core.spi.tracing.TagExtractor<R> tags) {
      String system = null;
      String text = null;
      for (int i = 0, n = tags.len(request); i < n; i++) {
        String k = tags.name(request, i);
        if (k.equals("db.system") || k.equals("db.system.name")) {
          system = tags.value(request, i);
        } else if (k.equals("db.query.text") || k.equals("db.statement")) {
          text = tags.value(request, i);
        }
      }
      return system == null ? null : java.util.Objects.requireNonNullElse(SpanNames.sql(text), system);
    }
  }

  /**
   * Names the current HTTP server span {@code METHOD /route/{template}} and sets http.route
   * (the conventions' name; the tracer alone only knows the method). Free when tracing is off.
   */
  public static void nameServerSpan(String method, String template) {
    if (!anyOn) {
      return;
    }
    Span span = Span.current();
    if (span.getSpanContext().isValid()) {
      span.updateName(method + " " + template);
      span.setAttribute("http.route", template);
    }
  }

  /** Makes this tracing reachable from code that only holds the Vert.x instance. */
  public static synchronized void attach(Vertx vertx, Tracing tracing) {
    BY_VERTX.put(vertx, tracing);
    anyOn |= tracing.on();
  }

  public static synchronized Tracing of(Vertx vertx) {
    return BY_VERTX.getOrDefault(vertx, OFF);
  }

  /**
   * Runs {@code work} under a span of its own, for work Vert.x does not trace (job runs, webhook
   * attempts). The span is the parent of every client span the work makes (SQL, Redis, HTTP, event
   * bus) because it runs on a duplicated context that holds it. Call on a Vert.x context.
   */
  public <T> Future<T> span(Vertx vertx, String name, Attributes attributes, Supplier<Future<T>> work) {
    return span(vertx, name, null, attributes, work);
  }

  /**
   * As {@link #span(Vertx, String, Attributes, Supplier)} under {@code traceparent} (W3C, from a
   * queue row) as the parent when it is valid: work queued in a traced request stays in its trace.
   */
  public <T> Future<T> span(Vertx vertx, String name, String traceparent, Attributes attributes,
      Supplier<Future<T>> work) {
    if (tracer == null) {
      return work.get();
    }
    ContextInternal caller = (ContextInternal) vertx.getOrCreateContext();
    ContextInternal ctx = caller.duplicate();
    // Completed on the caller's context: what the caller does next (the next poll, claim or
    // attempt) is not a child of this finished span.
    Promise<T> done = caller.promise();
    ctx.runOnContext(v -> {
      io.opentelemetry.context.Context parent = traceparent == null ? io.opentelemetry.context.Context.current()
          : W3CTraceContextPropagator.getInstance().extract(io.opentelemetry.context.Context.root(), traceparent,
              TRACEPARENT);
      Span span = tracer.spanBuilder(name).setParent(parent).setAllAttributes(attributes).startSpan();
      // Never closed: the duplicated context lives exactly as long as this work.
      VertxContextStorage.INSTANCE.attach(ctx, parent.with(span));
      Future<T> f;
      try {
        f = work.get();
      } catch (RuntimeException e) {
        f = Future.failedFuture(e);
      }
      f.onComplete(ar -> {
        if (ar.failed()) {
          span.recordException(ar.cause());
          span.setStatus(StatusCode.ERROR);
        }
        span.end();
        done.handle(ar);
      });
    });
    return done.future();
  }

  /**
   * The current span as a W3C {@code traceparent}, for a row that queues work (a job, a webhook
   * delivery) so the work joins this trace; null when tracing is off or no span is current.
   */
  public static String traceparent() {
    if (!anyOn) {
      return null;
    }
    SpanContext sc = Span.current().getSpanContext();
    return sc.isValid() ? "00-" + sc.getTraceId() + "-" + sc.getSpanId() + "-" + sc.getTraceFlags().asHex() : null;
  }

  /** The trace id of the span current on this thread's Vert.x context, or null when none. */
  public static String currentTraceId() {
    SpanContext sc = Span.current().getSpanContext();
    return sc.isValid() ? sc.getTraceId() : null;
  }

  /** Flushes what is buffered and stops the exporter. */
  @Override
  public void close() {
    if (sdk != null) {
      sdk.getSdkTracerProvider().shutdown().join(10, TimeUnit.SECONDS);
    }
  }
}
