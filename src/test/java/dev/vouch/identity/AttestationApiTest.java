package dev.vouch.identity;

import static dev.vouch.identity.IdentityFixture.code;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Anvil;
import dev.vouch.support.ChainsFile;
import dev.vouch.support.ChainsFile.Entry;
import dev.vouch.support.Signer;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestWallet;
import io.vertx.core.json.JsonObject;
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
 * Attestations over real Anvil transactions, signed with eth_signTypedData_v4 by Anvil's unlocked
 * accounts and by keys the test holds. Arc needs 3 confirmations here. Every refusal leaves no row.
 */
class AttestationApiTest {

  static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");
  static final BigInteger E18 = BigInteger.TEN.pow(18);

  static Anvil arc;
  static TestApp app;
  static IdentityFixture ids;
  static TestWallet dev0;
  static TestWallet dev1;
  static TestWallet carol;
  static Instant t = NOW.minus(Duration.ofDays(30));

  /** Block times strictly increase; each call gives the next one. */
  static Instant next() {
    t = t.plusSeconds(60);
    return t;
  }

  @BeforeAll
  static void start() {
    arc = Anvil.start(5042002, NOW.minus(Duration.ofDays(400)));
    dev0 = TestWallet.anvil(arc, "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266");
    dev1 = TestWallet.anvil(arc, "0x70997970c51812dc3a010c7d01b50e0d17dc79c8");
    carol = TestWallet.of(Signer.random());
    arc.fund(carol.address());
    var chains = ChainsFile.write(List.of(Entry.history("Arc Testnet", 5042002, "USDC", arc.url).confirmations(3)));
    Map<String, String> env = new HashMap<>(TestApp.UNMETERED);
    env.put("CHAINS_FILE", chains.toString());
    env.put("VOUCH_INDEXING_POLL_MS", "100");
    app = TestApp.start(env);
    ids = new IdentityFixture(app);
    ids.claim(dev0, "dev0");
    ids.claim(dev1, "dev1");
    ids.claim(carol, "carol");
  }

  @AfterAll
  static void stop() {
    app.close();
    arc.close();
  }

  /** A transfer made final by two more blocks. */
  static String finalTx(String from, String to) {
    String hash = arc.sendAt(next(), from, to, E18);
    arc.mineAt(next());
    arc.mineAt(next());
    return hash;
  }

  static long rows() {
    return Sql.count(app.database, "SELECT count(*) FROM attestations");
  }

  static JsonObject trust(String wallet) {
    return TestApp.data(app.get("/api/v1/trust/" + wallet)).getJsonObject("trustGraph");
  }

  @Test
  void attestAcceptAndRevokeWithAnvilSignedTypedData() {
    String tx = arc.sendAt(next(), dev1.address(), dev0.address(), E18);
    // One confirmation of three: refused, nothing recorded.
    long before = rows();
    var early = ids.attest(dev0, dev1, tx);
    assertThat(early.statusCode()).isEqualTo(422);
    assertThat(code(early)).isEqualTo("TX_NOT_FINAL");
    assertThat(rows()).isEqualTo(before);
    arc.mineAt(next());
    arc.mineAt(next());

    var created = ids.attest(dev0, dev1, tx);
    assertThat(created.statusCode()).as(created.bodyAsString()).isEqualTo(201);
    JsonObject a = TestApp.data(created);
    assertThat(a.getString("status")).isEqualTo("pending");
    assertThat(a.getString("attester")).isEqualTo(dev0.address());
    assertThat(a.getJsonObject("transaction").getString("from")).isEqualTo(dev1.address());
    assertThat(a.getJsonObject("transaction").getString("value")).isEqualTo(E18.toString());
    // Idempotent: the same transaction attested again answers the same attestation.
    var dup = ids.attest(dev0, dev1, tx);
    assertThat(dup.statusCode()).isEqualTo(200);
    assertThat(TestApp.data(dup).getLong("id")).isEqualTo(a.getLong("id"));
    assertThat(rows()).isEqualTo(before + 1);
    // Pending is no edge.
    assertThat(trust(dev1.address()).getJsonArray("edges")).isEmpty();

    // Only the counterparty accepts: the attester's signature is refused.
    var wrongSigner = ids.decide(dev0, "accept", a);
    assertThat(code(wrongSigner)).isEqualTo("SIGNATURE_INVALID");
    var accepted = ids.decide(dev1, "accept", a);
    assertThat(accepted.statusCode()).as(accepted.bodyAsString()).isEqualTo(201);
    assertThat(TestApp.data(accepted).getString("status")).isEqualTo("accepted");
    assertThat(ids.decide(dev1, "accept", a).statusCode()).isEqualTo(200);
    assertThat(code(ids.decide(dev1, "reject", a))).isEqualTo("ATTESTATION_CLOSED");
    // The edge shows at once, on both sides, without a re-index.
    JsonObject g = trust(dev1.address());
    assertThat(g.getJsonArray("edges")).hasSize(1);
    JsonObject edge = g.getJsonArray("edges").getJsonObject(0);
    assertThat(edge.getString("peerWallet")).isEqualTo(dev0.address());
    assertThat(edge.getString("peerUsername")).isEqualTo("dev0.vouch");
    assertThat(edge.getJsonArray("ids").getList()).containsExactly(a.getInteger("id"));
    assertThat(edge.getJsonArray("verifiedVolume").getJsonObject(0).getString("amount")).isEqualTo(E18.toString());
    assertThat(g.getJsonObject("metrics").getInteger("trustedPeerCount")).isEqualTo(1);
    assertThat(trust(dev0.address()).getJsonArray("edges")).hasSize(1);
    // Acceptance queued both wallets' next commit (score components).
    Sql.await("attestation jobs", 10_000, () -> Sql.count(app.database,
        "SELECT count(*) FROM index_jobs WHERE kind = 'attestation' AND wallet = ANY(?)",
        (Object) new String[] {dev0.address(), dev1.address()}) == 2);

    // The interaction graph's overlay: once the queued commit observed the transaction, the peer
    // node is registered, named, linked to its profile and a verified Vouch peer.
    Sql.await("dev1's graph shows dev0 as a verified peer", 60_000, () -> node(dev1.address(), dev0.address()) != null
        && node(dev1.address(), dev0.address()).getBoolean("verifiedVouchPeer"));
    JsonObject peerNode = node(dev1.address(), dev0.address());
    assertThat(peerNode.getBoolean("registered")).isTrue();
    assertThat(peerNode.getString("username")).isEqualTo("dev0.vouch");
    assertThat(peerNode.getString("profileUrl")).isEqualTo("/u/dev0.vouch");

    // Either side revokes; the edge is gone at once.
    var revoked = ids.decide(dev0, "revoke", a);
    assertThat(revoked.statusCode()).as(revoked.bodyAsString()).isEqualTo(201);
    assertThat(TestApp.data(revoked).getString("revokedBy")).isEqualTo(dev0.address());
    assertThat(trust(dev1.address()).getJsonArray("edges")).isEmpty();
    assertThat(node(dev1.address(), dev0.address()).getBoolean("verifiedVouchPeer")).isFalse();
    assertThat(code(ids.decide(dev1, "accept", a))).isEqualTo("ATTESTATION_CLOSED");
  }

  /** The node of {@code peer} in the wallet's interaction graph, or null. */
  static JsonObject node(String wallet, String peer) {
    var r = app.get("/api/v1/interaction-graph/" + wallet + "?limit=50");
    if (r.statusCode() != 200) {
      return null;
    }
    for (Object o : TestApp.data(r).getJsonObject("interactionGraph").getJsonArray("nodes")) {
      if (peer.equals(((JsonObject) o).getString("walletAddress"))) {
        return (JsonObject) o;
      }
    }
    return null;
  }

  @Test
  void theCounterpartyRejectsWithAKeyHeldByTheTest() {
    String tx = finalTx(carol.address(), dev0.address());
    var created = ids.attest(dev0, carol, tx);
    assertThat(created.statusCode()).as(created.bodyAsString()).isEqualTo(201);
    JsonObject a = TestApp.data(created);
    var rejected = ids.decide(carol, "reject", a);
    assertThat(rejected.statusCode()).as(rejected.bodyAsString()).isEqualTo(201);
    assertThat(TestApp.data(rejected).getString("status")).isEqualTo("rejected");
    assertThat(trust(carol.address()).getJsonArray("edges")).isEmpty();
    assertThat(code(ids.decide(carol, "accept", a))).isEqualTo("ATTESTATION_CLOSED");
    assertThat(code(ids.decide(dev0, "revoke", a))).isEqualTo("ATTESTATION_CLOSED");
  }

  @Test
  void unverifiableAttestationsAreRefusedWithTheirReasonAndLeaveNothing() {
    long before = rows();
    // A forged signature: carol signs as if she were dev0.
    String tx = finalTx(dev0.address(), carol.address());
    var forged = ids.attest(carol, dev0.address(), carol.address(), IdentityFixture.HOME, tx);
    assertThat(forged.statusCode()).isEqualTo(400);
    assertThat(code(forged)).isEqualTo("SIGNATURE_INVALID");

    // A transaction between other wallets.
    String x = Anvil.randomAddress();
    arc.fund(x);
    String others = finalTx(x, Anvil.randomAddress());
    assertThat(code(ids.attest(dev0, carol, others))).isEqualTo("TX_WRONG_PARTIES");
    // Only one of the two took part.
    String half = finalTx(dev0.address(), x);
    assertThat(code(ids.attest(dev0, carol, half))).isEqualTo("TX_WRONG_PARTIES");

    // A reverted transaction.
    String reverter = arc.deployReverterAt(next(), carol.address());
    String reverted = arc.callAt(next(), carol.address(), reverter);
    arc.mineAt(next());
    arc.mineAt(next());
    assertThat(arc.receipt(reverted).get("status").asText()).isEqualTo("0x0");
    assertThat(code(ids.attest(carol, dev0, reverted))).isEqualTo("TX_REVERTED");

    // No such transaction; a chain outside the catalogue.
    assertThat(code(ids.attest(dev0, carol, "0x" + "ab".repeat(32)))).isEqualTo("TX_NOT_FOUND");
    assertThat(code(ids.attest(dev0, dev0.address(), carol.address(), 1, tx))).isEqualTo("CHAIN_NOT_SUPPORTED");

    // An unregistered counterparty, and an unregistered attester.
    TestWallet stranger = TestWallet.of(Signer.random());
    arc.fund(stranger.address());
    String withStranger = finalTx(dev0.address(), stranger.address());
    var unregistered = ids.attest(dev0, stranger, withStranger);
    assertThat(unregistered.statusCode()).isEqualTo(422);
    assertThat(code(unregistered)).isEqualTo("COUNTERPARTY_NOT_REGISTERED");
    assertThat(code(ids.attest(stranger, dev0, withStranger))).isEqualTo("ATTESTER_NOT_REGISTERED");

    // A signature whose deadline has passed.
    long past = app.clock.instant().getEpochSecond() - 1;
    var late = ids.post("/api/v1/attestations", new JsonObject().put("attester", dev0.address())
        .put("subject", carol.address()).put("chainId", IdentityFixture.HOME).put("txHash", tx).put("deadline", past)
        .put("signature", dev0.signTyped(TypedData.attestation(IdentityFixture.HOME, dev0.address(), carol.address(),
            IdentityFixture.HOME, tx, past))));
    assertThat(code(late)).isEqualTo("SIGNATURE_EXPIRED");

    assertThat(rows()).isEqualTo(before);
    assertThat(code(app.get("/api/v1/attestations/999999"))).isEqualTo("NOT_FOUND");
  }
}
