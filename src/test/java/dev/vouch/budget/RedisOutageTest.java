package dev.vouch.budget;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Observe;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestRedis;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import redis.embedded.RedisServer;

/** Redis stops, hangs and comes back while the API keeps answering on per-instance budgets. */
@Tag("fault")
class RedisOutageTest {

  static final String PATH = "/api/v1/decision/0x" + "12".repeat(20);
  static final String PREFIX = TestRedis.uniquePrefix();
  static int port;
  static RedisServer redis;
  static TestApp app;
  static final List<LogRecord> warnings = new CopyOnWriteArrayList<>();
  static final Handler capture = new Handler() {
    @Override
    public void publish(LogRecord r) {
      if (r.getLevel().intValue() >= Level.WARNING.intValue()) {
        warnings.add(r);
      }
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  };

  @BeforeAll
  static void start() throws Exception {
    port = TestApp.freePort();
    redis = TestRedis.own(port);
    redis.start();
    app = TestApp.start(Map.of("REDIS_URL", "redis://127.0.0.1:" + port,
        "VOUCH_BUDGETS_REDIS_KEY_PREFIX", PREFIX,
        "VOUCH_BUDGETS_REDIS_TIMEOUT_MILLIS", "250",
        "VOUCH_BUDGETS_REDIS_RETRY_MILLIS", "100"));
    Logger.getLogger(FailoverCounterStore.class.getName()).addHandler(capture);
  }

  @AfterAll
  static void stop() throws Exception {
    Logger.getLogger(FailoverCounterStore.class.getName()).removeHandler(capture);
    app.close();
    if (redis.isActive()) {
      redis.stop();
    }
  }

  static JsonObject budgetsCheck() {
    return Observe.readyCheck(app, "budgets");
  }

  /** Waits (briefly, real time) until the readiness check finds Redis again. */
  static void awaitShared() throws InterruptedException {
    long deadline = System.currentTimeMillis() + 10_000;
    while (budgetsCheck().getJsonObject("data").getBoolean("degraded") && System.currentTimeMillis() < deadline) {
      Thread.sleep(100);
    }
    assertThat(budgetsCheck().getJsonObject("data").getString("store")).isEqualTo("redis");
  }

  static double metric(String name) {
    return Observe.metric(app, name);
  }

  static long keysInRedis() throws Exception {
    Vertx vertx = Vertx.vertx();
    try {
      return Redis.createClient(vertx, "redis://127.0.0.1:" + port)
          .send(Request.cmd(Command.KEYS).arg(PREFIX + "*")).await().size();
    } finally {
      vertx.close().await();
    }
  }

  @Test
  void theApiKeepsAnsweringThroughAnOutageAndReturnsToRedis() throws Exception {
    app.clock.set(Instant.parse("2026-11-22T16:00:00Z"));
    awaitShared();
    var before = app.get(PATH);
    assertThat(before.statusCode()).isEqualTo(200);
    assertThat(before.getHeader("X-RateLimit-Remaining")).isEqualTo("19");
    assertThat(budgetsCheck().getJsonObject("data").getString("store")).isEqualTo("redis");
    assertThat(keysInRedis()).isPositive();

    long outagesBefore = warnings.stream().filter(r -> r.getMessage().contains("redis unreachable")).count();
    redis.stop();
    for (int i = 0; i < 5; i++) {
      var during = app.get(PATH);
      assertThat(during.statusCode()).isEqualTo(200);
      assertThat(during.getHeader("X-RateLimit-Limit")).isEqualTo("20");
      assertThat(during.getHeader("X-RateLimit-Remaining")).as("per-instance budget").isEqualTo(Integer.toString(19 - i));
    }
    JsonObject check = budgetsCheck();
    assertThat(check.getString("status")).isEqualTo("UP");
    assertThat(check.getJsonObject("data").getBoolean("degraded")).isTrue();
    assertThat(check.getJsonObject("data").getString("store")).isEqualTo("per-instance");
    assertThat(metric("vouch_budget_fallback_total")).isGreaterThanOrEqualTo(5);
    assertThat(metric("vouch_budget_degraded")).isEqualTo(1);
    assertThat(warnings.stream().filter(r -> r.getMessage().contains("redis unreachable")).count())
        .as("the outage is logged once").isEqualTo(outagesBefore + 1);

    redis.start();
    awaitShared();
    var after = app.get(PATH);
    assertThat(after.statusCode()).isEqualTo(200);
    assertThat(keysInRedis()).as("budgets are shared in Redis again (the restart emptied it)").isEqualTo(1);
    assertThat(metric("vouch_budget_degraded")).isZero();
  }

  @Test
  void aHungRedisCountsAsDownAfterTheTimeout() throws Exception {
    app.clock.set(Instant.parse("2026-11-22T17:00:00Z"));
    awaitShared();
    Vertx vertx = Vertx.vertx();
    try {
      Redis admin = Redis.createClient(vertx, "redis://127.0.0.1:" + port);
      admin.send(Request.cmd(Command.PING)).await();
      admin.send(Request.cmd(Command.DEBUG).arg("SLEEP").arg("1.5")); // blocks the server, not us
      Thread.sleep(100);
      long started = System.nanoTime();
      var during = app.get(PATH);
      long millis = (System.nanoTime() - started) / 1_000_000;
      assertThat(during.statusCode()).isEqualTo(200);
      assertThat(during.getHeader("X-RateLimit-Remaining")).isNotNull();
      assertThat(millis).as("answered after the 250 ms timeout, not the 1.5 s hang").isLessThan(1200);
    } finally {
      vertx.close().await();
    }
  }
}
