package dev.vouch.ops;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vouch.store.DatabaseUrl;
import dev.vouch.store.Migrations;
import dev.vouch.support.OwnPostgres;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestDatabase;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The shipped rules in Debian's real {@code prometheus}: it scrapes a running Vouch on loopback
 * (the test's own instance on a PostgreSQL cluster of its own, which the test stops) every
 * two seconds and evaluates the PrometheusRule's groups every second with {@code for:} cut to 5 s.
 * With the database stopped {@code VouchUnavailable} goes pending, then firing; once the
 * database is back it resolves. Everything waits on conditions, each bounded.
 */
@Tag("fault")
class AlertFiresTest {

  static final String ALERT = "VouchUnavailable";
  static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  @Test
  void theAvailabilityAlertGoesPendingFiresAndResolvesInARealPrometheus() throws Exception {
    try (OwnPostgres pg = OwnPostgres.start()) {
      TestDatabase.exec(pg.url(), "CREATE DATABASE vouch");
      DatabaseUrl db = pg.url().withDatabase("vouch");
      Migrations.migrate(db);
      try (TestApp app = TestApp.startOn(db, TestApp.UNMETERED)) {
        Path dir = Files.createTempDirectory("vouch-prometheus");
        int port = TestApp.freePort();
        Process prometheus = startPrometheus(dir, app.port, port);
        try {
          String base = "http://127.0.0.1:" + port;
          Sql.await("prometheus ready", 60_000, () -> status(base + "/-/ready") == 200);
          Sql.await("Vouch scraped", 60_000, () -> query(base, "up{job=\"vouch-metrics\"} == 1").size() == 1
              && !query(base, "vouch_db_breaker_state{server=\"primary\"}").isEmpty());
          // A scrape slower than its timeout on a loaded machine is up == 0 for a moment: wait it out.
          Sql.await("healthy: " + ALERT + " inactive", 60_000, () -> "inactive".equals(state(base)));

          pg.stop();
          Sql.await(ALERT + " pending", 60_000, () -> "pending".equals(state(base)));
          JsonObject pending = alert(base);
          assertThat(pending.getJsonObject("labels").getString("severity")).isEqualTo("critical");
          assertThat(pending.getJsonObject("labels").getString("instance")).isEqualTo("127.0.0.1:" + app.port);
          Sql.await(ALERT + " firing", 60_000, () -> "firing".equals(state(base)));
          assertThat(alert(base).getJsonObject("annotations").getString("runbook"))
              .isEqualTo("docs/operations.md#vouchunavailable");

          pg.startAgain();
          Sql.await(ALERT + " resolved", 90_000, () -> "inactive".equals(state(base)));
        } finally {
          prometheus.destroy();
          if (!prometheus.waitFor(30, TimeUnit.SECONDS)) {
            prometheus.destroyForcibly().waitFor();
          }
          AlertRulesTest.delete(dir);
        }
      }
    }
  }

  /** Prometheus on loopback with the rendered rules (every for: at most 5 s) scraping Vouch every second. */
  static Process startPrometheus(Path dir, int vouchPort, int port) throws IOException {
    JsonNode groups = AlertRulesTest.ruleGroups().deepCopy();
    groups.path("groups").forEach(g -> g.path("rules").forEach(r -> {
      if (r.has("for")) {
        ((ObjectNode) r).put("for", "5s");
      }
    }));
    AlertRulesTest.YAML.writeValue(dir.resolve("rules.yaml").toFile(), groups);
    Files.writeString(dir.resolve("prometheus.yml"), """
        global: {scrape_interval: 2s, scrape_timeout: 2s, evaluation_interval: 1s}
        rule_files: [rules.yaml]
        scrape_configs:
          - job_name: vouch-metrics
            metrics_path: /metrics
            static_configs: [{targets: ["127.0.0.1:%d"]}]
        """.formatted(vouchPort));
    return new ProcessBuilder("prometheus", "--config.file=" + dir.resolve("prometheus.yml"),
        "--storage.tsdb.path=" + dir.resolve("data"), "--web.listen-address=127.0.0.1:" + port, "--log.level=warn")
        .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve("prometheus.log").toFile()).start();
  }

  static int status(String url) {
    try {
      return HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).build(),
          HttpResponse.BodyHandlers.discarding()).statusCode();
    } catch (IOException e) {
      return -1; // not listening yet
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  static JsonObject get(String url) {
    try {
      HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).build(),
          HttpResponse.BodyHandlers.ofString());
      assertThat(r.statusCode()).as(url + ": " + r.body()).isEqualTo(200);
      return new JsonObject(r.body());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  static JsonArray query(String base, String promql) {
    return get(base + "/api/v1/query?query=" + java.net.URLEncoder.encode(promql, java.nio.charset.StandardCharsets.UTF_8))
        .getJsonObject("data").getJsonArray("result");
  }

  /** The alert as /api/v1/alerts lists it (pending or firing), or null when it is not active. */
  static JsonObject alert(String base) {
    JsonArray alerts = get(base + "/api/v1/alerts").getJsonObject("data").getJsonArray("alerts");
    List<JsonObject> mine = alerts.stream().map(a -> (JsonObject) a)
        .filter(a -> ALERT.equals(a.getJsonObject("labels").getString("alertname"))).toList();
    assertThat(mine.size()).as("one Vouch instance, at most one " + ALERT).isLessThanOrEqualTo(1);
    return mine.isEmpty() ? null : mine.get(0);
  }

  /** pending or firing from /api/v1/alerts; inactive when it lists no such alert. */
  static String state(String base) {
    JsonObject a = alert(base);
    return a == null ? "inactive" : a.getString("state");
  }

}
