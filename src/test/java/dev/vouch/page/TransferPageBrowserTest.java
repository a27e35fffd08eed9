package dev.vouch.page;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Browser;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
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
 * /check/t/{id} as a person reads it, in Chromium (issue 32 item 1): screenings stored as the
 * screening path stores them (a screened USDC deposit from a sanctioned address with its receipt
 * minted through the API, and a pending native one), read on a wide screen and on a 375 px phone,
 * where nothing may scroll sideways. The screening itself is tested on the devnet
 * (TransferBatchReceiptDevnetTest); this api-only process reads no chain.
 */
class TransferPageBrowserTest {

  static final String HASH = "0x" + "ab12".repeat(16);
  static final String PENDING_HASH = "0x" + "cd34".repeat(16);
  static final String ADDRESS = "0x" + "a1".repeat(20);
  static final String SANCTIONED = "0x" + "5a".repeat(20);
  static final String STRANGER = "0x" + "7e".repeat(20);
  static final String USDC = "0x" + "c0".repeat(20);

  static TestApp app;
  static Browser browser;
  static long screened;
  static long pending;

  @BeforeAll
  static void start() {
    Map<String, String> env = new HashMap<>(TestApp.UNMETERED);
    env.put("VOUCH_ROLE", "api");
    app = TestApp.start(env);
    browser = Browser.start();
    screened = insert(HASH, 7, SANCTIONED, USDC, "USDC", 6, "1234567891000", "1234567.891", 20_000_000, 12, "screened",
        "block", "[{\"code\":\"TRANSFER_SANCTIONED_COUNTERPARTY\",\"message\":\"This transfer moved funds from a"
            + " sanctioned address, " + SANCTIONED + ": blocked at any amount.\"}]",
        "{\"address\":\"" + SANCTIONED + "\",\"labels\":[\"sanctioned\"],\"indexed\":false}");
    pending = insert(PENDING_HASH, -1, STRANGER, null, "ETH", 18, "100000000000000000", null, 20_000_001, 12, "pending",
        null, "[{\"code\":\"TRANSFER_COUNTERPARTY_UNKNOWN\",\"message\":\"Vouch has no committed evidence on "
            + STRANGER + " yet; its first index is queued and this screening completes when it commits.\"}]",
        "{\"address\":\"" + STRANGER + "\",\"labels\":[],\"indexed\":false}");
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

  /** A row as TransferStore writes it, on Ethereum (chain 1, etherscan.io in the catalogue). */
  static long insert(String hash, long logIndex, String counterparty, String token, String symbol, int decimals,
      String amount, String usd, long block, long confirmations, String status, String verdict, String reasons,
      String evidence) {
    Sql.exec(app.database, "INSERT INTO transfer_screenings (chain_id, tx_hash, log_index, address, direction,"
        + " counterparty, token, symbol, decimals, valued, amount, usd, block, confirmations, required_confirmations,"
        + " status, verdict, reasons, warnings, evidence, created_at, updated_at)"
        + " VALUES (1, ?, ?, ?, 'received', ?, ?, ?, ?, true, ?::numeric, ?::numeric, ?, ?, 12, ?, ?, ?::jsonb, '[]',"
        + " ?::jsonb, now(), now())", hash, logIndex, ADDRESS, counterparty, token, symbol, decimals, amount, usd, block,
        confirmations, status, verdict, reasons, evidence);
    return ((Number) Sql.one(app.database, "SELECT id FROM transfer_screenings WHERE tx_hash = ?", hash).get("id"))
        .longValue();
  }

  static String url(String path) {
    return "http://127.0.0.1:" + app.port + path;
  }

  static String text(String id) {
    return new WebDriverWait(browser.driver, Duration.ofSeconds(30))
        .until(ExpectedConditions.presenceOfElementLocated(By.id(id))).getText();
  }

  static String mint(long id) {
    var r = app.send(HttpMethod.POST, "/api/v1/transfer-receipts",
        new JsonObject().put("screeningId", id).toBuffer(), Map.of("Content-Type", "application/json"));
    assertThat(r.statusCode()).as(r.bodyAsString()).isIn(200, 201);
    return TestApp.data(r).getJsonObject("receipt").getString("id");
  }

  @Test
  void aScreenedTransferReadsAsAPersonWouldSayItWithItsReceiptVerified() {
    String receipt = mint(screened);
    browser.driver.get(url("/check/t/" + screened));
    assertThat(text("verdict")).isEqualTo("Block");
    assertThat(text("chain")).isEqualTo("Ethereum Mainnet");
    assertThat(browser.driver.findElement(By.id("tx-link")).getAttribute("href"))
        .isEqualTo("https://etherscan.io/tx/" + HASH);
    assertThat(text("amount")).isEqualTo("1,234,567.891 USDC");
    assertThat(text("amount-usd")).isEqualTo("1,234,567.891 USD");
    assertThat(text("direction")).contains("Received by " + ADDRESS);
    assertThat(text("counterparty")).isEqualTo(SANCTIONED);
    assertThat(text("log-index")).isEqualTo("7");
    assertThat(text("confirmations")).isEqualTo("12 of 12 required");
    assertThat(text("reasons")).contains("TRANSFER_SANCTIONED_COUNTERPARTY");
    assertThat(text("evidence")).contains("Labelled sanctioned");
    assertThat(text("receipt-id")).isEqualTo(receipt);
    assertThat(text("signature")).isEqualTo("Signature verified");
    assertThat(browser.driver.findElements(By.id("pending"))).isEmpty();
  }

  @Test
  void aPendingTransferSaysWhyAndWhereToFollowIt() {
    browser.driver.get(url("/check/t/" + pending));
    assertThat(text("verdict")).isEqualTo("Pending");
    assertThat(text("sentence")).contains("no committed evidence on " + STRANGER);
    assertThat(text("amount")).isEqualTo("0.1 ETH");
    assertThat(browser.driver.findElements(By.id("log-index"))).isEmpty();
    assertThat(text("pending")).contains("/api/v1/transfers/" + pending + "/events");
    assertThat(text("no-receipt")).contains("No receipt");
  }

  @Test
  void onAPhoneNothingOnTheTransferPageScrollsSideways() {
    mint(screened);
    browser.driver.executeCdpCommand("Emulation.setDeviceMetricsOverride",
        Map.of("width", 375, "height", 812, "deviceScaleFactor", 2, "mobile", true));
    try {
      for (long id : List.of(screened, pending)) {
        browser.driver.get(url("/check/t/" + id));
        text("transfer");
        @SuppressWarnings("unchecked")
        Map<String, Object> m = (Map<String, Object>) browser.driver.executeScript(
            "let widest = 0, what = '';"
                + "for (const e of document.querySelectorAll('#transfer *')) {"
                + "  const r = e.getBoundingClientRect().right;"
                + "  if (r > widest) { widest = r; what = e.tagName + ' ' + e.textContent.slice(0, 40); } }"
                + "return {viewport: document.documentElement.clientWidth, inner: window.innerWidth,"
                + " scroll: document.documentElement.scrollWidth, widest: widest, what: what};");
        int viewport = ((Number) m.get("viewport")).intValue();
        assertThat(viewport).as("the emulated phone width").isEqualTo(375);
        assertThat(((Number) m.get("inner")).intValue()).as(id + " layout viewport " + m).isLessThanOrEqualTo(viewport);
        assertThat(((Number) m.get("scroll")).intValue()).as(id + " horizontal overflow " + m)
            .isLessThanOrEqualTo(viewport);
        assertThat(((Number) m.get("widest")).doubleValue()).as(id + " cut off " + m)
            .isLessThanOrEqualTo(viewport + 0.5);
        browser.screenshot("transfer-" + id + "-375");
      }
    } finally {
      browser.driver.executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
    }
  }

  @Test
  void anUnknownOrMalformedIdIsTheNotFoundPage() {
    assertThat(app.get("/check/t/999999").statusCode()).isEqualTo(404);
    assertThat(app.get("/check/t/0x12").statusCode()).isEqualTo(404);
    assertThat(app.get("/check/t/999999").getHeader("Content-Type")).startsWith("text/html");
  }
}
