package dev.vouch.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vouch.support.Devnet;
import dev.vouch.support.Sql;
import dev.vouch.support.TestKeys;
import dev.vouch.support.WebhookReceiver;
import dev.vouch.support.TestApp;
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
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * POST /api/v1/transfers and GET /api/v1/transfers/{id} against the devnet's real token contracts
 * (tools/devnet/tokens.mjs: USDC, USDT and a fake token with USDC's symbol on Anvil, a labelled
 * sanctioned address and mixer): deposits from sanctioned, mixer, mixer-funded, clean and
 * never-indexed senders, a withdrawal to the sanctioned address, a transaction moving two
 * transfers, a reverted one, an unknown hash and one that does not touch the address. The
 * transactions not in the seed are sent here over the chain's own JSON-RPC.
 */
class TransferScreeningDevnetTest {

  static final long CHAIN = 1; // the devnet's "Ethereum Mainnet", a history chain with the token scenario
  static final ObjectMapper MAPPER = new ObjectMapper();
  static final HttpClient HTTP = HttpClient.newHttpClient();

  static Devnet devnet;
  static JsonNode scenario;
  static JsonNode tokens;
  static String rpcUrl;
  static TestApp app;
  /** The app's settings, for another instance over the same devnet and database. */
  static Map<String, String> settings;
  static final Instant AT = Instant.now().plus(1, ChronoUnit.HOURS).truncatedTo(ChronoUnit.SECONDS);

  @BeforeAll
  static void start() throws Exception {
    startWith(Map.of("VOUCH_INDEXING_POLL_MS", "100", "VOUCH_MONITORING_WEBHOOKS_POLL_MS", "100"));
  }

  /** The devnet, its labels and an app over it with {@code extra} settings; honestPeer and mixerFunded indexed. */
  static void startWith(Map<String, String> extra) throws Exception {
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
    Files.writeString(labels, "address,chain,category,name,source\n"
        + w("sanctioned") + ",,sanctioned,Devnet SDN entry,OFAC\n"
        + w("mixer") + ",,mixer,Devnet mixer,TRM\n");
    String appYaml = Files.readString(Path.of("config/application.yaml")).replace("  flaggedAddresses: []\n",
        "  flaggedAddresses:\n    - {name: LABELS, type: labels, path: " + labels + "}\n");
    Path config = dir.resolve("application.yaml");
    Files.writeString(config, appYaml);
    Map<String, String> env = new HashMap<>(TestApp.UNMETERED);
    env.put("VOUCH_CONFIG", config.toString());
    env.put("CHAINS_FILE", dir.resolve("chains.yaml").toString());
    env.put("VOUCH_MONITORING_WEBHOOKS_ALLOW_PRIVATE_ADDRESSES", "true");
    env.put("VOUCH_MONITORING_WEBHOOKS_ALLOW_HTTP", "true");
    env.putAll(extra);
    settings = Map.copyOf(env);
    app = TestApp.start(env);
    app.clock.set(AT);
    for (String r : List.of("honestPeer", "mixerFunded")) {
      assertThat(app.send(HttpMethod.POST, "/api/v1/intake/" + w(r), null, Map.of()).statusCode()).isEqualTo(202);
    }
    for (String r : List.of("honestPeer", "mixerFunded")) {
      Sql.await("committed " + r, 180_000,
          () -> "cached".equals(TestApp.data(app.get("/api/v1/score/" + w(r))).getString("cacheStatus")));
    }
  }

  @AfterAll
  static void stop() throws Exception {
    if (app != null) {
      app.close();
      app = null;
    }
    if (devnet != null) {
      devnet.close();
      devnet = null;
    }
  }

  static String w(String role) {
    return scenario.get(role).asText();
  }

  static String usdc() {
    return tokens.get("registered").get(0).get("address").asText();
  }

  /** The seed's transfer of {@code token} from one role's wallet to another's: its hash. */
  static JsonNode seeded(String token, String from, String to) {
    for (JsonNode t : tokens.get("transfers")) {
      if (t.get("token").asText().equals(token) && t.get("from").asText().equals(from) && t.get("to").asText().equals(to)) {
        return t;
      }
    }
    throw new AssertionError("no seeded transfer " + from + " -> " + to);
  }

  static HttpResponse<Buffer> screen(String hash, String address, String direction, Long logIndex,
      Map<String, String> headers) {
    JsonObject body = new JsonObject().put("chainId", CHAIN).put("txHash", hash).put("address", address)
        .put("direction", direction);
    if (logIndex != null) {
      body.put("logIndex", logIndex);
    }
    return app.send(HttpMethod.POST, "/api/v1/transfers", body.toBuffer(), headers);
  }

  static JsonObject screened(String hash, String address, String direction) {
    HttpResponse<Buffer> r = screen(hash, address, direction, null, Map.of());
    assertThat(r.statusCode()).as(r.bodyAsString()).isIn(200, 201);
    return TestApp.data(r);
  }

  static List<String> codes(JsonArray coded) {
    return coded.stream().map(c -> ((JsonObject) c).getString("code")).toList();
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

  /** A funded account nobody has seen, able to send (impersonated). */
  static String freshAccount() {
    byte[] b = new byte[20];
    ThreadLocalRandom.current().nextBytes(b);
    String a = "0x" + HexFormat.of().formatHex(b);
    rpc("anvil_impersonateAccount", a);
    rpc("anvil_setBalance", a, "0x" + BigInteger.TEN.pow(21).toString(16));
    return a;
  }

  /** A mined transaction (which may have reverted): its hash. */
  static String send(String from, String to, BigInteger value, String data) {
    ObjectNode tx = MAPPER.createObjectNode().put("from", from).put("to", to).put("value", "0x" + value.toString(16))
        .put("gas", "0x100000");
    if (data != null) {
      tx.put("data", data);
    }
    String hash = rpc("eth_sendTransaction", tx).asText();
    Sql.await("mined " + hash, 10_000, () -> !rpc("eth_getTransactionReceipt", hash).isNull());
    return hash;
  }

  static String word(String hex) {
    return "0".repeat(64 - hex.length()) + hex;
  }

  static String transferCall(String to, BigInteger value) {
    return "a9059cbb" + word(to.substring(2)) + word(value.toString(16));
  }

  @Test
  void aDepositFromTheSanctionedAddressBlocksAndScreeningItAgainIsTheSameScreening() {
    JsonNode t = seeded(usdc(), w("sanctioned"), w("intermediary"));
    HttpResponse<Buffer> first = screen(t.get("hash").asText(), w("intermediary"), "received", null, Map.of());
    assertThat(first.statusCode()).as(first.bodyAsString()).isEqualTo(201);
    JsonObject d = TestApp.data(first);
    assertThat(d.getString("status")).isEqualTo("screened");
    assertThat(d.getString("verdict")).isEqualTo("block");
    assertThat(codes(d.getJsonArray("reasons"))).containsExactly("TRANSFER_SANCTIONED_COUNTERPARTY");
    assertThat(d.getString("counterparty")).isEqualTo(w("sanctioned"));
    assertThat(d.getString("symbol")).isEqualTo("USDC");
    assertThat(d.getString("amount")).isEqualTo("20000000000");
    assertThat(d.getDouble("amountUsd")).isEqualTo(20000.0);
    assertThat(d.getLong("logIndex")).isEqualTo(t.get("logIndex").asLong());
    assertThat(d.getLong("block")).isEqualTo(t.get("blockNumber").asLong());
    assertThat(d.getLong("confirmations")).isPositive();
    assertThat(d.getInteger("requiredConfirmations")).isEqualTo(1);

    HttpResponse<Buffer> again = screen(t.get("hash").asText().toUpperCase(Locale.ROOT).replace("0X", "0x"),
        w("intermediary"), "received", null, Map.of());
    assertThat(again.statusCode()).isEqualTo(200);
    assertThat(TestApp.data(again).getLong("id")).isEqualTo(d.getLong("id"));
    JsonObject read = TestApp.data(app.get("/api/v1/transfers/" + d.getLong("id")));
    assertThat(read.getString("verdict")).isEqualTo("block");
    assertThat(read.getString("txHash")).isEqualTo(t.get("hash").asText());
  }

  @Test
  void aWithdrawalToTheSanctionedAddressBlocks() {
    JsonNode t = seeded(usdc(), w("sanctionedPayer"), w("sanctioned"));
    JsonObject d = screened(t.get("hash").asText(), w("sanctionedPayer"), "sent");
    assertThat(d.getString("verdict")).isEqualTo("block");
    assertThat(d.getString("direction")).isEqualTo("sent");
    assertThat(codes(d.getJsonArray("reasons"))).containsExactly("TRANSFER_SANCTIONED_COUNTERPARTY");
  }

  @Test
  void aCleanUsdtDepositFromAnIndexedPeerIsAllowed() {
    String usdt = tokens.get("registered").get(1).get("address").asText();
    JsonNode t = seeded(usdt, w("honestPeer"), w("honest"));
    JsonObject d = screened(t.get("hash").asText(), w("honest"), "received");
    assertThat(d.getString("verdict")).as(d.encode()).isEqualTo("allow");
    assertThat(d.getJsonArray("reasons")).isEmpty();
    assertThat(d.getString("symbol")).isEqualTo("USDT");
    assertThat(d.getDouble("amountUsd")).isEqualTo(250.000001);
  }

  @Test
  void aDepositFromTheMixerOrFromAWalletItFundedIsCaution() {
    JsonNode t = seeded(usdc(), w("mixer"), w("mixerFunded"));
    JsonObject fromMixer = screened(t.get("hash").asText(), w("mixerFunded"), "received");
    assertThat(fromMixer.getString("verdict")).isEqualTo("caution");
    assertThat(codes(fromMixer.getJsonArray("reasons"))).containsExactly("TRANSFER_HIGH_RISK_COUNTERPARTY");

    // mixerFunded (indexed: its decision carries EXPOSURE_HIGH_RISK_IN) pays the honest wallet.
    rpc("anvil_impersonateAccount", w("mixerFunded"));
    String hash = send(w("mixerFunded"), usdc(), BigInteger.ZERO, "0x" + transferCall(w("honest"), BigInteger.valueOf(1_500_000)));
    JsonObject funded = screened(hash, w("honest"), "received");
    assertThat(funded.getString("verdict")).as(funded.encode()).isEqualTo("caution");
    assertThat(codes(funded.getJsonArray("reasons"))).containsExactly("TRANSFER_HIGH_RISK_SOURCE");
    assertThat(funded.getDouble("amountUsd")).isEqualTo(1.5);
  }

  @Test
  void aTransferOfTheBoolLessUsdtIsScreenedLikeAnyRegisteredToken() {
    String usdt = tokens.get("registered").get(1).get("address").asText();
    // The devnet's USDT is Tether-shaped: transfer succeeds and returns no data at all, not a bool.
    ObjectNode call = MAPPER.createObjectNode().put("from", w("honestPeer")).put("to", usdt)
        .put("data", "0x" + transferCall(w("honest"), BigInteger.ONE));
    assertThat(rpc("eth_call", call, "latest").asText()).isEqualTo("0x");
    ObjectNode usdc = MAPPER.createObjectNode().put("from", w("honestPeer")).put("to", usdc())
        .put("data", "0x" + transferCall(w("honest"), BigInteger.ZERO));
    assertThat(rpc("eth_call", usdc, "latest").asText()).hasSize(66); // USDC's transfer returns a bool word

    rpc("anvil_impersonateAccount", w("honestPeer"));
    String hash = send(w("honestPeer"), usdt, BigInteger.ZERO, "0x" + transferCall(w("honest"), BigInteger.valueOf(7_250_001)));
    assertThat(rpc("eth_getTransactionReceipt", hash).get("status").asText()).isEqualTo("0x1");
    JsonObject d = screened(hash, w("honest"), "received");
    assertThat(d.getString("status")).isEqualTo("screened");
    assertThat(d.getString("verdict")).as(d.encode()).isEqualTo("allow");
    assertThat(d.getString("token")).isEqualTo(usdt);
    assertThat(d.getString("symbol")).isEqualTo("USDT");
    assertThat(d.getString("amount")).isEqualTo("7250001");
    assertThat(d.getDouble("amountUsd")).isEqualTo(7.250001);
    assertThat(d.getString("counterparty")).isEqualTo(w("honestPeer"));
  }

  @Test
  void aFakeUsdcTransferIsAllowedUnvaluedWithAWarningThoughItsLogNamesTheSanctionedAddress() {
    String fake = tokens.get("fake").get("address").asText();
    JsonNode t = seeded(fake, w("sanctioned"), w("honest"));
    JsonObject d = screened(t.get("hash").asText(), w("honest"), "received");
    assertThat(d.getBoolean("valued")).isFalse();
    assertThat(d.containsKey("symbol")).isFalse();
    assertThat(d.containsKey("amountUsd")).isFalse();
    assertThat(d.getString("verdict")).isEqualTo("allow");
    assertThat(codes(d.getJsonArray("warnings"))).containsExactly("TRANSFER_UNVALUED_TOKEN");
  }

  @Test
  void aMintToTheAddressHasNoCounterpartyToScreenAndQueuesNoIntakeOfTheZeroAddress() {
    String usdt = tokens.get("registered").get(1).get("address").asText();
    String zero = "0x" + "0".repeat(40);
    JsonNode t = seeded(usdt, zero, w("honest"));
    JsonObject d = screened(t.get("hash").asText(), w("honest"), "received");
    assertThat(d.getString("verdict")).isEqualTo("allow");
    assertThat(d.getString("counterparty")).isEqualTo(zero);
    assertThat(codes(d.getJsonArray("warnings"))).containsExactly("TRANSFER_MINT_OR_BURN");
    assertThat(Sql.count(app.database, "SELECT count(*) FROM index_jobs WHERE wallet = ?", zero)).isZero();
  }

  @Test
  void aNeverIndexedSenderIsPendingUntilItsIntakeCommitsThenScreened() {
    String stranger = freshAccount();
    String hash = send(stranger, w("honest"), BigInteger.TEN.pow(17), null);
    JsonObject d = screened(hash, w("honest"), "received");
    assertThat(d.getString("status")).isEqualTo("pending");
    assertThat(d.containsKey("verdict")).isFalse();
    assertThat(d.getString("asset")).isEqualTo("native");
    assertThat(d.containsKey("logIndex")).isFalse();
    assertThat(d.getString("amount")).isEqualTo("100000000000000000");
    assertThat(codes(d.getJsonArray("reasons"))).containsExactly("TRANSFER_COUNTERPARTY_UNKNOWN");
    assertThat(Sql.count(app.database, "SELECT count(*) FROM index_jobs WHERE wallet = ?", stranger)).isEqualTo(1);
    long id = d.getLong("id");
    // Completed by the snapshot commit itself, not by a read.
    Sql.await("screening completed", 180_000, () -> "screened".equals(
        Sql.one(app.database, "SELECT status FROM transfer_screenings WHERE id = ?", id).get("status")));
    JsonObject done = TestApp.data(app.get("/api/v1/transfers/" + id));
    assertThat(done.getString("verdict")).as(done.encode()).isEqualTo("allow");
    assertThat(done.getJsonArray("reasons")).isEmpty();
  }

  @Test
  void aTransactionMovingTwoTransfersNeedsALogIndex() {
    // A contract (runtime code set over JSON-RPC) that pays the honest wallet USDC twice per call.
    String payer = freshAccount();
    String contract = freshAccount();
    StringBuilder code = new StringBuilder();
    for (long amount : new long[] {3_000_000, 4_000_000}) {
      String call = transferCall(w("honest"), BigInteger.valueOf(amount)) + "0".repeat(56);
      for (int i = 0; i < 3; i++) {
        code.append("7f").append(call, i * 64, i * 64 + 64).append("60").append(String.format("%02x", i * 32)).append("52");
      }
      code.append("6000600060446000600073").append(usdc().substring(2)).append("5af150");
    }
    code.append("00");
    rpc("anvil_setCode", contract, "0x" + code);
    rpc("anvil_impersonateAccount", w("honest"));
    send(w("honest"), usdc(), BigInteger.ZERO, "0x" + transferCall(contract, BigInteger.valueOf(10_000_000)));
    String hash = send(payer, contract, BigInteger.ZERO, null);
    JsonNode logs = rpc("eth_getTransactionReceipt", hash).get("logs");
    assertThat(logs).hasSize(2);

    HttpResponse<Buffer> both = screen(hash, w("honest"), "received", null, Map.of());
    assertThat(both.statusCode()).isEqualTo(400);
    assertThat(both.bodyAsJsonObject().getJsonObject("error").getString("code")).isEqualTo("INVALID_REQUEST");
    assertThat(both.bodyAsJsonObject().getJsonObject("error").getString("message")).contains("logIndex");

    long second = Long.decode(logs.get(1).get("logIndex").asText());
    HttpResponse<Buffer> one = screen(hash, w("honest"), "received", second, Map.of());
    assertThat(one.statusCode()).as(one.bodyAsString()).isEqualTo(201);
    assertThat(TestApp.data(one).getString("amount")).isEqualTo("4000000");
    assertThat(TestApp.data(one).getString("counterparty")).isEqualTo(contract);
  }

  @Test
  void aRevertedTransactionAnUnknownHashAndOneNotTouchingTheAddressAreRefused() {
    String broke = freshAccount();
    String reverted = send(broke, usdc(), BigInteger.ZERO, "0x" + transferCall(w("honest"), BigInteger.ONE));
    assertThat(rpc("eth_getTransactionReceipt", reverted).get("status").asText()).isEqualTo("0x0");
    HttpResponse<Buffer> r = screen(reverted, w("honest"), "received", null, Map.of());
    assertThat(r.statusCode()).isEqualTo(400);
    assertThat(r.bodyAsJsonObject().getJsonObject("error").getString("message")).contains("reverted");

    HttpResponse<Buffer> unknown = screen("0x" + "ab".repeat(32), w("honest"), "received", null, Map.of());
    assertThat(unknown.statusCode()).isEqualTo(404);
    assertThat(unknown.bodyAsJsonObject().getJsonObject("error").getString("code")).isEqualTo("NOT_FOUND");

    JsonNode t = seeded(usdc(), w("sanctioned"), w("intermediary"));
    HttpResponse<Buffer> elsewhere = screen(t.get("hash").asText(), w("honest"), "received", null, Map.of());
    assertThat(elsewhere.statusCode()).isEqualTo(400);
    assertThat(elsewhere.bodyAsJsonObject().getJsonObject("error").getString("code")).isEqualTo("INVALID_REQUEST");
    // The right address, the wrong direction.
    assertThat(screen(t.get("hash").asText(), w("intermediary"), "sent", null, Map.of()).statusCode()).isEqualTo(400);
    assertThat(app.get("/api/v1/transfers/999999999").statusCode()).isEqualTo(404);
    assertThat(Sql.count(app.database, "SELECT count(*) FROM transfer_screenings WHERE tx_hash = ?", reverted)).isZero();
  }

  @Test
  void anIdempotencyKeyReplaysTheAnswerAndRefusesAnotherBody() {
    JsonNode t = seeded(usdc(), w("sanctionedPayer"), w("sanctioned"));
    Map<String, String> key = Map.of("Idempotency-Key", "transfer-" + System.nanoTime());
    HttpResponse<Buffer> first = screen(t.get("hash").asText(), w("sanctionedPayer"), "sent", null, key);
    HttpResponse<Buffer> replay = screen(t.get("hash").asText(), w("sanctionedPayer"), "sent", null, key);
    assertThat(replay.statusCode()).isEqualTo(first.statusCode());
    assertThat(replay.getHeader("Idempotent-Replayed")).isEqualTo("true");
    assertThat(TestApp.data(replay).getLong("id")).isEqualTo(TestApp.data(first).getLong("id"));
    assertThat(screen(t.get("hash").asText(), w("sanctioned"), "received", null, key).statusCode()).isEqualTo(422);
  }

  /** A key with an endpoint taking transfer.screened at a real local receiver: its auth headers. */
  static Map<String, String> subscribed(WebhookReceiver receiver) throws Exception {
    TestKeys.Key key = TestKeys.create(app.app.config(), "developer");
    Map<String, String> auth = Map.of("Authorization", "Bearer " + key.secret(), "Content-Type", "application/json");
    HttpResponse<Buffer> hook = app.send(HttpMethod.POST, "/api/v1/webhooks", new JsonObject().put("url", receiver.url())
        .put("eventTypes", new JsonArray().add("transfer.screened")).toBuffer(), auth);
    assertThat(hook.statusCode()).as(hook.bodyAsString()).isEqualTo(201);
    return auth;
  }

  /** The key's transfer.screened events on the feed naming screening {@code id}. */
  static List<JsonObject> feed(Map<String, String> auth, long id) {
    HttpResponse<Buffer> r = app.send(HttpMethod.GET, "/api/v1/events?limit=100", null, auth);
    assertThat(r.statusCode()).as(r.bodyAsString()).isEqualTo(200);
    return TestApp.data(r).getJsonArray("events").stream().map(e -> (JsonObject) e)
        .filter(e -> "transfer.screened".equals(e.getString("type"))
            && e.getJsonObject("current").getLong("screeningId") == id)
        .toList();
  }

  static long deliveries(long id) {
    return Sql.count(app.database, "SELECT count(*) FROM webhook_deliveries d JOIN monitor_events e ON e.id = d.event_id"
        + " WHERE e.type = 'transfer.screened' AND (e.current->>'screeningId')::bigint = ?", id);
  }

  @Test
  void aTransferScreenedAtOnceGivesOneTransferScreenedEventAndWebhookAndScreeningItAgainNoOther() throws Exception {
    try (WebhookReceiver receiver = new WebhookReceiver()) {
      Map<String, String> auth = subscribed(receiver);
      rpc("anvil_impersonateAccount", w("mixerFunded"));
      String hash = send(w("mixerFunded"), usdc(), BigInteger.ZERO,
          "0x" + transferCall(w("honest"), BigInteger.valueOf(1_000_000)));
      HttpResponse<Buffer> first = screen(hash, w("honest"), "received", null, auth);
      assertThat(first.statusCode()).as(first.bodyAsString()).isEqualTo(201);
      JsonObject d = TestApp.data(first);
      assertThat(d.getString("status")).isEqualTo("screened");
      long id = d.getLong("id");

      List<JsonObject> events = feed(auth, id);
      assertThat(events).hasSize(1);
      JsonObject e = events.get(0);
      assertThat(e.getString("cause")).isEqualTo("transfer");
      assertThat(e.getString("wallet")).isEqualTo(w("honest"));
      JsonObject c = e.getJsonObject("current");
      assertThat(c.getLong("chainId")).isEqualTo(CHAIN);
      assertThat(c.getString("txHash")).isEqualTo(hash);
      assertThat(c.getLong("logIndex")).isEqualTo(d.getLong("logIndex"));
      assertThat(c.getString("address")).isEqualTo(w("honest"));
      assertThat(c.getString("direction")).isEqualTo("received");
      assertThat(c.getString("counterparty")).isEqualTo(w("mixerFunded"));
      assertThat(c.getString("verdict")).isEqualTo("caution");
      assertThat(c.getJsonArray("reasonCodes")).containsExactly("TRANSFER_HIGH_RISK_SOURCE");
      assertThat(c.getString("amount")).isEqualTo("1000000");
      assertThat(c.getDouble("amountUsd")).isEqualTo(1.0);

      Sql.await("transfer.screened delivered", 60_000, () -> receiver.accepted().size() == 1);
      JsonObject hook = receiver.accepted().get(0).json();
      assertThat(hook.getString("type")).isEqualTo("transfer.screened");
      assertThat(hook.getJsonObject("data").getJsonObject("current").getLong("screeningId")).isEqualTo(id);

      HttpResponse<Buffer> again = screen(hash, w("honest"), "received", null, auth);
      assertThat(again.statusCode()).isEqualTo(200);
      assertThat(TestApp.data(again).getLong("id")).isEqualTo(id);
      assertThat(feed(auth, id)).hasSize(1);
      assertThat(deliveries(id)).isEqualTo(1);
    }
  }

  @Test
  void aPendingScreeningGivesItsTransferScreenedEventOnlyWhenItCompletesAndOnce() throws Exception {
    try (WebhookReceiver receiver = new WebhookReceiver()) {
      Map<String, String> auth = subscribed(receiver);
      String stranger = freshAccount();
      String hash = send(stranger, w("honest"), BigInteger.TEN.pow(16), null);
      HttpResponse<Buffer> first = screen(hash, w("honest"), "received", null, auth);
      assertThat(first.statusCode()).as(first.bodyAsString()).isEqualTo(201);
      JsonObject d = TestApp.data(first);
      assertThat(d.getString("status")).isEqualTo("pending");
      long id = d.getLong("id");
      assertThat(feed(auth, id)).isEmpty();
      assertThat(deliveries(id)).isZero();

      Sql.await("screening completed", 180_000, () -> "screened".equals(
          Sql.one(app.database, "SELECT status FROM transfer_screenings WHERE id = ?", id).get("status")));
      List<JsonObject> events = feed(auth, id);
      assertThat(events).hasSize(1);
      JsonObject c = events.get(0).getJsonObject("current");
      assertThat(c.getString("verdict")).isEqualTo("allow");
      assertThat(c.getString("counterparty")).isEqualTo(stranger);
      assertThat(c.containsKey("logIndex")).isFalse();
      assertThat(c.getString("amount")).isEqualTo("10000000000000000");
      Sql.await("transfer.screened delivered", 60_000, () -> receiver.accepted().size() == 1);
      assertThat(receiver.accepted().get(0).json().getString("type")).isEqualTo("transfer.screened");

      // Read and screened again: the verdict stands, nothing more is announced.
      assertThat(TestApp.data(app.get("/api/v1/transfers/" + id)).getString("verdict")).isEqualTo("allow");
      assertThat(screen(hash, w("honest"), "received", null, auth).statusCode()).isEqualTo(200);
      assertThat(feed(auth, id)).hasSize(1);
      assertThat(deliveries(id)).isEqualTo(1);
    }
  }
}
