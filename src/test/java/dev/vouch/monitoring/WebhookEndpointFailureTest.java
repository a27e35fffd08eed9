package dev.vouch.monitoring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Anvil;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestKeys;
import dev.vouch.support.WebhookReceiver;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * An endpoint that keeps failing (an oversized answer counts as a failure) is disabled with a
 * reason; its delivery waits, and arrives once the caller enables the endpoint again.
 */
class WebhookEndpointFailureTest {

  /** The sample of {@code name} whose labels include {@code label} (all of them when empty); 0 when absent. */
  static double sample(TestApp app, String name, String label) {
    Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name) + "(?:\\{([^}]*)})? (\\S+)$")
        .matcher(app.get("/metrics").bodyAsString());
    while (m.find()) {
      if (m.group(1) == null ? label.isEmpty() : m.group(1).contains(label)) {
        return Double.parseDouble(m.group(2));
      }
    }
    return 0;
  }

  @Test
  void anEndpointThatKeepsFailingIsDisabledWithAReasonAndDeliversOnceEnabledAgain() throws Exception {
    Path list = Files.createTempFile("flagged", ".csv");
    Files.writeString(list, "address,label\n");
    Path config = Files.createTempFile("application", ".yaml");
    Files.writeString(config, Files.readString(Path.of("config/application.yaml")).replace("  flaggedAddresses: []\n",
        "  flaggedAddresses:\n    - {name: LOCAL, type: csv, path: " + list + "}\n"));
    Map<String, String> env = new HashMap<>(TestApp.UNMETERED);
    env.put("VOUCH_CONFIG", config.toString());
    env.put("VOUCH_BUDGETS_PLANS_DEVELOPER_DAILY_SCANS", "0");
    env.put("VOUCH_MONITORING_SCREENING_CHECK_MILLIS", "100");
    env.put("VOUCH_MONITORING_WEBHOOKS_ALLOW_PRIVATE_ADDRESSES", "true");
    env.put("VOUCH_MONITORING_WEBHOOKS_ALLOW_HTTP", "true");
    env.put("VOUCH_MONITORING_WEBHOOKS_POLL_MS", "100");
    env.put("VOUCH_MONITORING_WEBHOOKS_RETRY_BASE_SECONDS", "1");
    env.put("VOUCH_MONITORING_WEBHOOKS_RETRY_MAX_SECONDS", "1");
    env.put("VOUCH_MONITORING_WEBHOOKS_MAX_RESPONSE_BYTES", "1024");
    env.put("VOUCH_MONITORING_WEBHOOKS_DISABLE_AFTER_FAILURES", "3");
    env.put("VOUCH_MONITORING_WEBHOOKS_DISABLE_AFTER_HOURS", "0");
    ScheduledExecutorService follower = Executors.newSingleThreadScheduledExecutor();
    try (TestApp app = TestApp.start(env); WebhookReceiver receiver = new WebhookReceiver()) {
      follower.scheduleAtFixedRate(() -> app.clock.set(Instant.now()), 0, 50, TimeUnit.MILLISECONDS);
      TestKeys.Key key = TestKeys.create(app.app.config(), "developer");
      Map<String, String> auth = Map.of("Authorization", "Bearer " + key.secret(), "Content-Type", "application/json");
      String wallet = Anvil.randomAddress();
      String id = TestApp.data(app.send(HttpMethod.POST, "/api/v1/watchlists", Buffer.buffer(
          new JsonObject().put("name", "failing").encode()), auth)).getString("id");
      app.send(HttpMethod.POST, "/api/v1/watchlists/" + id + "/wallets", Buffer.buffer(
          new JsonObject().put("wallets", new JsonArray().add(wallet)).encode()), auth);
      String endpoint = TestApp.data(app.send(HttpMethod.POST, "/api/v1/webhooks", Buffer.buffer(
          new JsonObject().put("url", receiver.url()).encode()), auth)).getString("id");

      receiver.answerBytes(100_000); // a 200 with more than maxResponseBytes is not a delivery
      Files.writeString(list, "address,label\n" + wallet + ",incident\n");
      app.app.screening().reload(false);
      Sql.await("endpoint disabled", 30_000, () -> !TestApp.data(app.send(HttpMethod.GET, "/api/v1/webhooks/" + endpoint,
          null, auth)).getBoolean("enabled"));
      JsonObject disabled = TestApp.data(app.send(HttpMethod.GET, "/api/v1/webhooks/" + endpoint, null, auth));
      assertThat(disabled.getString("disabledReason")).contains("3 failed attempts").contains("response larger than 1024");
      JsonObject delivery = TestApp.data(app.send(HttpMethod.GET, "/api/v1/webhooks/" + endpoint + "/deliveries", null,
          auth)).getJsonArray("deliveries").getJsonObject(0);
      assertThat(delivery.getString("state")).isEqualTo("pending");
      assertThat(delivery.getInteger("attempts")).isEqualTo(3);
      assertThat(delivery.getString("lastError")).contains("response larger than");
      int seen = receiver.received().size();
      Thread.sleep(1500);
      assertThat(receiver.received()).as("nothing is sent to a disabled endpoint").hasSize(seen);
      // The meters moved with it: one screening event, three failed attempts, one endpoint
      // disabled, and its delivery waiting in the backlog gauge (polled every 15 polls, 1.5 s here).
      assertThat(sample(app, "vouch_monitor_events_total", "cause=\"screening\"")).isEqualTo(1);
      assertThat(sample(app, "vouch_webhook_attempt_seconds_count", "outcome=\"retry\"")).isEqualTo(3);
      assertThat(sample(app, "vouch_webhook_attempt_seconds_count", "outcome=\"delivered\"")).isZero();
      assertThat(sample(app, "vouch_webhook_endpoints_disabled_total", "")).isEqualTo(1);
      Sql.await("backlog gauge", 10_000, () -> sample(app, "vouch_webhook_deliveries", "state=\"pending\"") == 1);

      receiver.answerBytes(0);
      assertThat(TestApp.data(app.send(HttpMethod.POST, "/api/v1/webhooks/" + endpoint + "/enable", null, auth))
          .getBoolean("enabled")).isTrue();
      // The oversized answers were 200s the worker refused: the delivery is the next request.
      Sql.await("delivered once enabled", 30_000, () -> receiver.received().size() == seen + 1);
      assertThat(receiver.received().get(seen).id()).isEqualTo(receiver.received().get(0).id());
      Sql.await("recorded delivered", 10_000, () -> "delivered".equals(TestApp.data(app.send(HttpMethod.GET,
          "/api/v1/webhooks/" + endpoint + "/deliveries", null, auth)).getJsonArray("deliveries").getJsonObject(0)
          .getString("state")));
      assertThat(sample(app, "vouch_webhook_attempt_seconds_count", "outcome=\"delivered\"")).isEqualTo(1);
      assertThat(sample(app, "vouch_webhook_attempt_seconds_sum", "outcome=\"delivered\"")).isPositive();
      Sql.await("backlog drained", 10_000, () -> sample(app, "vouch_webhook_deliveries", "state=\"pending\"") == 0);
    } finally {
      follower.shutdownNow();
    }
  }
}
