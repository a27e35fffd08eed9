package dev.vouch.budget;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.TestApp;
import dev.vouch.support.TestRedis;
import io.vertx.core.http.HttpMethod;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** CONTRACT 4: X-Forwarded-For only from trusted proxies, read right to left. */
class ForwardedForTest {

  static final String PATH = "/api/v1/decision/0x" + "ef".repeat(20);
  static TestApp untrusting;
  static TestApp trusting;

  @BeforeAll
  static void start() {
    // 127.0.0.1 (the test client) is not in 10.0.0.0/8, so its header is a spoof.
    untrusting = TestApp.start(Map.of("REDIS_URL", TestRedis.url(),
        "VOUCH_BUDGETS_REDIS_KEY_PREFIX", TestRedis.uniquePrefix(), "VOUCH_HTTP_TRUSTED_PROXIES", "10.0.0.0/8"));
    trusting = TestApp.start(Map.of("REDIS_URL", TestRedis.url(),
        "VOUCH_BUDGETS_REDIS_KEY_PREFIX", TestRedis.uniquePrefix(), "VOUCH_HTTP_TRUSTED_PROXIES", "127.0.0.1/32,10.0.0.0/8"));
  }

  @AfterAll
  static void stop() {
    untrusting.close();
    trusting.close();
  }

  static String remainingFor(TestApp app, String forwardedFor) {
    return app.send(HttpMethod.GET, PATH, null, Map.of("X-Forwarded-For", forwardedFor))
        .getHeader("X-RateLimit-Remaining");
  }

  @Test
  void aSpoofedHeaderFromAnUntrustedPeerDoesNotBuyAFreshBudget() {
    assertThat(remainingFor(untrusting, "203.0.113.1")).isEqualTo("19");
    assertThat(remainingFor(untrusting, "203.0.113.2")).isEqualTo("18");
    assertThat(remainingFor(untrusting, "203.0.113.3, 10.0.0.1")).isEqualTo("17");
    assertThat(untrusting.get(PATH).getHeader("X-RateLimit-Remaining")).isEqualTo("16");
  }

  @Test
  void aTrustedProxysHeaderNamesTheClientAndLeftSideSpoofsAreIgnored() {
    assertThat(remainingFor(trusting, "192.0.2.10")).isEqualTo("19");
    assertThat(remainingFor(trusting, "192.0.2.11")).as("another client, another budget").isEqualTo("19");
    assertThat(remainingFor(trusting, "6.6.6.6, 192.0.2.10")).as("the client can only prepend").isEqualTo("18");
    assertThat(remainingFor(trusting, "7.7.7.7, 192.0.2.10, 10.1.2.3")).as("trusted hops are skipped")
        .isEqualTo("17");
  }
}
