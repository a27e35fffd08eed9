package dev.vouch.page;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Snapshots;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.client.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The pages over HTTP: status, HTML, headers, metering, form errors and the indexing button. */
class PagesTest {

  static TestApp app;
  static final String INDEXED = "0x" + "c".repeat(40);
  static final Map<String, String> BROWSER = Map.of("Accept", "text/html,application/xhtml+xml");
  static final Map<String, String> FORM = Map.of("Content-Type", "application/x-www-form-urlencoded",
      "Accept", "text/html");

  @BeforeAll
  static void start() {
    // api role: no worker claims a queued job, so "indexing in progress" stays observable.
    app = TestApp.start(Map.of("VOUCH_ROLE", "api", "VOUCH_BUDGETS_ANONYMOUS_PER_MINUTE", "1000"));
    Snapshots.commit(app.app.pool(), Snapshots.of(INDEXED, Snapshots.strong(),
        app.clock.instant().minus(Duration.ofHours(3)), Snapshots.healthyCoverage(app.clock.instant())));
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  static HttpResponse<Buffer> page(String path) {
    return app.send(HttpMethod.GET, path, null, BROWSER);
  }

  static void assertHtml(HttpResponse<Buffer> r) {
    assertThat(r.getHeader("Content-Type")).isEqualTo("text/html; charset=utf-8");
    assertThat(r.getHeader("Content-Security-Policy")).contains("default-src 'self'").contains("script-src 'none'")
        .contains("frame-ancestors 'none'");
    assertThat(r.getHeader("X-Content-Type-Options")).isEqualTo("nosniff");
    assertThat(r.bodyAsString()).startsWith("<!DOCTYPE html>").doesNotContain("<script").doesNotContain("style=");
  }

  @Test
  void emptyCheckPageIsAFreeForm() {
    var r = page("/check");
    assertThat(r.statusCode()).isEqualTo(200);
    assertHtml(r);
    assertThat(r.bodyAsString()).contains("<form").contains("name=\"q\"").contains("value=\"escrow\"");
    assertThat(r.getHeader("X-RateLimit-Limit")).isNull();
  }

  @Test
  void checkingAnIndexedWalletShowsTheVerdictInPlainWordsAndIsChargedLikeTheRead() {
    var r = page("/check?q=" + INDEXED.toUpperCase().replace("0X", "0x") + "&useCase=payment");
    assertThat(r.statusCode()).isEqualTo(200);
    assertHtml(r);
    String html = r.bodyAsString();
    var api = TestApp.data(app.get("/api/v1/decision/" + INDEXED)).getString("decision");
    assertThat(html).contains("id=\"verdict\">" + Character.toUpperCase(api.charAt(0)) + api.substring(1) + "<");
    assertThat(html).contains(INDEXED).contains("Based on evidence indexed 3 hours ago (2026-11-22 09:00 UTC).")
        .contains("USDC").doesNotContain("Start indexing").doesNotContain("http-equiv");
    assertThat(r.getHeader("X-RateLimit-Limit")).isEqualTo("1000");
    assertThat(r.getHeader("X-RateLimit-Remaining")).isNotNull();
  }

  @Test
  void aBaselineWalletOffersIndexingWhichQueuesAJobAndTheCheckPageThenReloadsItself() {
    String wallet = "0x" + "d".repeat(40);
    var before = page("/check?q=" + wallet + "&useCase=escrow");
    assertThat(before.statusCode()).isEqualTo(200);
    assertThat(before.bodyAsString()).contains("Vouch has not indexed this wallet yet").contains("Start indexing")
        .contains("action=\"/check/index\"")
        .as("the page offers its own button, not an API call").doesNotContain("POST /api/v1/intake");

    var post = app.send(HttpMethod.POST, "/check/index", Buffer.buffer("wallet=" + wallet + "&useCase=escrow"), FORM);
    assertThat(post.statusCode()).isEqualTo(303);
    assertThat(post.getHeader("Location")).isEqualTo("/check?q=" + wallet + "&useCase=escrow");
    assertThat(post.getHeader("X-RateLimit-Remaining")).isNotNull();
    assertThat(Sql.count(app.database, "SELECT count(*) FROM index_jobs WHERE wallet = ?", wallet)).isEqualTo(1);

    var progress = page(post.getHeader("Location"));
    assertThat(progress.statusCode()).isEqualTo(200);
    assertThat(progress.bodyAsString()).contains("<meta http-equiv=\"refresh\" content=\"5\">")
        .contains("Indexing in progress").doesNotContain("Start indexing");

    // A second press while the run is in flight is the intake's free "indexing" answer: no new job.
    var again = app.send(HttpMethod.POST, "/check/index", Buffer.buffer("wallet=" + wallet + "&useCase=escrow"), FORM);
    assertThat(again.statusCode()).isEqualTo(303);
    assertThat(Sql.count(app.database, "SELECT count(*) FROM index_jobs WHERE wallet = ?", wallet)).isEqualTo(1);
  }

  @Test
  void aRegisteredUsernameIsCheckedAsItsWallet() {
    String wallet = "0x" + "7".repeat(40);
    Snapshots.commit(app.app.pool(), Snapshots.of(wallet, Snapshots.strong(),
        app.clock.instant().minus(Duration.ofHours(1)), Snapshots.healthyCoverage(app.clock.instant())));
    Sql.exec(app.database, "INSERT INTO identities (username, wallet, display_name) VALUES ('carol.vouch', ?, 'Carol')",
        wallet);
    var r = page("/check?q=Carol.vouch&useCase=payment");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.bodyAsString()).contains("id=\"wallet\">" + wallet + "<").contains("carol.vouch");
  }

  @Test
  void theProfilePagePrintsTimesAsTheReceiptPageDoes() {
    String wallet = "0x" + "8".repeat(40);
    Snapshots.commit(app.app.pool(), Snapshots.of(wallet, Snapshots.strong(),
        app.clock.instant().minus(Duration.ofHours(1)), Snapshots.healthyCoverage(app.clock.instant())));
    Sql.exec(app.database, "INSERT INTO identities (username, wallet, display_name, created_at) "
        + "VALUES ('dora.vouch', ?, 'Dora', '2026-11-25T03:47:29.114498Z')", wallet);
    var r = page("/u/dora.vouch");
    assertThat(r.statusCode()).isEqualTo(200);
    String html = r.bodyAsString();
    assertThat(html).contains("id=\"created\">2026-11-25 03:47 UTC<")
        .containsPattern("\\(updated \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\)")
        .doesNotContainPattern("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d");
  }

  @Test
  void badInputRedrawsTheFormWithItsErrorAndChargesNothing() {
    for (String q : new String[] {"0x123", "not a wallet", "<script>alert(1)</script>"}) {
      var r = page("/check?q=" + java.net.URLEncoder.encode(q, java.nio.charset.StandardCharsets.UTF_8));
      assertThat(r.statusCode()).as(q).isEqualTo(400);
      assertHtml(r);
      assertThat(r.bodyAsString()).contains("id=\"form-error\"").doesNotContain("Exception").doesNotContain("at dev.");
      assertThat(r.getHeader("X-RateLimit-Limit")).isNull();
    }
    var escaped = page("/check?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E").bodyAsString();
    assertThat(escaped).contains("value=\"&lt;script>alert(1)&lt;/script>\"").doesNotContain("<script");
    var useCase = page("/check?q=" + INDEXED + "&useCase=gambling");
    assertThat(useCase.statusCode()).isEqualTo(400);
    assertThat(useCase.bodyAsString()).contains("Unknown useCase");
    var badMint = app.send(HttpMethod.POST, "/check/receipt", Buffer.buffer("q=0x12&useCase=payment"), FORM);
    assertThat(badMint.statusCode()).isEqualTo(400);
    assertThat(badMint.bodyAsString()).contains("id=\"form-error\"");
    assertThat(Sql.count(app.database, "SELECT count(*) FROM receipts WHERE wallet = '0x12'")).isZero();
    var badIndex = app.send(HttpMethod.POST, "/check/index", Buffer.buffer("wallet=0x12&useCase=payment"), FORM);
    assertThat(badIndex.statusCode()).isEqualTo(400);
    assertThat(badIndex.bodyAsString()).contains("id=\"form-error\"");
  }

  @Test
  void theMintButtonMintsAReceiptWhosePageShowsItsHashModelsAndVerifiedSignature() throws Exception {
    var mint = app.send(HttpMethod.POST, "/check/receipt", Buffer.buffer("q=" + INDEXED + "&useCase=marketplace"), FORM);
    assertThat(mint.statusCode()).isEqualTo(303);
    String location = mint.getHeader("Location");
    assertThat(location).matches("/check/r/rcp_[A-Za-z0-9_-]{16}");
    assertThat(mint.getHeader("X-RateLimit-Remaining")).isNotNull();
    String id = location.substring("/check/r/".length());
    var api = TestApp.data(app.get("/api/v1/decision-receipts/" + id)).getJsonObject("receipt");

    var r = page(location);
    assertThat(r.statusCode()).isEqualTo(200);
    assertHtml(r);
    assertThat(r.getHeader("X-RateLimit-Remaining")).isNotNull();
    String html = r.bodyAsString();
    assertThat(html).contains("id=\"payload-hash\">" + api.getString("payloadHash") + "<")
        .contains("id=\"signature\" class=\"signature-ok\">Signature verified<")
        .contains(api.getJsonObject("signature").getString("kid"))
        .contains("score " + api.getString("scoreModelVersion") + ", decision " + api.getString("decisionModelVersion"))
        .contains("http://127.0.0.1:" + app.port + location)
        .contains("Evidence indexed 3 hours before minting");

    // The same press again the same day is the deduped receipt: same page.
    var again = app.send(HttpMethod.POST, "/check/receipt", Buffer.buffer("q=" + INDEXED + "&useCase=marketplace"), FORM);
    assertThat(again.getHeader("Location")).isEqualTo(location);
  }

  @Test
  void aReceiptWhoseKeyNoLongerMatchesIsShownAsNotVerified() throws Exception {
    var mint = app.send(HttpMethod.POST, "/check/receipt", Buffer.buffer("q=" + INDEXED + "&useCase=lending"), FORM);
    String location = mint.getHeader("Location");
    String kid = TestApp.data(app.get("/api/v1/decision-receipts/" + location.substring(9)))
        .getJsonObject("receipt").getJsonObject("signature").getString("kid");
    String published = (String) Sql.rows(app.database, "SELECT public_jwk::text AS k FROM receipt_keys WHERE kid = ?", kid)
        .get(0).get("k");
    String other = new com.nimbusds.jose.jwk.gen.OctetKeyPairGenerator(com.nimbusds.jose.jwk.Curve.Ed25519)
        .keyID(kid).generate().toPublicJWK().toJSONString();
    Sql.exec(app.database, "UPDATE receipt_keys SET public_jwk = ?::jsonb WHERE kid = ?", other, kid);
    try {
      var r = page(location);
      assertThat(r.statusCode()).isEqualTo(200);
      assertThat(r.bodyAsString()).contains("class=\"signature-bad\">Not verified: The signature does not verify.<")
          .doesNotContain("Signature verified");
    } finally {
      Sql.exec(app.database, "UPDATE receipt_keys SET public_jwk = ?::jsonb WHERE kid = ?", published, kid);
    }
  }

  @Test
  void unknownUsernamesReceiptsAndPathsRenderTheNotFoundPage() {
    var username = page("/check?q=nobody.vouch");
    assertThat(username.statusCode()).isEqualTo(404);
    assertThat(username.bodyAsString()).contains("No one has registered nobody.vouch").contains("id=\"form-error\"");
    var mintUnknown = app.send(HttpMethod.POST, "/check/receipt", Buffer.buffer("q=nobody.vouch&useCase=payment"), FORM);
    assertThat(mintUnknown.statusCode()).isEqualTo(404);
    assertThat(mintUnknown.bodyAsString()).contains("id=\"form-error\"");
    for (String path : new String[] {"/check/r/rcp_AAAAAAAAAAAAAAAA", "/check/r/nonsense", "/u/nobody.vouch",
        "/no/such/page"}) {
      var r = page(path);
      assertThat(r.statusCode()).as(path).isEqualTo(404);
      assertHtml(r);
      assertThat(r.bodyAsString()).as(path).contains("id=\"error-title\">Not found<");
    }
    // API clients keep the JSON envelope for unknown routes.
    var api = app.send(HttpMethod.GET, "/api/v1/nothing", null, BROWSER);
    assertThat(api.statusCode()).isEqualTo(404);
    assertThat(api.getHeader("Content-Type")).startsWith("application/json");
  }

  @Test
  void aFormPostedFromAnotherSiteIsRefused() {
    var r = app.send(HttpMethod.POST, "/check/index", Buffer.buffer("wallet=" + "0x" + "e".repeat(40)),
        Map.of("Content-Type", "application/x-www-form-urlencoded", "Sec-Fetch-Site", "cross-site"));
    assertThat(r.statusCode()).isEqualTo(403);
    assertHtml(r);
    assertThat(Sql.count(app.database, "SELECT count(*) FROM index_jobs WHERE wallet = ?", "0x" + "e".repeat(40)))
        .isZero();
  }

  @Test
  void theStylesheetIsServedAndCached() {
    var r = app.get("/static/vouch.css");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.getHeader("Content-Type")).startsWith("text/css");
    assertThat(r.bodyAsString()).contains("@media print").contains("size: A4");
  }

  @Test
  void anExhaustedBudgetRendersATooManyRequestsPageWithRetryAfter() {
    try (TestApp tight = TestApp.start(Map.of("VOUCH_BUDGETS_ANONYMOUS_PER_MINUTE", "2"))) {
      String path = "/check?q=" + INDEXED;
      assertThat(tight.send(HttpMethod.GET, path, null, BROWSER).statusCode()).isEqualTo(200);
      assertThat(tight.send(HttpMethod.GET, path, null, BROWSER).statusCode()).isEqualTo(200);
      var refused = tight.send(HttpMethod.GET, path, null, BROWSER);
      assertThat(refused.statusCode()).isEqualTo(429);
      assertHtml(refused);
      assertThat(refused.getHeader("Retry-After")).matches("\\d+");
      assertThat(refused.bodyAsString()).contains("Too many requests").contains("per minute");
    }
  }
}
