package dev.vouch.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.RawHttp;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestKeys;
import io.vertx.core.http.HttpMethod;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** nosniff, no-store on keyed answers, CORS from configuration, HEAD, and the per-IP connection cap. */
class HttpHygieneTest {

  static final String DECISION = "/api/v1/decision/0x" + "ab".repeat(20);
  static final String PARTNER = "https://partner.example";
  static TestApp app;

  @BeforeAll
  static void start() {
    app = TestApp.start(Map.of("VOUCH_BUDGETS_ANONYMOUS_PER_MINUTE", "1000000",
        "VOUCH_HTTP_CORS_ORIGINS", PARTNER, "VOUCH_HTTP_MAX_CONNECTIONS_PER_IP", "12"));
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  void everyAnswerSaysNosniffAndKeyedAnswersAreNotStored() {
    var key = TestKeys.create(app.app.config(), "developer");
    var anonymous = app.get(DECISION);
    var keyed = app.send(HttpMethod.GET, DECISION, null, Map.of("Authorization", key.bearer()));
    var refusedKey = app.send(HttpMethod.GET, DECISION, null, Map.of("Authorization", "Bearer nope"));
    for (var r : List.of(anonymous, keyed, refusedKey, app.get("/nothing"), app.get("/health/live"))) {
      assertThat(r.getHeader("X-Content-Type-Options")).isEqualTo("nosniff");
    }
    assertThat(anonymous.getHeader("Cache-Control")).isNull();
    assertThat(keyed.statusCode()).isEqualTo(200);
    assertThat(keyed.getHeader("Cache-Control")).isEqualTo("no-store");
    assertThat(refusedKey.getHeader("Cache-Control")).isEqualTo("no-store");
  }

  @Test
  void aBearerTokenWithLeadingSpacesIsRefusedEvenWhenTheKeyIsValid() {
    var key = TestKeys.create(app.app.config(), "developer");
    assertThat(app.send(HttpMethod.GET, DECISION, null, Map.of("Authorization", "Bearer " + key.secret()))
        .statusCode()).isEqualTo(200);
    for (String spaced : List.of("Bearer  " + key.secret(), "Bearer \t" + key.secret(), "Bearer " + key.secret() + " x")) {
      var r = app.send(HttpMethod.GET, DECISION, null, Map.of("Authorization", spaced));
      assertThat(r.statusCode()).as(spaced).isEqualTo(401);
      assertThat(r.bodyAsJsonObject().getJsonObject("error").getString("code")).isEqualTo("INVALID_KEY");
    }
  }

  @Test
  void headAnswersWhereGetDoesWithTheSameHeadersAndNoBody() throws Exception {
    var get = app.get(DECISION);
    var head = RawHttp.once(app.port, "HEAD " + DECISION + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    assertThat(head.status()).isEqualTo(200);
    assertThat(head.header("Content-Type")).isEqualTo(get.getHeader("Content-Type"));
    assertThat(head.body()).isEmpty();
    assertThat(RawHttp.once(app.port, "HEAD /health/live HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").status())
        .isEqualTo(200);
    var wrong = app.send(HttpMethod.DELETE, DECISION, null, Map.of());
    assertThat(wrong.getHeader("Allow")).isEqualTo("GET, HEAD");
  }

  @Test
  void aConfiguredOriginGetsPreflightAndCorsHeadersAndOthersAreRefused() {
    var preflight = app.send(HttpMethod.OPTIONS, "/api/v1/intake/0x" + "ab".repeat(20), null, Map.of(
        "Origin", PARTNER, "Access-Control-Request-Method", "POST",
        "Access-Control-Request-Headers", "authorization,content-type"));
    assertThat(preflight.statusCode()).isIn(200, 204);
    assertThat(preflight.getHeader("Access-Control-Allow-Origin")).isEqualTo(PARTNER);
    assertThat(preflight.getHeader("Access-Control-Allow-Methods")).contains("POST");
    assertThat(preflight.getHeader("Access-Control-Allow-Headers").toLowerCase()).contains("authorization");
    assertThat(preflight.getHeader("Access-Control-Allow-Credentials")).isNull();

    var call = app.send(HttpMethod.GET, DECISION, null, Map.of("Origin", PARTNER));
    assertThat(call.statusCode()).isEqualTo(200);
    assertThat(call.getHeader("Access-Control-Allow-Origin")).isEqualTo(PARTNER);
    assertThat(call.getHeader("Access-Control-Expose-Headers")).contains("X-RateLimit-Remaining");

    var stranger = app.send(HttpMethod.GET, DECISION, null, Map.of("Origin", "https://evil.example"));
    assertThat(stranger.statusCode()).isEqualTo(403);
    assertThat(stranger.getHeader("Access-Control-Allow-Origin")).isNull();
    assertThat(stranger.bodyAsJsonObject().getJsonObject("error").getString("code")).isEqualTo("NOT_ALLOWED");
  }

  @Test
  void oneAddressHoldsAtMostTheCapOfOpenConnections() throws Exception {
    String request = "GET /health/live HTTP/1.1\r\nHost: x\r\n\r\n";
    List<RawHttp> held = new ArrayList<>();
    int admitted = 0;
    RawHttp.Answer refused = null;
    try {
      // The test client's own pooled connections count too, so the refusal may come earlier.
      for (int i = 0; i <= 12 && refused == null; i++) {
        RawHttp c = new RawHttp(app.port);
        held.add(c);
        RawHttp.Answer a = c.exchange(request);
        if (a.status() == 200) {
          admitted++;
        } else {
          refused = a;
        }
      }
      assertThat(admitted).isLessThanOrEqualTo(12);
      assertThat(refused).as("the 13th connection of one address").isNotNull();
      assertThat(refused.status()).isEqualTo(429);
      assertThat(refused.json().getJsonObject("error").getString("code")).isEqualTo("RATE_LIMITED");
      assertThat(refused.header("Retry-After")).isEqualTo("1");
      assertThat(held.get(held.size() - 1).closedByServer()).isTrue();
    } finally {
      for (RawHttp c : held) {
        c.close();
      }
    }
    // Closed connections are given back: the address is admitted again.
    Sql.await("a new connection to be admitted", 30_000, () -> {
      try (RawHttp again = new RawHttp(app.port)) {
        return again.exchange(request).status() == 200;
      } catch (Exception e) {
        return false;
      }
    });
  }
}
