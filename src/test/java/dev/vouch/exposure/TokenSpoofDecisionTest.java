package dev.vouch.exposure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Anvil;
import dev.vouch.support.ChainsFile;
import dev.vouch.support.ChainsFile.Entry;
import dev.vouch.support.Erc20;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TokenChains;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 35, items 1 and 2: what a third party can write into a wallet's token history must not
 * decide it. A real registered ERC-20 on Anvil, a sanctioned address in the labels, the service
 * end to end (intake, commit, exposure at commit, decision read).
 * <ul>
 *   <li>anyone may call {@code transferFrom(victim, sanctioned, 0)}: the zero-value Transfer is
 *       no payment and must neither block nor make an outgoing flow;
 *   <li>a wallet that paid a sanctioned address cannot hide it behind more than historyCap spoofed
 *       Transfer events of an unregistered contract;
 *   <li>a token read that does reach the cap (real transfers) warns, so a payment it drops is
 *       never dropped silently.
 * </ul>
 */
class TokenSpoofDecisionTest {

  static final Instant G = Instant.parse("2026-11-22T12:00:00Z").minus(Duration.ofDays(200));
  static final int CAP = 5;
  static Anvil arc;
  static TestApp app;
  static String sanctioned;
  static String victim;
  static String payer;
  static String busy;

  static int days;

  /** Block times one day apart, in the order the scenario sends. */
  static Instant next() {
    return G.plus(Duration.ofDays(++days));
  }

  @BeforeAll
  static void start() throws Exception {
    arc = Anvil.start(5042002, G);
    sanctioned = Anvil.randomAddress();
    victim = Anvil.randomAddress();
    payer = Anvil.randomAddress();
    busy = Anvil.randomAddress();
    String peer = Anvil.randomAddress();
    Erc20 usdc = Erc20.deployAt(arc, next(), Anvil.randomAddress(), "USD Coin", "USDC", 6);
    Erc20 fake = Erc20.deployAt(arc, next(), Anvil.randomAddress(), "USD Coin", "USDC", 6);
    for (String w : List.of(victim, payer, busy, peer)) {
      usdc.mintAt(next(), w, BigInteger.valueOf(100_000_000));
    }
    // 1: a stranger writes "victim paid the sanctioned address 0" into the registered token's logs.
    usdc.transferFromAt(next(), Anvil.randomAddress(), victim, sanctioned, BigInteger.ZERO);
    // 2: payer really pays 50 USDC, then a contract outside the registry emits CAP + 1 spoofed
    // Transfers naming payer, all newer than the payment.
    usdc.transferAt(next(), payer, sanctioned, BigInteger.valueOf(50_000_000));
    for (int i = 0; i < CAP + 1; i++) {
      fake.spoofAt(next(), payer, Anvil.randomAddress(), BigInteger.valueOf(1_000_000));
    }
    // 3: busy pays 10 USDC, then receives CAP + 1 real USDC transfers: its token read is capped.
    usdc.transferAt(next(), busy, sanctioned, BigInteger.valueOf(10_000_000));
    for (int i = 0; i < CAP + 1; i++) {
      usdc.transferAt(next(), peer, busy, BigInteger.valueOf(2_000_000));
    }

    Path dir = Files.createTempDirectory("vouch-spoof");
    Path labels = dir.resolve("labels.csv");
    Files.writeString(labels, "address,chain,category,name,source\n" + sanctioned + ",,sanctioned,Test SDN entry,OFAC\n");
    Path config = dir.resolve("application.yaml");
    Files.writeString(config, Files.readString(Path.of("config/application.yaml")).replace("  flaggedAddresses: []\n",
        "  flaggedAddresses:\n    - {name: LABELS, type: labels, path: " + labels + "}\n"));
    Map<String, String> env = new HashMap<>(TestApp.UNMETERED);
    env.put("VOUCH_CONFIG", config.toString());
    env.put("CHAINS_FILE", TokenChains.register(ChainsFile.write(List.of(
        Entry.history("Arc Testnet", 5042002, "USDC", arc.url).cap(CAP))), 5042002,
        List.of(new TokenChains.Token(usdc.address, "USDC", 6, true))).toString());
    env.put("VOUCH_INDEXING_POLL_MS", "100");
    app = TestApp.start(env);
    for (String w : List.of(victim, payer, busy)) {
      assertThat(app.send(HttpMethod.POST, "/api/v1/intake/" + w, null, Map.of()).statusCode()).isEqualTo(202);
    }
    for (String w : List.of(victim, payer, busy)) {
      Sql.await("committed " + w, 120_000,
          () -> "cached".equals(TestApp.data(app.get("/api/v1/score/" + w)).getString("cacheStatus")));
    }
  }

  @AfterAll
  static void stop() throws Exception {
    if (app != null) {
      app.close();
    }
    if (arc != null) {
      arc.close();
    }
  }

  static JsonObject decision(String wallet) {
    return TestApp.data(app.get("/api/v1/decision/" + wallet));
  }

  static List<String> codes(JsonArray coded) {
    return coded.stream().map(c -> ((JsonObject) c).getString("code")).toList();
  }

  static final String FLOWS_WITH = "SELECT count(*) FROM token_flows f JOIN wallets w ON w.latest_snapshot_id = f.snapshot_id"
      + " WHERE w.address = ? AND f.counterparty = ?";

  @Test
  void aZeroValueTransferFromInTheWalletsNameIsNoPaymentAndNoBlock() {
    JsonObject d = decision(victim);
    assertThat(d.getString("decision")).isNotEqualTo("block");
    assertThat(codes(d.getJsonArray("reasons"))).noneMatch(c -> c.startsWith("EXPOSURE_"));
    assertThat(d.getJsonObject("exposure").getString("sanctions")).isEqualTo("none");
    // No flow, outgoing or other, to the sanctioned address: the lookalike node of address poisoning is gone too.
    assertThat(Sql.count(app.database, FLOWS_WITH, victim, sanctioned)).isZero();
    // Dropped, but counted on the chain's coverage row.
    assertThat(Sql.count(app.database, "SELECT c.zero_value_token_transfers FROM snapshot_chains c JOIN wallets w"
        + " ON w.latest_snapshot_id = c.snapshot_id WHERE w.address = ?", victim)).isEqualTo(1);
    // ...and shown in the answers' coverage (issue 33 item 4), so a caller sees what was left out.
    assertThat(d.getJsonObject("coverage").getJsonArray("chains").getJsonObject(0).getLong("zeroValueTokenTransfers"))
        .isEqualTo(1L);
    JsonObject graph = TestApp.data(app.get("/api/v1/interaction-graph/" + victim)).getJsonObject("interactionGraph");
    assertThat(graph.getJsonObject("coverage").getJsonArray("chains").getJsonObject(0).getLong("zeroValueTokenTransfers"))
        .isEqualTo(1L);
    // The poisoning shape makes no node: the sanctioned (lookalike) address is not in the graph.
    assertThat(graph.getJsonArray("nodes").stream().map(n -> ((JsonObject) n).getString("walletAddress")))
        .doesNotContain(sanctioned);
  }

  @Test
  void spoofedTransfersOfAnUnregisteredContractDoNotPushARealPaymentOutOfTheCap() {
    JsonObject d = decision(payer);
    assertThat(d.getString("decision")).isEqualTo("block");
    assertThat(codes(d.getJsonArray("reasons"))).startsWith("EXPOSURE_SANCTIONED_OUT");
    assertThat(Sql.count(app.database, FLOWS_WITH, payer, sanctioned)).isEqualTo(1);
  }

  @Test
  void aTokenReadThatReachesTheCapWarnsRatherThanDropAPaymentSilently() {
    JsonObject d = decision(busy);
    // The payment to the sanctioned address is older than the newest CAP transfers: not weighed, but said.
    assertThat(codes(d.getJsonArray("warnings"))).contains("DATA_TOKENS_CAPPED");
    assertThat(Sql.count(app.database, "SELECT count(*) FROM snapshot_chains c JOIN wallets w"
        + " ON w.latest_snapshot_id = c.snapshot_id WHERE w.address = ? AND c.tokens_capped", busy)).isEqualTo(1);
  }
}
