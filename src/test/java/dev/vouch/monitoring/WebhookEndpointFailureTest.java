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
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * An endpoint that keeps failing (an oversized answer counts as a failure) is disabled with a
 * reason and its open delivery given up (final: enabling does not revive it, a replay sends it);
 * a replay re-sends an old event under its own id and body, after newer ones, and a receiver that
 * applies only events newer than the wallet's last keeps the newest state; a secret that cannot
 * be opened fails its attempt without keeping the worker's only delivery slot.
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

  /** The service with a local CSV list at {@code list}, fast polls and retries, and {@code extra} settings. */
  static TestApp start(Path list, Map<String, String> extra) throws Exception {
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
    env.putAll(extra);
    return TestApp.start(env);
  }

  static String post(TestApp app, String path, JsonObject body, Map<String, String> auth) {
    return TestApp.data(app.send(HttpMethod.POST, path, body == null ? null : Buffer.buffer(body.encode()), auth))
        .getString("id");
  }

  static List<JsonObject> deliveries(TestApp app, String endpoint, Map<String, String> auth) {
    return TestApp.data(app.send(HttpMethod.GET, "/api/v1/webhooks/" + endpoint + "/deliveries", null, auth))
        .getJsonArray("deliveries").stream().map(JsonObject.class::cast).toList();
  }

  static JsonObject deliveryOf(TestApp app, String endpoint, String eventId, Map<String, String> auth) {
    return deliveries(app, endpoint, auth).stream().filter(d -> eventId.equals(d.getString("eventId"))).findFirst()
        .orElseThrow();
  }

  /**
   * What docs/monitoring.md tells a receiver to do: per watchlist, wallet and use case, apply an
   * event only when its {@code data.eventId} is above the last one applied. The state it keeps.
   */
  static Map<String, JsonObject> applyAsDocumented(List<WebhookReceiver.Received> messages) {
    Map<String, Long> last = new HashMap<>();
    Map<String, JsonObject> state = new HashMap<>();
    for (WebhookReceiver.Received m : messages) {
      JsonObject data = m.json().getJsonObject("data");
      String key = data.getString("watchlistId") + "/" + data.getString("wallet") + "/" + data.getString("useCase");
      long id = Long.parseLong(data.getString("eventId"));
      if (id > last.getOrDefault(key, 0L)) {
        last.put(key, id);
        state.put(key, data.getJsonObject("current"));
      }
    }
    return state;
  }

  @Test
  void anEndpointThatKeepsFailingIsDisabledItsDeliveryGivenUpAndAReplayKeepsTheNewestState() throws Exception {
    Path list = Files.createTempFile("flagged", ".csv");
    ScheduledExecutorService follower = Executors.newSingleThreadScheduledExecutor();
    try (TestApp app = start(list, Map.of("VOUCH_MONITORING_WEBHOOKS_MAX_RESPONSE_BYTES", "1024",
            "VOUCH_MONITORING_WEBHOOKS_DISABLE_AFTER_FAILURES", "3",
            "VOUCH_MONITORING_WEBHOOKS_DISABLE_AFTER_HOURS", "0"));
        WebhookReceiver receiver = new WebhookReceiver(); WebhookReceiver healthy = new WebhookReceiver()) {
      follower.scheduleAtFixedRate(() -> app.clock.set(Instant.now()), 0, 50, TimeUnit.MILLISECONDS);
      TestKeys.Key key = TestKeys.create(app.app.config(), "developer");
      Map<String, String> auth = Map.of("Authorization", "Bearer " + key.secret(), "Content-Type", "application/json");
      String wallet = Anvil.randomAddress();
      String id = post(app, "/api/v1/watchlists", new JsonObject().put("name", "failing"), auth);
      app.send(HttpMethod.POST, "/api/v1/watchlists/" + id + "/wallets", Buffer.buffer(
          new JsonObject().put("wallets", new JsonArray().add(wallet)).encode()), auth);
      String endpoint = post(app, "/api/v1/webhooks", new JsonObject().put("url", receiver.url()), auth);
      // A second endpoint of the same key that answers: its deliveries show the worker at work.
      String other = post(app, "/api/v1/webhooks", new JsonObject().put("url", healthy.url()), auth);

      receiver.answerBytes(100_000); // a 200 with more than maxResponseBytes is not a delivery
      Files.writeString(list, "address,label\n" + wallet + ",incident\n");
      app.app.screening().reload(false);
      Sql.await("endpoint disabled", 30_000, () -> !TestApp.data(app.send(HttpMethod.GET, "/api/v1/webhooks/" + endpoint,
          null, auth)).getBoolean("enabled"));
      JsonObject disabled = TestApp.data(app.send(HttpMethod.GET, "/api/v1/webhooks/" + endpoint, null, auth));
      assertThat(disabled.getString("disabledReason")).contains("3 failed attempts").contains("response larger than 1024");
      JsonObject delivery = deliveries(app, endpoint, auth).get(0);
      assertThat(delivery.getString("state")).as("given up with the endpoint").isEqualTo("failed");
      assertThat(delivery.getInteger("attempts")).isEqualTo(3);
      assertThat(delivery.getString("lastError")).startsWith("endpoint disabled; ").contains("response larger than");
      int seen = receiver.received().size();
      String flagged = receiver.received().get(0).id();

      // A later event (the wallet cleared) reaches the other endpoint: the worker ran on after the
      // disable, and the disabled endpoint got nothing, not even a delivery row.
      Files.writeString(list, "address,label\n");
      app.app.screening().reload(false);
      Sql.await("the later event at the healthy endpoint", 30_000, () -> healthy.acceptedIds().size() == 2);
      assertThat(receiver.received()).as("nothing is sent to a disabled endpoint").hasSize(seen);
      assertThat(deliveries(app, endpoint, auth)).hasSize(1);
      // The meters moved with it: two screening events, three failed attempts, two delivered (the
      // healthy endpoint), one endpoint disabled and its one open delivery given up.
      assertThat(sample(app, "vouch_monitor_events_total", "cause=\"screening\"")).isEqualTo(2);
      assertThat(sample(app, "vouch_webhook_attempt_seconds_count", "outcome=\"retry\"")).isEqualTo(3);
      Sql.await("both healthy deliveries recorded", 10_000,
          () -> sample(app, "vouch_webhook_attempt_seconds_count", "outcome=\"delivered\"") == 2);
      assertThat(sample(app, "vouch_webhook_endpoints_disabled_total", "")).isEqualTo(1);
      assertThat(sample(app, "vouch_webhook_deliveries_given_up_total", "")).isEqualTo(1);

      // Enabled again, the given-up delivery is sent by a replay (not by the enable).
      receiver.answerBytes(0);
      assertThat(TestApp.data(app.send(HttpMethod.POST, "/api/v1/webhooks/" + endpoint + "/enable", null, auth))
          .getBoolean("enabled")).isTrue();
      app.send(HttpMethod.POST, "/api/v1/webhooks/" + endpoint + "/deliveries/" + delivery.getString("id") + "/replay",
          null, auth);
      Sql.await("replayed once enabled", 30_000, () -> receiver.received().size() == seen + 1);
      assertThat(receiver.received().get(seen).id()).isEqualTo(flagged);
      Sql.await("recorded delivered", 10_000, () -> "delivered".equals(deliveries(app, endpoint, auth).get(0)
          .getString("state")));

      // A replay of the healthy endpoint's older event arrives after the newer one, with its own
      // webhook-id and the very same body; the documented receiver rule keeps the newer state.
      List<WebhookReceiver.Received> before = healthy.accepted();
      String oldEvent = before.get(0).json().getJsonObject("data").getString("eventId");
      app.send(HttpMethod.POST, "/api/v1/webhooks/" + other + "/deliveries/"
          + deliveryOf(app, other, oldEvent, auth).getString("id") + "/replay", null, auth);
      Sql.await("the replay at the healthy endpoint", 30_000, () -> healthy.accepted().size() == 3);
      List<WebhookReceiver.Received> all = healthy.accepted();
      assertThat(all.get(2).id()).isEqualTo(before.get(0).id()).isEqualTo("evt_" + oldEvent);
      assertThat(all.get(2).body()).isEqualTo(before.get(0).body());
      assertThat(Long.parseLong(oldEvent)).isLessThan(Long.parseLong(all.get(1).json().getJsonObject("data")
          .getString("eventId")));
      assertThat(applyAsDocumented(all).values()).containsExactly(all.get(1).json().getJsonObject("data")
          .getJsonObject("current"));
      assertThat(applyAsDocumented(all)).isEqualTo(applyAsDocumented(before));
    } finally {
      follower.shutdownNow();
    }
  }

  @Test
  void aSecretThatCannotBeOpenedFailsItsAttemptAndGivesTheSlotBack() throws Exception {
    Path list = Files.createTempFile("flagged", ".csv");
    ScheduledExecutorService follower = Executors.newSingleThreadScheduledExecutor();
    // One delivery at a time: a slot kept by the broken endpoint would stop every other delivery.
    try (TestApp app = start(list, Map.of("VOUCH_MONITORING_WEBHOOKS_CONCURRENCY", "1"));
        WebhookReceiver broken = new WebhookReceiver(); WebhookReceiver healthy = new WebhookReceiver()) {
      follower.scheduleAtFixedRate(() -> app.clock.set(Instant.now()), 0, 50, TimeUnit.MILLISECONDS);
      TestKeys.Key key = TestKeys.create(app.app.config(), "developer");
      Map<String, String> auth = Map.of("Authorization", "Bearer " + key.secret(), "Content-Type", "application/json");
      String wallet = Anvil.randomAddress();
      String id = post(app, "/api/v1/watchlists", new JsonObject().put("name", "sealed"), auth);
      app.send(HttpMethod.POST, "/api/v1/watchlists/" + id + "/wallets", Buffer.buffer(
          new JsonObject().put("wallets", new JsonArray().add(wallet)).encode()), auth);
      // Registered first, so its delivery is claimed first.
      String bad = post(app, "/api/v1/webhooks", new JsonObject().put("url", broken.url()), auth);
      post(app, "/api/v1/webhooks", new JsonObject().put("url", healthy.url()), auth);
      // One flipped byte: the GCM tag no longer verifies (a key changed, a damaged row).
      Sql.exec(app.database, "UPDATE webhook_endpoints SET secret_sealed = set_byte(secret_sealed, 20,"
          + " get_byte(secret_sealed, 20) # 255) WHERE id = ?", Long.parseLong(bad));

      Files.writeString(list, "address,label\n" + wallet + ",incident\n");
      app.app.screening().reload(false);
      Sql.await("the healthy endpoint's delivery", 30_000, () -> healthy.acceptedIds().size() == 1);
      Sql.await("the failed attempt recorded", 10_000, () -> deliveries(app, bad, auth).get(0).getInteger("attempts") > 0
          && deliveries(app, bad, auth).get(0).getString("lastError") != null);
      JsonObject failed = deliveries(app, bad, auth).get(0);
      assertThat(failed.getString("lastError")).contains("cannot open the secret of webhook endpoint " + bad);
      assertThat(failed.getString("state")).isIn("pending", "running");
      assertThat(broken.received()).as("nothing is sent without a signature").isEmpty();
    } finally {
      follower.shutdownNow();
    }
  }
}
