package dev.vouch.budget;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.TestApp;
import dev.vouch.support.TestKeys;
import dev.vouch.support.TestRedis;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.client.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Authorization at the edge: schemes, format, revocation, suspension and the key cache. */
class ApiKeyEdgeTest {

  static final String DECISION = "/api/v1/decision/0x" + "cd".repeat(20);
  static TestApp app;

  @BeforeAll
  static void start() {
    app = TestApp.start(Map.of("REDIS_URL", TestRedis.url(),
        "VOUCH_BUDGETS_REDIS_KEY_PREFIX", TestRedis.uniquePrefix()));
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  static HttpResponse<Buffer> withAuthorization(String path, String value) {
    return app.send(HttpMethod.GET, path, null, Map.of("Authorization", value));
  }

  static String code(HttpResponse<Buffer> r) {
    return r.bodyAsJsonObject().getJsonObject("error").getString("code");
  }

  static double keyLookups() {
    return lookups(app);
  }

  /** Database lookups of keys, found or missing, summed over both series. */
  static double lookups(TestApp app) {
    var m = java.util.regex.Pattern.compile("(?m)^vouch_api_key_lookups_total\\{[^}]*} (\\S+)$")
        .matcher(app.get("/metrics").bodyAsString());
    double sum = 0;
    while (m.find()) {
      sum += Double.parseDouble(m.group(1));
    }
    return sum;
  }

  @Test
  void noHeaderIsAnonymousAndAValidKeyGetsItsPlan() {
    TestKeys.Key key = TestKeys.create(app.app.config(), "pro");
    assertThat(app.get(DECISION).getHeader("X-RateLimit-Limit")).isEqualTo("20");
    var keyed = withAuthorization(DECISION, key.bearer());
    assertThat(keyed.statusCode()).isEqualTo(200);
    assertThat(keyed.getHeader("X-RateLimit-Limit")).isEqualTo("300");
    assertThat(withAuthorization(DECISION, "bearer " + key.secret()).statusCode())
        .as("the scheme is case-insensitive").isEqualTo(200);
  }

  @Test
  void badSchemesAndMalformedOrChecksumBadKeysAre401WithoutADatabaseLookup() {
    String good = TestKeys.create(app.app.config(), "developer").secret();
    String badChecksum = good.substring(0, 45) + (good.charAt(45) == 'a' ? 'b' : 'a') + good.substring(46);
    double before = keyLookups();
    for (String header : new String[] {
        "Basic dXNlcjpwYXNz", "Token " + good, good, "Bearer", "Bearer ", "Bearer vouch_live_short",
        "Bearer " + badChecksum, "Bearer " + good.replace("vouch_live_", "vouch_test_")}) {
      var r = withAuthorization(DECISION, header);
      assertThat(r.statusCode()).as(header).isEqualTo(401);
      assertThat(code(r)).isEqualTo("INVALID_KEY");
      assertThat(r.getHeader("X-RateLimit-Limit")).isNull();
    }
    assertThat(withAuthorization("/api/v1/score/0x" + "cd".repeat(20), "Basic x").statusCode()).isEqualTo(401);
    assertThat(keyLookups()).as("nothing reached the database").isEqualTo(before);
  }

  @Test
  void anUnknownWellFormedKeyIs401WithNoLookupOnceTheLiveKeysAreHeldInMemory() {
    KeyFloodTest.awaitIndex(app);
    String unknown = dev.vouch.budget.model.ApiKeyFormat.generate(new java.security.SecureRandom());
    double before = keyLookups();
    var r = withAuthorization(DECISION, "Bearer " + unknown);
    assertThat(r.statusCode()).isEqualTo(401);
    assertThat(code(r)).isEqualTo("INVALID_KEY");
    withAuthorization(DECISION, "Bearer " + unknown);
    assertThat(keyLookups()).as("refused from the in-memory key index").isEqualTo(before);
  }

  @Test
  void aRevokeTakesEffectAsSoonAsItsAnnouncementArrivesNotAfterTheCacheTime() {
    KeyFloodTest.awaitIndex(app);
    TestKeys.Key key = TestKeys.create(app.app.config(), "developer");
    dev.vouch.support.Sql.await("the new key to work", 30_000, () -> withAuthorization(DECISION, key.bearer()).statusCode() == 200);
    assertThat(TestKeys.run(app.app.config(), "revoke", Long.toString(key.id())).status()).isZero();
    // The test clock does not move: the 30 s key cache still holds the lookup, the NOTIFY drops it.
    dev.vouch.support.Sql.await("the revocation to take effect", 30_000,
        () -> withAuthorization(DECISION, key.bearer()).statusCode() == 401);
    assertThat(code(withAuthorization(DECISION, key.bearer()))).isEqualTo("INVALID_KEY");
  }

  @Test
  void aSuspendedKeyIs403NotAllowedEverywhereUntilResumed() {
    TestKeys.Key key = TestKeys.create(app.app.config(), "developer");
    assertThat(TestKeys.run(app.app.config(), "suspend", Long.toString(key.id())).status()).isZero();
    for (String path : new String[] {DECISION, "/api/v1/score/0x" + "cd".repeat(20)}) {
      var r = withAuthorization(path, key.bearer());
      assertThat(r.statusCode()).isEqualTo(403);
      assertThat(code(r)).isEqualTo("NOT_ALLOWED");
      assertThat(r.getHeader("X-RateLimit-Limit")).isNull();
    }
    assertThat(TestKeys.run(app.app.config(), "resume", Long.toString(key.id())).status()).isZero();
    app.clock.advance(Duration.ofSeconds(31));
    assertThat(withAuthorization(DECISION, key.bearer()).statusCode()).isEqualTo(200);
  }

  @Test
  void aPlanChangeAppliesAfterTheCacheTime() {
    TestKeys.Key key = TestKeys.create(app.app.config(), "developer");
    assertThat(withAuthorization(DECISION, key.bearer()).getHeader("X-RateLimit-Limit")).isEqualTo("120");
    assertThat(TestKeys.run(app.app.config(), "plan", Long.toString(key.id()), "partner").status()).isZero();
    app.clock.advance(Duration.ofSeconds(31));
    assertThat(withAuthorization(DECISION, key.bearer()).getHeader("X-RateLimit-Limit")).isEqualTo("600");
  }

  @Test
  void healthAndMetricsIgnoreAuthorization() {
    assertThat(withAuthorization("/health/live", "Basic x").statusCode()).isEqualTo(200);
    assertThat(withAuthorization("/metrics", "Bearer scraper-token").statusCode()).isEqualTo(200);
  }
}
