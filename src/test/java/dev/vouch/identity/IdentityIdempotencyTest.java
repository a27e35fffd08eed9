package dev.vouch.identity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.idempotency.model.IdempotencyKeys;
import dev.vouch.support.Anvil;
import dev.vouch.support.ChainsFile;
import dev.vouch.support.ChainsFile.Entry;
import dev.vouch.support.Signer;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestKeys;
import dev.vouch.support.TestWallet;
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
 * Idempotency-Key on the signed identity writes (a username claim, an attestation and its
 * acceptance), over real Anvil transactions and signatures: the repeat answers the stored status
 * and body marked {@code Idempotent-Replayed: true}, and nothing runs twice: no second row, no
 * second decision-change event for a watcher, and the same request without the key (which does
 * run) answers differently. (A claim on a wallet without evidence changes no decision summary,
 * so the event check is on the acceptance.)
 */
class IdentityIdempotencyTest {

  static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");
  static final BigInteger E18 = BigInteger.TEN.pow(18);

  static Anvil arc;
  static TestApp app;
  static IdentityFixture ids;
  static Instant t = NOW.minus(Duration.ofDays(30));

  @BeforeAll
  static void start() {
    arc = Anvil.start(5042002, NOW.minus(Duration.ofDays(400)));
    var chains = ChainsFile.write(List.of(Entry.history("Arc Testnet", 5042002, "USDC", arc.url).confirmations(3)));
    Map<String, String> env = new HashMap<>(TestApp.UNMETERED);
    env.put("CHAINS_FILE", chains.toString());
    app = TestApp.start(env);
    ids = new IdentityFixture(app);
  }

  @AfterAll
  static void stop() {
    app.close();
    arc.close();
  }

  static HttpResponse<Buffer> post(String path, JsonObject body, String key) {
    Map<String, String> headers = new HashMap<>();
    headers.put("Content-Type", "application/json");
    if (key != null) {
      headers.put(IdempotencyKeys.HEADER, key);
    }
    return app.send(HttpMethod.POST, path, body.toBuffer(), headers);
  }

  static void assertReplayOf(HttpResponse<Buffer> first, HttpResponse<Buffer> replay) {
    assertThat(first.getHeader(IdempotencyKeys.REPLAYED)).isNull();
    assertThat(replay.statusCode()).isEqualTo(first.statusCode());
    assertThat(replay.bodyAsString()).isEqualTo(first.bodyAsString());
    assertThat(replay.getHeader(IdempotencyKeys.REPLAYED)).isEqualTo("true");
  }

  /** Puts the wallets on a payment watchlist of a fresh key, so their decision changes are events. */
  static void watch(String... wallets) {
    TestKeys.Key key = TestKeys.create(app.app.config(), "developer");
    long list = (Long) Sql.one(app.database, "INSERT INTO watchlists (api_key_id, name, use_case, created_at) "
        + "VALUES (?, 'w', 'payment', now()) RETURNING id", key.id()).get("id");
    for (String w : wallets) {
      Sql.exec(app.database, "INSERT INTO watchlist_members (watchlist_id, wallet, added_at) VALUES (?, ?, now())", list, w);
    }
  }

  /** Events the trust edge caused (the worker indexing these wallets meanwhile writes reindex ones). */
  static long events(String wallet) {
    return Sql.count(app.database, "SELECT count(*) FROM monitor_events WHERE wallet = ? AND cause = 'trust'", wallet);
  }

  @Test
  void aRepeatedSignedClaimReplaysTheRegistrationWithoutRegisteringTwice() {
    TestWallet w = TestWallet.of(Signer.random());
    var c = post("/api/v1/identities/challenge", new JsonObject().put("wallet", w.address()).put("username", "replayme"),
        null);
    assertThat(c.statusCode()).as(c.bodyAsString()).isEqualTo(201);
    String message = TestApp.data(c).getString("message");
    JsonObject claim = new JsonObject().put("message", message).put("signature", w.personalSign(message));

    var first = post("/api/v1/identities", claim, "claim-1");
    var again = post("/api/v1/identities", claim, "claim-1");

    assertThat(first.statusCode()).as(first.bodyAsString()).isEqualTo(201);
    assertReplayOf(first, again);
    assertThat(Sql.count(app.database, "SELECT count(*) FROM identities WHERE wallet = ?", w.address())).isEqualTo(1);
    // The same claim without the key runs, and its challenge is spent: a different answer, so the
    // replayed 201 was not a second run.
    var fresh = post("/api/v1/identities", claim, null);
    assertThat(fresh.statusCode()).isNotEqualTo(201);
    assertThat(fresh.getHeader(IdempotencyKeys.REPLAYED)).isNull();
  }

  @Test
  void repeatedAttestationCreateAndAcceptReplayTheirAnswersWithoutWritingTwice() {
    TestWallet attester = TestWallet.of(Signer.random());
    TestWallet subject = TestWallet.of(Signer.random());
    arc.fund(attester.address());
    arc.fund(subject.address());
    ids.claim(attester, "att" + Long.toString(System.nanoTime() % 100000, 36));
    ids.claim(subject, "sub" + Long.toString(System.nanoTime() % 100000, 36));
    watch(attester.address(), subject.address());
    t = t.plusSeconds(60);
    String tx = arc.sendAt(t, subject.address(), attester.address(), E18);
    arc.mineAt(t = t.plusSeconds(60));
    arc.mineAt(t = t.plusSeconds(60));

    long deadline = ids.deadline();
    JsonObject attest = new JsonObject().put("attester", attester.address()).put("subject", subject.address())
        .put("chainId", IdentityFixture.HOME).put("txHash", tx).put("deadline", deadline)
        .put("signature", attester.signTyped(TypedData.attestation(IdentityFixture.HOME, attester.address(),
            subject.address(), IdentityFixture.HOME, tx, deadline)));
    var created = post("/api/v1/attestations", attest, "attest-1");
    var createdAgain = post("/api/v1/attestations", attest, "attest-1");
    assertThat(created.statusCode()).as(created.bodyAsString()).isEqualTo(201);
    assertReplayOf(created, createdAgain);
    assertThat(Sql.count(app.database, "SELECT count(*) FROM attestations WHERE tx_hash = ?", tx)).isEqualTo(1);
    // Run again without the key, the create finds the attestation and answers 200, not the replayed 201.
    assertThat(post("/api/v1/attestations", attest, null).statusCode()).isEqualTo(200);

    JsonObject a = TestApp.data(created);
    JsonObject accept = new JsonObject().put("deadline", deadline).put("signature", subject.signTyped(
        TypedData.decision(IdentityFixture.HOME, "accept", a.getLong("id"), a.getString("attester"),
            a.getString("subject"), a.getLong("chainId"), a.getString("txHash"), deadline)));
    String path = "/api/v1/attestations/" + a.getLong("id") + "/accept";
    var accepted = post(path, accept, "accept-1");
    long announced = events(attester.address()) + events(subject.address());
    var acceptedAgain = post(path, accept, "accept-1");
    assertThat(accepted.statusCode()).as(accepted.bodyAsString()).isEqualTo(201);
    assertThat(TestApp.data(accepted).getString("status")).isEqualTo("accepted");
    assertReplayOf(accepted, acceptedAgain);
    assertThat(announced).as("the accepted edge changed a watched decision").isPositive();
    assertThat(events(attester.address()) + events(subject.address())).isEqualTo(announced);
    assertThat(post(path, accept, null).statusCode()).isEqualTo(200);
  }
}
