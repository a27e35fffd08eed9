package dev.vouch.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.idempotency.model.IdempotencyKeys;
import dev.vouch.support.Anvil;
import dev.vouch.support.RawHttp;
import dev.vouch.support.Snapshots;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestKeys;
import dev.vouch.support.TestRedis;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.client.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 19 item 5: Idempotency-Key on POST writes, against the real app (role api, so queued
 * jobs stay queued), real Postgres and budgets on real Redis. Each test is its own client
 * address or key, so budgets never mix; "charged once" is read back from the budget itself
 * (X-RateLimit-Remaining of a one-unit probe).
 */
class IdempotencyApiTest {

  static final int PER_MINUTE = 1000;
  static final AtomicInteger IPS = new AtomicInteger(10);
  static TestApp app;

  @BeforeAll
  static void start() {
    app = TestApp.start(Map.of(
        "VOUCH_ROLE", "api",
        "REDIS_URL", TestRedis.url(),
        "VOUCH_BUDGETS_REDIS_KEY_PREFIX", TestRedis.uniquePrefix(),
        "VOUCH_BUDGETS_REDIS_TIMEOUT_MILLIS", "5000",
        "VOUCH_BUDGETS_REDIS_WINDOW_CLOCK", "instance",
        "VOUCH_BUDGETS_ANONYMOUS_PER_MINUTE", Integer.toString(PER_MINUTE),
        "VOUCH_HTTP_TRUSTED_PROXIES", "127.0.0.1/32"));
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  static String ip() {
    return "198.51.100." + IPS.incrementAndGet();
  }

  static HttpResponse<Buffer> post(String path, String body, String ip, String key) {
    Map<String, String> headers = new HashMap<>();
    headers.put("X-Forwarded-For", ip);
    if (key != null) {
      headers.put(IdempotencyKeys.HEADER, key);
    }
    if (body != null) {
      headers.put("Content-Type", "application/json");
    }
    return app.send(HttpMethod.POST, path, body == null ? null : Buffer.buffer(body), headers);
  }

  /** X-RateLimit-Remaining after a one-unit read by the same client. */
  static long remainingAfterProbe(Map<String, String> who) {
    HttpResponse<Buffer> r = app.send(HttpMethod.GET, "/api/v1/decision/" + Anvil.randomAddress(), null, who);
    assertThat(r.statusCode()).isEqualTo(200);
    return Long.parseLong(r.getHeader("X-RateLimit-Remaining"));
  }

  static void assertReplayOf(HttpResponse<Buffer> first, HttpResponse<Buffer> replay) {
    assertThat(replay.statusCode()).isEqualTo(first.statusCode());
    assertThat(replay.bodyAsString()).isEqualTo(first.bodyAsString());
    assertThat(replay.getHeader(IdempotencyKeys.REPLAYED)).isEqualTo("true");
    assertThat(replay.getHeader("X-RateLimit-Remaining")).as("a replay is free").isNull();
    assertThat(first.getHeader(IdempotencyKeys.REPLAYED)).isNull();
  }

  @Test
  void aRepeatedIntakeWithTheSameKeyAnswersTheStoredStartedWithoutASecondJobOrCharge() {
    String ip = ip();
    String wallet = Anvil.randomAddress();
    String key = UUID.randomUUID().toString();

    HttpResponse<Buffer> first = post("/api/v1/intake/" + wallet, null, ip, key);
    HttpResponse<Buffer> again = post("/api/v1/intake/" + wallet, null, ip, key);

    assertThat(first.statusCode()).isEqualTo(202);
    assertThat(TestApp.data(first).getString("status")).isEqualTo("started");
    assertReplayOf(first, again);
    assertThat(Sql.count(app.database, "SELECT count(*) FROM index_jobs WHERE wallet = ?", wallet)).isEqualTo(1);
    // Intake costs 8 anonymous units: spent once, then the probe's one.
    assertThat(remainingAfterProbe(Map.of("X-Forwarded-For", ip))).isEqualTo(PER_MINUTE - 8 - 1);
    // Without the key the same request runs: the job in flight answers "indexing".
    HttpResponse<Buffer> fresh = post("/api/v1/intake/" + wallet, null, ip, null);
    assertThat(TestApp.data(fresh).getString("status")).isEqualTo("indexing");
    assertThat(fresh.getHeader(IdempotencyKeys.REPLAYED)).isNull();
    assertThat(app.get("/metrics").bodyAsString()).containsPattern("vouch_idempotency_requests_total\\{outcome=\"replayed\",?\\} [1-9]");
  }

  @Test
  void aRepeatedReceiptMintReplaysItsStatusBodyAndLocationAndStoresAndChargesOnce() {
    String ip = ip();
    String wallet = Anvil.randomAddress();
    String key = "mint-" + UUID.randomUUID();
    String body = "{\"wallet\":\"" + wallet + "\"}";

    HttpResponse<Buffer> first = post("/api/v1/decision-receipts", body, ip, key);
    HttpResponse<Buffer> again = post("/api/v1/decision-receipts", body, ip, key);

    assertThat(first.statusCode()).isEqualTo(201);
    assertReplayOf(first, again);
    assertThat(again.getHeader("Location")).isEqualTo(first.getHeader("Location")).startsWith("/api/v1/decision-receipts/rcp_");
    assertThat(Sql.count(app.database, "SELECT count(*) FROM receipts WHERE wallet = ?", wallet)).isEqualTo(1);
    assertThat(remainingAfterProbe(Map.of("X-Forwarded-For", ip))).isEqualTo(PER_MINUTE - 2 - 1);
  }

  @Test
  void aRepeatedKeyedRefreshWritesOneLedgerRowAndChargesTheKeyOnce() {
    TestKeys.Key apiKey = TestKeys.create(app.app.config(), "developer");
    String wallet = Anvil.randomAddress();
    Map<String, String> headers = Map.of("Authorization", apiKey.bearer(), IdempotencyKeys.HEADER, "refresh-1");
    String path = "/api/v1/interaction-graph/" + wallet + "/refresh";

    HttpResponse<Buffer> first = app.send(HttpMethod.POST, path, null, headers);
    HttpResponse<Buffer> again = app.send(HttpMethod.POST, path, null, headers);

    assertThat(first.statusCode()).isEqualTo(202);
    assertThat(TestApp.data(first).getString("status")).isEqualTo("started");
    assertReplayOf(first, again);
    assertThat(Sql.count(app.database, "SELECT count(*) FROM refresh_ledger WHERE wallet = ?", wallet)).isEqualTo(1);
    assertThat(Sql.count(app.database, "SELECT count(*) FROM index_jobs WHERE wallet = ?", wallet)).isEqualTo(1);
    // developer: 120 a minute; the refresh's 5 once, then the probe.
    assertThat(remainingAfterProbe(Map.of("Authorization", apiKey.bearer()))).isEqualTo(120 - 5 - 1);
  }

  @Test
  void aRepeatedClaimChallengeAnswersTheSameNonceAndStoresOneChallenge() {
    String ip = ip();
    String wallet = Anvil.randomAddress();
    String body = "{\"wallet\":\"" + wallet + "\",\"username\":\"idem" + IPS.incrementAndGet() + ".vouch\"}";

    HttpResponse<Buffer> first = post("/api/v1/identities/challenge", body, ip, "challenge-1");
    HttpResponse<Buffer> again = post("/api/v1/identities/challenge", body, ip, "challenge-1");

    assertThat(first.statusCode()).isEqualTo(201);
    assertReplayOf(first, again);
    assertThat(Sql.count(app.database, "SELECT count(*) FROM claim_challenges WHERE wallet = ?", wallet)).isEqualTo(1);
  }

  @Test
  void theSameKeyForAnotherBodyOrPathIs422AndRunsNothing() {
    String ip = ip();
    String a = Anvil.randomAddress();
    String b = Anvil.randomAddress();
    String key = UUID.randomUUID().toString();
    assertThat(post("/api/v1/decision-receipts", "{\"wallet\":\"" + a + "\"}", ip, key).statusCode()).isEqualTo(201);

    HttpResponse<Buffer> otherBody = post("/api/v1/decision-receipts", "{\"wallet\":\"" + b + "\"}", ip, key);
    HttpResponse<Buffer> otherPath = post("/api/v1/intake/" + b, null, ip, key);
    // The same JSON with other spacing is another body: requests are compared byte for byte.
    HttpResponse<Buffer> respaced = post("/api/v1/decision-receipts", "{\"wallet\": \"" + a + "\"}", ip, key);

    for (HttpResponse<Buffer> r : java.util.List.of(otherBody, otherPath, respaced)) {
      assertThat(r.statusCode()).isEqualTo(422);
      assertThat(r.bodyAsJsonObject().getJsonObject("error").getString("code")).isEqualTo("IDEMPOTENCY_KEY_REUSED");
    }
    assertThat(Sql.count(app.database, "SELECT count(*) FROM receipts WHERE wallet = ?", b)).isZero();
    assertThat(Sql.count(app.database, "SELECT count(*) FROM index_jobs WHERE wallet = ?", b)).isZero();
    assertThat(remainingAfterProbe(Map.of("X-Forwarded-For", ip))).isEqualTo(PER_MINUTE - 2 - 1);
  }

  @Test
  void keysBelongToTheirCallerSoAnotherCallersSameKeyRunsItsOwnRequest() {
    String wallet = Anvil.randomAddress();
    String key = "shared-" + UUID.randomUUID();
    HttpResponse<Buffer> mine = post("/api/v1/intake/" + wallet, null, ip(), key);
    HttpResponse<Buffer> theirs = post("/api/v1/intake/" + wallet, null, ip(), key);

    assertThat(TestApp.data(mine).getString("status")).isEqualTo("started");
    assertThat(TestApp.data(theirs).getString("status")).isEqualTo("indexing");
    assertThat(theirs.getHeader(IdempotencyKeys.REPLAYED)).isNull();
  }

  /**
   * The first request is held inside the intake's decision (the test holds the wallet's advisory
   * lock, as a concurrent decision would); a duplicate sent meanwhile is 409, and once the first
   * answers, the duplicate gets its answer.
   */
  @Test
  void aDuplicateWhileTheFirstRequestStillRunsIs409ThenReplaysTheFirstAnswer() throws Exception {
    String ip = ip();
    String wallet = Anvil.randomAddress();
    String key = UUID.randomUUID().toString();
    String request = "POST /api/v1/intake/" + wallet + " HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: " + ip
        + "\r\n" + IdempotencyKeys.HEADER + ": " + key + "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
    CompletableFuture<RawHttp.Answer> first;
    try (Connection lock = DriverManager.getConnection(app.database.jdbcUrl(), app.database.user(),
        app.database.password())) {
      try (PreparedStatement ps = lock.prepareStatement("SELECT pg_advisory_lock(30319, hashtext(?))")) {
        ps.setString(1, wallet);
        ps.execute();
      }
      first = CompletableFuture.supplyAsync(() -> {
        try {
          return RawHttp.once(app.port, request);
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      });
      Sql.await("the first request holds the key", 10_000, () -> Sql.count(app.database,
          "SELECT count(*) FROM idempotency_keys WHERE idem_key = ? AND status IS NULL", key) == 1);
      Sql.await("the first request waits for the wallet's lock", 10_000, () -> Sql.count(app.database,
          "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
              + " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())") >= 1);

      RawHttp.Answer duplicate = RawHttp.once(app.port, request);

      assertThat(duplicate.status()).isEqualTo(409);
      assertThat(duplicate.json().getJsonObject("error").getString("code")).isEqualTo("IDEMPOTENCY_IN_FLIGHT");
      assertThat(duplicate.header("Retry-After")).isEqualTo("1");
      assertThat(first).isNotDone();
      try (PreparedStatement ps = lock.prepareStatement("SELECT pg_advisory_unlock(30319, hashtext(?))")) {
        ps.setString(1, wallet);
        ps.execute();
      }
    }
    RawHttp.Answer answered = first.get(30, TimeUnit.SECONDS);
    RawHttp.Answer replay = RawHttp.once(app.port, request);

    assertThat(answered.status()).isEqualTo(202);
    assertThat(answered.json().getJsonObject("data").getString("status")).isEqualTo("started");
    assertThat(replay.status()).isEqualTo(202);
    assertThat(replay.body()).isEqualTo(answered.body());
    assertThat(replay.header(IdempotencyKeys.REPLAYED)).isEqualTo("true");
    assertThat(Sql.count(app.database, "SELECT count(*) FROM index_jobs WHERE wallet = ?", wallet)).isEqualTo(1);
    assertThat(remainingAfterProbe(Map.of("X-Forwarded-For", ip))).isEqualTo(PER_MINUTE - 8 - 1);
  }

  /** 429 is not kept: once the receipt budget allows it, a retry with the key runs and mints. */
  @Test
  void aRefusedRequestIsNotKeptSoItsRetryRunsOnceTheBudgetAllows() {
    String ip = ip();
    for (int i = 0; i < 5; i++) {
      assertThat(post("/api/v1/decision-receipts", "{\"wallet\":\"" + Anvil.randomAddress() + "\"}", ip, null)
          .statusCode()).isEqualTo(201);
    }
    String wallet = Anvil.randomAddress();
    String body = "{\"wallet\":\"" + wallet + "\"}";

    HttpResponse<Buffer> refused = post("/api/v1/decision-receipts", body, ip, "after-the-limit");
    assertThat(refused.statusCode()).isEqualTo(429);
    assertThat(Sql.count(app.database, "SELECT count(*) FROM idempotency_keys WHERE idem_key = 'after-the-limit'"))
        .as("nothing kept").isZero();
    app.clock.advance(Duration.ofSeconds(61));
    HttpResponse<Buffer> retried = post("/api/v1/decision-receipts", body, ip, "after-the-limit");

    assertThat(retried.statusCode()).isEqualTo(201);
    assertThat(retried.getHeader(IdempotencyKeys.REPLAYED)).isNull();
    assertThat(Sql.count(app.database, "SELECT count(*) FROM receipts WHERE wallet = ?", wallet)).isEqualTo(1);
  }

  /** A 5xx is not kept: the refresh ledger missing (503 SCHEMA_MISSING), then back, the retry runs. */
  @Test
  void anUnavailableAnswerIsNotKeptSoTheRetryWithTheKeyRuns() {
    TestKeys.Key apiKey = TestKeys.create(app.app.config(), "developer");
    String wallet = Anvil.randomAddress();
    Instant at = app.clock.instant().minus(Duration.ofHours(3));
    Snapshots.commit(app.app.pool(), Snapshots.of(wallet, Snapshots.strong(), at, Snapshots.healthyCoverage(at)));
    Map<String, String> headers = Map.of("Authorization", apiKey.bearer(), IdempotencyKeys.HEADER, "reindex-1");
    String path = "/api/v1/interaction-graph/" + wallet + "/refresh";

    HttpResponse<Buffer> unavailable;
    Sql.exec(app.database, "ALTER TABLE refresh_ledger RENAME TO refresh_ledger_away");
    try {
      unavailable = app.send(HttpMethod.POST, path, null, headers);
    } finally {
      Sql.exec(app.database, "ALTER TABLE refresh_ledger_away RENAME TO refresh_ledger");
    }
    HttpResponse<Buffer> retried = app.send(HttpMethod.POST, path, null, headers);

    assertThat(unavailable.statusCode()).isEqualTo(503);
    assertThat(retried.statusCode()).isEqualTo(202);
    assertThat(TestApp.data(retried).getString("mode")).isEqualTo("reindex");
    assertThat(retried.getHeader(IdempotencyKeys.REPLAYED)).isNull();
    assertThat(Sql.count(app.database, "SELECT count(*) FROM refresh_ledger WHERE wallet = ?", wallet)).isEqualTo(1);
  }

  @Test
  void aKeyExpiresAfter24HoursThenRunsAnewAndTheSweepDeletesExpiredRows() {
    String ip = ip();
    String wallet = Anvil.randomAddress();
    String body = "{\"wallet\":\"" + wallet + "\"}";
    HttpResponse<Buffer> first = post("/api/v1/decision-receipts", body, ip, "day-1");
    app.clock.advance(Duration.ofHours(24).minusSeconds(1));
    assertThat(post("/api/v1/decision-receipts", body, ip, "day-1").getHeader(IdempotencyKeys.REPLAYED))
        .as("still kept at 23:59:59").isEqualTo("true");
    app.clock.advance(Duration.ofSeconds(1));

    HttpResponse<Buffer> nextDay = post("/api/v1/decision-receipts", body, ip, "day-1");

    assertThat(nextDay.statusCode()).isEqualTo(201);
    assertThat(nextDay.getHeader(IdempotencyKeys.REPLAYED)).isNull();
    assertThat(TestApp.data(nextDay).getJsonObject("receipt").getString("id"))
        .isNotEqualTo(TestApp.data(first).getJsonObject("receipt").getString("id"));
    assertThat(Sql.count(app.database, "SELECT count(*) FROM receipts WHERE wallet = ?", wallet)).isEqualTo(2);

    // Everything older than a day (the earlier tests' keys) is swept; today's key stays.
    app.clock.advance(Duration.ofHours(1));
    IdempotencyStore store = new IdempotencyStore(dev.vouch.store.Gateway.direct(app.app.pool()), app.clock, Duration.ofHours(24), Duration.ofMinutes(2));
    long expired = Sql.count(app.database, "SELECT count(*) FROM idempotency_keys WHERE expires_at <= ?",
        java.sql.Timestamp.from(app.clock.instant()));
    int swept = store.sweep(2).toCompletionStage().toCompletableFuture().join();
    assertThat(swept).isEqualTo(expired);
    assertThat(Sql.count(app.database, "SELECT count(*) FROM idempotency_keys WHERE idem_key = 'day-1'")).isEqualTo(1);
  }

  /**
   * The mechanism is the route table's, not each route's: every POST of the API the document lists
   * (so any write added later) refuses a bad key before its handler runs, and documents the
   * header, its 409 and 422 and the replay marker.
   */
  @Test
  void everyApiPostOfTheDocumentHonoursTheKeyAndDocumentsIt() {
    io.vertx.core.json.JsonObject paths = dev.vouch.support.OpenApiResponses.document().getJsonObject("paths");
    java.util.List<String> posts = new java.util.ArrayList<>();
    for (String path : paths.fieldNames()) {
      io.vertx.core.json.JsonObject post = paths.getJsonObject(path).getJsonObject("post");
      if (!path.startsWith("/api/v1/") || post == null) {
        continue;
      }
      posts.add(path);
      assertThat(post.getJsonArray("parameters").encode()).as(path).contains("#/components/parameters/IdempotencyKey");
      assertThat(post.getJsonObject("responses").fieldNames()).as(path).contains("409", "422");
      String concrete = path.replace("{wallet}", Anvil.randomAddress()).replace("{id}", "1");
      HttpResponse<Buffer> r = post(concrete, "{}", ip(), "two words");
      assertThat(r.statusCode()).as(concrete).isEqualTo(400);
      assertThat(r.bodyAsJsonObject().getJsonObject("error").getString("message")).as(concrete).contains("Idempotency-Key");
    }
    assertThat(posts).hasSizeGreaterThanOrEqualTo(10);
  }

  @Test
  void hostileKeysAreRefusedInTheEnvelopeBeforeAnythingRuns() throws Exception {
    String ip = ip();
    String wallet = Anvil.randomAddress();
    for (String bad : new String[] {"k".repeat(256), "two words", ""}) {
      HttpResponse<Buffer> r = post("/api/v1/intake/" + wallet, null, ip, bad);
      assertThat(r.statusCode()).as("key %s", bad.length() > 20 ? bad.length() + " chars" : bad).isEqualTo(400);
      assertThat(r.bodyAsJsonObject().getJsonObject("error").getString("code")).isEqualTo("INVALID_REQUEST");
      assertThat(r.bodyAsJsonObject().getJsonObject("error").getString("message")).contains("Idempotency-Key");
    }
    String head = "POST /api/v1/intake/" + wallet + " HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: " + ip + "\r\n";
    RawHttp.Answer twice = RawHttp.once(app.port, head + "Idempotency-Key: a\r\nIdempotency-Key: b\r\n"
        + "Content-Length: 0\r\nConnection: close\r\n\r\n");
    RawHttp.Answer latin1 = RawHttp.once(app.port, head + "Idempotency-Key: cl\u00e9\r\n"
        + "Content-Length: 0\r\nConnection: close\r\n\r\n");
    for (RawHttp.Answer a : java.util.List.of(twice, latin1)) {
      assertThat(a.status()).isEqualTo(400);
      assertThat(a.json().getJsonObject("error").getString("code")).isEqualTo("INVALID_REQUEST");
    }
    assertThat(Sql.count(app.database, "SELECT count(*) FROM index_jobs WHERE wallet = ?", wallet)).isZero();
    assertThat(remainingAfterProbe(Map.of("X-Forwarded-For", ip))).isEqualTo(PER_MINUTE - 1);

    // The longest key, and one that reads as SQL, are just keys.
    for (String odd : new String[] {"k".repeat(IdempotencyKeys.MAX_LENGTH), "';DROP/**/TABLE/**/idempotency_keys;--"}) {
      String w = Anvil.randomAddress();
      HttpResponse<Buffer> r1 = post("/api/v1/intake/" + w, null, ip, odd);
      HttpResponse<Buffer> r2 = post("/api/v1/intake/" + w, null, ip, odd);
      assertThat(r1.statusCode()).isEqualTo(202);
      assertReplayOf(r1, r2);
    }
  }
}
