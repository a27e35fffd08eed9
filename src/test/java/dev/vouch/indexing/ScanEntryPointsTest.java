package dev.vouch.indexing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Anvil;
import dev.vouch.support.Snapshots;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestKeys;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every row of SPEC tables 3.1 (score read rescan), 3.2 (intake) and 3.3 (keyed refresh), with
 * the units and caps each answer spends. Role api: no worker runs, so queued jobs stay queued and
 * each test sets the job history it needs. Each test runs on its own UTC day, so per-minute and
 * daily budgets never leak between tests.
 */
class ScanEntryPointsTest {

  static TestApp app;
  static int day;
  static String developerKey;
  static long developerKeyId;

  @BeforeAll
  static void start() {
    app = TestApp.start(Map.of("VOUCH_ROLE", "api"));
    TestKeys.Key key = TestKeys.create(app.app.config(), "developer");
    developerKey = key.secret();
    developerKeyId = key.id();
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @BeforeEach
  void nextDay() {
    app.clock.set(Instant.parse("2027-01-01T12:00:00Z").plus(Duration.ofDays(day++)));
  }

  static Instant now() {
    return app.clock.instant();
  }

  static HttpResponse<Buffer> post(String path, String key) {
    return app.send(HttpMethod.POST, path, null, key == null ? Map.of() : Map.of("Authorization", "Bearer " + key));
  }

  static HttpResponse<Buffer> intake(String wallet) {
    return post("/api/v1/intake/" + wallet, null);
  }

  static HttpResponse<Buffer> refresh(String wallet, String key) {
    return post("/api/v1/interaction-graph/" + wallet + "/refresh", key);
  }

  static JsonObject score(String wallet, String key) {
    return TestApp.data(app.send(HttpMethod.GET, "/api/v1/score/" + wallet, null,
        key == null ? Map.of() : Map.of("Authorization", "Bearer " + key)));
  }

  static String snapshotAged(Duration age) {
    String wallet = Anvil.randomAddress();
    Instant at = now().minus(age);
    Snapshots.commit(app.app.pool(), Snapshots.of(wallet, Snapshots.strong(), at, Snapshots.healthyCoverage(at)));
    return wallet;
  }

  static void job(String wallet, String state, Duration ago) {
    Sql.exec(app.database, "INSERT INTO wallets (address) VALUES (?) ON CONFLICT DO NOTHING", wallet);
    Timestamp at = Timestamp.from(now().minus(ago));
    boolean open = state.equals("queued") || state.equals("running");
    Sql.exec(app.database, "INSERT INTO index_jobs (wallet, kind, mode, state, created_at, started_at, finished_at)"
        + " VALUES (?, 'intake', 'first_index', ?, ?, ?, ?)", wallet, state, at, at, open ? null : at);
  }

  static List<Map<String, Object>> jobs(String wallet) {
    return Sql.rows(app.database, "SELECT kind, mode, state FROM index_jobs WHERE wallet = ? ORDER BY id", wallet);
  }

  static String status(HttpResponse<Buffer> r) {
    return TestApp.data(r).getString("status");
  }

  static String errorCode(HttpResponse<Buffer> r) {
    return r.bodyAsJsonObject().getJsonObject("error").getString("code");
  }

  static void assertFree(HttpResponse<Buffer> r) {
    assertThat(r.getHeader("X-RateLimit-Limit")).isNull();
    assertThat(r.getHeader("X-RateLimit-Remaining")).isNull();
  }

  // ---- SPEC 3.2 intake ----

  @Test
  void intakeOfCommittedWalletIsAlreadyIndexedAndFree() {
    String wallet = snapshotAged(Duration.ofDays(3));
    HttpResponse<Buffer> r = intake(wallet);
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(status(r)).isEqualTo("already_indexed");
    assertThat(TestApp.data(r).getString("lastIndexedAt")).isEqualTo(now().minus(Duration.ofDays(3)).toString());
    assertFree(r);
    assertThat(jobs(wallet)).isEmpty();
    assertThat(intake(Anvil.randomAddress()).getHeader("X-RateLimit-Remaining")).isEqualTo("12");
  }

  @Test
  void intakeWhileAJobIsInFlightIsIndexingAndFree() {
    String wallet = Anvil.randomAddress();
    job(wallet, "running", Duration.ofSeconds(20));
    HttpResponse<Buffer> r = intake(wallet);
    assertThat(r.statusCode()).isEqualTo(202);
    assertThat(status(r)).isEqualTo("indexing");
    assertThat(TestApp.data(r).getString("startedAt")).isEqualTo(now().minusSeconds(20).toString());
    assertFree(r);
    assertThat(jobs(wallet)).hasSize(1);
    assertThat(intake(Anvil.randomAddress()).getHeader("X-RateLimit-Remaining")).isEqualTo("12");
  }

  @Test
  void intakeStartCostsEightAnonymousOrFiveKeyedAndRegistersNothing() {
    String wallet = Anvil.randomAddress();
    HttpResponse<Buffer> r = intake(wallet);
    assertThat(r.statusCode()).isEqualTo(202);
    assertThat(TestApp.data(r).getMap()).containsOnlyKeys("wallet", "status").containsEntry("status", "started");
    assertThat(r.getHeader("X-RateLimit-Limit")).isEqualTo("20");
    assertThat(r.getHeader("X-RateLimit-Remaining")).isEqualTo("12");
    assertThat(jobs(wallet)).containsExactly(Map.of("kind", "intake", "mode", "first_index", "state", "queued"));
    assertThat(Sql.count(app.database, "SELECT count(*) FROM identities WHERE wallet = ?", wallet)).isZero();

    HttpResponse<Buffer> keyed = post("/api/v1/intake/" + Anvil.randomAddress(), developerKey);
    assertThat(status(keyed)).isEqualTo("started");
    assertThat(keyed.getHeader("X-RateLimit-Limit")).isEqualTo("120");
    assertThat(keyed.getHeader("X-RateLimit-Remaining")).isEqualTo("115");
  }

  @Test
  void aStartThatCannotBeQueuedIsGivenBackWhole() {
    String wallet = Anvil.randomAddress();
    // A real database error at the very last step: the job insert itself fails.
    Sql.exec(app.database, "CREATE FUNCTION refuse_jobs() RETURNS trigger LANGUAGE plpgsql AS "
        + "$$ BEGIN RAISE EXCEPTION 'no jobs today'; END $$");
    Sql.exec(app.database, "CREATE TRIGGER refuse_jobs BEFORE INSERT ON index_jobs FOR EACH ROW EXECUTE FUNCTION refuse_jobs()");
    try {
      HttpResponse<Buffer> failed = intake(wallet);
      assertThat(failed.statusCode()).isEqualTo(500);
      assertThat(errorCode(failed)).isEqualTo("INTERNAL");
      assertThat(failed.bodyAsString()).doesNotContain("no jobs today");
    } finally {
      Sql.exec(app.database, "DROP TRIGGER refuse_jobs ON index_jobs");
      Sql.exec(app.database, "DROP FUNCTION refuse_jobs()");
    }
    assertThat(jobs(wallet)).isEmpty();
    // Same minute: the 8 units were refunded, so this start leaves 12 of 20, not 4.
    HttpResponse<Buffer> again = intake(wallet);
    assertThat(status(again)).isEqualTo("started");
    assertThat(again.getHeader("X-RateLimit-Remaining")).isEqualTo("12");
  }

  @Test
  void dailyScanCapRefusesBeforeAnyUnitIsSpentAndOnlyStartsCount() {
    String indexed = snapshotAged(Duration.ofDays(2));
    for (int i = 0; i < 25; i++) {
      app.clock.advance(Duration.ofMinutes(1));    // a fresh per-minute budget for each start
      assertThat(status(intake(Anvil.randomAddress()))).isEqualTo("started");
      if (i % 10 == 0) {
        assertThat(status(intake(indexed))).isEqualTo("already_indexed");   // free answers never count
      }
    }
    app.clock.advance(Duration.ofMinutes(1));
    HttpResponse<Buffer> refused = intake(Anvil.randomAddress());
    assertThat(refused.statusCode()).isEqualTo(429);
    assertThat(errorCode(refused)).isEqualTo("RATE_LIMITED");
    Instant midnight = now().truncatedTo(java.time.temporal.ChronoUnit.DAYS).plus(Duration.ofDays(1));
    assertThat(refused.getHeader("Retry-After")).isEqualTo(Long.toString(Duration.between(now(), midnight).toSeconds()));
    assertThat(refused.getHeader("X-RateLimit-Remaining")).isNull();
    // Nothing was spent: three rescans (5 units each) still fit in this minute's 20.
    for (int i = 0; i < 3; i++) {
      assertThat(score(snapshotAged(Duration.ofHours(30)), null).getBoolean("refreshInProgress")).isTrue();
    }
  }

  @Test
  void cooldownAfterAFailedAttemptIs429AndSpendsTheUnits() {
    String wallet = Anvil.randomAddress();
    job(wallet, "failed", Duration.ofMinutes(4));
    HttpResponse<Buffer> r = intake(wallet);
    assertThat(r.statusCode()).isEqualTo(429);
    assertThat(errorCode(r)).isEqualTo("RATE_LIMITED");
    assertThat(r.bodyAsJsonObject().getJsonObject("error").getString("message")).contains("cooldown");
    assertThat(r.getHeader("Retry-After")).isEqualTo("360");
    assertThat(r.getHeader("X-RateLimit-Remaining")).isEqualTo("12");
    assertThat(jobs(wallet)).hasSize(1);

    String older = Anvil.randomAddress();
    job(older, "failed", Duration.ofMinutes(11));
    assertThat(status(intake(older))).isEqualTo("started");
  }

  @Test
  void concurrentIntakesOfOneWalletCollapseIntoOneJobAndOneCharge() {
    String wallet = Anvil.randomAddress();
    List<CompletableFuture<HttpResponse<Buffer>>> calls = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      calls.add(CompletableFuture.supplyAsync(() -> post("/api/v1/intake/" + wallet, developerKey)));
    }
    List<String> statuses = calls.stream().map(CompletableFuture::join).map(ScanEntryPointsTest::status).toList();
    assertThat(statuses).containsOnlyOnce("started").containsOnly("started", "indexing");
    assertThat(jobs(wallet)).hasSize(1);
    // Only the start was charged (5); lost races were given back.
    assertThat(post("/api/v1/intake/" + Anvil.randomAddress(), developerKey).getHeader("X-RateLimit-Remaining"))
        .isEqualTo("110");
  }

  // ---- SPEC 3.3 keyed refresh ----

  @Test
  void refreshNeedsAValidKey() {
    String wallet = Anvil.randomAddress();
    HttpResponse<Buffer> anonymous = refresh(wallet, null);
    assertThat(anonymous.statusCode()).isEqualTo(401);
    assertThat(errorCode(anonymous)).isEqualTo("NOT_ALLOWED");
    assertFree(anonymous);
    HttpResponse<Buffer> unknown = refresh(wallet, "vouch_live_not-a-key");
    assertThat(unknown.statusCode()).isEqualTo(401);
    assertThat(errorCode(unknown)).isEqualTo("INVALID_KEY");
    TestKeys.Key suspended = TestKeys.create(app.app.config(), "developer");
    assertThat(TestKeys.run(app.app.config(), "suspend", Long.toString(suspended.id())).status()).isZero();
    HttpResponse<Buffer> refusedAccount = refresh(wallet, suspended.secret());
    assertThat(refusedAccount.statusCode()).isEqualTo(403);
    assertThat(errorCode(refusedAccount)).isEqualTo("NOT_ALLOWED");
    assertThat(jobs(wallet)).isEmpty();
  }

  @Test
  void refreshWhileARunIsInFlightIsIndexingAndFree() {
    String wallet = snapshotAged(Duration.ofHours(5));
    job(wallet, "queued", Duration.ofSeconds(5));
    HttpResponse<Buffer> r = refresh(wallet, developerKey);
    assertThat(r.statusCode()).isEqualTo(202);
    assertThat(status(r)).isEqualTo("indexing");
    assertThat(TestApp.data(r).getString("startedAt")).isEqualTo(now().minusSeconds(5).toString());
    assertFree(r);
  }

  @Test
  void refreshWithinSixtyMinutesOfTheSnapshotIsFresh() {
    String wallet = snapshotAged(Duration.ofMinutes(20));
    HttpResponse<Buffer> r = refresh(wallet, developerKey);
    assertThat(r.statusCode()).isEqualTo(200);
    JsonObject d = TestApp.data(r);
    assertThat(d.getString("status")).isEqualTo("fresh");
    assertThat(d.getString("lastIndexedAt")).isEqualTo(now().minus(Duration.ofMinutes(20)).toString());
    assertThat(d.getString("nextRefreshAt")).isEqualTo(now().plus(Duration.ofMinutes(40)).toString());
    assertThat(d.getLong("retryAfterSeconds")).isEqualTo(2400);
    assertFree(r);
    assertThat(jobs(wallet)).isEmpty();
  }

  @Test
  void refreshOfAnOlderSnapshotStartsAReindexForFiveUnitsWithALedgerRow() {
    String wallet = snapshotAged(Duration.ofMinutes(61));
    HttpResponse<Buffer> r = refresh(wallet, developerKey);
    assertThat(r.statusCode()).isEqualTo(202);
    assertThat(TestApp.data(r).getMap()).containsEntry("status", "started").containsEntry("mode", "reindex");
    assertThat(r.getHeader("X-RateLimit-Remaining")).isEqualTo("115");
    assertThat(jobs(wallet)).containsExactly(Map.of("kind", "refresh", "mode", "reindex", "state", "queued"));
    assertThat(Sql.one(app.database, "SELECT api_key_id, mode, job_id = (SELECT id FROM index_jobs WHERE wallet = ?) AS same_job"
        + " FROM refresh_ledger WHERE wallet = ?", wallet, wallet))
        .containsEntry("api_key_id", developerKeyId).containsEntry("mode", "reindex").containsEntry("same_job", true);
  }

  @Test
  void refreshOfAWalletWithoutSnapshotStartsAFirstIndex() {
    String wallet = Anvil.randomAddress();
    HttpResponse<Buffer> r = refresh(wallet, developerKey);
    assertThat(r.statusCode()).isEqualTo(202);
    assertThat(TestApp.data(r).getMap()).containsEntry("status", "started").containsEntry("mode", "first_index");
    assertThat(r.getHeader("X-RateLimit-Remaining")).isEqualTo("115");
    assertThat(jobs(wallet)).containsExactly(Map.of("kind", "refresh", "mode", "first_index", "state", "queued"));
  }

  @Test
  void reindexCapAndScanCapAreCountedSeparately() {
    String key = TestKeys.create(app.app.config(), "developer").secret();
    for (int i = 0; i < 50; i++) {
      if (i % 20 == 0) {
        app.clock.advance(Duration.ofMinutes(1));
      }
      assertThat(TestApp.data(refresh(snapshotAged(Duration.ofHours(2)), key)).getString("mode")).isEqualTo("reindex");
    }
    app.clock.advance(Duration.ofMinutes(1));
    HttpResponse<Buffer> refused = refresh(snapshotAged(Duration.ofHours(2)), key);
    assertThat(refused.statusCode()).isEqualTo(429);
    assertThat(refused.bodyAsJsonObject().getJsonObject("error").getString("message")).contains("re-index");
    assertThat(refused.getHeader("Retry-After")).isNotNull();
    // First indexes count against the scan cap, which is untouched.
    assertThat(TestApp.data(refresh(Anvil.randomAddress(), key)).getString("mode")).isEqualTo("first_index");
    assertThat(status(post("/api/v1/intake/" + Anvil.randomAddress(), key))).isEqualTo("started");
  }

  @Test
  void refreshAfterAFailedAttemptWithinTenMinutesIs429AndSpendsTheUnits() {
    String wallet = snapshotAged(Duration.ofHours(3));
    job(wallet, "failed", Duration.ofMinutes(2));
    HttpResponse<Buffer> r = refresh(wallet, developerKey);
    assertThat(r.statusCode()).isEqualTo(429);
    assertThat(errorCode(r)).isEqualTo("RATE_LIMITED");
    assertThat(r.getHeader("Retry-After")).isEqualTo("480");
    assertThat(r.getHeader("X-RateLimit-Remaining")).isEqualTo("115");
    assertThat(jobs(wallet)).hasSize(1);
  }

  @Test
  void reindexWithoutTheRefreshLedgerIsSchemaMissingAndStartsNothing() {
    try (TestApp bare = TestApp.start(Map.of("VOUCH_ROLE", "api"))) {
      Sql.exec(bare.database, "DROP TABLE refresh_ledger");
      String token = TestKeys.create(bare.app.config(), "developer").secret();
      String wallet = Anvil.randomAddress();
      Instant at = bare.clock.instant().minus(Duration.ofHours(2));
      Snapshots.commit(bare.app.pool(), Snapshots.of(wallet, Snapshots.strong(), at, Snapshots.healthyCoverage(at)));
      HttpResponse<Buffer> r = bare.send(HttpMethod.POST, "/api/v1/interaction-graph/" + wallet + "/refresh", null,
          Map.of("Authorization", "Bearer " + token));
      assertThat(r.statusCode()).isEqualTo(503);
      assertThat(errorCode(r)).isEqualTo("SCHEMA_MISSING");
      assertFree(r);
      assertThat(Sql.count(bare.database, "SELECT count(*) FROM index_jobs")).isZero();
      // A first index needs no ledger row and still starts, at the full price of one start.
      HttpResponse<Buffer> first = bare.send(HttpMethod.POST, "/api/v1/interaction-graph/" + Anvil.randomAddress()
          + "/refresh", null, Map.of("Authorization", "Bearer " + token));
      assertThat(TestApp.data(first).getString("mode")).isEqualTo("first_index");
      assertThat(first.getHeader("X-RateLimit-Remaining")).isEqualTo("115");
    }
  }

  // ---- SPEC 3.1 score read ----

  @Test
  void scoreReadOfAStaleKnownWalletStartsABackgroundRescan() {
    String wallet = snapshotAged(Duration.ofHours(25));
    JsonObject s = score(wallet, null);
    assertThat(s.getString("cacheStatus")).isEqualTo("cached");
    assertThat(s.getBoolean("refreshInProgress")).isTrue();
    assertThat(jobs(wallet)).containsExactly(Map.of("kind", "rescan", "mode", "reindex", "state", "queued"));
    assertThat(score(wallet, null).getBoolean("refreshInProgress")).isTrue();
    assertThat(jobs(wallet)).hasSize(1);
  }

  @Test
  void rescanSpendsFiveUnitsFromTheAnonymousBudgetEvenOnKeyedReads() {
    assertThat(score(snapshotAged(Duration.ofHours(26)), developerKey).getBoolean("refreshInProgress")).isTrue();
    assertThat(intake(Anvil.randomAddress()).getHeader("X-RateLimit-Remaining")).isEqualTo("7");
    HttpResponse<Buffer> third = intake(Anvil.randomAddress());    // 5 + 8 + 8 > 20
    assertThat(third.statusCode()).isEqualTo(429);
    assertThat(errorCode(third)).isEqualTo("RATE_LIMITED");
  }

  @Test
  void exhaustedAnonymousBudgetMeansNoRescanAndNoError() {
    intake(Anvil.randomAddress());
    intake(Anvil.randomAddress());                                   // 16 of 20 units spent
    String wallet = snapshotAged(Duration.ofHours(30));
    HttpResponse<Buffer> r = app.get("/api/v1/score/" + wallet);
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(TestApp.data(r).getString("cacheStatus")).isEqualTo("cached");
    assertThat(TestApp.data(r).getBoolean("refreshInProgress")).isFalse();
    assertThat(jobs(wallet)).isEmpty();
  }

  @Test
  void neverSeenWalletIsNotIndexedByAScoreRead() {
    String wallet = Anvil.randomAddress();
    JsonObject s = score(wallet, null);
    assertThat(s.getString("cacheStatus")).isEqualTo("indexing_required");
    assertThat(s.getBoolean("refreshInProgress")).isFalse();
    assertThat(jobs(wallet)).isEmpty();
    assertThat(Sql.count(app.database, "SELECT count(*) FROM wallets WHERE address = ?", wallet)).isZero();
  }

  @Test
  void knownWalletWithoutCommittedEvidenceIsRescannedAsAFirstIndex() {
    String wallet = Anvil.randomAddress();
    job(wallet, "failed", Duration.ofMinutes(30));
    JsonObject s = score(wallet, null);
    assertThat(s.getString("cacheStatus")).isEqualTo("indexing_required");
    assertThat(s.getBoolean("refreshInProgress")).isTrue();
    assertThat(jobs(wallet)).last().isEqualTo(Map.of("kind", "rescan", "mode", "first_index", "state", "queued"));
  }

  @Test
  void noRescanWithinTenMinutesOfAnAttempt() {
    String wallet = snapshotAged(Duration.ofHours(30));
    job(wallet, "done", Duration.ofMinutes(5));
    assertThat(score(wallet, null).getBoolean("refreshInProgress")).isFalse();
    assertThat(jobs(wallet)).hasSize(1);
  }

  @Test
  void freshEvidenceIsNotRescanned() {
    String wallet = snapshotAged(Duration.ofHours(23));
    assertThat(score(wallet, null).getBoolean("refreshInProgress")).isFalse();
    assertThat(jobs(wallet)).isEmpty();
  }
}
