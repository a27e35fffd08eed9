package dev.vouch.page;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.score.NewSnapshot;
import dev.vouch.score.SnapshotCommits;
import dev.vouch.score.model.Evidence;
import dev.vouch.score.model.ScoreModel;
import dev.vouch.support.Browser;
import dev.vouch.support.Observe;
import dev.vouch.support.Snapshots;
import dev.vouch.support.TestApp;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;
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
 * The exposure section of /check and of a receipt as a reviewer reads them (issue 34 items 3 and
 * 4, issue 35 item 10c), over snapshots committed through the production repository with the
 * labels in force: a wallet with direct exposure (paid by a mixer) and indirect exposure (paid by
 * an intermediary that a sanctioned address paid), valued in USDC.
 */
class ExposurePagesBrowserTest {

  static final long ARC = 5042002;
  static final String USDC = "0x" + "c0".repeat(20);
  /** The wallet checked: paid 60,000 by HOP, 1,500 by MIXER, 38,500 by FRIEND. */
  static final String WALLET = "0x" + "a1".repeat(20);
  /** Paid 80,000 by SANCTIONED, paid WALLET 60,000. */
  static final String HOP = "0x" + "3c".repeat(20);
  static final String SANCTIONED = "0x" + "5a".repeat(20);
  static final String MIXER = "0x" + "4d".repeat(20);
  static final String FRIEND = "0x" + "6e".repeat(20);
  /** A wallet for the receipt's truth: paid by MIXER2 only. */
  static final String MINTED = "0x" + "b2".repeat(20);
  static final String MIXER2 = "0x" + "7f".repeat(20);
  static final String HASH_SANCTIONED = "0x" + "11".repeat(32);
  static final String HASH_HOP = "0x" + "22".repeat(32);
  static final String HASH_MIXER = "0x" + "33".repeat(32);

  static TestApp app;
  static Browser browser;
  static Path labels;

  @BeforeAll
  static void start() throws Exception {
    labels = temp("labels", ".csv", labelRows(true, false));
    String appYaml = Files.readString(Path.of("config/application.yaml")).replace("  flaggedAddresses: []\n",
        "  flaggedAddresses:\n    - {name: LABELS, type: labels, path: " + labels + "}\n");
    Map<String, String> env = new HashMap<>(TestApp.UNMETERED);
    env.put("VOUCH_CONFIG", temp("application", ".yaml", appYaml).toString());
    // api role: no label sweep or indexer changes what the test commits.
    env.put("VOUCH_ROLE", "api");
    app = TestApp.start(env);
    browser = Browser.start();
    // The labels are the label store's (V124): the start loaded them, hops read them there.
    Instant now = app.clock.instant();
    commit(snapshot(HOP, now.minus(Duration.ofHours(3)), List.of(
        usdc(SANCTIONED, 80_000, 0, HASH_SANCTIONED), usdc(WALLET, 0, 60_000, HASH_HOP))));
    commit(snapshot(WALLET, now.minus(Duration.ofHours(2)), List.of(
        usdc(HOP, 60_000, 0, HASH_HOP), usdc(MIXER, 1_500, 0, HASH_MIXER),
        usdc(FRIEND, 38_500, 0, "0x" + "44".repeat(32)))));
    commit(snapshot(MINTED, now.minus(Duration.ofHours(2)), List.of(usdc(MIXER2, 2_000, 0, "0x" + "55".repeat(32)))));
  }

  @AfterAll
  static void stop() {
    if (browser != null) {
      browser.close();
    }
    if (app != null) {
      app.close();
    }
  }

  static String labelRows(boolean mixer2, boolean unrelated) {
    return "address,chain,category,name,source\n"
        + SANCTIONED + ",,sanctioned,Test SDN entry,OFAC\n"
        + MIXER + "," + ARC + ",mixer,Test mixer,TRM\n"
        + (mixer2 ? MIXER2 + "," + ARC + ",mixer,Second mixer,TRM\n" : "")
        + (unrelated ? "0x" + "9d".repeat(20) + ",,exchange,Some exchange,TRM\n" : "");
  }

  /** A label refresh: the list file changes and the process reloads it, as its refresh timer would. */
  static void relabel(boolean mixer2, boolean unrelated) throws Exception {
    String before = Observe.await(app.app.screening().check());
    Files.writeString(labels, labelRows(mixer2, unrelated));
    app.app.screening().reload(false);
    assertThat(Observe.await(app.app.screening().check())).isNotEqualTo(before);
  }

  static Path temp(String prefix, String suffix, String text) throws Exception {
    Path p = Files.createTempFile(prefix, suffix);
    p.toFile().deleteOnExit();
    Files.writeString(p, text);
    return p;
  }

  static NewSnapshot.TokenFlowRow usdc(String counterparty, long in, long out, String hash) {
    Instant at = Instant.parse("2026-11-20T10:00:00Z");
    return new NewSnapshot.TokenFlowRow(counterparty, ARC, USDC, "USDC", 6, in > 0 ? 1 : 0, out > 0 ? 1 : 0,
        BigInteger.valueOf(in).multiply(BigInteger.TEN.pow(6)), BigInteger.valueOf(out).multiply(BigInteger.TEN.pow(6)),
        BigDecimal.valueOf(in), BigDecimal.valueOf(out), at, at, List.of(hash));
  }

  static NewSnapshot snapshot(String wallet, Instant at, List<NewSnapshot.TokenFlowRow> flows) {
    Evidence e = Snapshots.strong();
    return new NewSnapshot(wallet, at, ScoreModel.score(e), e, at.minus(Duration.ofDays(900)), List.of(Snapshots.ARC),
        Snapshots.healthyCoverage(at), List.of(), null, Map.of(), flows, Map.of(), null);
  }

  /** Through the production repository, with the summary computed with the labels in force. */
  static void commit(NewSnapshot s) {
    Observe.await(new SnapshotCommits(app.app.pool()).commit(s, true));
  }

  static String url(String path) {
    return "http://127.0.0.1:" + app.port + path;
  }

  static String text(String id) {
    return new WebDriverWait(browser.driver, Duration.ofSeconds(30))
        .until(ExpectedConditions.presenceOfElementLocated(By.id(id))).getText();
  }

  static String mint(String wallet) {
    var r = app.send(HttpMethod.POST, "/api/v1/decision-receipts",
        Buffer.buffer(new JsonObject().put("wallet", wallet).encode()), Map.of("Content-Type", "application/json"));
    assertThat(r.statusCode()).as(r.bodyAsString()).isIn(200, 201);
    return TestApp.data(r).getJsonObject("receipt").getString("id");
  }

  @Test
  void theEvidenceNamesChainsSeparatesThousandsLinksHashesAndSaysWhoReceivedWhat() {
    browser.driver.get(url("/check?q=" + WALLET));
    String evidence = text("exposure-evidence");
    // Direct: this wallet received from the mixer.
    assertThat(evidence).contains("This wallet received 1,500.00 USD in USDC from " + MIXER
        + " (Test mixer, mixer, TRM) in 1 transfer on Arc Testnet")
        .doesNotContain("chain " + ARC).doesNotContain("80000").doesNotContain("received from in");
    // Indirect: the intermediary received the 80,000; this wallet's part of it is 60,000.
    assertThat(evidence).contains("Intermediary " + HOP + " received 80,000.00 USD in USDC from " + SANCTIONED
        + " (Test SDN entry, sanctioned, OFAC) in 1 transfer on Arc Testnet")
        .contains("this wallet's share through it: 60,000.00 USD");
    assertThat(text("exposure-indirect")).contains("through 1 intermediary").contains("60,000.00 USD")
        .doesNotContain("counterparties");
    assertThat(text("exposure-source")).contains("1,500.00 USD");
    // Hashes link to the chain's explorer.
    assertThat(browser.driver.findElements(By.cssSelector(
        "#exposure-evidence a[href='https://testnet.arcscan.app/tx/" + HASH_SANCTIONED + "']"))).hasSize(1);
    assertThat(browser.driver.findElements(By.cssSelector(
        "#exposure-evidence a[href='https://testnet.arcscan.app/tx/" + HASH_MIXER + "']"))).hasSize(1);
    // The section heading is not larger than the page's title, and the tables have a style.
    @SuppressWarnings("unchecked")
    Map<String, Object> m = (Map<String, Object>) browser.driver.executeScript(
        "const px = e => parseFloat(getComputedStyle(e).fontSize);"
            + "const t = document.querySelector('#exposure-source');"
            + "return {title: px(document.querySelector('h1')), section: px(document.querySelector('#exposure h2')),"
            + " collapse: getComputedStyle(t).borderCollapse,"
            + " cellPadding: parseFloat(getComputedStyle(t.querySelector('td')).paddingLeft)};");
    assertThat(((Number) m.get("section")).doubleValue()).as("section heading vs title " + m)
        .isLessThanOrEqualTo(((Number) m.get("title")).doubleValue());
    assertThat(m.get("collapse")).as("table style " + m).isEqualTo("collapse");
    assertThat(((Number) m.get("cellPadding")).doubleValue()).as("table style " + m).isPositive();
    browser.screenshot("check-exposure-wide");
  }

  @Test
  void onAPhoneTheExposureOfTheCheckPageAndOfAReceiptFitsAndNothingScrollsSideways() {
    String receipt = mint(WALLET);
    browser.driver.executeCdpCommand("Emulation.setDeviceMetricsOverride",
        Map.of("width", 375, "height", 812, "deviceScaleFactor", 2, "mobile", true));
    try {
      for (String path : List.of("/check?q=" + WALLET, "/check/r/" + receipt)) {
        browser.driver.get(url(path));
        text("exposure-evidence");
        @SuppressWarnings("unchecked")
        Map<String, Object> m = (Map<String, Object>) browser.driver.executeScript(
            "let widest = 0, what = '';"
                + "for (const e of document.querySelectorAll('#exposure *')) {"
                + "  const r = e.getBoundingClientRect().right;"
                + "  if (r > widest) { widest = r; what = e.tagName + ' ' + e.textContent.slice(0, 40); } }"
                + "return {viewport: document.documentElement.clientWidth, inner: window.innerWidth,"
                + " scroll: document.documentElement.scrollWidth,"
                + " widest: widest, what: what};");
        int viewport = ((Number) m.get("viewport")).intValue();
        assertThat(viewport).as("the emulated phone width").isEqualTo(375);
        // A mobile layout viewport grows to fit content that does not wrap.
        assertThat(((Number) m.get("inner")).intValue()).as(path + " layout viewport " + m).isLessThanOrEqualTo(viewport);
        assertThat(((Number) m.get("scroll")).intValue()).as(path + " horizontal overflow " + m)
            .isLessThanOrEqualTo(viewport);
        assertThat(((Number) m.get("widest")).doubleValue()).as(path + " exposure cut off " + m)
            .isLessThanOrEqualTo(viewport + 0.5);
        // The whole page at phone width: the emulated screen as tall as the document.
        long height = ((Number) browser.driver.executeScript("return document.documentElement.scrollHeight")).longValue();
        browser.driver.executeCdpCommand("Emulation.setDeviceMetricsOverride",
            Map.of("width", 375, "height", height, "deviceScaleFactor", 2, "mobile", true));
        browser.screenshot(path.startsWith("/check/r/") ? "receipt-exposure-375" : "check-exposure-375");
        browser.driver.executeCdpCommand("Emulation.setDeviceMetricsOverride",
            Map.of("width", 375, "height", 812, "deviceScaleFactor", 2, "mobile", true));
      }
    } finally {
      browser.driver.executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
    }
  }

  @Test
  void aReceiptSaysTheTruthAboutItselfAfterALabelRefreshARelabelAndAnotherIndexing() throws Exception {
    // Labels refreshed before minting, in a way that changes nothing for this wallet.
    relabel(true, true);
    String id = mint(MINTED);
    browser.driver.get(url("/check/r/" + id));
    String exposure = text("exposure");
    assertThat(exposure).doesNotContain("indexed again").doesNotContain("labels changed");
    assertThat(text("attested-heading")).contains("signed");
    assertThat(text("live-heading")).contains("live, not part of the signed receipt");
    assertThat(text("live-status")).contains("same snapshot").contains("same summary");
    assertThat(text("exposure-evidence")).contains(MIXER2);
    assertThat(browser.driver.findElements(By.id("exposure-later"))).isEmpty();

    // A refresh that delists the mixer: the same snapshot now reads differently; no new indexing.
    relabel(false, true);
    browser.driver.get(url("/check/r/" + id));
    assertThat(text("exposure-later")).contains("labels now in force").contains("different exposure")
        .doesNotContain("indexed again");
    assertThat(browser.driver.findElements(By.id("exposure-evidence"))).isEmpty();
    assertThat(text("attested-source")).contains("mixer");

    // Indexed again: the page says so, and when.
    commit(snapshot(MINTED, app.clock.instant().minus(Duration.ofHours(1)), List.of()));
    browser.driver.get(url("/check/r/" + id));
    assertThat(text("exposure-later")).contains("indexed this wallet again").contains("2026-11-22 11:00 UTC")
        .doesNotContain("labels");
    browser.screenshot("receipt-exposure-later");
  }
}
