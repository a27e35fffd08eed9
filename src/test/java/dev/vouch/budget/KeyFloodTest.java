package dev.vouch.budget;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.budget.model.ApiKeyFormat;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestKeys;
import io.vertx.core.http.HttpMethod;
import java.security.SecureRandom;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 25 item 5: made-up API keys are charged to the caller's IP (the anonymous budget): a
 * flood of distinct well-formed keys from one IP gets 429 once that budget is spent, and the
 * database lookups it causes stay within the budget. A key created after it was tried works at
 * once (the remembered miss is dropped on the creation's NOTIFY).
 */
class KeyFloodTest {

  static final String DECISION = "/api/v1/decision/0x" + "ef".repeat(20);

  @Test
  void aFloodOfMadeUpKeysFromOneIpGets429AfterTheAnonymousBudgetAndItsLookupsStayBounded() {
    try (TestApp app = TestApp.startMeteredBehindProxy()) {
      SecureRandom random = new SecureRandom();
      Map<Integer, Integer> statuses = new HashMap<>();
      double before = ApiKeyEdgeTest.lookups(app);
      for (int i = 0; i < 60; i++) {
        var r = app.send(HttpMethod.GET, DECISION, null, Map.of("X-Forwarded-For", "203.0.113.7",
            "Authorization", "Bearer " + ApiKeyFormat.generate(random)));
        statuses.merge(r.statusCode(), 1, Integer::sum);
        if (r.statusCode() == 429) {
          assertThat(r.getHeader("Retry-After")).isNotNull();
          assertThat(r.getHeader("X-RateLimit-Limit")).isEqualTo("20");
        }
      }
      assertThat(statuses).as("20 refused keys, then the anonymous budget is spent")
          .containsEntry(401, 20).containsEntry(429, 40);
      assertThat(ApiKeyEdgeTest.lookups(app) - before).as("database lookups: at most the budget").isEqualTo(20);
      // The same IP without a key is refused too: the failed attempts spent its anonymous budget.
      assertThat(app.send(HttpMethod.GET, DECISION, null, Map.of("X-Forwarded-For", "203.0.113.7")).statusCode())
          .isEqualTo(429);
      // Another IP is untouched, and a real key's first use is given back to its IP's budget.
      TestKeys.Key key = TestKeys.create(app.app.config(), "developer");
      var keyed = app.send(HttpMethod.GET, DECISION, null, Map.of("X-Forwarded-For", "203.0.113.8",
          "Authorization", key.bearer()));
      assertThat(keyed.statusCode()).isEqualTo(200);
      assertThat(app.send(HttpMethod.GET, DECISION, null, Map.of("X-Forwarded-For", "203.0.113.8"))
          .getHeader("X-RateLimit-Remaining")).isEqualTo("19");
    }
  }

  @Test
  void aKeyFoundBeforeIsLookedUpAgainWithoutAChargeWhenItsIpHasSpentTheAnonymousBudget() {
    try (TestApp app = TestApp.startMeteredBehindProxy()) {
      TestKeys.Key key = TestKeys.create(app.app.config(), "developer");
      Map<String, String> keyed = Map.of("X-Forwarded-For", "203.0.113.10", "Authorization", key.bearer());
      assertThat(app.send(HttpMethod.GET, DECISION, null, keyed).statusCode()).isEqualTo(200);
      // Others behind the same address spend its anonymous budget...
      dev.vouch.support.Sql.await("the address's anonymous budget spent", 30_000, () -> app.send(HttpMethod.GET,
          DECISION, null, Map.of("X-Forwarded-For", "203.0.113.10")).statusCode() == 429);
      // ...and the key's cached lookup expires (keyCacheSeconds 30): looked up again, not refused.
      double before = ApiKeyEdgeTest.lookups(app);
      app.clock.advance(java.time.Duration.ofSeconds(31));
      assertThat(app.send(HttpMethod.GET, DECISION, null, keyed).statusCode()).isEqualTo(200);
      assertThat(ApiKeyEdgeTest.lookups(app) - before).as("the key was looked up again").isEqualTo(1);
      assertThat(app.send(HttpMethod.GET, DECISION, null, Map.of("X-Forwarded-For", "203.0.113.10")).statusCode())
          .as("the address's budget is still spent: the key's lookup was not charged to it").isEqualTo(429);
    }
  }

  @Test
  void aKeyCreatedAfterItWasTriedAsUnknownWorksAtOnce() throws Exception {
    try (TestApp app = TestApp.startMeteredBehindProxy()) {
      String secret = ApiKeyFormat.generate(new SecureRandom());
      Map<String, String> headers = Map.of("X-Forwarded-For", "203.0.113.9", "Authorization", "Bearer " + secret);
      assertThat(app.send(HttpMethod.GET, DECISION, null, headers).statusCode()).isEqualTo(401);
      assertThat(app.send(HttpMethod.GET, DECISION, null, headers).statusCode()).as("remembered").isEqualTo(401);
      // Created as an operator would, with the secret the caller already tried (any INSERT notifies).
      dev.vouch.support.Sql.exec(app.database, "INSERT INTO api_keys (key_hash, key_hint, plan, label) VALUES (?, ?, ?, ?)",
          ApiKeyFormat.sha256(secret), "vouch_live_...", "developer", "created after it was tried");
      dev.vouch.support.Sql.await("the new key to work", 30_000,
          () -> app.send(HttpMethod.GET, DECISION, null, headers).statusCode() == 200);
      // Well within the miss cache's 10 s on the test's clock, which never moved: the NOTIFY did it.
      assertThat(app.clock.instant()).isEqualTo(java.time.Instant.parse("2026-11-22T12:00:00Z"));
    }
  }
}
