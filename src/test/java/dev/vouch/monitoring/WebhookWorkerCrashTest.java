package dev.vouch.monitoring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.cli.Main;
import dev.vouch.support.Anvil;
import dev.vouch.support.ChildJvm;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestKeys;
import dev.vouch.support.WebhookReceiver;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A webhook worker SIGKILLed mid-delivery: a separate worker process claims the delivery and is
 * killed (SIGKILL, Process.destroyForcibly) while the receiver holds its answer; once the lease
 * has run out another worker (a second service instance on the same database) claims the
 * delivery and sends it again with the same webhook-id.
 */
class WebhookWorkerCrashTest {

  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @Test
  void aWorkerKilledMidDeliveryLeavesALeaseThatRunsOutAndAnotherWorkerDeliversTheSameMessage() throws Exception {
    Path list = Files.createTempFile("flagged", ".csv");
    Files.writeString(list, "address,label\n");
    Path config = Files.createTempFile("application", ".yaml");
    Files.writeString(config, Files.readString(Path.of("config/application.yaml")).replace("  flaggedAddresses: []\n",
        "  flaggedAddresses:\n    - {name: LOCAL, type: csv, path: " + list + "}\n"));
    Map<String, String> shared = new HashMap<>(TestApp.UNMETERED);
    shared.put("VOUCH_CONFIG", config.toString());
    shared.put("VOUCH_MONITORING_SCREENING_CHECK_MILLIS", "100");
    shared.put("VOUCH_MONITORING_WEBHOOKS_ALLOW_PRIVATE_ADDRESSES", "true");
    shared.put("VOUCH_MONITORING_WEBHOOKS_ALLOW_HTTP", "true");
    shared.put("VOUCH_MONITORING_WEBHOOKS_CONNECT_TIMEOUT_MS", "500");
    shared.put("VOUCH_MONITORING_WEBHOOKS_TIMEOUT_MS", "4000");
    shared.put("VOUCH_MONITORING_WEBHOOKS_LEASE_SECONDS", "5");
    Map<String, String> api = new HashMap<>(shared);
    // This instance writes the events but never delivers within the test (first poll after an hour).
    api.put("VOUCH_MONITORING_WEBHOOKS_POLL_MS", "3600000");
    Map<String, String> worker = new HashMap<>(shared);
    worker.put("VOUCH_MONITORING_WEBHOOKS_POLL_MS", "100");
    ScheduledExecutorService follower = Executors.newSingleThreadScheduledExecutor();
    Process killed = null;
    TestApp second = null;
    try (TestApp app = TestApp.start(api); WebhookReceiver receiver = new WebhookReceiver()) {
      follower.scheduleAtFixedRate(() -> app.clock.set(Instant.now()), 0, 50, TimeUnit.MILLISECONDS);
      TestKeys.Key key = TestKeys.create(app.app.config(), "developer");
      Map<String, String> auth = Map.of("Authorization", "Bearer " + key.secret(), "Content-Type", "application/json");
      String wallet = Anvil.randomAddress();
      String id = TestApp.data(app.send(HttpMethod.POST, "/api/v1/watchlists", Buffer.buffer(
          new JsonObject().put("name", "crash").encode()), auth)).getString("id");
      app.send(HttpMethod.POST, "/api/v1/watchlists/" + id + "/wallets", Buffer.buffer(
          new JsonObject().put("wallets", new JsonArray().add(wallet)).encode()), auth);
      String secret = TestApp.data(app.send(HttpMethod.POST, "/api/v1/webhooks", Buffer.buffer(
          new JsonObject().put("url", receiver.url()).encode()), auth)).getString("secret");

      receiver.hold(60_000);
      int port = TestApp.freePort();
      Map<String, String> env = new HashMap<>(worker);
      env.put("DATABASE_URL", app.database.toUrl());
      env.put("PORT", Integer.toString(port));
      killed = serveWorker(env);
      awaitReady(killed, port);

      Files.writeString(list, "address,label\n" + wallet + ",incident\n");
      app.app.screening().reload(false);
      Sql.await("the worker process got the delivery", 60_000, () -> receiver.received().size() == 1);
      killed.destroyForcibly();
      assertThat(killed.waitFor(30, TimeUnit.SECONDS)).isTrue();
      Map<String, Object> held = Sql.one(app.database, "SELECT state, attempts, lease_owner FROM webhook_deliveries");
      assertThat(held).containsEntry("state", "running").containsEntry("attempts", 1);
      assertThat((String) held.get("lease_owner")).contains("/hooks/");

      receiver.hold(0);
      Map<String, String> next = new HashMap<>(worker);
      second = TestApp.startOn(app.database, next);
      TestApp taker = second;
      follower.scheduleAtFixedRate(() -> taker.clock.set(Instant.now()), 0, 50, TimeUnit.MILLISECONDS);
      Sql.await("delivered after the lease", 60_000, () -> receiver.accepted().size() == 1);

      List<WebhookReceiver.Received> got = receiver.received();
      assertThat(got).hasSize(2);
      assertThat(got.get(1).id()).isEqualTo(got.get(0).id());
      assertThat(got.get(1).body()).isEqualTo(got.get(0).body());
      assertThat(WebhookReceiver.verifiedByStandardWebhooks(secret, got)).isEqualTo(2);
      assertThat(Sql.one(app.database, "SELECT state, attempts FROM webhook_deliveries"))
          .containsEntry("state", "delivered").containsEntry("attempts", 2);
    } finally {
      follower.shutdownNow();
      if (killed != null && killed.isAlive()) {
        killed.destroyForcibly();
      }
      if (second != null) {
        second.close();
      }
    }
  }

  private static Process serveWorker(Map<String, String> env) throws Exception {
    List<String> cmd = new ArrayList<>(ChildJvm.java("-Xmx256m"));
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), "serve", "--role", "worker"));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().keySet().removeIf(k -> k.equals("DATABASE_URL") || k.equals("REDIS_URL") || k.equals("PORT")
        || k.startsWith("VOUCH_"));
    pb.environment().put("VOUCH_HTTP_INSTANCES", "1");
    pb.environment().put("VOUCH_HTTP_SHUTDOWN_GRACE_SECONDS", "1");
    pb.environment().putAll(env);
    Path log = Files.createTempFile("worker", ".log");
    log.toFile().deleteOnExit();
    pb.redirectErrorStream(true).redirectOutput(log.toFile());
    return pb.start();
  }

  private static void awaitReady(Process p, int port) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
    while (System.nanoTime() < deadline) {
      assertThat(p.isAlive()).as("worker process alive").isTrue();
      try {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health/ready"))
            .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() == 200) {
          return;
        }
      } catch (java.io.IOException e) {
        // not listening yet
      }
      Thread.sleep(200);
    }
    throw new AssertionError("worker process not ready");
  }
}
