package dev.vouch.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.TestApp;
import io.vertx.core.http.HttpMethod;
import java.security.SecureRandom;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** /metrics stays bounded whatever clients send, and carries JVM, process and SLO-bucket series. */
@Tag("fault")
class MetricsLabelsTest {

  static TestApp app;
  static final String WALLET = "0x" + "c".repeat(40);

  @BeforeAll
  static void start() {
    Map<String, String> env = new HashMap<>();
    env.put("VOUCH_BUDGETS_ANONYMOUS_PER_MINUTE", "3");
    app = TestApp.start(env);
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  private static String metrics() {
    return app.get("/metrics").bodyAsString();
  }

  /** Series lines (samples), without comments. */
  private static long series(String text) {
    return text.lines().filter(l -> !l.startsWith("#") && !l.isBlank()).count();
  }

  private static long httpSeries(String text) {
    return text.lines().filter(l -> l.startsWith("vertx_http_server")).count();
  }

  @Test
  void twoThousandRandomMethodsDoNotGrowMetrics() {
    SecureRandom random = new SecureRandom();
    for (int i = 0; i < 20; i++) {
      app.send(HttpMethod.valueOf(token(random)), "/api/v1/nowhere/" + i, null, Map.of());
      app.send(HttpMethod.valueOf(token(random)), "/api/v1/decision/" + WALLET, null, Map.of());
    }
    String first = metrics();
    for (int i = 0; i < 2000; i++) {
      String path = i % 2 == 0 ? "/api/v1/nowhere/" + random.nextInt() : "/api/v1/decision/" + WALLET;
      app.send(HttpMethod.valueOf(token(random)), path, null, Map.of());
    }
    String after = metrics();
    assertThat(httpSeries(after)).isEqualTo(httpSeries(first));
    // Only JVM meters may appear meanwhile (a new kind of GC pause, say), never one per request.
    assertThat(series(after)).isLessThan(series(first) + 20);
    assertThat(after).contains("method=\"other\"").contains("route=\"unmatched\"");
    assertThat(after).doesNotContain("route=\"\"");
  }

  @Test
  void refusedAnswersCarryTheRouteTemplate() {
    app.send(HttpMethod.GET, "/api/v1/decision/" + WALLET, null, Map.of("Authorization", "Bearer vouch_live_nope"));
    for (int i = 0; i < 5; i++) {
      app.get("/api/v1/score/" + WALLET);
    }
    String text = metrics();
    assertThat(text).contains("vertx_http_server_requests_total{code=\"401\",method=\"GET\",route=\"/api/v1/decision/:wallet\"}");
    assertThat(text).contains("vertx_http_server_requests_total{code=\"429\",method=\"GET\",route=\"/api/v1/score/:wallet\"}");
    assertThat(text).doesNotContain(">/api");
    // Registered at 0 from the start (issue 34 item 2): the refusals above are what count.
    assertThat(text).containsPattern("vouch_budget_refused_total\\{limit=\"units\"} [1-9]");
  }

  @Test
  void jvmAndProcessSeriesAndSloBuckets() {
    app.get("/api/v1/decision/0xbad");
    String text = metrics();
    assertThat(text).contains("jvm_memory_used_bytes{", "jvm_gc_", "jvm_threads_live_threads", "jvm_classes_loaded_classes",
        "process_cpu_usage", "process_uptime_seconds", "process_files_open_files", "system_cpu_count");
    Matcher buckets = Pattern.compile("(?m)^vertx_http_server_response_time_seconds_bucket\\{code=\"400\","
        + "method=\"GET\",route=\"/api/v1/decision/:wallet\",le=\"[^\"]+\"}").matcher(text);
    int n = 0;
    while (buckets.find()) {
      n++;
    }
    assertThat(n).isEqualTo(Metrics.HTTP_SLO.size() + 1);
    assertThat(text).contains("le=\"0.025\"").contains("le=\"2.5\"");
  }

  @Test
  void labelsAreBoundedFunctions() {
    assertThat(Metrics.boundedMethod("GET")).isEqualTo("GET");
    assertThat(Metrics.boundedMethod("BREW")).isEqualTo("other");
    assertThat(Metrics.boundedRoute("")).isEqualTo("unmatched");
    assertThat(Metrics.boundedRoute("/a/:w>/a/:w")).isEqualTo("/a/:w");
  }

  private static String token(SecureRandom random) {
    StringBuilder s = new StringBuilder("M");
    for (int i = 0; i < 8; i++) {
      s.append((char) ('A' + random.nextInt(26)));
    }
    return s.toString();
  }
}
