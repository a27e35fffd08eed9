package dev.vouch.screening;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Anvil;
import dev.vouch.support.AnvilExplorer;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.InputStream;
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
 * The service end to end with screening lists (a CSV and the SDN XML) and a chain read through
 * explorers: the first (Etherscan) is down, so the run fails over to Blockscout and says so in
 * coverage; a counterparty on the SDN list raises the penalty with a reason naming the list; a
 * wallet on the CSV list is blocked even before it is indexed.
 */
class ScreeningDecisionApiTest {

  static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");
  static final String LAZARUS = "0x098b716b8aaf21512996dc57eb0615e2383e2f96";

  static Anvil arc;
  static AnvilExplorer down;
  static AnvilExplorer explorer;
  static TestApp app;
  static String wallet;
  static String listed;

  @BeforeAll
  static void start() throws Exception {
    arc = Anvil.start(5042002, NOW.minus(Duration.ofDays(400)));
    down = AnvilExplorer.start(arc).failWith(503);
    explorer = AnvilExplorer.start(arc);
    wallet = Anvil.randomAddress();
    listed = Anvil.randomAddress();
    String peer = Anvil.randomAddress();
    arc.fund(wallet);
    arc.sendAt(NOW.minus(Duration.ofDays(300)), wallet, peer, BigInteger.TEN);
    arc.sendAt(NOW.minus(Duration.ofDays(2)), wallet, LAZARUS, BigInteger.ONE);

    Path csv = temp("flagged", ".csv", "address,label\n" + listed + ",phishing drainer\n");
    Path sdn = Files.createTempFile("sdn", ".xml");
    sdn.toFile().deleteOnExit();
    try (InputStream in = ScreeningDecisionApiTest.class.getResourceAsStream("/screening/sdn.xml")) {
      Files.write(sdn, in.readAllBytes());
    }
    String appYaml = Files.readString(Path.of("config/application.yaml")).replace("  flaggedAddresses: []\n",
        "  flaggedAddresses:\n"
            + "    - {name: LOCAL, type: csv, path: " + csv + "}\n"
            + "    - {name: OFAC_SDN, type: ofac_sdn, path: " + sdn + "}\n");
    Path config = temp("application", ".yaml", appYaml);
    Path chains = temp("chains", ".yaml", "chains:\n"
        + "  - name: Arc Testnet\n    chainId: 5042002\n    symbol: USDC\n    explorer: https://x.invalid/{address}\n"
        + "    mode: history\n    historyCap: 1000\n    rpcUrls: []\n    timeoutMs: 3000\n    concurrency: 4\n"
        + "    sources:\n"
        + "      - {type: etherscan, url: " + down.etherscanUrl + ", apiKeyEnv: TEST_ETHERSCAN_KEY, callsPerSecond: 5}\n"
        + "      - {type: blockscout, url: " + explorer.blockscoutUrl + "}\n");
    Map<String, String> env = new HashMap<>(TestApp.UNMETERED);
    env.put("VOUCH_CONFIG", config.toString());
    env.put("CHAINS_FILE", chains.toString());
    env.put("VOUCH_INDEXING_POLL_MS", "100");
    env.put("VOUCH_INDEXING_RPC_RETRIES", "1");
    env.put("TEST_ETHERSCAN_KEY", "key-that-must-not-leak");
    app = TestApp.start(env);
  }

  static Path temp(String prefix, String suffix, String text) throws Exception {
    Path p = Files.createTempFile(prefix, suffix);
    p.toFile().deleteOnExit();
    Files.writeString(p, text);
    return p;
  }

  @AfterAll
  static void stop() {
    app.close();
    down.close();
    explorer.close();
    arc.close();
  }

  static List<String> codes(JsonObject decision) {
    JsonArray reasons = decision.getJsonArray("reasons");
    return reasons.stream().map(r -> ((JsonObject) r).getString("code")).toList();
  }

  @Test
  void aCounterpartyOnTheSdnListRaisesThePenaltyWithAReasonNamingTheList() {
    assertThat(app.send(HttpMethod.POST, "/api/v1/intake/" + wallet, null, Map.of()).statusCode()).isEqualTo(202);
    Sql.await("committed score", 30_000,
        () -> "cached".equals(TestApp.data(app.get("/api/v1/score/" + wallet)).getString("cacheStatus")));

    JsonObject score = TestApp.data(app.get("/api/v1/score/" + wallet));
    assertThat(score.getJsonObject("breakdown").getInteger("riskPenalty")).isEqualTo(-30);
    assertThat(Sql.one(app.database, "SELECT flagged_counterparties, flagged_lists::text AS lists FROM snapshots WHERE wallet = ?", wallet))
        .containsEntry("flagged_counterparties", 1).containsEntry("lists", "{\"OFAC_SDN\": 1}");

    JsonObject d = TestApp.data(app.get("/api/v1/decision/" + wallet));
    assertThat(d.getString("decision")).isEqualTo("block");
    // decision_v0.6 with the summary stored at commit: paying a sanctioned address is the block,
    // judged by the exposure rules instead of v0.5's flat penalty per listed counterparty.
    assertThat(codes(d)).startsWith("EXPOSURE_SANCTIONED_OUT")
        .doesNotContain("SANCTIONED_ADDRESS", "FLAGGED_COUNTERPARTY_OFAC_SDN");
    assertThat(d.getString("riskLevel")).isEqualTo("High Risk");
    JsonObject exposure = d.getJsonObject("exposure");
    assertThat(exposure.getString("sanctions")).isEqualTo("direct");
    assertThat(exposure.getInteger("sanctionedOutTransfers")).isEqualTo(1);
    assertThat(exposure.getJsonArray("destinationCategories").getList()).containsExactly("sanctioned");
    assertThat(score.getJsonObject("exposure").encode()).isEqualTo(exposure.encode());

    // The chain was read through Blockscout after Etherscan failed, and coverage says so.
    JsonObject chain = d.getJsonObject("coverage").getJsonArray("chains").getJsonObject(0);
    assertThat(chain.getString("status")).isEqualTo("indexed");
    assertThat(chain.getString("source")).isEqualTo("blockscout");
    assertThat(chain.getJsonArray("fallbackFrom").getList()).containsExactly("etherscan");
    assertThat(Sql.one(app.database, "SELECT c.source, c.fallback_from::text AS fb FROM snapshot_chains c"
        + " JOIN snapshots s ON s.id = c.snapshot_id WHERE s.wallet = ?", wallet))
        .containsEntry("source", "blockscout").containsEntry("fb", "{etherscan}");
    // The key went to Etherscan in the query, as its API wants it.
    assertThat(down.requests).anyMatch(q -> "***".equals(q.get("apikey")));
  }

  @Test
  void aWalletOnAListIsBlockedEvenBeforeItIsIndexed() {
    JsonObject d = TestApp.data(app.get("/api/v1/decision/" + listed.toUpperCase().replace("0X", "0x")));
    assertThat(d.getString("decision")).isEqualTo("block");
    assertThat(codes(d)).containsExactly("SANCTIONED_ADDRESS", "DATA_LIMITED");
    assertThat(d.getJsonArray("reasons").getJsonObject(0).getString("message")).contains("LOCAL (phishing drainer)");
    assertThat(d.getJsonObject("recommendedLimit").getInteger("amountUsdc")).isZero();
    assertThat(d.getJsonObject("freshness").getString("cacheStatus")).isEqualTo("indexing_required");
    assertThat(d.getJsonObject("evidence").getJsonArray("used").getList()).contains("screening");

    JsonObject unlisted = TestApp.data(app.get("/api/v1/decision/" + Anvil.randomAddress()));
    assertThat(unlisted.getString("decision")).isEqualTo("caution");

    // A batch screens it too: a block row, while an unknown wallet stays no_score.
    String other = Anvil.randomAddress();
    JsonObject batch = TestApp.data(app.send(HttpMethod.POST, "/api/v1/decision/batch",
        io.vertx.core.buffer.Buffer.buffer(new JsonObject().put("inputs", new JsonArray().add(listed).add(other)).encode()),
        Map.of("Content-Type", "application/json")));
    JsonObject row = batch.getJsonArray("results").getJsonObject(0);
    assertThat(row.getString("status")).isEqualTo("ok");
    assertThat(row.getString("decision")).isEqualTo("block");
    assertThat(row.getJsonArray("reasons").getJsonObject(0).getString("code")).isEqualTo("SANCTIONED_ADDRESS");
    assertThat(batch.getJsonArray("results").getJsonObject(1).getString("status")).isEqualTo("no_score");
  }
}
