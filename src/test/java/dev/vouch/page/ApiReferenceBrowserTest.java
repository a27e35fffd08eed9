package dev.vouch.page;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Anvil;
import dev.vouch.support.Browser;
import dev.vouch.support.OpenApiResponses;
import dev.vouch.support.TestApp;
import io.swagger.v3.parser.OpenAPIV3Parser;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/** /docs in real Chromium: Swagger UI from the jar renders the whole contract and its try-it-out works. */
class ApiReferenceBrowserTest {

  static TestApp app;
  static Browser browser;

  @BeforeAll
  static void start() {
    browser = Browser.start();
    app = TestApp.start(TestApp.UNMETERED);
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

  static WebDriverWait waiting() {
    return new WebDriverWait(browser.driver, Duration.ofSeconds(60));
  }

  @Test
  void everyOperationOfTheContractIsRenderedAndADecisionCanBeTriedFromThePage() throws Exception {
    // Records anything the page's Content-Security-Policy refuses (injected before the page's own script).
    browser.driver.executeCdpCommand("Page.addScriptToEvaluateOnNewDocument", Map.of("source",
        "window.__refused = []; document.addEventListener('securitypolicyviolation',"
            + " e => window.__refused.push(e.violatedDirective + ' ' + e.blockedURI));"));
    browser.driver.get("http://127.0.0.1:" + app.port + "/docs");
    waiting().until(ExpectedConditions.presenceOfElementLocated(By.cssSelector(".opblock-summary-operation-id")));

    Set<String> contract = new TreeSet<>();
    var doc = new OpenAPIV3Parser().read(OpenApiResponses.DOCUMENT.toString());
    doc.getPaths().values().forEach(item -> item.readOperations().forEach(op -> contract.add(op.getOperationId())));
    // The webhooks the service sends are part of the contract and rendered with it.
    doc.getWebhooks().values().forEach(item -> item.readOperations().forEach(op -> contract.add(op.getOperationId())));
    Set<String> rendered = new TreeSet<>();
    browser.driver.findElements(By.cssSelector(".opblock-summary-operation-id"))
        .forEach(e -> rendered.add(e.getText().trim()));
    assertThat(contract).isNotEmpty();
    assertThat(rendered).isEqualTo(contract);
    // The document's own title and version, rendered (markdown included) by Swagger UI.
    assertThat(browser.driver.findElement(By.cssSelector(".info .title")).getText()).contains("Vouch");

    // Try it out: GET /api/v1/decision/{wallet} against this same origin.
    WebElement op = browser.driver.findElement(By.xpath(
        "//*[contains(@class,'opblock-summary-operation-id') and normalize-space()='getDecision']"
            + "/ancestor::*[contains(@class,'opblock ')][1]"));
    op.findElement(By.cssSelector(".opblock-summary-control")).click();
    waiting().until(ExpectedConditions.elementToBeClickable(op.findElement(By.cssSelector(".try-out__btn")))).click();
    String wallet = Anvil.randomAddress();
    WebElement input = waiting().until(d -> op.findElement(By.cssSelector("tr[data-param-name='wallet'] input")));
    input.sendKeys(wallet);
    op.findElement(By.cssSelector("button.execute")).click();
    WebElement status = waiting().until(d -> op.findElement(
        By.cssSelector(".live-responses-table tr.response .response-col_status")));
    assertThat(status.getText().trim()).startsWith("200");
    String body = op.findElement(By.cssSelector(".live-responses-table tr.response .response-col_description pre"))
        .getText();
    assertThat(body).contains("\"ok\": true");
    assertThat(body.toLowerCase()).contains(wallet.toLowerCase());
    String url = op.findElement(By.cssSelector(".request-url pre")).getText();
    // This origin, not the document's `servers` entry (localhost:8080).
    assertThat(url).startsWith("http://127.0.0.1:" + app.port + "/api/v1/decision/" + wallet);

    // Nothing the page needed was refused by its policy.
    assertThat((List<?>) browser.driver.executeScript("return window.__refused")).isEmpty();
  }
}
