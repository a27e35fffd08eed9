package dev.vouch.identity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.TestApp;
import dev.vouch.support.TestWallet;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.util.Map;

/** Claims and attestations through the HTTP API, signed by test wallets (keys or Anvil accounts). */
final class IdentityFixture {

  static final long HOME = 5042002;

  private final TestApp app;

  IdentityFixture(TestApp app) {
    this.app = app;
  }

  HttpResponse<Buffer> post(String path, JsonObject body) {
    return app.send(HttpMethod.POST, path, body.toBuffer(), Map.of("Content-Type", "application/json"));
  }

  static String code(HttpResponse<Buffer> r) {
    return r.bodyAsJsonObject().getJsonObject("error").getString("code");
  }

  /** Claims a username for the wallet; its username. */
  String claim(TestWallet w, String name) {
    var c = post("/api/v1/identities/challenge", new JsonObject().put("wallet", w.address()).put("username", name));
    assertThat(c.statusCode()).as(c.bodyAsString()).isEqualTo(201);
    String message = TestApp.data(c).getString("message");
    var r = post("/api/v1/identities", new JsonObject().put("message", message).put("signature", w.personalSign(message)));
    assertThat(r.statusCode()).as(r.bodyAsString()).isEqualTo(201);
    return TestApp.data(r).getString("username");
  }

  long deadline() {
    return app.clock.instant().getEpochSecond() + 3600;
  }

  /** Posts an attestation signed by {@code signer} (normally the attester). */
  HttpResponse<Buffer> attest(TestWallet signer, String attester, String subject, long chainId, String txHash) {
    long deadline = deadline();
    JsonObject typed = TypedData.attestation(HOME, attester, subject, chainId, txHash, deadline);
    return post("/api/v1/attestations", new JsonObject().put("attester", attester).put("subject", subject)
        .put("chainId", chainId).put("txHash", txHash).put("deadline", deadline).put("signature", signer.signTyped(typed)));
  }

  HttpResponse<Buffer> attest(TestWallet attester, TestWallet subject, String txHash) {
    return attest(attester, attester.address(), subject.address(), HOME, txHash);
  }

  /** accept / reject / revoke, signed by {@code signer}. */
  HttpResponse<Buffer> decide(TestWallet signer, String action, JsonObject attestation) {
    long deadline = deadline();
    JsonObject typed = TypedData.decision(HOME, action, attestation.getLong("id"), attestation.getString("attester"),
        attestation.getString("subject"), attestation.getLong("chainId"), attestation.getString("txHash"), deadline);
    return post("/api/v1/attestations/" + attestation.getLong("id") + "/" + action,
        new JsonObject().put("deadline", deadline).put("signature", signer.signTyped(typed)));
  }

  /** Attests and has the subject accept; the accepted attestation. */
  JsonObject vouch(TestWallet attester, TestWallet subject, String txHash) {
    var a = attest(attester, subject, txHash);
    assertThat(a.statusCode()).as(a.bodyAsString()).isEqualTo(201);
    var ok = decide(subject, "accept", TestApp.data(a));
    assertThat(ok.statusCode()).as(ok.bodyAsString()).isEqualTo(201);
    return TestApp.data(ok);
  }
}
