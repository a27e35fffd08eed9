package dev.vouch.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Anvil;
import dev.vouch.support.ChainsFile;
import dev.vouch.support.ChainsFile.Entry;
import dev.vouch.support.LogCapture;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestDatabase;
import dev.vouch.support.TestKeys;
import dev.vouch.support.WebhookReceiver;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.internal.VertxInternal;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.logging.Level;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Tracing through Vert.x's tracing SPI, captured by the SDK's in-memory exporter: a decision read,
 * an intake's job run and a webhook attempt each form one trace, with the caller's traceparent
 * honoured; and off by default.
 */
class TracingTest {

  static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
  static final String PARENT = "00f067aa0ba902b7";
  static final AttributeKey<String> DB_SYSTEM = AttributeKey.stringKey("db.system");
  static final AttributeKey<String> BUS_ADDRESS = AttributeKey.stringKey("messaging.destination.name");
  static final AttributeKey<String> DB_STATEMENT = AttributeKey.stringKey("db.query.text");

  static Tracing inMemory(InMemorySpanExporter exporter) {
    return Tracing.with(OpenTelemetrySdk.builder()
        .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exporter)).build())
        .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
        .build());
  }

  static List<SpanData> trace(InMemorySpanExporter exporter, String traceId) {
    return exporter.getFinishedSpanItems().stream().filter(s -> s.getTraceId().equals(traceId)).toList();
  }

  /** The trace as an indented tree (assertion messages; docs/operations.md shows one). */
  static String describe(List<SpanData> spans) {
    StringBuilder out = new StringBuilder();
    spans.stream().filter(s -> spans.stream().noneMatch(p -> p.getSpanId().equals(s.getParentSpanId())))
        .forEach(root -> render(spans, root, 0, out));
    return out.toString();
  }

  private static void render(List<SpanData> spans, SpanData span, int depth, StringBuilder out) {
    String detail = Optional.ofNullable(span.getAttributes().get(BUS_ADDRESS))
        .or(() -> Optional.ofNullable(span.getAttributes().get(AttributeKey.stringKey("url.full"))))
        .or(() -> Optional.ofNullable(span.getAttributes().get(AttributeKey.stringKey("http.url"))))
        .or(() -> Optional.of(statement(span).replaceAll("\\s+", " ")).filter(q -> !q.isEmpty())
            .map(q -> q.length() > 60 ? q.substring(0, 60) + "..." : q))
        .orElse("");
    out.append("  ".repeat(depth)).append(span.getKind()).append(' ').append(span.getName()).append(' ').append(detail)
        .append(" (").append((span.getEndEpochNanos() - span.getStartEpochNanos()) / 100_000 / 10.0).append(" ms)\n");
    spans.stream().filter(c -> c.getParentSpanId().equals(span.getSpanId()))
        .sorted(java.util.Comparator.comparingLong(SpanData::getStartEpochNanos))
        .forEach(c -> render(spans, c, depth + 1, out));
  }

  /** The first span matching, waiting for it (spans end after the answer is written). */
  static SpanData awaitSpan(InMemorySpanExporter exporter, String what, Predicate<SpanData> match) {
    Sql.await(what, 30_000, () -> exporter.getFinishedSpanItems().stream().anyMatch(match));
    return exporter.getFinishedSpanItems().stream().filter(match).findFirst().orElseThrow();
  }

  static String statement(SpanData s) {
    return Optional.ofNullable(s.getAttributes().get(DB_STATEMENT)).orElse("");
  }

  /** Whether {@code child} descends from {@code ancestor} within the trace. */
  static boolean under(List<SpanData> spans, SpanData child, SpanData ancestor) {
    Map<String, SpanData> byId = spans.stream().collect(Collectors.toMap(SpanData::getSpanId, s -> s));
    SpanData at = child;
    while (at != null) {
      if (at.getParentSpanId().equals(ancestor.getSpanId())) {
        return true;
      }
      at = byId.get(at.getParentSpanId());
    }
    return false;
  }

  @Test
  void aDecisionReadIsOneTraceUnderTheCallersTraceparentFromHttpThroughTheEventBusToSql() {
    InMemorySpanExporter exporter = InMemorySpanExporter.create();
    try (LogCapture logs = new LogCapture(Level.INFO);
        TestApp app = TestApp.startOn(TestDatabase.fresh(), TestApp.UNMETERED, inMemory(exporter))) {
      String wallet = Anvil.randomAddress();
      var answer = app.send(HttpMethod.GET, "/api/v1/decision/" + wallet, null,
          Map.of("traceparent", "00-" + TRACE + "-" + PARENT + "-01"));
      assertThat(answer.statusCode()).isEqualTo(200);

      SpanData server = awaitSpan(exporter, "the server span", s -> s.getKind() == SpanKind.SERVER
          && s.getTraceId().equals(TRACE) && s.getParentSpanId().equals(PARENT));
      SpanData sql = awaitSpan(exporter, "a SQL span", s -> s.getTraceId().equals(TRACE)
          && "postgresql".equals(s.getAttributes().get(DB_SYSTEM)));
      // Named as the conventions say: the route template, and the SQL operation with its table.
      assertThat(server.getName()).isEqualTo("GET /api/v1/decision/{wallet}");
      assertThat(server.getAttributes().get(AttributeKey.stringKey("http.route"))).isEqualTo("/api/v1/decision/{wallet}");
      assertThat(sql.getName()).as(statement(sql)).isEqualTo(SpanNames.sql(statement(sql))).startsWith("SELECT ")
          .isNotEqualTo("Query");
      List<SpanData> spans = trace(exporter, TRACE);
      SpanData bus = spans.stream().filter(s -> s.getKind() == SpanKind.CLIENT
          && String.valueOf(s.getAttributes().get(BUS_ADDRESS)).startsWith("vouch.decision.read"))
          .findFirst().orElseThrow(() -> new AssertionError("no event-bus span:\n" + describe(spans)));
      assertThat(under(spans, bus, server)).as(describe(spans)).isTrue();
      assertThat(under(spans, sql, bus)).as(describe(spans)).isTrue();
      // The access log names the trace, so a log line leads to its trace and back.
      assertThat(logs.from("dev.vouch.access")).anySatisfy(r -> assertThat(r.getMessage())
          .contains("\"traceId\":\"" + TRACE + "\"").contains(wallet));
    }
  }

  @Test
  void offByDefaultVertxHasNoTracerAndTheAccessLogNoTraceId() {
    try (LogCapture logs = new LogCapture(Level.INFO); TestApp app = TestApp.start(TestApp.UNMETERED)) {
      assertThat(((VertxInternal) app.app.vertx()).tracer()).isNull();
      String wallet = Anvil.randomAddress();
      app.send(HttpMethod.GET, "/api/v1/decision/" + wallet, null,
          Map.of("traceparent", "00-" + TRACE + "-" + PARENT + "-01"));
      Sql.await("the access line", 10_000, () -> logs.from("dev.vouch.access").stream()
          .anyMatch(r -> r.getMessage().contains(wallet)));
      assertThat(logs.from("dev.vouch.access")).allSatisfy(r -> assertThat(r.getMessage()).doesNotContain("traceId"));
      // Off, a queued job carries no trace context even when the caller sent one.
      String queued = Anvil.randomAddress();
      assertThat(app.send(HttpMethod.POST, "/api/v1/intake/" + queued, null,
          Map.of("traceparent", "00-" + TRACE + "-" + PARENT + "-01")).statusCode()).isEqualTo(202);
      assertThat(Sql.one(app.database,
          "SELECT traceparent FROM index_jobs WHERE wallet = ? ORDER BY id LIMIT 1", queued)).containsEntry("traceparent", null);
    }
  }

  /**
   * The "one trace from API to webhook": the queue row and the delivery row carry the
   * trace context, so the job run and the webhook attempt continue the intake request's trace.
   */
  @Test
  void anIntakeIsOneTraceFromTheApiThroughTheJobItsJsonRpcAndCommitToTheWebhookAttempt() {
    InMemorySpanExporter exporter = InMemorySpanExporter.create();
    try (Anvil chain = Anvil.start(5042002, Instant.parse("2024-01-01T00:00:00Z"));
        WebhookReceiver receiver = new WebhookReceiver()) {
      String wallet = Anvil.randomAddress();
      chain.fund(wallet);
      Map<String, String> env = new HashMap<>(TestApp.UNMETERED);
      env.put("CHAINS_FILE", ChainsFile.write(List.of(Entry.history("Arc Testnet", 5042002, "USDC", chain.url)))
          .toString());
      env.put("VOUCH_INDEXING_POLL_MS", "100");
      env.put("VOUCH_MONITORING_WEBHOOKS_ALLOW_PRIVATE_ADDRESSES", "true");
    env.put("VOUCH_MONITORING_WEBHOOKS_ALLOW_HTTP", "true"); // the loopback receiver is plain http
      env.put("VOUCH_MONITORING_WEBHOOKS_POLL_MS", "100");
      try (TestApp app = TestApp.startOn(TestDatabase.fresh(), env, inMemory(exporter))) {
        TestKeys.Key key = TestKeys.create(app.app.config(), "developer");
        Map<String, String> auth = Map.of("Authorization", "Bearer " + key.secret(), "Content-Type", "application/json");
        String list = TestApp.data(app.send(HttpMethod.POST, "/api/v1/watchlists", Buffer.buffer(
            new JsonObject().put("name", "traced").encode()), auth)).getString("id");
        assertThat(app.send(HttpMethod.POST, "/api/v1/webhooks", Buffer.buffer(
            new JsonObject().put("url", receiver.url()).encode()), auth).statusCode()).isEqualTo(201);
        // Watched before the intake but not queued by the watch (as a wallet past the caller's scan
        // cap is): the intake request alone queues the job, so the race with the watch is gone.
        Sql.exec(app.database, "INSERT INTO watchlist_members (watchlist_id, wallet, added_at) VALUES (?, ?, now())",
            Long.parseLong(list), wallet);

        assertThat(app.send(HttpMethod.POST, "/api/v1/intake/" + wallet, null,
            Map.of("traceparent", "00-" + TRACE + "-" + PARENT + "-01")).statusCode()).isEqualTo(202);
        assertThat(Sql.one(app.database, "SELECT traceparent FROM index_jobs WHERE wallet = ?", wallet)
            .get("traceparent")).asString().startsWith("00-" + TRACE + "-").endsWith("-01");

        SpanData attempt = awaitSpan(exporter, "the webhook attempt", s -> s.getName().equals("webhook attempt"));
        Sql.await("the attempt's POST and recorded outcome", 30_000, () -> trace(exporter, TRACE).stream()
            .filter(s -> under(trace(exporter, TRACE), s, attempt)).count() >= 2);
        List<SpanData> spans = trace(exporter, TRACE);
        String tree = describe(spans);
        System.out.println("intake trace:\n" + tree);
        SpanData server = spans.stream().filter(s -> s.getKind() == SpanKind.SERVER && s.getParentSpanId().equals(PARENT))
            .findFirst().orElseThrow(() -> new AssertionError("no server span under the caller's:\n" + tree));
        SpanData job = spans.stream().filter(s -> s.getName().equals("index job intake")
            && wallet.equals(s.getAttributes().get(AttributeKey.stringKey("vouch.wallet"))))
            .findFirst().orElseThrow(() -> new AssertionError("no job span in the intake's trace:\n" + tree));
        assertThat(under(spans, job, server)).as(tree).isTrue();
        assertThat(spans).as(tree).anySatisfy(s -> {
          assertThat(s.getKind()).isEqualTo(SpanKind.CLIENT);
          assertThat(s.getName()).isEqualTo("POST");
          assertThat(String.valueOf(s.getAttributes().get(AttributeKey.stringKey("url.full")))
              + s.getAttributes().get(AttributeKey.stringKey("http.url"))).contains(chain.url.replaceFirst("/$", ""));
          assertThat(under(spans, s, job)).isTrue();
        });
        assertThat(spans).as(tree).anySatisfy(s -> {
          assertThat(statement(s)).containsIgnoringCase("insert into snapshots");
          assertThat(under(spans, s, job)).isTrue();
        });
        assertThat(spans).as(tree).anySatisfy(s -> {
          assertThat(statement(s)).containsIgnoringCase("insert into webhook_deliveries");
          assertThat(under(spans, s, job)).isTrue();
        });
        // The worker's next polls and claims come after the run: not part of this trace.
        assertThat(spans).as(tree).noneSatisfy(s -> assertThat(statement(s)).containsIgnoringCase("set state = 'running'"));
        assertThat(attempt.getTraceId()).as(tree).isEqualTo(TRACE);
        assertThat(under(spans, attempt, job)).as(tree).isTrue();
        assertThat(spans).as(tree).anySatisfy(s -> {
          assertThat(s.getKind()).isEqualTo(SpanKind.CLIENT);
          assertThat(String.valueOf(s.getAttributes().get(AttributeKey.stringKey("url.full")))
              + s.getAttributes().get(AttributeKey.stringKey("http.url"))).contains(receiver.url());
          assertThat(under(spans, s, attempt)).isTrue();
        });
        assertThat(receiver.received()).isNotEmpty();
      }
    }
  }

  @Test
  void aWebhookAttemptIsASpanOverItsPostAndItsRecordedOutcome() throws Exception {
    InMemorySpanExporter exporter = InMemorySpanExporter.create();
    Path list = Files.createTempFile("flagged", ".csv");
    Files.writeString(list, "address,label\n");
    Path config = Files.createTempFile("application", ".yaml");
    Files.writeString(config, Files.readString(Path.of("config/application.yaml")).replace("  flaggedAddresses: []\n",
        "  flaggedAddresses:\n    - {name: LOCAL, type: csv, path: " + list + "}\n"));
    Map<String, String> env = new HashMap<>(TestApp.UNMETERED);
    env.put("VOUCH_CONFIG", config.toString());
    env.put("VOUCH_MONITORING_SCREENING_CHECK_MILLIS", "100");
    env.put("VOUCH_MONITORING_WEBHOOKS_ALLOW_PRIVATE_ADDRESSES", "true");
    env.put("VOUCH_MONITORING_WEBHOOKS_ALLOW_HTTP", "true"); // the loopback receiver is plain http
    env.put("VOUCH_MONITORING_WEBHOOKS_POLL_MS", "100");
    try (TestApp app = TestApp.startOn(TestDatabase.fresh(), env, inMemory(exporter));
        WebhookReceiver receiver = new WebhookReceiver()) {
      TestKeys.Key key = TestKeys.create(app.app.config(), "developer");
      Map<String, String> auth = Map.of("Authorization", "Bearer " + key.secret(), "Content-Type", "application/json");
      String wallet = Anvil.randomAddress();
      String id = TestApp.data(app.send(HttpMethod.POST, "/api/v1/watchlists", Buffer.buffer(
          new JsonObject().put("name", "traced").encode()), auth)).getString("id");
      app.send(HttpMethod.POST, "/api/v1/watchlists/" + id + "/wallets", Buffer.buffer(
          new JsonObject().put("wallets", new JsonArray().add(wallet)).encode()), auth);
      app.send(HttpMethod.POST, "/api/v1/webhooks", Buffer.buffer(
          new JsonObject().put("url", receiver.url()).encode()), auth);
      Files.writeString(list, "address,label\n" + wallet + ",incident\n");
      app.app.screening().reload(false);

      SpanData attempt = awaitSpan(exporter, "the webhook attempt", s -> s.getName().equals("webhook attempt"));
      List<SpanData> spans = trace(exporter, attempt.getTraceId());
      assertThat(receiver.received()).isNotEmpty();
      assertThat(spans).as(describe(spans)).anySatisfy(s -> {
        assertThat(s.getKind()).isEqualTo(SpanKind.CLIENT);
        assertThat(s.getName()).isEqualTo("POST");
        assertThat(under(spans, s, attempt)).isTrue();
      });
      assertThat(spans).as("the outcome is written under the attempt:\n" + describe(spans)).anySatisfy(s -> {
        assertThat(s.getAttributes().get(DB_SYSTEM)).isEqualTo("postgresql");
        assertThat(under(spans, s, attempt)).isTrue();
      });
    }
  }
}
