package dev.vouch.receipt;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.Payload;
import com.nimbusds.jose.crypto.Ed25519Verifier;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.OctetKeyPair;
import dev.vouch.bus.Addresses;
import dev.vouch.receipt.model.Receipt;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestDatabase;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.erdtman.jcs.JsonCanonicalizer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Receipt signatures checked the way a third party checks them: the public key comes from
 * /.well-known/jwks.json, the payload is rebuilt from the served receipt, and the detached JWS
 * is verified by the JDK's own Ed25519 (no code of the service, no JOSE library) and by nimbus.
 */
class ReceiptSignatureTest {

  @TempDir
  Path dir;

  static JsonObject mint(TestApp app, String wallet) {
    var r = app.send(HttpMethod.POST, "/api/v1/decision-receipts", Buffer.buffer("{\"wallet\":\"" + wallet + "\"}"),
        Map.of("Content-Type", "application/json"));
    assertThat(r.statusCode()).isIn(200, 201);
    return TestApp.data(r).getJsonObject("receipt");
  }

  static JsonObject jwks(TestApp app) {
    var r = app.get("/.well-known/jwks.json");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.getHeader("Cache-Control")).contains("max-age");
    assertThat(r.getHeader("X-RateLimit-Remaining")).isNull();
    return r.bodyAsJsonObject();
  }

  static byte[] canonical(JsonObject receipt) {
    JsonObject payload = receipt.copy();
    for (String f : List.of("id", "createdAt", "payloadHash", "signature")) {
      payload.remove(f);
    }
    try {
      return new JsonCanonicalizer(payload.encode()).getEncodedUTF8();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** RFC 7515 appendix F and RFC 8037 with java.security only. */
  static boolean jdkVerifies(JsonObject receipt, JsonObject jwks) throws Exception {
    String[] parts = receipt.getJsonObject("signature").getString("jws").split("\\.", -1);
    assertThat(parts).hasSize(3);
    assertThat(parts[1]).as("detached: the payload is not inside the JWS").isEmpty();
    Base64.Decoder b64 = Base64.getUrlDecoder();
    JsonObject header = new JsonObject(new String(b64.decode(parts[0]), StandardCharsets.UTF_8));
    assertThat(header.getString("alg")).isEqualTo("EdDSA");
    assertThat(header.getString("kid")).isEqualTo(receipt.getJsonObject("signature").getString("kid"));
    JsonObject jwk = jwks.getJsonArray("keys").stream().map(JsonObject.class::cast)
        .filter(k -> k.getString("kid").equals(header.getString("kid"))).findFirst().orElseThrow();
    assertThat(jwk.getString("kty")).isEqualTo("OKP");
    assertThat(jwk.getString("crv")).isEqualTo("Ed25519");
    assertThat(jwk.containsKey("d")).as("never a private key").isFalse();
    byte[] x = b64.decode(jwk.getString("x"));
    byte[] spki = HexFormat.of().parseHex("302a300506032b6570032100" + HexFormat.of().formatHex(x));
    PublicKey key = KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(spki));
    String signingInput = parts[0] + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(canonical(receipt));
    Signature ed = Signature.getInstance("Ed25519");
    ed.initVerify(key);
    ed.update(signingInput.getBytes(StandardCharsets.US_ASCII));
    return ed.verify(b64.decode(parts[2]));
  }

  /** What the README shows a third party doing with nimbus. */
  static boolean nimbusVerifies(JsonObject receipt, JsonObject jwks) throws Exception {
    JWSObject jws = JWSObject.parse(receipt.getJsonObject("signature").getString("jws"), new Payload(canonical(receipt)));
    OctetKeyPair key = JWKSet.parse(jwks.encode()).getKeyByKeyId(jws.getHeader().getKeyID()).toOctetKeyPair();
    return jws.verify(new Ed25519Verifier(key));
  }

  static TestApp start(Path keyFile) {
    return start(TestDatabase.fresh(), keyFile);
  }

  static TestApp start(dev.vouch.store.DatabaseUrl db, Path keyFile) {
    return TestApp.startOn(db, Map.of(
        "VOUCH_BUDGETS_ANONYMOUS_PER_MINUTE", "1000000", "VOUCH_BUDGETS_RECEIPTS_PER_MINUTE", "1000",
        "VOUCH_RECEIPTS_SIGNING_KEY_FILE", keyFile.toString()));
  }

  @Test
  void anIndependentVerifierChecksTheSignatureWithTheKeyFromTheJwksAndRejectsATamperedReceipt() throws Exception {
    try (TestApp app = start(dir.resolve("keys.json"))) {
      JsonObject receipt = mint(app, "0x" + "a".repeat(40));
      JsonObject jwks = jwks(app);
      assertThat(receipt.getJsonObject("signature").getString("alg")).isEqualTo("EdDSA");
      assertThat(jdkVerifies(receipt, jwks)).isTrue();
      assertThat(nimbusVerifies(receipt, jwks)).isTrue();

      JsonObject tampered = receipt.copy().put("decision", "allow");
      assertThat(jdkVerifies(tampered, jwks)).isFalse();
      assertThat(nimbusVerifies(tampered, jwks)).isFalse();

      // A receipt read later verifies the same way (what /check/r/<id> shows).
      JsonObject read = TestApp.data(app.get("/api/v1/decision-receipts/" + receipt.getString("id"))).getJsonObject("receipt");
      assertThat(jdkVerifies(read, jwks)).isTrue();
    }
  }

  @Test
  void theKeyIsGeneratedOnFirstStartKeptPrivateAndReusedAfterARestart() throws Exception {
    Path file = dir.resolve("data/receipt-signing-keys.json");
    var db = TestDatabase.fresh();
    String kid;
    try (TestApp app = start(db, file)) {
      assertThat(file).exists();
      assertThat(Files.getPosixFilePermissions(file)).isEqualTo(PosixFilePermissions.fromString("rw-------"));
      kid = mint(app, "0x" + "b".repeat(40)).getJsonObject("signature").getString("kid");
      assertThat(jwks(app).getJsonArray("keys")).hasSize(1);
    }
    try (TestApp again = start(db, file)) {
      JsonObject receipt = mint(again, "0x" + "c".repeat(40));
      assertThat(receipt.getJsonObject("signature").getString("kid")).isEqualTo(kid);
      assertThat(jwks(again).getJsonArray("keys")).hasSize(1);
    }
  }

  @Test
  void afterARotationOldKeysStayPublishedAndOldReceiptsStillVerify() throws Exception {
    var db = TestDatabase.fresh();
    Path oldFile = dir.resolve("old.json");
    JsonObject old;
    try (TestApp app = start(db, oldFile)) {
      old = mint(app, "0x" + "d".repeat(40));
    }
    // The operator's new set holds only the new key; the database still publishes the old one.
    Path newFile = dir.resolve("new.json");
    Files.writeString(newFile, new JWKSet(SigningKeys.newKey()).toString(false));
    try (TestApp app = start(db, newFile)) {
      JsonObject fresh = mint(app, "0x" + "e".repeat(40));
      assertThat(fresh.getJsonObject("signature").getString("kid"))
          .isNotEqualTo(old.getJsonObject("signature").getString("kid"));
      JsonObject jwks = jwks(app);
      JsonArray keys = jwks.getJsonArray("keys");
      assertThat(keys).hasSize(2);
      assertThat(keys.getJsonObject(0).getString("kid")).isEqualTo(fresh.getJsonObject("signature").getString("kid"));
      assertThat(jdkVerifies(old, jwks)).isTrue();
      assertThat(jdkVerifies(fresh, jwks)).isTrue();
    }
  }

  @Test
  void aKeySetFromTheEnvironmentWinsOverTheFileAndRotationPutsTheNewKeyFirst() throws Exception {
    String first = SigningKeys.rotated(null);
    String second = SigningKeys.rotated(first);
    List<com.nimbusds.jose.jwk.JWK> keys = JWKSet.parse(second).getKeys();
    assertThat(keys).hasSize(2);
    assertThat(keys.get(1).getKeyID()).isEqualTo(JWKSet.parse(first).getKeys().get(0).getKeyID());
    assertThat(keys).allSatisfy(k -> assertThat(k.isPrivate()).isTrue());

    Path unused = dir.resolve("never-created.json");
    try (TestApp app = TestApp.startOn(TestDatabase.fresh(), Map.of("VOUCH_RECEIPTS_SIGNING_KEY", second,
        "VOUCH_RECEIPTS_SIGNING_KEY_FILE", unused.toString()))) {
      JsonObject receipt = mint(app, "0x" + "9".repeat(40));
      assertThat(receipt.getJsonObject("signature").getString("kid")).isEqualTo(keys.get(0).getKeyID());
      assertThat(jwks(app).getJsonArray("keys")).hasSize(2);
      assertThat(jdkVerifies(receipt, jwks(app))).isTrue();
    }
    assertThat(unused).doesNotExist();
  }

  @Test
  void thePagesEntryPointVerifiesReceiptsOverTheBus() throws Exception {
    try (TestApp app = start(dir.resolve("keys.json"))) {
      String id = mint(app, "0x" + "f".repeat(40)).getString("id");
      var bus = app.app.vertx().eventBus();
      // The read by id is hosted on each HTTP event loop only (ColocatedReadsTest); the store serves it here.
      Receipt receipt = new ReceiptStore(dev.vouch.store.Gateway.direct(app.app.pool())).find(id)
          .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS).orElseThrow();
      var verified = bus.<ReceiptSignatures.Verification>request(Addresses.RECEIPT_VERIFY, receipt)
          .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS).body();
      assertThat(verified.valid()).isTrue();
      assertThat(verified.kid()).isEqualTo(receipt.signature().kid());

      Receipt forged = new Receipt(receipt.id(), receipt.createdAt(), receipt.payloadHash(),
          new dev.vouch.receipt.model.ReceiptPayload(receipt.payload().wallet(), receipt.payload().username(),
              receipt.payload().useCase(), dev.vouch.decision.model.Verdict.allow, receipt.payload().riskLevel(),
              receipt.payload().recommendedLimit(), receipt.payload().reasons(), receipt.payload().warnings(),
              receipt.payload().score(), receipt.payload().evidence(), receipt.payload().freshness(),
              receipt.payload().scoreModelVersion(), receipt.payload().decisionModelVersion()),
          receipt.signature());
      var rejected = bus.<ReceiptSignatures.Verification>request(Addresses.RECEIPT_VERIFY, forged)
          .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS).body();
      assertThat(rejected.valid()).isFalse();
    }
  }
}
