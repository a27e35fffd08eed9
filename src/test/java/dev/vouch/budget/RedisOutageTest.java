package dev.vouch.budget;

import static dev.vouch.support.Observe.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Observe;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestRedis;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import redis.embedded.RedisServer;

/**
 * Redis stops, hangs and comes back while the API keeps answering on per-instance budgets. The
 * app runs as in production (windows by the Redis server's clock) with a short Redis timeout;
 * each test is its own client address (X-Forwarded-For from a trusted 127.0.0.1).
 */
@Tag("fault")
class RedisOutageTest {

  static final String PATH = "/api/v1/decision/0x" + "12".repeat(20);
  static final String PREFIX = TestRedis.uniquePrefix();
  static final AtomicInteger NEXT_IP = new AtomicInteger(1);
  static int port;
  static RedisServer redis;
  static TestApp app;
  static Vertx adminVertx;
  static Redis admin;
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
        "VOUCH_BUDGETS_REDIS_RETRY_MILLIS", "100",
        "VOUCH_HTTP_TRUSTED_PROXIES", "127.0.0.1/32"));
    adminVertx = Vertx.vertx();
    admin = Redis.createClient(adminVertx, "redis://127.0.0.1:" + port);
    Logger.getLogger(FailoverCounterStore.class.getName()).addHandler(capture);
  }

  @AfterAll
  static void stop() throws Exception {
    Logger.getLogger(FailoverCounterStore.class.getName()).removeHandler(capture);
    app.close();
    adminVertx.close().await();
    if (redis.isActive()) {
      redis.stop();
    }
  }

  static String nextIp() {
    return "198.51.100." + NEXT_IP.getAndIncrement();
  }

  static HttpResponse<Buffer> get(String ip) {
    return app.send(HttpMethod.GET, PATH, null, Map.of("X-Forwarded-For", ip));
  }

  static JsonObject budgetsCheck() {
    return Observe.readyCheck(app, "budgets");
  }

  /** Polls a condition with a generous deadline (a loaded machine is slow, not wrong). */
  static void poll(String what, BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + 15_000_000_000L;
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out waiting until " + what);
      }
      Thread.sleep(50);
    }
  }

  /** Waits until the readiness check finds Redis again. */
  static void awaitShared() throws InterruptedException {
    poll("budgets are shared in Redis", () -> !budgetsCheck().getJsonObject("data").getBoolean("degraded"));
    assertThat(budgetsCheck().getJsonObject("data").getString("store")).isEqualTo("redis");
  }

  static double metric(String name) {
    return Observe.metric(app, name);
  }

  static Response admin(Request request) {
    return await(admin.send(request));
  }

  static long keysInRedis() {
    return admin(Request.cmd(Command.KEYS).arg(PREFIX + "*")).size();
  }

  /** Units Redis holds for one client address, over every window (a window edge may pass mid-test). */
  static long unitsInRedis(String ip) {
    long sum = 0;
    for (Response key : admin(Request.cmd(Command.KEYS).arg(PREFIX + "m:units:{ip:" + ip + "}:*"))) {
      sum += admin(Request.cmd(Command.GET).arg(key.toString())).toLong();
    }
    return sum;
  }

  /** Scripts the server has run (EVAL and EVALSHA), from INFO commandstats. */
  static long scriptsRun() {
    Matcher m = Pattern.compile("cmdstat_eval(?:sha)?:calls=(\\d+)")
        .matcher(admin(Request.cmd(Command.INFO).arg("commandstats")).toString());
    long calls = 0;
    while (m.find()) {
      calls += Long.parseLong(m.group(1));
    }
    return calls;
  }

  @Test
  void theApiKeepsAnsweringThroughAnOutageAndReturnsToRedis() throws Exception {
    String ip = nextIp();
    awaitShared();
    var before = get(ip);
    assertThat(before.statusCode()).isEqualTo(200);
    assertThat(before.getHeader("X-RateLimit-Remaining")).isEqualTo("19");
    assertThat(budgetsCheck().getJsonObject("data").getString("store")).isEqualTo("redis");
    assertThat(unitsInRedis(ip)).isEqualTo(1);

    long outagesBefore = warnings.stream().filter(r -> r.getMessage().contains("redis unreachable")).count();
    double fallbacks = metric("vouch_budget_fallback_total");
    redis.stop();
    for (int i = 0; i < 5; i++) {
      var during = get(ip);
      assertThat(during.statusCode()).isEqualTo(200);
      assertThat(during.getHeader("X-RateLimit-Limit")).isEqualTo("20");
      assertThat(during.getHeader("X-RateLimit-Remaining")).as("per-instance budget").isEqualTo(Integer.toString(19 - i));
    }
    JsonObject check = budgetsCheck();
    assertThat(check.getString("status")).isEqualTo("UP");
    assertThat(check.getJsonObject("data").getBoolean("degraded")).isTrue();
    assertThat(check.getJsonObject("data").getString("store")).isEqualTo("per-instance");
    assertThat(metric("vouch_budget_fallback_total")).as("the fallback answered all five").isEqualTo(fallbacks + 5);
    assertThat(metric("vouch_budget_degraded")).isEqualTo(1);
    assertThat(warnings.stream().filter(r -> r.getMessage().contains("redis unreachable")).count())
        .as("the outage is logged once").isEqualTo(outagesBefore + 1);

    redis.start();
    awaitShared();
    var after = get(ip);
    assertThat(after.statusCode()).isEqualTo(200);
    assertThat(keysInRedis()).as("budgets are shared in Redis again (the restart emptied it)").isEqualTo(1);
    assertThat(unitsInRedis(ip)).isEqualTo(1);
    assertThat(metric("vouch_budget_degraded")).isZero();
  }

  /**
   * CLIENT PAUSE WRITE holds every script (reads such as GET and INFO still answer) and its reply
   * says the hang has taken hold. The request times out on Redis and the fallback answers; when
   * Redis runs the held script after all, the app gives that take back.
   */
  @Test
  void aHungRedisIsAnsweredByTheFallbackAndItsLateTakeIsGivenBackSoTheRequestCountsOnce() throws Exception {
    String ip = nextIp();
    awaitShared();
    assertThat(get(ip).getHeader("X-RateLimit-Remaining")).isEqualTo("19");
    assertThat(unitsInRedis(ip)).isEqualTo(1);
    double fallbacks = metric("vouch_budget_fallback_total");
    double undone = metric("vouch_budget_late_takes_undone_total");
    long scripts = scriptsRun();

    assertThat(admin(Request.cmd(Command.CLIENT).arg("PAUSE").arg(30_000).arg("WRITE")).toString()).isEqualTo("OK");
    try {
      var during = get(ip);
      assertThat(during.statusCode()).isEqualTo(200);
      assertThat(metric("vouch_budget_fallback_total")).as("the per-instance fallback answered").isEqualTo(fallbacks + 1);
      assertThat(during.getHeader("X-RateLimit-Remaining")).as("first unit of the per-instance budget").isEqualTo("19");
      assertThat(metric("vouch_budget_degraded")).isEqualTo(1);
      assertThat(scriptsRun()).as("Redis has not run the held script yet").isEqualTo(scripts);
    } finally {
      admin(Request.cmd(Command.CLIENT).arg("UNPAUSE"));
    }

    poll("Redis ran the held script", () -> scriptsRun() > scripts);
    poll("the late take is given back (one request, one count)", () -> unitsInRedis(ip) == 1);
    assertThat(metric("vouch_budget_late_takes_undone_total")).isEqualTo(undone + 1);

    awaitShared();
    assertThat(get(ip).statusCode()).isEqualTo(200);
    assertThat(unitsInRedis(ip)).as("Redis counted the two requests it served, not the one the fallback served")
        .isEqualTo(2);
  }
}
