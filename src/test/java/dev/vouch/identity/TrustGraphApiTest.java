package dev.vouch.identity;

import static dev.vouch.support.Backdated.E18;
import static dev.vouch.support.Backdated.GENESIS;
import static dev.vouch.support.Backdated.NOW;
import static dev.vouch.support.Backdated.days;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Anvil;
import dev.vouch.support.ChainsFile;
import dev.vouch.support.ChainsFile.Entry;
import dev.vouch.support.Signer;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestWallet;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Three neighbourhoods built on one Anvil home chain, claimed, indexed and attested through the
 * API: an isolated old wallet, a healthy wallet with four old peers funded independently (all five
 * with seasoned history), and a
 * ring of five young wallets funded from one source that attest each other. Trust reads,
 * decisions and the profile must match docs/models.md.
 */
class TrustGraphApiTest {

  static Anvil arc;
  static TestApp app;
  static IdentityFixture ids;
  static TestWallet isolated;
  static TestWallet healthy;
  static final List<TestWallet> peers = new ArrayList<>();
  static final List<TestWallet> ring = new ArrayList<>();

  static TestWallet wallet() {
    TestWallet w = TestWallet.of(Signer.random());
    arc.fund(w.address());
    return w;
  }

  static String funder() {
    String f = Anvil.randomAddress();
    arc.fund(f);
    return f;
  }

  @BeforeAll
  static void build() {
    arc = Anvil.start(5042002, GENESIS);
    isolated = wallet();
    healthy = wallet();
    for (int i = 0; i < 4; i++) {
      peers.add(wallet());
    }
    for (int i = 0; i < 5; i++) {
      ring.add(wallet());
    }
    // Old wallets, each funded from its own source years ago.
    arc.sendAt(days(10), funder(), healthy.address(), E18);
    arc.sendAt(days(11), funder(), isolated.address(), E18);
    for (int i = 0; i < 4; i++) {
      arc.sendAt(days(12 + i), funder(), peers.get(i).address(), E18);
    }
    // And each has dealt with someone else long ago: seasoned history (decision_v0.5 needs two
    // counterparties first met 90+ days back; without it they would be aged but idle wallets).
    arc.sendAt(days(200), healthy.address(), Anvil.randomAddress(), E18);
    for (int i = 0; i < 4; i++) {
      arc.sendAt(days(201 + i), peers.get(i).address(), Anvil.randomAddress(), E18);
    }
    // Each old peer pays the healthy wallet: the transactions they will attest.
    List<String> peerTx = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      peerTx.add(arc.sendAt(NOW.minus(Duration.ofDays(10)).plus(Duration.ofHours(i)), peers.get(i).address(),
          healthy.address(), E18));
    }
    // Young ring: one funder five days ago, then every pair transacts.
    String common = funder();
    for (int i = 0; i < 5; i++) {
      arc.sendAt(NOW.minus(Duration.ofDays(5)).plus(Duration.ofMinutes(i)), common, ring.get(i).address(), E18);
    }
    Map<String, String> ringTx = new HashMap<>();
    Instant at = NOW.minus(Duration.ofDays(2));
    for (int i = 0; i < 5; i++) {
      for (int j = i + 1; j < 5; j++) {
        at = at.plusSeconds(60);
        ringTx.put(i + ">" + j, arc.sendAt(at, ring.get(i).address(), ring.get(j).address(), E18.divide(BigInteger.TEN)));
      }
    }

    var chains = ChainsFile.write(List.of(Entry.history("Arc Testnet", 5042002, "USDC", arc.url)));
    Map<String, String> env = new HashMap<>(TestApp.UNMETERED);
    env.put("CHAINS_FILE", chains.toString());
    env.put("VOUCH_INDEXING_POLL_MS", "100");
    app = TestApp.start(env);
    ids = new IdentityFixture(app);

    ids.claim(isolated, "isolated");
    ids.claim(healthy, "healthy");
    for (int i = 0; i < 4; i++) {
      ids.claim(peers.get(i), "peer-" + i);
    }
    for (int i = 0; i < 5; i++) {
      ids.claim(ring.get(i), "ring-" + i);
    }
    // Every claim queued a first commit: wait until all are indexed, so ages and funders are known.
    Sql.await("all claimed wallets indexed", 120_000, () -> Sql.count(app.database,
        "SELECT count(*) FROM identities i JOIN wallets w ON w.address = i.wallet WHERE w.latest_snapshot_id IS NOT NULL")
        == 11);

    for (int i = 0; i < 4; i++) {
      ids.vouch(peers.get(i), healthy, peerTx.get(i));
      ids.vouch(healthy, peers.get(i), peerTx.get(i));
    }
    for (int i = 0; i < 5; i++) {
      for (int j = i + 1; j < 5; j++) {
        ids.vouch(ring.get(i), ring.get(j), ringTx.get(i + ">" + j));
      }
    }
  }

  @AfterAll
  static void stop() {
    app.close();
    arc.close();
  }

  static JsonObject trust(TestWallet w) {
    var r = app.get("/api/v1/trust/" + w.address());
    assertThat(r.statusCode()).isEqualTo(200);
    return TestApp.data(r).getJsonObject("trustGraph");
  }

  static JsonObject decision(TestWallet w) {
    return TestApp.data(app.get("/api/v1/decision/" + w.address()));
  }

  static List<String> codes(JsonArray coded) {
    List<String> out = new ArrayList<>();
    coded.forEach(c -> out.add(((JsonObject) c).getString("code")));
    return out;
  }

  @Test
  void anIsolatedWalletReadsIsolatedAndKeepsTheMissingGraphReason() {
    JsonObject g = trust(isolated);
    assertThat(g.getJsonArray("edges")).isEmpty();
    assertThat(g.getJsonArray("suspiciousWallets")).isEmpty();
    JsonObject m = g.getJsonObject("metrics");
    assertThat(m.getString("networkHealth")).isEqualTo("isolated");
    assertThat(m.getString("networkMaturity")).isEqualTo("isolated");
    assertThat(m.getString("trustLevel")).isEqualTo("Isolated");
    assertThat(m.getDouble("trustConfidence")).isZero();
    assertThat(m.getDouble("anomalyScore")).isZero();
    assertThat(g.getJsonObject("snapshot").getValue("createdAt")).isNull();
    assertThat(codes(decision(isolated).getJsonArray("reasons"))).contains("VOUCH_TRUST_GRAPH_MISSING");
  }

  @Test
  void aHealthySetOfOldPeersReadsHealthyAndReachesAllow() {
    JsonObject g = trust(healthy);
    assertThat(g.getJsonArray("edges")).hasSize(4);
    JsonObject edge = g.getJsonArray("edges").getJsonObject(0);
    assertThat(edge.getBoolean("reciprocal")).isTrue();
    assertThat(edge.getInteger("interactionCount")).isEqualTo(2);
    assertThat(edge.getDouble("trustWeight")).isEqualTo(1.0);
    assertThat(edge.getJsonArray("interactionTypes").getList())
        .containsExactly("attested_by_peer", "attested_by_wallet", "native_transfer");
    JsonObject m = g.getJsonObject("metrics");
    assertThat(m.getInteger("trustedPeerCount")).isEqualTo(4);
    assertThat(m.getInteger("reciprocalCount")).isEqualTo(4);
    assertThat(m.getDouble("totalTrustWeight")).isEqualTo(4.0);
    assertThat(m.getDouble("anomalyScore")).isZero();
    assertThat(m.getString("networkHealth")).isEqualTo("healthy");
    assertThat(m.getString("trustLevel")).isEqualTo("High");
    assertThat(m.getString("networkMaturity")).isEqualTo("new");
    assertThat(m.getDouble("trustConfidence")).isEqualTo(0.8);
    assertThat(m.getDouble("relationshipDiversity")).isEqualTo(1.0);
    assertThat(m.getBoolean("suspicious")).isFalse();
    assertThat(g.getJsonArray("anomalies")).isEmpty();
    assertThat(g.getJsonArray("reciprocalPeers")).hasSize(4);
    int peerScores = 0;
    for (Object o : g.getJsonArray("edges")) {
      peerScores += ((JsonObject) o).getInteger("peerScore");
    }
    assertThat(m.getDouble("propagatedTrustScore")).isEqualTo((double) Math.min(10, peerScores / 50));

    // The acceptances queued the wallet's next commit: the score components follow, then allow.
    Sql.await("attestations committed into the score", 60_000, () -> TestApp.data(
        app.get("/api/v1/score/" + healthy.address())).getJsonObject("breakdown").getInteger("verifiedAttestations") > 0);
    JsonObject score = TestApp.data(app.get("/api/v1/score/" + healthy.address()));
    assertThat(score.getJsonObject("breakdown").getInteger("verifiedAttestations")).isEqualTo(12); // 4 peers
    assertThat(score.getJsonObject("attestations").getInteger("uniqueCounterparties")).isEqualTo(4);
    JsonObject d = decision(healthy);
    assertThat(d.getString("decision")).as(d.encode()).isEqualTo("allow");
    assertThat(d.getJsonArray("reasons")).isEmpty();

    JsonObject profile = TestApp.data(app.get("/api/v1/profile/healthy.vouch"));
    assertThat(profile.getJsonObject("attestations").getInteger("count")).isEqualTo(8);
    assertThat(profile.getJsonObject("trust")).isEqualTo(new JsonObject().put("trustedPeerCount", 4)
        .put("reciprocalCount", 4).put("networkHealth", "healthy").put("trustConfidence", 0.8));
  }

  @Test
  void aRingOfYoungWalletsIsFlaggedAndBlocked() {
    for (TestWallet member : ring) {
      JsonObject g = trust(member);
      JsonObject m = g.getJsonObject("metrics");
      assertThat(m.getInteger("trustedPeerCount")).isEqualTo(4);
      assertThat(m.getDouble("anomalyScore")).isEqualTo(0.8);
      assertThat(m.getBoolean("suspicious")).isTrue();
      assertThat(m.getString("networkHealth")).isEqualTo("suspicious");
      assertThat(m.getString("trustLevel")).isEqualTo("Suspicious");
      assertThat(m.getDouble("totalTrustWeight")).isZero();
      assertThat(g.getJsonArray("suspiciousWallets")).isEmpty();
      List<String> anomalies = new ArrayList<>();
      for (Object o : g.getJsonArray("anomalies")) {
        JsonObject a = (JsonObject) o;
        assertThat(a.getJsonObject("details")).isEqualTo(new JsonObject());
        anomalies.add(a.getString("code"));
      }
      assertThat(anomalies).contains("YOUNG_RING", "COMMON_FUNDER", "ATTESTATION_BURST");
      JsonObject d = decision(member);
      assertThat(d.getString("decision")).isEqualTo("block");
      assertThat(codes(d.getJsonArray("reasons"))).first().isEqualTo("TRUST_GRAPH_SUSPICIOUS");
      assertThat(d.getJsonObject("recommendedLimit").getInteger("amountUsdc")).isZero();
    }
  }
}
