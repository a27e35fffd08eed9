package dev.vouch.transfer;

import static dev.vouch.transfer.TransferScreeningDevnetTest.CHAIN;
import static dev.vouch.transfer.TransferScreeningDevnetTest.codes;
import static dev.vouch.transfer.TransferScreeningDevnetTest.freshAccount;
import static dev.vouch.transfer.TransferScreeningDevnetTest.rpc;
import static dev.vouch.transfer.TransferScreeningDevnetTest.seeded;
import static dev.vouch.transfer.TransferScreeningDevnetTest.send;
import static dev.vouch.transfer.TransferScreeningDevnetTest.transferCall;
import static dev.vouch.transfer.TransferScreeningDevnetTest.usdc;
import static dev.vouch.transfer.TransferScreeningDevnetTest.w;
import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.Payload;
import com.nimbusds.jose.crypto.Ed25519Verifier;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.OctetKeyPair;
import dev.vouch.support.ChildJvm;
import dev.vouch.support.Command;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestKeys;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.erdtman.jcs.JsonCanonicalizer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Transfer screening with customer policies (issue 32 item 3) on the devnet's real USDC: a
 * policy changes a mixer-funded deposit's verdict as configured and is named in the answer, the
 * batch, the signed receipt and the page; the default leaves answers as they were; a pending
 * screening completes under the version it was requested with although the key's policy changed
 * meanwhile; a watched address is screened under its list owner's policy; and no policy weakens
 * sanctions. Setup of {@link TransferScreeningDevnetTest} (mixerFunded and honestPeer indexed).
 */
class TransferPolicyDevnetTest {

  static final String BLOCK_MIXERS = "{\"categories\": {\"mixer\": {\"in\": {\"action\": \"block\"}}}}";
  static final String IGNORE_MIXERS = "{\"categories\": {\"mixer\": {\"in\": {\"action\": \"ignore\"}}}}";

  @BeforeAll
  static void start() throws Exception {
    TransferScreeningDevnetTest.startWith(Map.of("VOUCH_INDEXING_POLL_MS", "100",
        "VOUCH_MONITORING_TRANSFER_WATCH_POLL_MILLIS", "100",
        // A "plus" key has no scan starts: its never-indexed counterparty's intake waits for the test.
        "VOUCH_BUDGETS_PLANS_PLUS_DAILY_SCANS", "0"));
  }

  @AfterAll
  static void stop() throws Exception {
    TransferScreeningDevnetTest.stop();
  }

  static TestApp app() {
    return TransferScreeningDevnetTest.app;
  }

  /** A new key of {@code plan} with {@code policy} PUT (null: none): its headers. */
  static Map<String, String> key(String plan, String policy) {
    TestKeys.Key key = TestKeys.create(app().app.config(), plan);
    Map<String, String> h = Map.of("Authorization", key.bearer(), "Content-Type", "application/json");
    if (policy != null) {
      put(h, policy, 201);
    }
    return h;
  }

  static JsonObject put(Map<String, String> h, String policy, int status) {
    HttpResponse<Buffer> r = app().send(HttpMethod.PUT, "/api/v1/policies", Buffer.buffer(policy), h);
    assertThat(r.statusCode()).as(r.bodyAsString()).isEqualTo(status);
    return r.bodyAsJsonObject();
  }

  static HttpResponse<Buffer> screen(String hash, String address, Map<String, String> h) {
    JsonObject body = new JsonObject().put("chainId", CHAIN).put("txHash", hash).put("address", address)
        .put("direction", "received");
    return app().send(HttpMethod.POST, "/api/v1/transfers", body.toBuffer(), h);
  }

  static JsonObject screened(String hash, String address, Map<String, String> h, int status) {
    HttpResponse<Buffer> r = screen(hash, address, h);
    assertThat(r.statusCode()).as(r.bodyAsString()).isEqualTo(status);
    return TestApp.data(r);
  }

  /** A USDC deposit from mixerFunded (indexed; funded 100 % by the labelled mixer) to {@code to}. */
  static String mixerFundedDeposit(String to, long units) {
    rpc("anvil_impersonateAccount", w("mixerFunded"));
    return send(w("mixerFunded"), usdc(), BigInteger.ZERO, "0x" + transferCall(to, BigInteger.valueOf(units)));
  }

  static String sha256(byte[] b) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
  }

  @Test
  void aPolicyChangesAMixerFundedDepositsVerdictAndIsNamedInTheAnswerBatchReceiptAndPage() throws Exception {
    String hash = mixerFundedDeposit(w("honest"), 2_500_000);
    // The default (anonymous, and a key without a policy): caution, and no policy named.
    JsonObject plain = screened(hash, w("honest"), Map.of(), 201);
    assertThat(plain.getString("verdict")).isEqualTo("caution");
    assertThat(codes(plain.getJsonArray("reasons"))).containsExactly("TRANSFER_HIGH_RISK_SOURCE");
    assertThat(plain.containsKey("policy")).isFalse();
    JsonObject noPolicy = screened(hash, w("honest"), key("developer", null), 200);
    assertThat(noPolicy.getLong("id")).isEqualTo(plain.getLong("id"));
    assertThat(noPolicy.containsKey("policy")).isFalse();

    // Mixer inflow blocked: the same deposit is block, a screening of this policy version's own.
    Map<String, String> strict = key("developer", BLOCK_MIXERS);
    JsonObject policy = TestApp.data(app().send(HttpMethod.GET, "/api/v1/policies", null, strict));
    JsonObject blocked = screened(hash, w("honest"), strict, 201);
    assertThat(blocked.getLong("id")).isNotEqualTo(plain.getLong("id"));
    assertThat(blocked.getString("verdict")).as(blocked.encode()).isEqualTo("block");
    assertThat(codes(blocked.getJsonArray("reasons"))).containsExactly("TRANSFER_HIGH_RISK_SOURCE");
    assertThat(blocked.getJsonObject("counterpartyEvidence").getString("decision")).isEqualTo("block");
    JsonObject named = blocked.getJsonObject("policy");
    assertThat(named.getString("id")).isEqualTo(policy.getString("id"));
    assertThat(named.getInteger("version")).isEqualTo(1);
    assertThat(named.getString("hash")).isEqualTo(policy.getString("hash"));
    // Screened again under the same version: the same screening.
    assertThat(screened(hash, w("honest"), strict, 200).getLong("id")).isEqualTo(blocked.getLong("id"));
    // The default's screening is untouched by it.
    assertThat(TestApp.data(app().get("/api/v1/transfers/" + plain.getLong("id"))).getString("verdict"))
        .isEqualTo("caution");

    // Mixer inflow ignored: allow.
    Map<String, String> lax = key("developer", IGNORE_MIXERS);
    JsonObject allowed = screened(hash, w("honest"), lax, 201);
    assertThat(allowed.getString("verdict")).as(allowed.encode()).isEqualTo("allow");
    assertThat(allowed.getJsonArray("reasons")).isEmpty();
    assertThat(allowed.getJsonObject("policy").getString("id")).isNotEqualTo(named.getString("id"));

    // The batch: the caller's policy once at the top and on each row's screening.
    HttpResponse<Buffer> b = app().send(HttpMethod.POST, "/api/v1/transfers/batch", new JsonObject().put("transfers",
        new JsonArray().add(new JsonObject().put("chainId", CHAIN).put("txHash", hash).put("address", w("honest"))
            .put("direction", "received"))).toBuffer(), strict);
    assertThat(b.statusCode()).as(b.bodyAsString()).isEqualTo(200);
    JsonObject batch = TestApp.data(b);
    assertThat(batch.getJsonObject("policy")).isEqualTo(named);
    JsonObject row = batch.getJsonArray("results").getJsonObject(0).getJsonObject("transfer");
    assertThat(row.getLong("id")).isEqualTo(blocked.getLong("id"));
    assertThat(row.getJsonObject("policy")).isEqualTo(named);
    HttpResponse<Buffer> plainBatch = app().send(HttpMethod.POST, "/api/v1/transfers/batch", new JsonObject()
        .put("transfers", new JsonArray().add(new JsonObject().put("chainId", CHAIN).put("txHash", hash)
            .put("address", w("honest")).put("direction", "received"))).toBuffer(), Map.of());
    assertThat(TestApp.data(plainBatch).containsKey("policy")).isFalse();
    assertThat(TestApp.data(plainBatch).getJsonArray("results").getJsonObject(0).getJsonObject("transfer")
        .getLong("id")).isEqualTo(plain.getLong("id"));

    // The receipt names it inside the hashed and signed payload.
    HttpResponse<Buffer> minted = app().send(HttpMethod.POST, "/api/v1/transfer-receipts",
        new JsonObject().put("screeningId", blocked.getLong("id")).toBuffer(), strict);
    assertThat(minted.statusCode()).as(minted.bodyAsString()).isEqualTo(201);
    JsonObject receipt = TestApp.data(minted).getJsonObject("receipt");
    assertThat(receipt.getJsonObject("policy")).isEqualTo(named);
    JsonObject payload = receipt.copy();
    JsonObject signature = (JsonObject) payload.remove("signature");
    payload.remove("id");
    payload.remove("createdAt");
    payload.remove("payloadHash");
    byte[] canonical = new JsonCanonicalizer(payload.encode()).getEncodedUTF8();
    assertThat(new String(canonical, java.nio.charset.StandardCharsets.UTF_8)).contains(named.getString("hash"));
    assertThat(sha256(canonical)).isEqualTo(receipt.getString("payloadHash"));
    JWKSet jwks = JWKSet.parse(app().get("/.well-known/jwks.json").bodyAsString());
    JWSObject jws = JWSObject.parse(signature.getString("jws"), new Payload(canonical));
    assertThat(jws.verify(new Ed25519Verifier((OctetKeyPair) jwks.getKeyByKeyId(jws.getHeader().getKeyID())))).isTrue();
    // The default's receipt names none.
    HttpResponse<Buffer> plainReceipt = app().send(HttpMethod.POST, "/api/v1/transfer-receipts",
        new JsonObject().put("screeningId", plain.getLong("id")).toBuffer(), Map.of());
    assertThat(TestApp.data(plainReceipt).getJsonObject("receipt").containsKey("policy")).isFalse();

    // A later change of the key's policy never touches the receipt or the screening.
    put(strict, IGNORE_MIXERS, 201);
    JsonObject still = TestApp.data(app().get("/api/v1/transfer-receipts/" + receipt.getString("id")))
        .getJsonObject("receipt");
    assertThat(still.getString("payloadHash")).isEqualTo(receipt.getString("payloadHash"));
    assertThat(TestApp.data(app().get("/api/v1/transfers/" + blocked.getLong("id"))).getString("verdict"))
        .isEqualTo("block");
    // Screened again now: a new screening under version 2.
    JsonObject v2 = screened(hash, w("honest"), strict, 201);
    assertThat(v2.getString("verdict")).isEqualTo("allow");
    assertThat(v2.getJsonObject("policy").getInteger("version")).isEqualTo(2);

    String page = app().get("/check/t/" + blocked.getLong("id")).bodyAsString();
    assertThat(page).contains(named.getString("id")).contains(named.getString("hash")).contains("version 1");
    assertThat(app().get("/check/t/" + plain.getLong("id")).bodyAsString()).contains("Vouch's default thresholds");
  }

  @Test
  void aPendingScreeningCompletesUnderThePolicyItWasRequestedWithThoughThePolicyChangedMeanwhile() {
    // A stranger funded from the mixer pays the honest wallet: never indexed, so pending.
    String stranger = freshAccount();
    rpc("anvil_impersonateAccount", w("mixer"));
    send(w("mixer"), usdc(), BigInteger.ZERO, "0x" + transferCall(stranger, BigInteger.valueOf(400_000_000)));
    String hash = send(stranger, usdc(), BigInteger.ZERO, "0x" + transferCall(w("honest"), BigInteger.valueOf(
        150_000_000)));
    Map<String, String> h = key("plus", BLOCK_MIXERS);
    JsonObject pending = screened(hash, w("honest"), h, 201);
    assertThat(pending.getString("status")).isEqualTo("pending");
    assertThat(codes(pending.getJsonArray("reasons"))).containsExactly("TRANSFER_COUNTERPARTY_UNKNOWN");
    assertThat(codes(pending.getJsonArray("warnings"))).containsExactly("TRANSFER_INTAKE_NOT_QUEUED");
    assertThat(pending.getJsonObject("policy").getInteger("version")).isEqualTo(1);
    long id = pending.getLong("id");

    // The key now ignores mixers; then the stranger's first snapshot commits.
    put(h, IGNORE_MIXERS, 201);
    assertThat(app().send(HttpMethod.POST, "/api/v1/intake/" + stranger, null, Map.of()).statusCode()).isEqualTo(202);
    Sql.await("screening completed", 180_000, () -> "screened".equals(
        Sql.one(app().database, "SELECT status FROM transfer_screenings WHERE id = ?", id).get("status")));
    JsonObject done = TestApp.data(app().get("/api/v1/transfers/" + id));
    assertThat(done.getString("verdict")).as(done.encode()).isEqualTo("block");
    assertThat(codes(done.getJsonArray("reasons"))).containsExactly("TRANSFER_HIGH_RISK_SOURCE");
    assertThat(done.getJsonObject("policy").getInteger("version")).isEqualTo(1);
    assertThat(done.getJsonObject("policy")).isEqualTo(pending.getJsonObject("policy"));

    // The same deposit screened now by the same key: version 2's own screening, allowed.
    JsonObject now = screened(hash, w("honest"), h, 201);
    assertThat(now.getString("verdict")).as(now.encode()).isEqualTo("allow");
    assertThat(now.getJsonObject("policy").getInteger("version")).isEqualTo(2);
    // And by the default: caution.
    assertThat(screened(hash, w("honest"), Map.of(), 201).getString("verdict")).isEqualTo("caution");
  }

  @Test
  void aWatchedAddressIsScreenedUnderItsListOwnersPolicy() {
    Map<String, String> owner = key("developer", BLOCK_MIXERS);
    String watched = "0x" + HexFormat.of().formatHex(java.nio.ByteBuffer.allocate(20).putLong(System.nanoTime())
        .array());
    HttpResponse<Buffer> list = app().send(HttpMethod.POST, "/api/v1/watchlists", new JsonObject().put("name", "deposits")
        .put("screenTransfers", true).toBuffer(), owner);
    assertThat(list.statusCode()).as(list.bodyAsString()).isEqualTo(201);
    String listId = TestApp.data(list).getString("id");
    HttpResponse<Buffer> add = app().send(HttpMethod.POST, "/api/v1/watchlists/" + listId + "/wallets",
        new JsonObject().put("wallets", new JsonArray().add(watched)).toBuffer(), owner);
    assertThat(add.statusCode()).as(add.bodyAsString()).isIn(200, 201);
    // The scanner watches from its next step: wait until it has moved past the current head.
    long head = Long.decode(rpc("eth_blockNumber").asText());
    Sql.await("the watch scanned block " + head, 60_000, () -> Sql.count(app().database,
        "SELECT count(*) FROM transfer_watch_cursors WHERE chain_id = ? AND next_block > ?", CHAIN, head) == 1);
    String hash = mixerFundedDeposit(watched, 3_000_000);
    Sql.await("watched deposit screened", 60_000, () -> Sql.count(app().database,
        "SELECT count(*) FROM transfer_screenings WHERE tx_hash = ? AND address = ?", hash, watched) == 1);
    Map<String, Object> row = Sql.one(app().database,
        "SELECT id, verdict, policy_version FROM transfer_screenings WHERE tx_hash = ? AND address = ?", hash, watched);
    assertThat(row.get("verdict")).isEqualTo("block");
    JsonObject read = TestApp.data(app().get("/api/v1/transfers/" + row.get("id")));
    assertThat(read.getJsonObject("policy").getInteger("version")).isEqualTo(1);
    // Its transfer.screened event names the policy too.
    long id = ((Number) row.get("id")).longValue();
    HttpResponse<Buffer> feed = app().send(HttpMethod.GET, "/api/v1/events?limit=100", null, owner);
    assertThat(feed.statusCode()).as(feed.bodyAsString()).isEqualTo(200);
    List<JsonObject> events = TestApp.data(feed).getJsonArray("events").stream().map(e -> (JsonObject) e)
        .filter(e -> "transfer.screened".equals(e.getString("type"))
            && e.getJsonObject("current").getLong("screeningId") == id).toList();
    assertThat(events).hasSize(1);
    assertThat(events.get(0).getJsonObject("current").getJsonObject("policy").getInteger("version")).isEqualTo(1);
    // The owner POSTing the same deposit under the same version finds the watched screening.
    assertThat(screened(hash, watched, owner, 200).getLong("id")).isEqualTo(((Number) row.get("id")).longValue());
  }

  @Test
  void noPolicyWeakensSanctionsForTransfers() {
    Map<String, String> h = key("developer", null);
    // The schema refuses a weaker sanctioned rule: 400 naming the field, nothing stored.
    HttpResponse<Buffer> weak = app().send(HttpMethod.PUT, "/api/v1/policies",
        Buffer.buffer("{\"categories\": {\"sanctioned\": {\"in\": {\"action\": \"caution\"}}}}"), h);
    assertThat(weak.statusCode()).isEqualTo(400);
    assertThat(weak.bodyAsJsonObject().getJsonObject("error").getString("message"))
        .contains("categories.sanctioned.in.action");
    // The laxest valid policy: every other category ignored, a transfer floor far above any amount.
    put(h, "{\"transferMinUsd\": 1000000000, \"indirectSanctionedShares\": [null], \"categories\": {"
        + "\"mixer\": {\"in\": {\"action\": \"ignore\"}, \"out\": {\"action\": \"ignore\"}},"
        + "\"scam\": {\"in\": {\"action\": \"ignore\"}, \"out\": {\"action\": \"ignore\"}}}}", 201);
    JsonObject fromSanctioned = screened(seeded(usdc(), w("sanctioned"), w("intermediary")).get("hash").asText(),
        w("intermediary"), h, 201);
    assertThat(fromSanctioned.getString("verdict")).isEqualTo("block");
    assertThat(codes(fromSanctioned.getJsonArray("reasons"))).containsExactly("TRANSFER_SANCTIONED_COUNTERPARTY");
    assertThat(fromSanctioned.getJsonObject("policy").getInteger("version")).isEqualTo(1);
    HttpResponse<Buffer> sent = app().send(HttpMethod.POST, "/api/v1/transfers", new JsonObject().put("chainId", CHAIN)
        .put("txHash", seeded(usdc(), w("sanctionedPayer"), w("sanctioned")).get("hash").asText())
        .put("address", w("sanctionedPayer")).put("direction", "sent").toBuffer(), h);
    assertThat(TestApp.data(sent).getString("verdict")).isEqualTo("block");
  }

  @Test
  void theReadmesDepositWalkThroughRunsAsWrittenOnTheDevnet() throws Exception {
    // README "Screening deposits and withdrawals (devnet)": its second block is terminal 3's, run as
    // ReadmeSnippetsTest runs the others (the jar is this build's command line on the test database).
    String readme = Files.readString(Path.of("README.md"));
    int at = readme.indexOf("\n### Screening deposits and withdrawals (devnet)\n");
    assertThat(at).isNotNegative();
    String section = readme.substring(at, readme.indexOf("\n### ", at + 10));
    List<String> blocks = new ArrayList<>();
    Matcher m = Pattern.compile("(?s)```sh\n(.*?)```").matcher(section);
    while (m.find()) {
      blocks.add(m.group(1));
    }
    assertThat(blocks).hasSize(2);
    assertThat(blocks.get(0)).contains("VOUCH_LABELS_FILE=tools/devnet/labels.csv").contains("devnet.mjs start");
    String script = "set -euo pipefail\n"
        + "java() { if [ \"${1:-}\" = -jar ] && [ \"${2:-}\" = target/vouch.jar ]; then shift 2;"
        + " command java " + String.join(" ", ChildJvm.FLAGS) + " -cp \"$VOUCH_TEST_CP\" dev.vouch.cli.Main \"$@\";"
        + " else command java \"$@\"; fi; }\n"
        + blocks.get(1).replace("localhost:8080", "127.0.0.1:" + app().port)
            .replace("tools/devnet/seed-truth.json", TransferScreeningDevnetTest.devnet.truthFile().toString());
    Path file = Files.createTempFile("readme-transfers", ".sh");
    try {
      Files.writeString(file, script);
      Command.Result r = Command.run(Path.of("."), Map.of("VOUCH_TEST_CP", System.getProperty("java.class.path"),
          "DATABASE_URL", app().database.toUrl(), "VOUCH_CONFIG", "config/application.yaml"), 300,
          List.of("bash", file.toString()));
      assertThat(r.exit()).as(r.output()).isZero();
      assertThat(r.output()).as(r.output()).doesNotContain("jq: error").doesNotContain("\"ok\": false")
          .contains("\"verdict\":\"block\",\"reasons\":[\"TRANSFER_SANCTIONED_COUNTERPARTY\"],\"symbol\":\"USDC\","
              + "\"amountUsd\":20000,\"policy\":null}")
          .contains("\"verdict\":\"allow\",\"reasons\":[],\"symbol\":\"USDT\",\"amountUsd\":250.000001,\"policy\":null}")
          .contains("\"verdict\":\"caution\",\"reasons\":[\"TRANSFER_HIGH_RISK_COUNTERPARTY\"],\"symbol\":\"USDC\","
              + "\"amountUsd\":2000.000007,\"policy\":null}")
          .contains("\"verdict\":\"block\",\"reasons\":[\"TRANSFER_HIGH_RISK_COUNTERPARTY\"],\"symbol\":\"USDC\","
              + "\"amountUsd\":2000.000007,\"policy\":1}")
          .containsPattern("\\{\"url\":\"/check/t/[0-9]+\",\"verdict\":\"block\",\"policy\":\\{\"id\":\"pol_[0-9]+\","
              + "\"version\":1,\"hash\":\"[0-9a-f]{64}\"}}");
    } finally {
      Files.deleteIfExists(file);
    }
  }
}
