package dev.vouch.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vouch.cli.Main;
import dev.vouch.support.ChildJvm;
import dev.vouch.support.Devnet;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestKeys;
import dev.vouch.support.WebhookReceiver;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.math.BigInteger;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Watched deposit addresses end to end on the devnet's real token contracts: the block scanner
 * runs in a separate worker process ({@code serve --role worker}) that is SIGKILLed in the middle
 * of a step (it has read the next deposits and waits in its commit on the cursor row, which the
 * test holds), while deposits (USDT, USDC and native value, each in its own block) keep
 * arriving; then it is started again
 * beside a second worker on the same database, both scanning. Each deposit gives exactly one
 * transfer.screened event (on the feed and as a webhook) to each key watching the address; an
 * address on a list without screenTransfers gets nothing; turning screening off stops it.
 */
class TransferWatchDevnetTest {

  static final long CHAIN = 1; // the devnet's "Ethereum Mainnet": the chain with the token contracts
  static final ObjectMapper MAPPER = new ObjectMapper();
  static final HttpClient HTTP = HttpClient.newHttpClient();

  static Devnet devnet;
  static JsonNode scenario;
  static JsonNode tokens;
  static String rpcUrl;
  static Map<String, String> env;
  static TestApp app;

  @BeforeAll
  static void start() throws Exception {
    Path dir = Files.createTempDirectory("vouch-devnet");
    devnet = Devnet.start(dir);
    JsonNode truth = MAPPER.readTree(dir.resolve("truth.json").toFile());
    scenario = truth.get("scenario");
    for (JsonNode c : truth.get("chains")) {
      if (c.get("chainId").asLong() == CHAIN) {
        tokens = c.get("tokens");
        rpcUrl = c.get("rpcUrl").asText();
      }
    }
    Path labels = dir.resolve("labels.csv");
    Files.writeString(labels, "address,chain,category,name,source\n" + w("sanctioned") + ",,sanctioned,Devnet SDN entry,OFAC\n");
    Path config = dir.resolve("application.yaml");
    Files.writeString(config, Files.readString(Path.of("config/application.yaml")).replace("  flaggedAddresses: []\n",
        "  flaggedAddresses:\n    - {name: LABELS, type: labels, path: " + labels + "}\n"));
    env = new HashMap<>(TestApp.UNMETERED);
    env.put("VOUCH_CONFIG", config.toString());
    env.put("CHAINS_FILE", dir.resolve("chains.yaml").toString());
    env.put("VOUCH_INDEXING_POLL_MS", "100");
    env.put("VOUCH_MONITORING_WEBHOOKS_ALLOW_PRIVATE_ADDRESSES", "true");
    env.put("VOUCH_MONITORING_WEBHOOKS_ALLOW_HTTP", "true");
    env.put("VOUCH_MONITORING_WEBHOOKS_POLL_MS", "100");
    env.put("VOUCH_MONITORING_TRANSFER_WATCH_POLL_MILLIS", "100");
    // One block per step: a kill lands between commits while later blocks wait.
    env.put("VOUCH_MONITORING_TRANSFER_WATCH_MAX_BLOCKS", "1");
    Map<String, String> api = new HashMap<>(env);
    // This instance serves the API and delivers webhooks; only the worker processes scan blocks.
    api.put("VOUCH_MONITORING_TRANSFER_WATCH_ENABLED", "false");
    app = TestApp.start(api);
    // Ahead of the worker processes' clocks, so what they write is due for this instance's delivery worker.
    app.clock.set(Instant.now().plus(Duration.ofHours(1)));
    assertThat(app.send(HttpMethod.POST, "/api/v1/intake/" + w("honestPeer"), null, Map.of()).statusCode()).isEqualTo(202);
    Sql.await("committed honestPeer", 180_000,
        () -> "cached".equals(TestApp.data(app.get("/api/v1/score/" + w("honestPeer"))).getString("cacheStatus")));
  }

  @AfterAll
  static void stop() throws Exception {
    if (app != null) {
      app.close();
    }
    if (devnet != null) {
      devnet.close();
    }
  }

  static String w(String role) {
    return scenario.get(role).asText();
  }

  static String token(String symbol) {
    for (JsonNode t : tokens.get("registered")) {
      if (t.get("symbol").asText().equals(symbol)) {
        return t.get("address").asText();
      }
    }
    throw new AssertionError("no registered " + symbol);
  }

  @Test
  void depositsToAWatchedAddressGiveOneEventEachToEachWatchingKeyAcrossAWorkerKilledMidStream() throws Exception {
    String watched = randomAddress();
    String listedOnly = randomAddress();
    Process worker = null;
    TestApp second = null;
    try (WebhookReceiver receiver = new WebhookReceiver()) {
      Map<String, String> owner = subscribed(receiver);
      Map<String, String> other = keyHeaders();
      String list = watchlist(owner, true, watched);
      watchlist(other, true, watched);
      watchlist(owner, false, listedOnly);

      worker = serveWorker();
      Process first = worker;
      Sql.await("the worker started chain " + CHAIN + "'s cursor", 180_000, () -> first.isAlive()
          && Sql.count(app.database, "SELECT count(*) FROM transfer_watch_cursors WHERE chain_id = ?", CHAIN) == 1);

      // Deposits: each transaction is mined in a block of its own (automine).
      impersonate(w("honestPeer"));
      impersonate(w("sanctioned"));
      List<String> deposits = new ArrayList<>();
      deposits.add(send(w("honestPeer"), watched, BigInteger.TEN.pow(17), null));
      Sql.await("the worker screened the first deposit", 120_000, () -> screenings(watched) == 1);
      long cursorAtKill;
      // The cursor row held here: the worker's next step reads the next deposits and then waits in
      // its commit, where the kill finds it.
      try (Connection hold = DriverManager.getConnection(app.database.jdbcUrl(), app.database.user(),
          app.database.password())) {
        hold.setAutoCommit(false);
        try (Statement st = hold.createStatement()) {
          st.execute("SELECT next_block FROM transfer_watch_cursors WHERE chain_id = " + CHAIN + " FOR UPDATE");
        }
        cursorAtKill = cursor();
        deposits.add(send(w("honestPeer"), token("USDT"), BigInteger.ZERO, transferCall(watched, BigInteger.valueOf(7_000_000))));
        deposits.add(send(w("sanctioned"), token("USDC"), BigInteger.ZERO, transferCall(watched, BigInteger.valueOf(3_000_000))));
        send(w("honestPeer"), listedOnly, BigInteger.TEN.pow(17), null);
        Sql.await("the worker's step waits in its commit", 120_000, () -> Sql.count(app.database,
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%transfer_watch_cursors%'"
            + " AND pid <> pg_backend_pid()") == 1);
        worker.destroyForcibly();
        assertThat(worker.waitFor(30, TimeUnit.SECONDS)).isTrue();
        hold.rollback();
      }
      // Killed mid-step: the first deposit committed, the step that had read the next ones did not.
      assertThat(screenings(watched)).isEqualTo(1);
      assertThat(events(watched)).isEqualTo(2); // one per watching key
      assertThat(cursor()).isEqualTo(cursorAtKill).isLessThanOrEqualTo(block(deposits.get(1)));

      // More deposits while no worker runs; then two workers scan from the committed cursor.
      deposits.add(send(w("honestPeer"), watched, BigInteger.TEN.pow(16), null));
      deposits.add(send(w("honestPeer"), token("USDT"), BigInteger.ZERO, transferCall(watched, BigInteger.valueOf(1_500_000))));
      send(w("honestPeer"), token("USDT"), BigInteger.ZERO, transferCall(listedOnly, BigInteger.valueOf(2_000_000)));
      long last = block(deposits.get(deposits.size() - 1));
      worker = serveWorker();
      second = TestApp.startOn(app.database, env);
      second.clock.set(Instant.now());
      Sql.await("both workers scanned past the last deposit", 180_000, () -> cursor() > last);

      // Exactly one screening per deposit, each with one event per watching key and none twice.
      assertThat(Sql.count(app.database, "SELECT count(*) FROM transfer_screenings WHERE address = ?", watched))
          .isEqualTo(deposits.size());
      Set<String> hashes = new TreeSet<>();
      for (Map<String, String> key : List.of(owner, other)) {
        List<JsonObject> feed = feed(key, watched);
        assertThat(feed).as("events of a watching key").hasSize(deposits.size());
        assertThat(feed.stream().map(e -> e.getJsonObject("current").getLong("screeningId")).distinct().count())
            .isEqualTo(deposits.size());
        feed.forEach(e -> hashes.add(e.getJsonObject("current").getString("txHash")));
      }
      assertThat(hashes).containsExactlyInAnyOrderElementsOf(deposits);
      Map<String, String> verdicts = new HashMap<>();
      feed(owner, watched).forEach(e -> verdicts.put(e.getJsonObject("current").getString("txHash"),
          e.getJsonObject("current").getString("verdict") + "/" + e.getJsonObject("current").getString("asset")));
      assertThat(verdicts).containsEntry(deposits.get(0), "allow/native").containsEntry(deposits.get(1), "allow/token")
          .containsEntry(deposits.get(2), "block/token").containsEntry(deposits.get(3), "allow/native")
          .containsEntry(deposits.get(4), "allow/token");
      Sql.await("one webhook per event", 60_000, () -> receiver.acceptedIds().size() == deposits.size());
      assertThat(receiver.accepted()).allSatisfy(r -> assertThat(r.json().getString("type")).isEqualTo("transfer.screened"));

      // A wallet on a list without screenTransfers gets nothing.
      assertThat(Sql.count(app.database, "SELECT count(*) FROM transfer_screenings WHERE address = ?", listedOnly))
          .isZero();
      assertThat(feed(owner, listedOnly)).isEmpty();

      // Turned off: the next deposit is not screened.
      HttpResponse<Buffer> off = app.send(HttpMethod.PATCH, "/api/v1/watchlists/" + list,
          new JsonObject().put("screenTransfers", false).toBuffer(), owner);
      assertThat(off.statusCode()).as(off.bodyAsString()).isEqualTo(200);
      assertThat(TestApp.data(off).getBoolean("screenTransfers")).isFalse();
      String unwatched = send(w("honestPeer"), watched, BigInteger.TEN.pow(15), null);
      long afterOff = block(unwatched);
      Sql.await("scanned past the deposit after the change", 120_000, () -> cursor() > afterOff);
      // The other key still watches the address: its screening is made, and only its key is told.
      assertThat(feed(owner, watched)).hasSize(deposits.size());
      assertThat(feed(other, watched)).hasSize(deposits.size() + 1);
    } finally {
      if (worker != null && worker.isAlive()) {
        worker.destroyForcibly();
        worker.waitFor(30, TimeUnit.SECONDS);
      }
      if (second != null) {
        second.close();
      }
    }
  }

  @Test
  void aWatchlistChangeIsValidatedAndOwned() throws Exception {
    Map<String, String> key = keyHeaders();
    String id = watchlist(key, false, randomAddress());
    for (String bad : List.of("{}", "{\"screenTransfers\": \"yes\"}", "{\"screenTransfers\": true, \"name\": \"x\"}", "[]")) {
      HttpResponse<Buffer> r = app.send(HttpMethod.PATCH, "/api/v1/watchlists/" + id, Buffer.buffer(bad), key);
      assertThat(r.statusCode()).as(bad).isEqualTo(400);
      assertThat(r.bodyAsJsonObject().getJsonObject("error").getString("code")).isEqualTo("INVALID_REQUEST");
    }
    assertThat(Sql.count(app.database, "SELECT count(*) FROM watchlists WHERE id = ? AND screen_transfers",
        Long.parseLong(id))).isZero();
    HttpResponse<Buffer> foreign = app.send(HttpMethod.PATCH, "/api/v1/watchlists/" + id,
        new JsonObject().put("screenTransfers", true).toBuffer(), keyHeaders());
    assertThat(foreign.statusCode()).isEqualTo(404);
    HttpResponse<Buffer> on = app.send(HttpMethod.PATCH, "/api/v1/watchlists/" + id,
        new JsonObject().put("screenTransfers", true).toBuffer(), key);
    assertThat(on.statusCode()).as(on.bodyAsString()).isEqualTo(200);
    assertThat(TestApp.data(on).getBoolean("screenTransfers")).isTrue();
    assertThat(TestApp.data(on).getLong("size")).isEqualTo(1);
    HttpResponse<Buffer> created = app.send(HttpMethod.POST, "/api/v1/watchlists",
        new JsonObject().put("name", "x").put("screenTransfers", "true").toBuffer(), key);
    assertThat(created.statusCode()).isEqualTo(400);
    assertThat(app.send(HttpMethod.PATCH, "/api/v1/watchlists/" + id, new JsonObject().put("screenTransfers", true)
        .toBuffer(), Map.of("Content-Type", "application/json")).statusCode()).isEqualTo(401);
  }

  // ---- helpers

  static Map<String, String> keyHeaders() {
    TestKeys.Key key = TestKeys.create(app.app.config(), "developer");
    return Map.of("Authorization", "Bearer " + key.secret(), "Content-Type", "application/json");
  }

  static Map<String, String> subscribed(WebhookReceiver receiver) {
    Map<String, String> auth = keyHeaders();
    HttpResponse<Buffer> hook = app.send(HttpMethod.POST, "/api/v1/webhooks", new JsonObject().put("url", receiver.url())
        .put("eventTypes", new JsonArray().add("transfer.screened")).toBuffer(), auth);
    assertThat(hook.statusCode()).as(hook.bodyAsString()).isEqualTo(201);
    return auth;
  }

  /** A list of the key holding {@code wallet}: its id. */
  static String watchlist(Map<String, String> auth, boolean screenTransfers, String wallet) {
    HttpResponse<Buffer> r = app.send(HttpMethod.POST, "/api/v1/watchlists", new JsonObject().put("name", "deposits")
        .put("screenTransfers", screenTransfers).toBuffer(), auth);
    assertThat(r.statusCode()).as(r.bodyAsString()).isEqualTo(201);
    assertThat(TestApp.data(r).getBoolean("screenTransfers")).isEqualTo(screenTransfers);
    String id = TestApp.data(r).getString("id");
    HttpResponse<Buffer> add = app.send(HttpMethod.POST, "/api/v1/watchlists/" + id + "/wallets",
        new JsonObject().put("wallets", new JsonArray().add(wallet)).toBuffer(), auth);
    assertThat(add.statusCode()).as(add.bodyAsString()).isEqualTo(200);
    return id;
  }

  /** The key's transfer.screened events about {@code address}. */
  static List<JsonObject> feed(Map<String, String> auth, String address) {
    HttpResponse<Buffer> r = app.send(HttpMethod.GET, "/api/v1/events?limit=1000", null, auth);
    assertThat(r.statusCode()).as(r.bodyAsString()).isEqualTo(200);
    return TestApp.data(r).getJsonArray("events").stream().map(e -> (JsonObject) e)
        .filter(e -> "transfer.screened".equals(e.getString("type")) && address.equals(e.getString("wallet")))
        .toList();
  }

  static long screenings(String address) {
    return Sql.count(app.database, "SELECT count(*) FROM transfer_screenings WHERE address = ?", address);
  }

  static long events(String address) {
    return Sql.count(app.database, "SELECT count(*) FROM monitor_events WHERE type = 'transfer.screened' AND wallet = ?",
        address);
  }

  static long cursor() {
    return Sql.count(app.database, "SELECT coalesce(max(next_block), 0) FROM transfer_watch_cursors WHERE chain_id = ?",
        CHAIN);
  }

  static String randomAddress() {
    byte[] b = new byte[20];
    ThreadLocalRandom.current().nextBytes(b);
    return "0x" + HexFormat.of().formatHex(b);
  }

  static void impersonate(String a) {
    rpc("anvil_impersonateAccount", a);
    rpc("anvil_setBalance", a, "0x" + BigInteger.TEN.pow(21).toString(16));
  }

  static long block(String hash) {
    return Long.decode(rpc("eth_getTransactionReceipt", hash).get("blockNumber").asText());
  }

  static String send(String from, String to, BigInteger value, String data) {
    ObjectNode tx = MAPPER.createObjectNode().put("from", from).put("to", to).put("value", "0x" + value.toString(16))
        .put("gas", "0x100000");
    if (data != null) {
      tx.put("data", data);
    }
    String hash = rpc("eth_sendTransaction", tx).asText();
    Sql.await("mined " + hash, 10_000, () -> !rpc("eth_getTransactionReceipt", hash).isNull());
    assertThat(rpc("eth_getTransactionReceipt", hash).get("status").asText()).isEqualTo("0x1");
    return hash;
  }

  static String word(String hex) {
    return "0".repeat(64 - hex.length()) + hex;
  }

  static String transferCall(String to, BigInteger value) {
    return "0xa9059cbb" + word(to.substring(2)) + word(value.toString(16));
  }

  static JsonNode rpc(String method, Object... params) {
    try {
      ObjectNode req = MAPPER.createObjectNode().put("jsonrpc", "2.0").put("id", 1).put("method", method);
      req.set("params", MAPPER.valueToTree(List.of(params)));
      JsonNode answer = MAPPER.readTree(HTTP.send(HttpRequest.newBuilder(URI.create(rpcUrl))
          .header("content-type", "application/json").POST(HttpRequest.BodyPublishers.ofString(req.toString())).build(),
          java.net.http.HttpResponse.BodyHandlers.ofString()).body());
      if (answer.has("error")) {
        throw new IllegalStateException(method + ": " + answer.get("error"));
      }
      return answer.get("result");
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** A worker process on the test's database, the same configuration; ready when its health says so. */
  static Process serveWorker() throws Exception {
    List<String> cmd = new ArrayList<>(ChildJvm.java("-Xmx256m"));
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), "serve", "--role", "worker"));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().keySet().removeIf(k -> k.equals("DATABASE_URL") || k.equals("REDIS_URL") || k.equals("PORT")
        || k.startsWith("VOUCH_") || k.equals("CHAINS_FILE"));
    int port = TestApp.freePort();
    pb.environment().put("VOUCH_HTTP_INSTANCES", "1");
    pb.environment().put("VOUCH_HTTP_SHUTDOWN_GRACE_SECONDS", "1");
    pb.environment().putAll(env);
    pb.environment().put("DATABASE_URL", app.database.toUrl());
    pb.environment().put("PORT", Integer.toString(port));
    Path log = Files.createTempFile("watch-worker", ".log");
    log.toFile().deleteOnExit();
    pb.redirectErrorStream(true).redirectOutput(log.toFile());
    Process p = pb.start();
    long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
    while (System.nanoTime() < deadline) {
      if (!p.isAlive()) {
        throw new AssertionError("worker process ended: " + Files.readString(log));
      }
      try {
        java.net.http.HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
            + "/health/ready")).timeout(Duration.ofSeconds(5)).build(), java.net.http.HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() == 200) {
          return p;
        }
      } catch (java.io.IOException e) {
        // not listening yet
      }
      Thread.sleep(200);
    }
    p.destroyForcibly();
    throw new AssertionError("worker process not ready");
  }
}
