package dev.vouch.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vouch.support.Devnet;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestKeys;
import dev.vouch.support.WebhookReceiver;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.math.BigInteger;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Watched-address lag on the devnet: a watched address receives N deposits one at a time (native
 * value and the devnet's real USDC, alternating, from the labelled sanctioned address so each is
 * screened at once); for each, the time from the deposit's block being mined (its receipt
 * answered, automine) to its transfer.screened event committed, and to its webhook received.
 * Not a test: run with bench/transfer-watch.sh [deposits=20] [pollMillis=1000] [webhookPollMs=1000].
 */
public final class TransferWatchBench {

  static final ObjectMapper MAPPER = new ObjectMapper();
  static final HttpClient HTTP = HttpClient.newHttpClient();
  static String rpcUrl;

  public static void main(String[] args) throws Exception {
    int deposits = args.length > 0 ? Integer.parseInt(args[0]) : 20;
    String poll = args.length > 1 ? args[1] : "1000";
    String hookPoll = args.length > 2 ? args[2] : "1000";
    Path dir = Files.createTempDirectory("vouch-devnet");
    int status = 1;
    ScheduledExecutorService follower = Executors.newSingleThreadScheduledExecutor();
    try (Devnet devnet = Devnet.start(dir)) {
      JsonNode truth = MAPPER.readTree(dir.resolve("truth.json").toFile());
      String sanctioned = truth.get("scenario").get("sanctioned").asText();
      String usdc = null;
      for (JsonNode c : truth.get("chains")) {
        if (c.get("chainId").asLong() == 1) {
          rpcUrl = c.get("rpcUrl").asText();
          usdc = c.get("tokens").get("registered").get(0).get("address").asText();
        }
      }
      Path labels = dir.resolve("labels.csv");
      Files.writeString(labels, "address,chain,category,name,source\n" + sanctioned + ",,sanctioned,SDN,OFAC\n");
      Path config = dir.resolve("application.yaml");
      Files.writeString(config, Files.readString(Path.of("config/application.yaml")).replace("  flaggedAddresses: []\n",
          "  flaggedAddresses:\n    - {name: LABELS, type: labels, path: " + labels + "}\n"));
      Map<String, String> env = new HashMap<>(BenchEnv.unmetered());
      env.put("VOUCH_CONFIG", config.toString());
      env.put("CHAINS_FILE", dir.resolve("chains.yaml").toString());
      env.put("VOUCH_MONITORING_WEBHOOKS_ALLOW_PRIVATE_ADDRESSES", "true");
      env.put("VOUCH_MONITORING_WEBHOOKS_ALLOW_HTTP", "true");
      env.put("VOUCH_MONITORING_WEBHOOKS_POLL_MS", hookPoll);
      env.put("VOUCH_MONITORING_TRANSFER_WATCH_POLL_MILLIS", poll);
      try (TestApp app = TestApp.start(env); WebhookReceiver receiver = new WebhookReceiver()) {
        follower.scheduleAtFixedRate(() -> app.clock.set(Instant.now()), 0, 20, TimeUnit.MILLISECONDS);
        TestKeys.Key key = TestKeys.create(app.app.config(), "developer");
        Map<String, String> auth = Map.of("Authorization", "Bearer " + key.secret(), "Content-Type", "application/json");
        String watched = "0x" + HexFormat.of().formatHex(randomBytes());
        String id = TestApp.data(app.send(HttpMethod.POST, "/api/v1/watchlists", new JsonObject().put("name", "bench")
            .put("screenTransfers", true).toBuffer(), auth)).getString("id");
        app.send(HttpMethod.POST, "/api/v1/watchlists/" + id + "/wallets", new JsonObject().put("wallets",
            new JsonArray().add(watched)).toBuffer(), auth);
        app.send(HttpMethod.POST, "/api/v1/webhooks", new JsonObject().put("url", receiver.url())
            .put("eventTypes", new JsonArray().add("transfer.screened")).toBuffer(), auth);
        Sql.await("cursor", 120_000, () -> Sql.count(app.database,
            "SELECT count(*) FROM transfer_watch_cursors WHERE chain_id = 1") == 1);
        rpc("anvil_impersonateAccount", sanctioned);
        rpc("anvil_setBalance", sanctioned, "0x" + BigInteger.TEN.pow(22).toString(16));
        List<Long> toEvent = new ArrayList<>();
        List<Long> toHook = new ArrayList<>();
        for (int i = 0; i < deposits; i++) {
          String hash = i % 2 == 0 ? send(sanctioned, watched, BigInteger.TEN.pow(15), null)
              : send(sanctioned, usdc, BigInteger.ZERO, "0xa9059cbb" + word(watched.substring(2)) + word("f4240"));
          long mined = System.nanoTime();
          int n = i + 1;
          while (Sql.count(app.database, "SELECT count(*) FROM monitor_events WHERE current->>'txHash' = ?", hash) == 0) {
            Thread.sleep(2);
          }
          toEvent.add((System.nanoTime() - mined) / 1_000_000);
          while (receiver.acceptedIds().size() < n) {
            Thread.sleep(2);
          }
          toHook.add((System.nanoTime() - mined) / 1_000_000);
        }
        long events = Sql.count(app.database, "SELECT count(*) FROM monitor_events WHERE type = 'transfer.screened'");
        System.out.printf("deposits=%d pollMillis=%s webhooks.pollMs=%s cores=%d%n", deposits, poll, hookPoll,
            Runtime.getRuntime().availableProcessors());
        System.out.printf("events: %d (expected exactly %d) %s%n", events, deposits, events == deposits ? "OK" : "WRONG");
        System.out.println("block mined -> event committed, ms: " + summary(toEvent));
        System.out.println("block mined -> webhook received, ms: " + summary(toHook));
        status = events == deposits ? 0 : 1;
      }
    } finally {
      follower.shutdownNow();
    }
    System.exit(status);
  }

  static String summary(List<Long> ms) {
    List<Long> s = new ArrayList<>(ms);
    Collections.sort(s);
    return "p50 " + s.get(s.size() / 2) + ", p90 " + s.get((int) Math.min(s.size() - 1, Math.round(s.size() * 0.9)))
        + ", max " + s.get(s.size() - 1) + ", min " + s.get(0);
  }

  static byte[] randomBytes() {
    byte[] b = new byte[20];
    ThreadLocalRandom.current().nextBytes(b);
    return b;
  }

  static String word(String hex) {
    return "0".repeat(64 - hex.length()) + hex;
  }

  static String send(String from, String to, BigInteger value, String data) throws Exception {
    ObjectNode tx = MAPPER.createObjectNode().put("from", from).put("to", to).put("value", "0x" + value.toString(16))
        .put("gas", "0x100000");
    if (data != null) {
      tx.put("data", data);
    }
    String hash = rpc("eth_sendTransaction", tx).asText();
    while (rpc("eth_getTransactionReceipt", hash).isNull()) {
      Thread.sleep(2);
    }
    return hash;
  }

  static JsonNode rpc(String method, Object... params) throws Exception {
    ObjectNode req = MAPPER.createObjectNode().put("jsonrpc", "2.0").put("id", 1).put("method", method);
    req.set("params", MAPPER.valueToTree(List.of(params)));
    JsonNode answer = MAPPER.readTree(HTTP.send(HttpRequest.newBuilder(URI.create(rpcUrl))
        .header("content-type", "application/json").POST(HttpRequest.BodyPublishers.ofString(req.toString())).build(),
        java.net.http.HttpResponse.BodyHandlers.ofString()).body());
    if (answer.has("error")) {
      throw new IllegalStateException(method + ": " + answer.get("error"));
    }
    return answer.get("result");
  }
}
