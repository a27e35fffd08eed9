package dev.vouch.ops;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vouch.store.DatabaseUrl;
import dev.vouch.support.Anvil;
import dev.vouch.support.Backdated;
import dev.vouch.support.ChainsFile;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestDatabase;
import dev.vouch.support.TestKeys;
import dev.vouch.support.TestRedis;
import dev.vouch.support.WebhookReceiver;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every metric a shipped alert or a dashboard panel names is exposed by {@code /metrics} of a
 * running Vouch, so a renamed metric breaks this test instead of silently emptying a panel or an
 * alert. A fresh process already exposes every one at 0 (the first test); the second checks they
 * are still there once used, with the labels use gives them: answers and a 429, an intake indexed
 * from a real Anvil chain beside a chain whose provider is down (errors, a retry, an open breaker),
 * a screening hit on a watched wallet delivered to a webhook receiver that fails until its
 * endpoint is disabled, and a replica configured.
 */
class AlertMetricsTest {

  /** Series Prometheus makes itself, not the target. */
  static final Set<String> PROMETHEUS_OWN = Set.of("up");
  static final Set<String> PROMQL_WORDS = Set.of("by", "without", "on", "ignoring", "group_left", "group_right",
      "and", "or", "unless", "bool", "offset", "inf", "nan");

  /** The metric names of a PromQL expression: identifiers that are not functions, keywords or labels. */
  static Set<String> metricNames(String expr) {
    String s = expr.replaceAll("\"(?:[^\"\\\\]|\\\\.)*\"", "\"\"")        // string literals
        .replaceAll("\\{[^}]*}", "")                                     // label matchers
        .replaceAll("\\[[^]]*]", "")                                     // range selectors
        .replaceAll("\\b(?:by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)", ""); // label lists
    Set<String> names = new TreeSet<>();
    Matcher m = Pattern.compile("(?<![\\w:.$])([a-zA-Z_:][\\w:]*)\\b(?!\\s*\\()").matcher(s);
    while (m.find()) {
      if (!PROMQL_WORDS.contains(m.group(1).toLowerCase())) {
        names.add(m.group(1));
      }
    }
    return names;
  }

  /** Every name the PrometheusRule's expressions and the dashboard's queries use. */
  static Set<String> namedMetrics() throws Exception {
    Set<String> names = new TreeSet<>();
    AlertRulesTest.ruleGroups().path("groups").forEach(g -> g.path("rules")
        .forEach(r -> names.addAll(metricNames(r.path("expr").asText()))));
    JsonNode dashboard = new ObjectMapper().readTree(Path.of("k8s/base/grafana-dashboard.json").toFile());
    dashboard.path("panels").forEach(p -> p.path("targets").forEach(t -> names.addAll(metricNames(t.path("expr").asText()))));
    return names;
  }

  static Set<String> exposed(TestApp app) {
    return exposed(app.get("/metrics").bodyAsString());
  }

  static Set<String> exposed(String metrics) {
    Set<String> names = new TreeSet<>();
    Matcher m = Pattern.compile("(?m)^([a-zA-Z_:][\\w:]*)(?:\\{|\\s)").matcher(metrics);
    while (m.find()) {
      names.add(m.group(1));
    }
    return names;
  }

  @Test
  void theNameParserFindsMetricsAndNothingElse() {
    assertThat(metricNames("histogram_quantile(0.99, sum by (le, route) (rate(vertx_http_server_response_time_seconds_bucket"
        + "{route=~\"/api.*\", code!=\"5..\"}[5m])))")).containsExactly("vertx_http_server_response_time_seconds_bucket");
    assertThat(metricNames("min without (server) (vouch_db_breaker_state) == 2\nor\nup{job=\"vouch-metrics\"} == 0"))
        .containsExactly("up", "vouch_db_breaker_state");
    assertThat(metricNames("sum by (namespace) (increase(a_total[1h])) / on (namespace) group_left b > bool 0"))
        .containsExactly("a_total", "b");
  }

  /**
   * A counter created at its first increment is missed by {@code increase()} (its first sample is
   * already 1), and a gauge that appears only with some setting empties a panel: every series a
   * rule or panel names is on /metrics of a process that has done nothing yet (issue 34 item 2).
   * The only thing before the checked scrape is one scrape: a Prometheus sees nothing sooner, and
   * that request is what makes Vert.x's HTTP series. A replica is configured (its lag series is per
   * replica) and a chain with an RPC URL (the provider and RPC series are per chain); Redis is not
   * (budgets per process report 0, not degraded).
   */
  @Test
  void everyNamedSeriesIsOnMetricsOfAFreshProcess() throws Exception {
    Set<String> wanted = namedMetrics();
    DatabaseUrl db = TestDatabase.fresh();
    try (Anvil chain = Anvil.start(1, Backdated.GENESIS);
        TestApp app = TestApp.startOn(db, Map.of("DATABASE_REPLICA_URLS", db.toUrl(), "CHAINS_FILE",
            ChainsFile.write(List.of(ChainsFile.Entry.history("Ethereum Mainnet", 1, "ETH", chain.url))).toString()))) {
      app.get("/metrics");
      String body = app.get("/metrics").bodyAsString();
      Set<String> missing = new TreeSet<>(wanted);
      missing.removeAll(exposed(body));
      Set<String> excepted = new TreeSet<>(PROMETHEUS_OWN);
      excepted.retainAll(wanted);
      assertThat(missing).as("named by a rule or a panel, not on /metrics of a fresh process").isEqualTo(excepted);
      // With their known labels: each configured chain's errors by kind, the budget gauge at 0.
      for (String kind : List.of("TRANSPORT", "BUSY", "SERVER", "CIRCUIT_OPEN", "OTHER")) {
        assertThat(body).as("rpc errors of %s", kind).containsPattern(
            "(?m)^vouch_rpc_errors_total\\{[^}]*chain=\"Ethereum Mainnet\"[^}]*kind=\"" + kind + "\"[^}]*} 0\\.0$");
      }
      assertThat(body).containsPattern("(?m)^vouch_webhook_endpoints_disabled_total(\\{})? 0\\.0$")
          .containsPattern("(?m)^vouch_budget_degraded(\\{})? 0\\.0$");
    }
  }

  @Test
  void everyMetricOfTheRulesAndTheDashboardIsExposedByARunningVouch() throws Exception {
    Set<String> wanted = namedMetrics();
    assertThat(wanted).as("names found in the rules and the dashboard").hasSizeGreaterThan(25)
        .contains("vouch_db_breaker_state", "vertx_http_server_requests_total", "vouch_webhook_attempt_seconds_bucket");
    Set<String> fromVouch = new TreeSet<>(wanted);
    fromVouch.removeAll(PROMETHEUS_OWN);

    Path list = Files.createTempFile("flagged", ".csv");
    Files.writeString(list, "address,label\n");
    Path config = Files.createTempFile("application", ".yaml");
    Files.writeString(config, Files.readString(Path.of("config/application.yaml")).replace("  flaggedAddresses: []\n",
        "  flaggedAddresses:\n    - {name: LOCAL, type: csv, path: " + list + "}\n"));
    ScheduledExecutorService follower = Executors.newSingleThreadScheduledExecutor();
    try (Anvil chain = Anvil.start(1, Backdated.GENESIS); WebhookReceiver receiver = new WebhookReceiver()) {
      int closed = TestApp.freePort(); // nothing listens: the second chain's provider is down
      Path chains = ChainsFile.write(List.of(ChainsFile.Entry.history("Ethereum Mainnet", 1, "ETH", chain.url),
          ChainsFile.Entry.history("Base", 8453, "ETH", "http://127.0.0.1:" + closed)));
      Map<String, String> env = new HashMap<>();
      env.put("VOUCH_CONFIG", config.toString());
      env.put("CHAINS_FILE", chains.toString());
      env.put("VOUCH_INDEXING_POLL_MS", "100");
      env.put("VOUCH_INDEXING_BREAKER_FAILURES", "1");
      env.put("REDIS_URL", TestRedis.url());
      env.put("VOUCH_BUDGETS_REDIS_KEY_PREFIX", TestRedis.uniquePrefix());
      env.put("VOUCH_BUDGETS_REDIS_TIMEOUT_MILLIS", "5000");
      env.put("VOUCH_BUDGETS_ANONYMOUS_PER_MINUTE", "2");
      env.put("VOUCH_MONITORING_SCREENING_CHECK_MILLIS", "100");
      env.put("VOUCH_MONITORING_WEBHOOKS_ALLOW_PRIVATE_ADDRESSES", "true");
      env.put("VOUCH_MONITORING_WEBHOOKS_ALLOW_HTTP", "true"); // the loopback receiver is plain http
      env.put("VOUCH_MONITORING_WEBHOOKS_POLL_MS", "100");
      env.put("VOUCH_MONITORING_WEBHOOKS_RETRY_BASE_SECONDS", "1");
      env.put("VOUCH_MONITORING_WEBHOOKS_RETRY_MAX_SECONDS", "1");
      env.put("VOUCH_MONITORING_WEBHOOKS_MAX_RESPONSE_BYTES", "1024");
      env.put("VOUCH_MONITORING_WEBHOOKS_DISABLE_AFTER_FAILURES", "1");
      env.put("VOUCH_MONITORING_WEBHOOKS_DISABLE_AFTER_HOURS", "0");
      // The replica gauges exist only with a replica: the same database stands in for one.
      DatabaseUrl db = TestDatabase.fresh();
      env.put("DATABASE_REPLICA_URLS", db.toUrl());
      try (TestApp app = TestApp.startOn(db, env)) {
        follower.scheduleAtFixedRate(() -> app.clock.set(Instant.now()), 0, 50, TimeUnit.MILLISECONDS);
        TestKeys.Key key = TestKeys.create(app.app.config(), "developer");
        Map<String, String> auth = Map.of("Authorization", "Bearer " + key.secret(), "Content-Type", "application/json");
        // The key's first use comes before the anonymous budget runs out: an unseen key's lookup
        // is charged to its IP's anonymous budget (issue 25 item 5).
        assertThat(app.send(HttpMethod.GET, "/api/v1/decision/" + Anvil.randomAddress(), null, auth).statusCode())
            .isEqualTo(200);
        String wallet = Anvil.randomAddress();
        chain.fund(wallet);
        chain.sendAt(Backdated.days(30), wallet, Anvil.randomAddress(), java.math.BigInteger.ONE);

        // Anonymous answers until the minute's budget refuses one.
        Sql.await("a 429", 30_000, () -> app.get("/api/v1/decision/" + Anvil.randomAddress()).statusCode() == 429);
        // A webhook to a receiver that fails (answers too large), then the wallet watched and so indexed.
        receiver.answerBytes(100_000);
        app.send(HttpMethod.POST, "/api/v1/webhooks", Buffer.buffer(new JsonObject().put("url", receiver.url()).encode()), auth);
        String watchlist = TestApp.data(app.send(HttpMethod.POST, "/api/v1/watchlists",
            Buffer.buffer(new JsonObject().put("name", "metrics").encode()), auth)).getString("id");
        app.send(HttpMethod.POST, "/api/v1/watchlists/" + watchlist + "/wallets",
            Buffer.buffer(new JsonObject().put("wallets", new JsonArray().add(wallet)).encode()), auth);
        // Watching the wallet started its intake.
        Sql.await("the intake committed", 120_000,
            () -> exposed(app).contains("vouch_snapshot_commit_seconds_bucket"));
        Files.writeString(list, "address,label\n" + wallet + ",incident\n");
        app.app.screening().reload(false);

        try {
          Sql.await("every named metric on /metrics", 120_000, () -> exposed(app).containsAll(fromVouch));
        } catch (AssertionError | RuntimeException timedOut) {
          // the assertion below names what is missing
        }
        Set<String> missing = new TreeSet<>(wanted);
        missing.removeAll(exposed(app));
        Set<String> excepted = new TreeSet<>(PROMETHEUS_OWN);
        excepted.retainAll(wanted);
        assertThat(missing).as("named by a rule or a panel, not on /metrics").isEqualTo(excepted);
      }
    } finally {
      follower.shutdownNow();
      Files.deleteIfExists(list);
      Files.deleteIfExists(config);
    }
  }
}
