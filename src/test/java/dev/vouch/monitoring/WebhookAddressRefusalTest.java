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
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 25 item 8, with private addresses NOT allowed (the production setting): names that
 * resolve inward are refused at registration, and a name that resolves inward at delivery time
 * (registered while it pointed elsewhere) is refused at each attempt, the receiver gets nothing,
 * and the delivery's {@code lastError} is a generic refusal without the resolved address.
 */
class WebhookAddressRefusalTest {

  @Test
  void aNameResolvingToAPrivateAddressAtDeliveryIsRefusedTheReceiverGetsNothingAndTheErrorHidesTheAddress()
      throws Exception {
    Path list = Files.createTempFile("flagged", ".csv");
    Files.writeString(list, "address,label\n");
    Path config = Files.createTempFile("application", ".yaml");
    Files.writeString(config, Files.readString(Path.of("config/application.yaml")).replace("  flaggedAddresses: []\n",
        "  flaggedAddresses:\n    - {name: LOCAL, type: csv, path: " + list + "}\n"));
    Map<String, String> env = new HashMap<>(TestApp.UNMETERED);
    env.put("VOUCH_CONFIG", config.toString());
    env.put("VOUCH_MONITORING_SCREENING_CHECK_MILLIS", "100");
    env.put("VOUCH_MONITORING_WEBHOOKS_ALLOW_PRIVATE_ADDRESSES", "false");
    env.put("VOUCH_MONITORING_WEBHOOKS_ALLOW_HTTP", "true"); // the receiver is plain http on loopback
    env.put("VOUCH_MONITORING_WEBHOOKS_POLL_MS", "100");
    env.put("VOUCH_MONITORING_WEBHOOKS_RETRY_BASE_SECONDS", "1");
    env.put("VOUCH_MONITORING_WEBHOOKS_RETRY_MAX_SECONDS", "1");
    // Retries are scheduled on the app's clock: it follows real time, as in WebhookEndpointFailureTest.
    java.util.concurrent.ScheduledExecutorService follower = java.util.concurrent.Executors.newSingleThreadScheduledExecutor();
    try (TestApp app = TestApp.start(env); WebhookReceiver receiver = new WebhookReceiver()) {
      follower.scheduleAtFixedRate(() -> app.clock.set(java.time.Instant.now()), 0, 50,
          java.util.concurrent.TimeUnit.MILLISECONDS);
      TestKeys.Key key = TestKeys.create(app.app.config(), "developer");
      Map<String, String> auth = Map.of("Authorization", "Bearer " + key.secret(), "Content-Type", "application/json");
      String inward = receiver.url().replace("127.0.0.1", OutboundAddressesTest.hostsFileName());

      // At registration: a name the hosts file resolves to loopback, and transition addresses.
      for (String url : new String[] {inward, "https://[64:ff9b::7f00:1]/x", "https://[::127.0.0.1]/x",
          "https://[2002:7f00:1::]/x", "https://example.com:0/x", "https://example.com:65536/x"}) {
        var refused = app.send(HttpMethod.POST, "/api/v1/webhooks", Buffer.buffer(new JsonObject().put("url", url)
            .encode()), auth);
        assertThat(refused.statusCode()).as(url).isEqualTo(400);
        assertThat(refused.bodyAsJsonObject().getJsonObject("error").getString("code")).isEqualTo("INVALID_REQUEST");
      }

      String wallet = Anvil.randomAddress();
      String watchlist = TestApp.data(app.send(HttpMethod.POST, "/api/v1/watchlists", Buffer.buffer(
          new JsonObject().put("name", "inward").encode()), auth)).getString("id");
      app.send(HttpMethod.POST, "/api/v1/watchlists/" + watchlist + "/wallets", Buffer.buffer(
          new JsonObject().put("wallets", new JsonArray().add(wallet)).encode()), auth);
      // A name that does not resolve yet is accepted; then it "points inward" (the stored URL is
      // moved to a name resolving to loopback, as a DNS re-point would do without our knowing).
      var created = app.send(HttpMethod.POST, "/api/v1/webhooks", Buffer.buffer(
          new JsonObject().put("url", "http://hooks.vouch-test.invalid/x").encode()), auth);
      assertThat(created.statusCode()).isEqualTo(201);
      String endpoint = TestApp.data(created).getString("id");
      Sql.exec(app.database, "UPDATE webhook_endpoints SET url = ? WHERE id = ?", inward, Long.parseLong(endpoint));

      Files.writeString(list, "address,label\n" + wallet + ",incident\n");
      app.app.screening().reload(false);
      // Polled in SQL: polling the API would spend the key's budget.
      long id = Long.parseLong(endpoint);
      Sql.await("a refused attempt", 60_000, () -> Sql.count(app.database,
          "SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = ? AND attempts >= 1", id) > 0);
      // Then the clock stops, so what is read below cannot be an attempt in flight: the second
      // attempt is made due by moving the clock to it, and the delivery is read once it waits
      // again for a time the stopped clock never reaches.
      follower.shutdownNow();
      assertThat(follower.awaitTermination(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
      Sql.await("the delivery to wait for its next attempt", 60_000, () -> settled(app, id));
      if (Sql.count(app.database, "SELECT max(attempts) FROM webhook_deliveries WHERE endpoint_id = ?", id) < 2) {
        app.clock.set(((java.sql.Timestamp) Sql.one(app.database,
            "SELECT next_attempt_at FROM webhook_deliveries WHERE endpoint_id = ?", id).get("next_attempt_at")).toInstant());
        Sql.await("a second refused attempt", 60_000, () -> Sql.count(app.database,
            "SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = ? AND attempts >= 2", id) > 0 && settled(app, id));
      }
      JsonObject delivery = TestApp.data(app.send(HttpMethod.GET, "/api/v1/webhooks/" + endpoint + "/deliveries",
          null, auth)).getJsonArray("deliveries").getJsonObject(0);
      assertThat(delivery.getString("state")).isEqualTo("pending");
      assertThat(delivery.getString("lastError")).isEqualTo(OutboundAddresses.REFUSED)
          .doesNotContain("127.0.0.1").doesNotContain("::1");
      assertThat(receiver.received()).as("the receiver behind the inward name got nothing").isEmpty();
    } finally {
      follower.shutdownNow();
    }
  }

  /** The endpoint's delivery is pending and not due on the app's (stopped) clock: no worker touches it. */
  private static boolean settled(TestApp app, long endpoint) {
    return Sql.count(app.database, "SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = ? AND state = 'pending'"
        + " AND next_attempt_at > ?", endpoint, java.time.OffsetDateTime.ofInstant(app.clock.instant(),
        java.time.ZoneOffset.UTC)) > 0;
  }
}
