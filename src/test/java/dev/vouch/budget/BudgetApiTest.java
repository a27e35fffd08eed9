package dev.vouch.budget;

import static dev.vouch.support.Observe.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vouch.budget.model.Admission;
import dev.vouch.budget.model.Caller;
import dev.vouch.budget.model.DailyCap;
import dev.vouch.budget.model.Operation;
import dev.vouch.budget.model.Plan;
import dev.vouch.budget.model.Windows;
import dev.vouch.support.Observe;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestKeys;
import dev.vouch.support.TestRedis;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Metering of the running service against real Redis. The app trusts 127.0.0.1 as a proxy, so
 * each test picks its own client address with X-Forwarded-For and never shares a budget.
 */
class BudgetApiTest {

  static final String WALLET = "0x" + "ab".repeat(20);
  static final AtomicInteger NEXT_IP = new AtomicInteger(1);
  static TestApp app;
  static Metering metering;

  @BeforeAll
  static void start() {
    app = TestApp.startMeteredBehindProxy();
    metering = app.app.budgets().metering();
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  static String freshIp() {
    return "198.51.100." + NEXT_IP.getAndIncrement();
  }

  static HttpResponse<Buffer> get(String path, String ip, String authorization) {
    Map<String, String> headers = new HashMap<>();
    headers.put("X-Forwarded-For", ip);
    if (authorization != null) {
      headers.put("Authorization", authorization);
    }
    return app.send(HttpMethod.GET, path, null, headers);
  }

  static long remaining(HttpResponse<Buffer> r) {
    return Long.parseLong(r.getHeader("X-RateLimit-Remaining"));
  }

  @Test
  void decisionAndScoreReadsCostOneUnitAndSayHowMuchIsLeft() {
    String ip = freshIp();
    var decision = get("/api/v1/decision/" + WALLET, ip, null);
    assertThat(decision.statusCode()).isEqualTo(200);
    assertThat(decision.getHeader("X-RateLimit-Limit")).isEqualTo("20");
    assertThat(remaining(decision)).isEqualTo(19);
    var score = get("/api/v1/score/" + WALLET, ip, null);
    assertThat(score.statusCode()).isEqualTo(200);
    assertThat(remaining(score)).isEqualTo(18);
  }

  @Test
  void rejectedInputIsFreeAndCarriesNoRateHeaders() {
    String ip = freshIp();
    var bad = get("/api/v1/decision/0x123", ip, null);
    assertThat(bad.statusCode()).isEqualTo(400);
    assertThat(bad.getHeader("X-RateLimit-Limit")).isNull();
    assertThat(bad.getHeader("X-RateLimit-Remaining")).isNull();
    var badUseCase = get("/api/v1/decision/" + WALLET + "?useCase=gambling", ip, null);
    assertThat(badUseCase.statusCode()).isEqualTo(400);
    assertThat(badUseCase.getHeader("X-RateLimit-Remaining")).isNull();
    assertThat(remaining(get("/api/v1/decision/" + WALLET, ip, null))).isEqualTo(19);
    var health = get("/health/live", ip, null);
    assertThat(health.getHeader("X-RateLimit-Limit")).isNull();
  }

  @Test
  void anExhaustedBudgetAnswers429WithRetryAfterUntilTheWindowRollsOver() {
    app.clock.set(Instant.parse("2026-11-22T13:00:15Z"));
    String ip = freshIp();
    for (int i = 0; i < 20; i++) {
      assertThat(get("/api/v1/decision/" + WALLET, ip, null).statusCode()).isEqualTo(200);
    }
    var refused = get("/api/v1/decision/" + WALLET, ip, null);
    assertThat(refused.statusCode()).isEqualTo(429);
    assertThat(refused.bodyAsJsonObject().getJsonObject("error").getString("code")).isEqualTo("RATE_LIMITED");
    assertThat(refused.getHeader("Retry-After")).isEqualTo("45");
    assertThat(refused.getHeader("X-RateLimit-Remaining")).isEqualTo("0");
    app.clock.advance(Duration.ofSeconds(40));
    assertThat(get("/api/v1/score/" + WALLET, ip, null).getHeader("Retry-After")).isEqualTo("5");
    app.clock.advance(Duration.ofSeconds(5));
    var fresh = get("/api/v1/decision/" + WALLET, ip, null);
    assertThat(fresh.statusCode()).isEqualTo(200);
    assertThat(remaining(fresh)).isEqualTo(19);
  }

  @Test
  void twoHundredConcurrentRequestsFromOneKeyAdmitExactlyItsBudget() throws Exception {
    TestKeys.Key key = TestKeys.create(app.app.config(), "developer");
    app.clock.set(Instant.parse("2026-11-22T14:00:00Z"));
    double fallbacks = Observe.metric(app, "vouch_budget_fallback_total");
    Vertx vertx = Vertx.vertx();
    WebClient client = WebClient.create(vertx,
        new WebClientOptions().setDefaultHost("127.0.0.1").setDefaultPort(app.port),
        new PoolOptions().setHttp1MaxSize(200));
    try {
      List<Future<HttpResponse<Buffer>>> calls = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        calls.add(client.get("/api/v1/decision/" + WALLET).putHeader("Authorization", key.bearer()).send());
      }
      List<HttpResponse<Buffer>> answers = new ArrayList<>();
      for (var call : calls) {
        answers.add(call.toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS));
      }
      List<HttpResponse<Buffer>> ok = answers.stream().filter(r -> r.statusCode() == 200).toList();
      List<HttpResponse<Buffer>> limited = answers.stream().filter(r -> r.statusCode() == 429).toList();
      assertThat(ok).hasSize(120);
      assertThat(limited).hasSize(80);
      assertThat(ok.stream().map(BudgetApiTest::remaining).distinct().count())
          .as("every admitted request saw its own remaining count").isEqualTo(120);
      assertThat(ok.stream().mapToLong(BudgetApiTest::remaining).min().getAsLong()).isZero();
      assertThat(limited).allSatisfy(r -> {
        assertThat(r.getHeader("Retry-After")).isEqualTo("60");
        assertThat(r.getHeader("X-RateLimit-Remaining")).isEqualTo("0");
      });
      // Redis served it, not the per-instance fallback (which would admit exactly as much).
      String prefix = app.app.config().budgets().redis().keyPrefix();
      Redis redis = Redis.createClient(vertx, TestRedis.url());
      Response keys = await(redis.send(Request.cmd(Command.KEYS).arg(prefix + "m:units:{key:" + key.id() + "}:*")));
      assertThat(keys.size()).isEqualTo(1);
      assertThat(keys.get(0).toString()).endsWith(":" + Windows.minuteStart(app.clock.instant()));
      assertThat(await(redis.send(Request.cmd(Command.GET).arg(keys.get(0).toString()))).toLong()).isEqualTo(120);
      assertThat(Observe.metric(app, "vouch_budget_fallback_total")).isEqualTo(fallbacks);
    } finally {
      client.close();
      vertx.close();
    }
  }

  @Test
  void eachPlanHasItsOwnPerMinuteBudget() {
    Map<String, String> expected = Map.of("developer", "120", "plus", "120", "pro", "300", "partner", "600");
    expected.forEach((plan, limit) -> {
      TestKeys.Key key = TestKeys.create(app.app.config(), plan);
      var r = get("/api/v1/score/" + WALLET, freshIp(), key.bearer());
      assertThat(r.statusCode()).isEqualTo(200);
      assertThat(r.getHeader("X-RateLimit-Limit")).as(plan).isEqualTo(limit);
      assertThat(remaining(r)).isEqualTo(Long.parseLong(limit) - 1);
    });
  }

  @Test
  void everyOperationIsChargedItsCostFromTheTable() {
    Map<Operation, Long> costs = Map.ofEntries(
        Map.entry(Operation.decisionRead, 1L), Map.entry(Operation.receiptCreate, 2L),
        Map.entry(Operation.receiptRead, 1L), Map.entry(Operation.scoreRead, 1L),
        Map.entry(Operation.scoreRescan, 5L), Map.entry(Operation.trustRead, 1L), Map.entry(Operation.exposureRead, 1L),
        Map.entry(Operation.profileRead, 1L), Map.entry(Operation.interactionGraphRead, 1L),
        Map.entry(Operation.intakeAnonymous, 8L), Map.entry(Operation.intakeKeyed, 5L),
        Map.entry(Operation.refresh, 5L), Map.entry(Operation.batchRow, 1L),
        Map.entry(Operation.directoryRead, 1L), Map.entry(Operation.claimChallenge, 1L),
        Map.entry(Operation.claim, 5L), Map.entry(Operation.attestationCreate, 5L),
        Map.entry(Operation.attestationDecision, 2L), Map.entry(Operation.attestationRead, 1L),
        Map.entry(Operation.statsRead, 1L), Map.entry(Operation.intakeEventsRead, 1L),
        Map.entry(Operation.watchlistWrite, 1L),
        Map.entry(Operation.watchlistRead, 1L), Map.entry(Operation.eventsRead, 1L),
        Map.entry(Operation.webhookWrite, 1L), Map.entry(Operation.webhookRead, 1L),
        Map.entry(Operation.transferScreen, 3L), Map.entry(Operation.transferRead, 1L),
        Map.entry(Operation.transferBatchRow, 1L), Map.entry(Operation.transferEventsRead, 1L));
    assertThat(costs.keySet()).containsExactlyInAnyOrder(Operation.values());
    long id = 10_000;
    for (var e : costs.entrySet()) {
      Caller caller = Caller.keyed(freshIp(), id++, Plan.pro);
      Admission a = await(metering.charge(caller, e.getKey()));
      assertThat(a.remaining()).as(e.getKey().name()).isEqualTo(300 - e.getValue());
    }
    Caller batcher = Caller.keyed(freshIp(), id, Plan.developer);
    assertThat(await(metering.charge(batcher, Operation.batchRow, 37)).remaining()).isEqualTo(120 - 37);
    assertThat(Operation.intake(Caller.anonymous("1.2.3.4"))).isEqualTo(Operation.intakeAnonymous);
    assertThat(Operation.intake(batcher)).isEqualTo(Operation.intakeKeyed);
  }

  @Test
  void aChargeLargerThanWhatRemainsIsRefusedWholeAndSpendsNothing() {
    Caller caller = Caller.anonymous(freshIp());
    await(metering.charge(caller, Operation.decisionRead, 15));
    assertThatThrownBy(() -> await(metering.charge(caller, Operation.intakeAnonymous)))
        .isInstanceOf(RateLimited.class)
        .satisfies(e -> assertThat(((RateLimited) e).remaining()).isEqualTo(5));
    assertThat(await(metering.charge(caller, Operation.decisionRead, 5)).remaining()).isZero();
  }

  @Test
  void batchCapsFollowThePlan() {
    assertThat(metering.batchRowCap(Caller.anonymous("1.2.3.4"))).isEqualTo(10);
    assertThat(metering.batchRawCap(Caller.anonymous("1.2.3.4"))).isEqualTo(200);
    assertThat(metering.batchRowCap(Caller.keyed("1.2.3.4", 1, Plan.developer))).isEqualTo(50);
    assertThat(metering.batchRawCap(Caller.keyed("1.2.3.4", 1, Plan.developer))).isEqualTo(200);
    assertThat(metering.batchRowCap(Caller.keyed("1.2.3.4", 1, Plan.pro))).isEqualTo(250);
    assertThat(metering.batchRawCap(Caller.keyed("1.2.3.4", 1, Plan.pro))).isEqualTo(1000);
    assertThat(metering.batchRawCap(Caller.keyed("1.2.3.4", 1, Plan.partner))).isEqualTo(2000);
  }

  @Test
  void receiptCreationHasItsOwnBudgetOfFivePerMinute() {
    app.clock.set(Instant.parse("2026-11-22T15:00:30Z"));
    Caller caller = Caller.keyed(freshIp(), 20_000, Plan.developer);
    for (int i = 0; i < 5; i++) {
      await(metering.charge(caller, Operation.receiptCreate));
    }
    assertThatThrownBy(() -> await(metering.charge(caller, Operation.receiptCreate)))
        .isInstanceOf(RateLimited.class)
        .hasMessageContaining("5 per minute")
        .satisfies(e -> assertThat(((RateLimited) e).retryAfterSeconds()).isEqualTo(30));
    assertThat(await(metering.charge(caller, Operation.receiptRead)).remaining())
        .as("the refused creation spent none of the 2 units").isEqualTo(120 - 10 - 1);
  }

  @Test
  void theRescanChargeSpendsFromTheAnonymousIpBudgetEvenForKeyedCallers() {
    String ip = freshIp();
    TestKeys.Key key = TestKeys.create(app.app.config(), "developer");
    var keyed = get("/api/v1/score/" + WALLET, ip, key.bearer());
    assertThat(remaining(keyed)).isEqualTo(119);
    Admission rescan = await(metering.chargeRescan(ip));
    assertThat(rescan.admitted()).isTrue();
    assertThat(rescan.limit()).isEqualTo(20);
    assertThat(rescan.remaining()).isEqualTo(15);
    assertThat(remaining(get("/api/v1/score/" + WALLET, ip, null))).isEqualTo(14);
    assertThat(remaining(get("/api/v1/score/" + WALLET, ip, key.bearer()))).isEqualTo(118);
    await(metering.chargeRescan(ip));
    await(metering.chargeRescan(ip));
    Admission noRoom = await(metering.chargeRescan(ip));
    assertThat(noRoom.admitted()).as("4 units left: no rescan").isFalse();
    assertThat(remaining(get("/api/v1/score/" + WALLET, ip, null))).as("nothing was spent").isEqualTo(3);
    await(metering.refund(rescan));
    assertThat(remaining(get("/api/v1/score/" + WALLET, ip, null))).isEqualTo(7);
  }

  @Test
  void anonymousScanStartsAreCappedAt25PerIpPerUtcDay() {
    app.clock.set(Instant.parse("2026-11-22T12:00:00Z"));
    Caller caller = Caller.anonymous(freshIp());
    for (int i = 0; i < 3; i++) {
      await(metering.checkCap(caller, DailyCap.scanStarts));
    }
    for (int i = 0; i < 25; i++) {
      await(metering.countCap(caller, DailyCap.scanStarts));
    }
    assertThatThrownBy(() -> await(metering.checkCap(caller, DailyCap.scanStarts)))
        .isInstanceOf(RateLimited.class)
        .satisfies(e -> assertThat(((RateLimited) e).retryAfterSeconds()).isEqualTo(43_200));
    assertThatThrownBy(() -> await(metering.countCap(caller, DailyCap.scanStarts)))
        .isInstanceOf(RateLimited.class)
        .hasMessageContaining("00:00 UTC");
    assertThatThrownBy(() -> await(metering.startScan(caller, DailyCap.scanStarts, Operation.intakeAnonymous)))
        .isInstanceOf(RateLimited.class);
    assertThat(await(metering.charge(caller, Operation.decisionRead)).remaining())
        .as("cap refusals spent no units").isEqualTo(19);
    app.clock.set(Instant.parse("2026-11-23T00:00:00Z"));
    await(metering.checkCap(caller, DailyCap.scanStarts));
    assertThat(await(metering.countCap(caller, DailyCap.scanStarts)).admitted()).isTrue();
    assertThatThrownBy(() -> await(metering.checkCap(caller, DailyCap.reindexStarts)))
        .as("re-index is not available anonymously").isInstanceOf(RateLimited.class);
  }

  @Test
  void keyedDailyCapsFollowThePlan() {
    app.clock.set(Instant.parse("2026-11-24T08:00:00Z"));
    assertThat(countUntilRefused(Caller.keyed(freshIp(), 30_001, Plan.developer), DailyCap.scanStarts)).isEqualTo(200);
    assertThat(countUntilRefused(Caller.keyed(freshIp(), 30_002, Plan.developer), DailyCap.reindexStarts)).isEqualTo(50);
    assertThat(countUntilRefused(Caller.keyed(freshIp(), 30_003, Plan.plus), DailyCap.reindexStarts)).isEqualTo(150);
    assertThat(countUntilRefused(Caller.keyed(freshIp(), 30_004, Plan.pro), DailyCap.reindexStarts)).isEqualTo(500);
    assertThat(metering.tier(Caller.keyed("1.1.1.1", 1, Plan.pro)).dailyScans()).isEqualTo(1000);
    assertThat(metering.tier(Caller.keyed("1.1.1.1", 1, Plan.partner)).dailyScans()).isEqualTo(2000);
    assertThat(metering.tier(Caller.keyed("1.1.1.1", 1, Plan.partner)).dailyReindex()).isEqualTo(1000);
  }

  private static int countUntilRefused(Caller caller, DailyCap cap) {
    int counted = 0;
    while (counted <= 3000) {
      try {
        await(metering.countCap(caller, cap));
        counted++;
      } catch (RateLimited e) {
        return counted;
      }
    }
    return counted;
  }

  @Test
  void aScanStartTakesCapAndUnitsTogetherAndARefundReturnsBoth() {
    Caller caller = Caller.keyed(freshIp(), 40_000, Plan.developer);
    Admission start = await(metering.startScan(caller, DailyCap.reindexStarts, Operation.refresh));
    assertThat(start.remaining()).isEqualTo(115);
    await(metering.refund(start));
    assertThat(await(metering.charge(caller, Operation.decisionRead)).remaining()).isEqualTo(119);
    for (int i = 0; i < 50; i++) {
      await(metering.countCap(caller, DailyCap.reindexStarts));
    }
    assertThatThrownBy(() -> await(metering.startScan(caller, DailyCap.reindexStarts, Operation.refresh)))
        .isInstanceOf(RateLimited.class).hasMessageContaining("re-index");
    assertThat(await(metering.charge(caller, Operation.decisionRead)).remaining())
        .as("a refused start spends no units").isEqualTo(118);
  }
}
