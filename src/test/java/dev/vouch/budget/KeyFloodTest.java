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
 * Issue 25 item 5 and issue 34 item 7: made-up API keys are charged to the caller's IP (the
 * anonymous budget), so a flood of distinct well-formed keys from one IP gets 429 once that
 * budget is spent; the live keys are held in memory (KeyIndex), so a made-up key costs no
 * database lookup and a real key is never charged to its IP's budget, whatever its neighbours
 * did. A key created after it was tried works at once, and a revoked one is refused at once
 * (both announced by NOTIFY).
 */
class KeyFloodTest {

  static final String DECISION = "/api/v1/decision/0x" + "ef".repeat(20);

  /** The key index's gauge: live keys held, -1 until the first load completes. */
  static double indexed(TestApp app) {
    var m = java.util.regex.Pattern.compile("(?m)^vouch_api_key_index_keys(?:\\{[^}]*})? (\\S+)$")
        .matcher(app.get("/metrics").bodyAsString());
    return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
  }

  static void awaitIndex(TestApp app) {
    dev.vouch.support.Sql.await("the key index to load", 30_000, () -> indexed(app) >= 0);
  }

  @Test
  void aFloodOfMadeUpKeysCostsNoLookupGets429AfterTheAnonymousBudgetAndARealKeyFromTheSameIpIsNeverCharged()
      throws Exception {
    try (TestApp app = TestApp.startMeteredBehindProxy()) {
      TestKeys.Key pro = TestKeys.create(app.app.config(), "pro");
      TestKeys.Key developer = TestKeys.create(app.app.config(), "developer");
      awaitIndex(app);
      SecureRandom random = new SecureRandom();
      Map<Integer, Integer> statuses = new java.util.concurrent.ConcurrentHashMap<>();
      double before = ApiKeyEdgeTest.lookups(app);
      // Sent 20 at a time: a made-up key's 401 comes after the index's one-second wait for an
      // announcement of its creation (Authenticator.ANNOUNCE_WAIT_MS).
      java.util.concurrent.ExecutorService senders = java.util.concurrent.Executors.newFixedThreadPool(20);
      try {
        java.util.List<java.util.concurrent.Future<?>> sent = new java.util.ArrayList<>();
        for (int i = 0; i < 60; i++) {
          String made = ApiKeyFormat.generate(random);
          sent.add(senders.submit(() -> {
            var r = app.send(HttpMethod.GET, DECISION, null, Map.of("X-Forwarded-For", "203.0.113.7",
                "Authorization", "Bearer " + made));
            statuses.merge(r.statusCode(), 1, Integer::sum);
            if (r.statusCode() == 429) {
              assertThat(r.getHeader("Retry-After")).isNotNull();
              assertThat(r.getHeader("X-RateLimit-Limit")).isEqualTo("20");
            }
          }));
        }
        for (var f : sent) {
          f.get(60, java.util.concurrent.TimeUnit.SECONDS);
        }
      } finally {
        senders.shutdownNow();
      }
      assertThat(statuses).as("20 refused keys, then the anonymous budget is spent")
          .containsEntry(401, 20).containsEntry(429, 40);
      assertThat(ApiKeyEdgeTest.lookups(app) - before).as("made-up keys: refused from memory, no lookup").isZero();
      // The same IP without a key is refused: the failed attempts spent its anonymous budget.
      assertThat(app.send(HttpMethod.GET, DECISION, null, Map.of("X-Forwarded-For", "203.0.113.7")).statusCode())
          .isEqualTo(429);
      // Two never-used real keys from that IP: answered on their own budgets, nothing charged to the IP's.
      for (TestKeys.Key key : java.util.List.of(pro, developer)) {
        var keyed = app.send(HttpMethod.GET, DECISION, null, Map.of("X-Forwarded-For", "203.0.113.7",
            "Authorization", key.bearer()));
        assertThat(keyed.statusCode()).as("key " + key.id()).isEqualTo(200);
        assertThat(keyed.getHeader("X-RateLimit-Limit")).as("key " + key.id()).isNotEqualTo("20");
      }
      assertThat(ApiKeyEdgeTest.lookups(app) - before).as("one lookup per real key").isEqualTo(2);
      // Another IP is untouched.
      assertThat(app.send(HttpMethod.GET, DECISION, null, Map.of("X-Forwarded-For", "203.0.113.8"))
          .getHeader("X-RateLimit-Remaining")).isEqualTo("19");
    }
  }

  @Test
  void aRevokedKeyIsRefusedAtOnceEvenWhileItsLookupIsCachedAndWithoutALookup() {
    try (TestApp app = TestApp.startMeteredBehindProxy()) {
      TestKeys.Key key = TestKeys.create(app.app.config(), "developer");
      awaitIndex(app);
      Map<String, String> keyed = Map.of("X-Forwarded-For", "203.0.113.11", "Authorization", key.bearer());
      assertThat(app.send(HttpMethod.GET, DECISION, null, keyed).statusCode()).isEqualTo(200);
      double held = indexed(app);
      dev.vouch.support.Sql.exec(app.database, "UPDATE api_keys SET revoked_at = now() WHERE id = ?", key.id());
      dev.vouch.support.Sql.await("the revocation to be heard", 30_000, () -> indexed(app) == held - 1);
      double before = ApiKeyEdgeTest.lookups(app);
      // The test clock never moved: the 30 s key cache would still hold the lookup; the NOTIFY dropped it.
      assertThat(app.send(HttpMethod.GET, DECISION, null, keyed).statusCode()).isEqualTo(401);
      assertThat(ApiKeyEdgeTest.lookups(app) - before).isZero();
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
