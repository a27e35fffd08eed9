package dev.vouch.exposure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Anvil;
import dev.vouch.support.Browser;
import dev.vouch.support.AnvilExplorer;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
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
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * GET /api/v1/exposure/{wallet} end to end: native transfers on Anvil indexed through an explorer,
 * a label list (a mixer, a sanctioned address), direct exposure split by direction, dust, and one
 * hop through an indexed intermediary; registered-token rows (V70's shape) add USD value.
 */
class ExposureApiTest {

  static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");
  static final long ARC = 5042002;

  static Anvil arc;
  static AnvilExplorer explorer;
  static TestApp app;
  static String sanctioned;
  static String mixer;
  static String payer;
  static String victim;
  static String hop;
  static String client;
  static String friend;

  @BeforeAll
  static void start() throws Exception {
    arc = Anvil.start(ARC, NOW.minus(Duration.ofDays(400)));
    explorer = AnvilExplorer.start(arc);
    List<String> a = Anvil.randomAddresses(7);
    sanctioned = a.get(0);
    mixer = a.get(1);
    payer = a.get(2);
    victim = a.get(3);
    hop = a.get(4);
    client = a.get(5);
    friend = a.get(6);
    for (String w : List.of(sanctioned, payer, hop, friend)) {
      arc.fund(w);
    }
    Instant t = NOW.minus(Duration.ofDays(30));
    arc.sendAt(t, payer, sanctioned, BigInteger.valueOf(1000));
    arc.sendAt(t.plusSeconds(60), payer, mixer, BigInteger.valueOf(500));
    arc.sendAt(t.plusSeconds(120), friend, payer, BigInteger.valueOf(7));
    arc.sendAt(t.plusSeconds(180), sanctioned, victim, BigInteger.ONE);
    arc.sendAt(t.plusSeconds(240), sanctioned, hop, BigInteger.valueOf(900));
    arc.sendAt(t.plusSeconds(300), hop, client, BigInteger.valueOf(800));

    Path labels = temp("labels", ".csv", "address,chain,category,name,source\n"
        + sanctioned + ",,sanctioned,Test SDN entry,OFAC\n"
        + mixer + "," + ARC + ",mixer,Test mixer,TRM\n");
    String appYaml = Files.readString(Path.of("config/application.yaml")).replace("  flaggedAddresses: []\n",
        "  flaggedAddresses:\n    - {name: LABELS, type: labels, path: " + labels + "}\n");
    Path chains = temp("chains", ".yaml", "chains:\n"
        + "  - name: Arc Testnet\n    chainId: " + ARC + "\n    symbol: USDC\n    explorer: https://x.invalid/{address}\n"
        + "    mode: history\n    historyCap: 1000\n    rpcUrls: []\n    timeoutMs: 3000\n    concurrency: 4\n"
        + "    sources:\n      - {type: blockscout, url: " + explorer.blockscoutUrl + "}\n");
    Map<String, String> env = new HashMap<>(TestApp.UNMETERED);
    env.put("VOUCH_CONFIG", temp("application", ".yaml", appYaml).toString());
    env.put("CHAINS_FILE", chains.toString());
    env.put("VOUCH_INDEXING_POLL_MS", "100");
    app = TestApp.start(env);
    for (String w : List.of(payer, victim, hop, client)) {
      assertThat(app.send(HttpMethod.POST, "/api/v1/intake/" + w, null, Map.of()).statusCode()).isEqualTo(202);
    }
    for (String w : List.of(payer, victim, hop, client)) {
      Sql.await("committed " + w, 60_000,
          () -> "cached".equals(TestApp.data(app.get("/api/v1/score/" + w)).getString("cacheStatus")));
    }
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
    explorer.close();
    arc.close();
  }

  static JsonObject exposure(String wallet) {
    var r = app.get("/api/v1/exposure/" + wallet);
    assertThat(r.statusCode()).isEqualTo(200);
    return TestApp.data(r);
  }

  static JsonObject figure(JsonArray figures, String category, String direction) {
    return figures.stream().map(JsonObject.class::cast)
        .filter(f -> category.equals(f.getString("category")) && direction.equals(f.getString("direction")))
        .findFirst().orElse(null);
  }

  @Test
  void paymentsToASanctionedAddressAndAMixerAreDestinationsOfFundsWithTheirEvidence() {
    JsonObject e = exposure(payer);
    assertThat(e.getString("cacheStatus")).isEqualTo("cached");
    JsonObject s = e.getJsonObject("summary");
    assertThat(s.getString("sanctions")).isEqualTo("direct");
    assertThat(s.getInteger("sanctionedOutTransfers")).isEqualTo(1);
    assertThat(s.getJsonArray("destinationCategories").getList()).containsExactly("sanctioned", "mixer");
    assertThat(s.getJsonArray("sourceCategories").getList()).isEmpty();
    assertThat(s.getString("labelsVersion")).startsWith("sha256:");
    JsonObject out = figure(e.getJsonArray("direct"), "sanctioned", "out");
    assertThat(out.getInteger("counterparties")).isEqualTo(1);
    assertThat(out.getInteger("transfers")).isEqualTo(1);
    // Native transfers count without a USD value.
    assertThat(out.getValue("share")).isNull();
    JsonObject item = e.getJsonArray("evidence").stream().map(JsonObject.class::cast)
        .filter(i -> sanctioned.equals(i.getString("counterparty"))).findFirst().orElseThrow();
    assertThat(item.getString("label")).isEqualTo("Test SDN entry");
    assertThat(item.getString("source")).isEqualTo("OFAC");
    assertThat(item.getString("direction")).isEqualTo("out");
    assertThat(item.getString("value")).isEqualTo("1000");
    assertThat(item.getValue("usd")).isNull();
    assertThat(item.getString("firstAt")).isEqualTo(NOW.minus(Duration.ofDays(30)).toString());
  }

  @Test
  void dustFromASanctionedAddressIsAnUnsolicitedSourceOfFunds() {
    JsonObject s = exposure(victim).getJsonObject("summary");
    assertThat(s.getString("sanctions")).isEqualTo("direct");
    assertThat(s.getInteger("sanctionedInTransfers")).isEqualTo(1);
    assertThat(s.getBoolean("sanctionedInUnsolicited")).isTrue();
    assertThat(s.getInteger("sanctionedOutTransfers")).isZero();

    // The decision reads the summary stored at commit: a warning, never a block or a caution of its own.
    JsonObject d = TestApp.data(app.get("/api/v1/decision/" + victim));
    assertThat(d.getString("decision")).isNotEqualTo("block");
    assertThat(codes(d.getJsonArray("warnings"))).contains("EXPOSURE_SANCTIONED_DUST");
    assertThat(codes(d.getJsonArray("reasons"))).noneMatch(c -> c.startsWith("EXPOSURE_"));
    assertThat(d.getJsonObject("exposure").getBoolean("sanctionedInUnsolicited")).isTrue();
    // The payer of the sanctioned address and the mixer is blocked.
    JsonObject p = TestApp.data(app.get("/api/v1/decision/" + payer));
    assertThat(p.getString("decision")).isEqualTo("block");
    assertThat(codes(p.getJsonArray("reasons"))).contains("EXPOSURE_SANCTIONED_OUT", "EXPOSURE_HIGH_RISK_OUT");
  }

  static List<String> codes(JsonArray coded) {
    return coded.stream().map(c -> ((JsonObject) c).getString("code")).toList();
  }

  @Test
  void oneHopThroughAnIndexedIntermediaryIsIndirectAndTokenValueWeightsIt() {
    JsonObject e = exposure(client);
    assertThat(e.getJsonArray("direct").getList()).isEmpty();
    assertThat(e.getJsonObject("summary").getString("sanctions")).isEqualTo("indirect");
    JsonObject in = figure(e.getJsonArray("indirect"), "sanctioned", "in");
    assertThat(in.getInteger("counterparties")).isEqualTo(1);
    assertThat(in.getValue("share")).isNull();
    JsonObject item = e.getJsonArray("evidence").getJsonObject(0);
    assertThat(item.getString("via")).isEqualTo(hop);
    assertThat(item.getString("counterparty")).isEqualTo(sanctioned);

    // Registered-token evidence in V70's shape: the client got 400 USDC from hop (of 1000),
    // and half of hop's valued inflow came from the sanctioned address: 20 % indirect.
    String usdc = "0x" + "c0".repeat(20);
    tokenFlow(client, hop, usdc, 400, 0);
    tokenFlow(client, friend, usdc, 600, 0);
    tokenFlow(hop, sanctioned, usdc, 500, 0);
    tokenFlow(hop, friend, usdc, 500, 0);
    JsonObject valued = exposure(client);
    assertThat(valued.getDouble("valuedInUsd")).isEqualTo(1000.0);
    assertThat(figure(valued.getJsonArray("indirect"), "sanctioned", "in").getDouble("share")).isEqualTo(0.2);
    assertThat(valued.getJsonObject("summary").getDouble("indirectSanctionedShare")).isEqualTo(0.2);
  }

  static void tokenFlow(String wallet, String counterparty, String token, long usdIn, long usdOut) {
    Sql.exec(app.database, "INSERT INTO token_flows (snapshot_id, counterparty, chain_id, token, symbol, decimals,"
        + " tx_in, tx_out, value_in, value_out, usd_in, usd_out, first_at, last_at, tx_hashes)"
        + " SELECT latest_snapshot_id, ?, ?, ?, 'USDC', 6, ?, ?, ?::numeric, ?::numeric, ?::numeric, ?::numeric, now(), now(),"
        + " ARRAY[?] FROM wallets WHERE address = ?",
        counterparty, ARC, token, usdIn > 0 ? 1 : 0, usdOut > 0 ? 1 : 0, String.valueOf(usdIn * 1_000_000),
        String.valueOf(usdOut * 1_000_000), String.valueOf(usdIn), String.valueOf(usdOut), "0x" + "ab".repeat(32), wallet);
    // The snapshot's valued totals, as its commit stores them (V98): a hop's denominator.
    Sql.exec(app.database, "UPDATE snapshots s SET valued_usd_in = (SELECT coalesce(sum(usd_in), 0) FROM token_flows t"
        + " WHERE t.snapshot_id = s.id), valued_usd_out = (SELECT coalesce(sum(usd_out), 0) FROM token_flows t"
        + " WHERE t.snapshot_id = s.id) FROM wallets w WHERE w.address = ? AND s.id = w.latest_snapshot_id", wallet);
  }

  @Test
  void theCheckPageShowsSourceAndDestinationOfFundsAndTheEvidenceInChromium() {
    try (Browser browser = Browser.start()) {
      browser.driver.get("http://127.0.0.1:" + app.port + "/check?q=" + payer);
      String destination = new WebDriverWait(browser.driver, Duration.ofSeconds(30))
          .until(ExpectedConditions.presenceOfElementLocated(By.id("exposure-destination"))).getText();
      assertThat(destination).contains("sanctioned", "mixer");
      assertThat(browser.driver.findElement(By.id("exposure-source")).getText())
          .isEqualTo("No labelled address paid this wallet.");
      assertThat(browser.driver.findElement(By.id("exposure-sanctions")).getText()).contains("Direct");
      String evidence = browser.driver.findElement(By.id("exposure-evidence")).getText();
      assertThat(evidence).contains(sanctioned, "Test SDN entry", "This wallet sent native coin (USDC, not valued) to", "Test mixer");
      browser.screenshot("check-exposure");

      // Native transfers are never valued: the figure says so instead of a valued zero.
      assertThat(destination).contains("not valued").doesNotContain("0.00 USD");

      // The receipt of the payer's block shows the exposure it attests, with the figures behind it.
      var minted = app.send(HttpMethod.POST, "/api/v1/decision-receipts",
          io.vertx.core.buffer.Buffer.buffer(new JsonObject().put("wallet", payer).encode()),
          Map.of("Content-Type", "application/json"));
      JsonObject receipt = TestApp.data(minted).getJsonObject("receipt");
      assertThat(receipt.getString("decision")).isEqualTo("block");
      assertThat(receipt.getJsonObject("exposure").getString("sanctions")).isEqualTo("direct");
      browser.driver.get("http://127.0.0.1:" + app.port + "/check/r/" + receipt.getString("id"));
      String sanctions = new WebDriverWait(browser.driver, Duration.ofSeconds(30))
          .until(ExpectedConditions.presenceOfElementLocated(By.id("exposure-sanctions"))).getText();
      assertThat(sanctions).contains("Direct");
      String paid = browser.driver.findElement(By.id("exposure-destination")).getText();
      assertThat(paid).contains("sanctioned", "mixer", "not valued").doesNotContain("0.00 USD");
      assertThat(browser.driver.findElement(By.id("exposure-source")).getText())
          .isEqualTo("No labelled address paid this wallet.");
      assertThat(browser.driver.findElement(By.id("exposure-evidence")).getText())
          .contains(sanctioned, "Test SDN entry", "This wallet sent native coin (USDC, not valued) to");
      assertThat(browser.driver.findElements(By.id("exposure-later"))).isEmpty();
      browser.screenshot("receipt-exposure");

      // The dust victim reads it as a source of funds.
      browser.driver.get("http://127.0.0.1:" + app.port + "/check?q=" + victim);
      String source = new WebDriverWait(browser.driver, Duration.ofSeconds(30))
          .until(ExpectedConditions.presenceOfElementLocated(By.id("exposure-source"))).getText();
      assertThat(source).contains("sanctioned");
    }
  }

  @Test
  void anUnindexedWalletAnswersEmptyAndABadAddressIsRefusedInTheEnvelope() {
    JsonObject e = exposure(Anvil.randomAddress());
    assertThat(e.getString("cacheStatus")).isEqualTo("indexing_required");
    assertThat(e.getValue("lastIndexedAt")).isNull();
    assertThat(e.getJsonObject("summary").getString("sanctions")).isEqualTo("none");
    var bad = app.get("/api/v1/exposure/0x123");
    assertThat(bad.statusCode()).isEqualTo(400);
    assertThat(bad.bodyAsJsonObject().getJsonObject("error").getString("code")).isEqualTo("INVALID_WALLET");
  }
}
