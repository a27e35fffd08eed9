package dev.vouch.page;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Browser;
import dev.vouch.support.Snapshots;
import dev.vouch.support.TestApp;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/** The pages as a person uses them: real Chromium, real service, no JavaScript anywhere. */
class PagesBrowserTest {

  static TestApp app;
  static Browser browser;
  static final String INDEXED = "0x" + "5".repeat(40);
  /** On the inline screening list: blocked before it is ever indexed. */
  static final String LISTED = "0x" + "6".repeat(40);

  @BeforeAll
  static void start() {
    browser = Browser.start();
    // api role: a queued indexing job stays queued, so the progress page is what the test sees.
    app = TestApp.start(Map.of("VOUCH_ROLE", "api", "VOUCH_BUDGETS_ANONYMOUS_PER_MINUTE", "1000",
        "VOUCH_MODELS_FLAGGED_ADDRESSES", LISTED));
    Snapshots.commit(app.app.pool(), Snapshots.of(INDEXED, Snapshots.strong(),
        app.clock.instant().minus(Duration.ofHours(2)), Snapshots.healthyCoverage(app.clock.instant())));
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

  static String url(String path) {
    return "http://127.0.0.1:" + app.port + path;
  }

  /** Waits for the element: after a click the next page may still be loading on a busy machine. */
  static String text(String id) {
    return new WebDriverWait(browser.driver, Duration.ofSeconds(30))
        .until(ExpectedConditions.presenceOfElementLocated(By.id(id))).getText();
  }

  @Test
  void aPersonChecksAnIndexedWalletAndReadsTheVerdict() {
    browser.driver.get(url("/check"));
    browser.driver.findElement(By.id("q")).sendKeys(INDEXED);
    new Select(browser.driver.findElement(By.id("useCase"))).selectByValue("escrow");
    browser.driver.findElement(By.id("check-button")).click();

    String api = TestApp.data(app.get("/api/v1/decision/" + INDEXED + "?useCase=escrow")).getString("decision");
    assertThat(text("verdict")).isEqualToIgnoringCase(api);
    assertThat(text("wallet")).isEqualTo(INDEXED);
    assertThat(text("limit")).matches("Up to [0-9,]+ USDC");
    assertThat(text("freshness")).startsWith("Based on evidence indexed 2 hours ago");
    assertThat(browser.driver.getCurrentUrl()).contains("q=" + INDEXED).contains("useCase=escrow");
    browser.screenshot("check");
  }

  @Test
  void aBlockedWalletSaysToSendNothingAndWhatAReceiptOfABlockIsFor() {
    browser.driver.get(url("/check?q=" + LISTED + "&useCase=payment"));
    assertThat(text("verdict")).isEqualTo("Block");
    assertThat(text("limit")).isEqualTo("None: send no funds (0 USDC)");
    assertThat(text("receipt-purpose")).startsWith("A receipt of a block is signed, immutable proof");
    assertThat(browser.driver.findElement(By.id("mint-button")).isDisplayed()).isTrue();
    browser.screenshot("check-block");
  }

  @Test
  void aPersonMintsAReceiptAndACounterpartyOpensItsLinkAndSeesTheVerifiedSignature() {
    browser.driver.get(url("/check?q=" + INDEXED + "&useCase=payment"));
    String verdict = text("verdict");
    browser.driver.findElement(By.id("mint-button")).click();

    // The form posts and is redirected: wait for the receipt page rather than read the URL at once.
    new WebDriverWait(browser.driver, Duration.ofSeconds(30))
        .until(ExpectedConditions.urlMatches(".*/check/r/rcp_[A-Za-z0-9_-]{16}$"));
    assertThat(browser.driver.getCurrentUrl()).matches(".*/check/r/rcp_[A-Za-z0-9_-]{16}$");
    String link = browser.driver.findElement(By.id("share-link")).getAttribute("href");
    String id = link.substring(link.lastIndexOf('/') + 1);
    var receipt = TestApp.data(app.get("/api/v1/decision-receipts/" + id)).getJsonObject("receipt");
    // A counterparty opens the link in a fresh tab: the same receipt, checked against the JWKS.
    browser.driver.switchTo().newWindow(org.openqa.selenium.WindowType.TAB);
    browser.driver.get(link);
    assertThat(text("verdict")).isEqualTo(verdict);
    assertThat(text("signature")).isEqualTo("Signature verified");
    assertThat(text("payload-hash")).isEqualTo(receipt.getString("payloadHash"));
    assertThat(text("kid")).startsWith(receipt.getJsonObject("signature").getString("kid"));
    assertThat(text("models")).contains(receipt.getString("decisionModelVersion"));
    browser.screenshot("receipt");
    browser.driver.executeCdpCommand("Emulation.setEmulatedMedia", Map.of("media", "print"));
    assertThat(browser.driver.findElements(By.tagName("header")).get(0).isDisplayed()).isFalse();
    browser.screenshot("receipt-print");
    browser.driver.executeCdpCommand("Emulation.setEmulatedMedia", Map.of("media", ""));

    // Printed on A4 it is one page.
    var pdf = browser.driver.print(new org.openqa.selenium.print.PrintOptions()
        .setPageSize(new org.openqa.selenium.print.PageSize(29.7, 21.0)));
    String raw = new String(java.util.Base64.getDecoder().decode(pdf.getContent()),
        java.nio.charset.StandardCharsets.ISO_8859_1);
    assertThat(java.util.regex.Pattern.compile("/Type\\s*/Page[^s]").matcher(raw).results().count()).isEqualTo(1);
    browser.driver.close();
    browser.driver.switchTo().window(browser.driver.getWindowHandles().iterator().next());
  }

  @Test
  void aBaselineWalletCanBeSentToIndexingAndShowsProgress() {
    String wallet = "0x" + "6".repeat(40);
    browser.driver.get(url("/check?q=" + wallet));
    assertThat(text("freshness")).contains("has not indexed this wallet yet");
    browser.driver.findElement(By.id("index-button")).click();

    assertThat(text("progress")).startsWith("Indexing in progress");
    assertThat(browser.driver.findElements(By.cssSelector("meta[http-equiv='refresh']"))).hasSize(1);
    assertThat(browser.driver.findElements(By.id("index-button"))).isEmpty();
    browser.screenshot("check-indexing");
  }

  @Test
  void badInputShowsAFormError() {
    browser.driver.get(url("/check"));
    browser.driver.findElement(By.id("q")).sendKeys("0x12345");
    browser.driver.findElement(By.id("check-button")).click();
    assertThat(text("form-error")).isEqualTo("Provide a valid EVM wallet address (0x + 40 hex characters).");
    assertThat(browser.driver.findElement(By.id("q")).getAttribute("value")).isEqualTo("0x12345");
    browser.screenshot("check-error");
  }

  @Test
  void anUnknownReceiptShowsTheNotFoundPage() {
    browser.driver.get(url("/check/r/rcp_AAAAAAAAAAAAAAAA"));
    assertThat(text("error-title")).isEqualTo("Not found");
    assertThat(browser.driver.getTitle()).startsWith("Not found");
    browser.screenshot("not-found");
  }

  @Test
  void onAPhoneTheAddressTakesAtMostTwoLinesAndNothingScrollsSideways() {
    browser.driver.executeCdpCommand("Emulation.setDeviceMetricsOverride",
        Map.of("width", 375, "height", 812, "deviceScaleFactor", 2, "mobile", true));
    try {
      for (String path : List.of("/check?q=" + INDEXED + "&useCase=payment", "/check?q=0x" + "7".repeat(40))) {
        browser.driver.get(url(path));
        text("wallet");
        @SuppressWarnings("unchecked")
        Map<String, Object> m = (Map<String, Object>) browser.driver.executeScript(
            "const w = document.getElementById('wallet');"
                + "return {height: w.getBoundingClientRect().height,"
                + " line: parseFloat(getComputedStyle(w).lineHeight),"
                + " viewport: document.documentElement.clientWidth,"
                + " scroll: document.documentElement.scrollWidth};");
        double lines = ((Number) m.get("height")).doubleValue() / ((Number) m.get("line")).doubleValue();
        assertThat(((Number) m.get("viewport")).intValue()).as("the emulated phone width").isEqualTo(375);
        assertThat(lines).as(path + " address lines " + m).isLessThanOrEqualTo(2.05);
        assertThat(((Number) m.get("scroll")).intValue()).as(path + " horizontal overflow " + m).isLessThanOrEqualTo(375);
      }
      browser.screenshot("check-375");
    } finally {
      browser.driver.executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
    }
  }

  @Test
  void theApiReferenceLinksBackToTheCheckPage() {
    browser.driver.get(url("/docs"));
    browser.driver.findElement(By.id("back-to-check")).click();
    new WebDriverWait(browser.driver, Duration.ofSeconds(30)).until(ExpectedConditions.urlMatches(".*/check$"));
    assertThat(text("check-button")).isEqualTo("Check");
  }
}
