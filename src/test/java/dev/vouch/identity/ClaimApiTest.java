package dev.vouch.identity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Anvil;
import dev.vouch.support.ChainsFile;
import dev.vouch.support.ChainsFile.Entry;
import dev.vouch.support.Signer;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Username claims against a real Anvil home chain: messages signed by Anvil's unlocked accounts
 * (personal_sign) and by keys the test holds; EIP-1271 contract wallets through eth_call.
 */
class ClaimApiTest {

  static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");
  /** Anvil's first two unlocked dev accounts. */
  static final String DEV0 = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";

  static Anvil arc;
  static TestApp app;

  @BeforeAll
  static void start() {
    arc = Anvil.start(5042002, NOW.minus(Duration.ofDays(400)));
    arc.sendAt(NOW.minus(Duration.ofDays(300)), DEV0, Anvil.randomAddress(), BigInteger.TEN.pow(18));
    var chains = ChainsFile.write(List.of(Entry.history("Arc Testnet", 5042002, "USDC", arc.url)));
    Map<String, String> env = new HashMap<>(TestApp.UNMETERED);
    env.put("CHAINS_FILE", chains.toString());
    env.put("VOUCH_INDEXING_POLL_MS", "100");
    app = TestApp.start(env);
  }

  @AfterAll
  static void stop() {
    app.close();
    arc.close();
  }

  static HttpResponse<Buffer> post(String path, JsonObject body) {
    return app.send(HttpMethod.POST, path, body.toBuffer(), Map.of("Content-Type", "application/json"));
  }

  static JsonObject challenge(String wallet, String username) {
    var r = post("/api/v1/identities/challenge", new JsonObject().put("wallet", wallet).put("username", username));
    assertThat(r.statusCode()).as(r.bodyAsString()).isEqualTo(201);
    return TestApp.data(r);
  }

  static String code(HttpResponse<Buffer> r) {
    return r.bodyAsJsonObject().getJsonObject("error").getString("code");
  }

  static long identities() {
    return Sql.count(app.database, "SELECT count(*) FROM identities");
  }

  @Test
  void anAnvilAccountClaimsWithPersonalSignAndBecomesRegistered() {
    JsonObject c = challenge(DEV0.toUpperCase().replace("0X", "0x"), "Dev-Zero");
    String message = c.getString("message");
    // Without identity.uri the message names localhost at the port the service listens on.
    assertThat(message).startsWith("localhost:" + app.port + " wants you to sign in with your Ethereum account:\n"
        + "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266\n").contains("URI: http://localhost:" + app.port + "\n");
    assertThat(message).contains("Nonce: " + c.getString("nonce"), "Chain ID: 5042002", "dev-zero.vouch",
        "Expiration Time: 2026-11-22T12:10:00Z");
    String signature = arc.rpc("personal_sign",
        "0x" + java.util.HexFormat.of().formatHex(message.getBytes(java.nio.charset.StandardCharsets.UTF_8)), DEV0).asText();

    var r = post("/api/v1/identities", new JsonObject().put("message", message).put("signature", signature));
    assertThat(r.statusCode()).as(r.bodyAsString()).isEqualTo(201);
    JsonObject id = TestApp.data(r);
    assertThat(id.getString("username")).isEqualTo("dev-zero.vouch");
    assertThat(id.getString("wallet")).isEqualTo(DEV0);
    assertThat(id.getString("displayName")).isEqualTo("Dev-Zero");
    assertThat(id.getString("profileUrl")).isEqualTo("/u/dev-zero.vouch");
    assertThat(id.getString("signatureKind")).isEqualTo("eoa");
    // The claim queued the wallet's first commit.
    assertThat(Sql.count(app.database, "SELECT count(*) FROM index_jobs WHERE wallet = ? AND kind = 'claim'", DEV0))
        .isEqualTo(1);

    // Replaying the same signed challenge: refused, nothing more written.
    long before = identities();
    var replay = post("/api/v1/identities", new JsonObject().put("message", message).put("signature", signature));
    assertThat(replay.statusCode()).isEqualTo(409);
    assertThat(code(replay)).isEqualTo("NONCE_USED");
    assertThat(identities()).isEqualTo(before);

    // One username per wallet; usernames are unique whatever their case.
    var again = post("/api/v1/identities/challenge", new JsonObject().put("wallet", DEV0).put("username", "other"));
    assertThat(code(again)).isEqualTo("WALLET_ALREADY_REGISTERED");
    var taken = post("/api/v1/identities/challenge",
        new JsonObject().put("wallet", Anvil.randomAddress()).put("username", "DEV-ZERO.vouch"));
    assertThat(taken.statusCode()).isEqualTo(409);
    assertThat(code(taken)).isEqualTo("USERNAME_TAKEN");

    // Profile (SPEC 2.8) once the claim's indexing committed; values equal the score read's.
    Sql.await("claimed wallet indexed", 60_000, () -> "cached".equals(
        TestApp.data(app.get("/api/v1/score/" + DEV0)).getString("cacheStatus")));
    JsonObject score = TestApp.data(app.get("/api/v1/score/" + DEV0));
    var p = app.get("/api/v1/profile/Dev-Zero.VOUCH");
    assertThat(p.statusCode()).isEqualTo(200);
    JsonObject profile = TestApp.data(p);
    assertThat(profile.fieldNames()).containsExactlyInAnyOrder("username", "wallet", "displayName", "createdAt",
        "score", "scoreModelVersion", "riskLevel", "globalWalletAgeDays", "activeChainCount", "totalTxCount",
        "scoreUpdatedAt", "dataSource", "attestations", "trust");
    assertThat(profile.getString("username")).isEqualTo("dev-zero.vouch");
    assertThat(profile.getString("wallet")).isEqualTo(DEV0);
    assertThat(profile.getInteger("score")).isEqualTo(score.getInteger("score"));
    assertThat(profile.getString("riskLevel")).isEqualTo(score.getString("riskLevel"));
    assertThat(profile.getInteger("globalWalletAgeDays")).isEqualTo(score.getInteger("globalWalletAgeDays")).isEqualTo(300);
    assertThat(profile.getInteger("totalTxCount")).isEqualTo(1);
    assertThat(profile.getInteger("activeChainCount")).isEqualTo(1);
    assertThat(profile.getString("scoreUpdatedAt")).isEqualTo(score.getString("lastIndexedAt"));
    assertThat(profile.getString("dataSource")).isEqualTo("cached");
    assertThat(profile.getJsonObject("attestations").getInteger("count")).isZero();
    assertThat(profile.getJsonObject("trust")).isEqualTo(new JsonObject().put("trustedPeerCount", 0)
        .put("reciprocalCount", 0).put("networkHealth", "isolated").put("trustConfidence", 0.0));
    // The public profile page renders the same read.
    var page = app.send(HttpMethod.GET, "/u/dev-zero.vouch", null, Map.of("Accept", "text/html"));
    assertThat(page.statusCode()).isEqualTo(200);
    assertThat(page.getHeader("Content-Type")).startsWith("text/html");
    assertThat(page.bodyAsString()).contains("dev-zero.vouch", DEV0, score.getInteger("score") + " / 100",
        "300 days", "No verified relationships yet");
    assertThat(app.send(HttpMethod.GET, "/u/nobody.vouch", null, Map.of("Accept", "text/html")).statusCode())
        .isEqualTo(404);
    // The decision now carries the username.
    assertThat(TestApp.data(app.get("/api/v1/score/" + DEV0)).getString("username")).isEqualTo("dev-zero.vouch");
  }

  @Test
  void aKeyHeldByTheTestClaimsAndAppearsInTheDirectory() {
    Signer key = Signer.random();
    JsonObject c = challenge(key.address, "held-key");
    var r = post("/api/v1/identities", new JsonObject().put("message", c.getString("message"))
        .put("signature", key.personalSign(c.getString("message"))));
    assertThat(r.statusCode()).as(r.bodyAsString()).isEqualTo(201);

    List<String> seen = new java.util.ArrayList<>();
    String cursor = null;
    do {
      var page = app.get("/api/v1/identities?limit=1" + (cursor == null ? "" : "&cursor=" + cursor));
      assertThat(page.statusCode()).isEqualTo(200);
      JsonObject d = TestApp.data(page);
      d.getJsonArray("identities").forEach(o -> seen.add(((JsonObject) o).getString("username")));
      cursor = d.getJsonObject("pagination").getString("nextCursor");
    } while (cursor != null);
    assertThat(seen).contains("held-key.vouch").isSorted();
    assertThat(code(app.get("/api/v1/identities?cursor=bm90LWEtY3Vyc29y"))).isEqualTo("INVALID_REQUEST");
  }

  @Test
  void aForgedSignatureIsRefusedAndTheNonceStaysUnused() {
    Signer owner = Signer.random();
    Signer forger = Signer.random();
    JsonObject c = challenge(owner.address, "forged");
    var r = post("/api/v1/identities", new JsonObject().put("message", c.getString("message"))
        .put("signature", forger.personalSign(c.getString("message"))));
    assertThat(r.statusCode()).isEqualTo(400);
    assertThat(code(r)).isEqualTo("SIGNATURE_INVALID");
    assertThat(Sql.one(app.database, "SELECT used_at FROM claim_challenges WHERE nonce = ?", c.getString("nonce"))
        .get("used_at")).isNull();
    assertThat(Sql.count(app.database, "SELECT count(*) FROM identities WHERE wallet = ?", owner.address)).isZero();
    // An altered message is not a challenge the service issued.
    String altered = c.getString("message").replace("forged.vouch", "forgex.vouch");
    var changed = post("/api/v1/identities", new JsonObject().put("message", altered)
        .put("signature", owner.personalSign(altered)));
    assertThat(code(changed)).isEqualTo("CHALLENGE_UNKNOWN");
    // The owner can still use the untouched challenge.
    var ok = post("/api/v1/identities", new JsonObject().put("message", c.getString("message"))
        .put("signature", owner.personalSign(c.getString("message"))));
    assertThat(ok.statusCode()).isEqualTo(201);
  }

  @Test
  void anExpiredChallengeIsRefused() {
    Signer owner = Signer.random();
    JsonObject c = challenge(owner.address, "too-late");
    app.clock.advance(Duration.ofSeconds(600));
    try {
      var r = post("/api/v1/identities", new JsonObject().put("message", c.getString("message"))
          .put("signature", owner.personalSign(c.getString("message"))));
      assertThat(r.statusCode()).isEqualTo(400);
      assertThat(code(r)).isEqualTo("CHALLENGE_EXPIRED");
      assertThat(Sql.count(app.database, "SELECT count(*) FROM identities WHERE wallet = ?", owner.address)).isZero();
    } finally {
      app.clock.advance(Duration.ofSeconds(-600));
    }
  }

  @Test
  void contractWalletsClaimThroughEip1271() {
    // A contract whose isValidSignature answers the magic value, and one that reverts.
    String accepting = Anvil.randomAddress();
    arc.rpc("anvil_setCode", accepting, "0x631626ba7e60e01b60005260206000f3");
    String reverting = Anvil.randomAddress();
    arc.rpc("anvil_setCode", reverting, "0x60006000fd");
    Signer anyone = Signer.random();

    JsonObject c = challenge(accepting, "contract-wallet");
    var ok = post("/api/v1/identities", new JsonObject().put("message", c.getString("message"))
        .put("signature", anyone.personalSign(c.getString("message"))));
    assertThat(ok.statusCode()).as(ok.bodyAsString()).isEqualTo(201);
    assertThat(TestApp.data(ok).getString("signatureKind")).isEqualTo("eip1271");

    JsonObject d = challenge(reverting, "reverting-wallet");
    var refused = post("/api/v1/identities", new JsonObject().put("message", d.getString("message"))
        .put("signature", anyone.personalSign(d.getString("message"))));
    assertThat(code(refused)).isEqualTo("SIGNATURE_INVALID");
  }

  @Test
  void badInputAndUnknownUsernamesAnswerInTheEnvelope() {
    var bad = post("/api/v1/identities/challenge", new JsonObject().put("wallet", DEV0).put("username", "a"));
    assertThat(bad.statusCode()).isEqualTo(400);
    assertThat(code(bad)).isEqualTo("INVALID_USERNAME");
    assertThat(code(post("/api/v1/identities/challenge", new JsonObject().put("wallet", "0x12").put("username", "ok-name"))))
        .isEqualTo("INVALID_WALLET");
    assertThat(code(app.send(HttpMethod.POST, "/api/v1/identities", Buffer.buffer("{nope"),
        Map.of("Content-Type", "application/json")))).isEqualTo("INVALID_REQUEST");
    var missing = app.get("/api/v1/profile/nobody.vouch");
    assertThat(missing.statusCode()).isEqualTo(404);
    assertThat(code(missing)).isEqualTo("NOT_FOUND");
    assertThat(code(app.get("/api/v1/profile/x"))).isEqualTo("INVALID_USERNAME");
  }
}
