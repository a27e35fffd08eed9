package dev.vouch.budget;

import static dev.vouch.support.Observe.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.budget.model.Admission;
import dev.vouch.budget.model.Limit;
import dev.vouch.budget.model.Windows;
import dev.vouch.support.Observe;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestRedisCluster;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Budgets on a real 3-master Redis Cluster started from redis-server binaries by the test. A
 * caller's counters (per-minute units and daily caps) sit in the caller's hash slot, so one
 * script takes them together on whichever node owns it; callers spread over every node.
 */
@Tag("fault")
class RedisClusterBudgetsTest {

  static final String PREFIX = "vouch:budget:";
  static TestRedisCluster cluster;
  static Vertx vertx;
  static Redis client;

  @BeforeAll
  static void start() throws Exception {
    cluster = TestRedisCluster.start();
    vertx = Vertx.vertx();
    client = RedisCounterStore.client(vertx, cluster.url(), false, 5000);
  }

  @AfterAll
  static void stop() throws Exception {
    if (vertx != null) {
      vertx.close().await();
    }
    if (cluster != null) {
      cluster.close();
    }
  }

  static Budgets budgets(String prefix) {
    return new Budgets(new RedisCounterStore(client, prefix, 5000, new SimpleMeterRegistry().counter("late")),
        Clock.systemUTC());
  }

  /** Keys under a prefix on each node, asked node by node. */
  static List<Integer> keysPerNode(String prefix) {
    List<Integer> counts = new ArrayList<>();
    for (int port : cluster.ports()) {
      Redis node = Redis.createClient(vertx, "redis://127.0.0.1:" + port);
      try {
        counts.add(await(node.send(Request.cmd(Command.KEYS).arg(prefix + "*"))).size());
      } finally {
        node.close();
      }
    }
    return counts;
  }

  @Test
  void unitsAndDailyCapsOfOneCallerAreTakenTogetherOnEveryNode() {
    String prefix = PREFIX + "together:";
    Budgets budgets = budgets(prefix);
    for (int i = 0; i < 30; i++) {
      String owner = "ip:203.0.113." + i;
      List<Limit> both = List.of(Limit.perMinute("units", owner, 10, 3), Limit.perDay("scanStarts", owner, 1, 1));
      Admission first = await(budgets.take(both));
      assertThat(first.admitted()).isTrue();
      assertThat(first.remaining()).isEqualTo(7);
      Admission second = await(budgets.take(both));
      assertThat(second.admitted()).isFalse();
      assertThat(second.refusedBy()).as("the daily cap refused, all or nothing").isEqualTo(1);
      assertThat(second.remaining()).isEqualTo(7);
      await(budgets.refund(first));
      assertThat(await(budgets.used(both.get(0)))).isZero();
      assertThat(await(budgets.used(both.get(1)))).isZero();
    }
    assertThat(keysPerNode(prefix)).as("callers spread over all three nodes").hasSize(3).allSatisfy(n ->
        assertThat(n).isPositive());
  }

  @Test
  void twoHundredConcurrentSpendsAdmitExactlyTheBudgetOnTheCluster() throws Exception {
    Budgets budgets = budgets(PREFIX + "burst:");
    CountDownLatch done = new CountDownLatch(200);
    ConcurrentLinkedQueue<Admission> answers = new ConcurrentLinkedQueue<>();
    Context[] loops = {vertx.getOrCreateContext(), vertx.getOrCreateContext(), vertx.getOrCreateContext()};
    for (int i = 0; i < 200; i++) {
      loops[i % loops.length].runOnContext(v -> budgets.spend("key:1", 120, 1).onComplete(ar -> {
        if (ar.succeeded()) {
          answers.add(ar.result());
        }
        done.countDown();
      }));
    }
    assertThat(done.await(60, TimeUnit.SECONDS)).isTrue();
    assertThat(answers).hasSize(200);
    // By server minute: a burst that straddles a minute edge gets a fresh budget after it.
    Map<Long, Long> perWindow = answers.stream().filter(Admission::admitted).collect(Collectors.groupingBy(
        a -> Windows.periodStart(a.ticket().atMillis(), Windows.MINUTE), TreeMap::new, Collectors.counting()));
    assertThat(perWindow.values()).allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(120));
    if (perWindow.size() == 1) {
      assertThat(perWindow.values()).containsExactly(120L);
    }
  }

  @Test
  void aCommaSeparatedRedisUrlRunsTheServiceOnTheCluster() throws Exception {
    String prefix = PREFIX + "app:";
    try (TestApp app = TestApp.start(Map.of("REDIS_URL", cluster.url(),
        "VOUCH_BUDGETS_REDIS_KEY_PREFIX", prefix, "VOUCH_BUDGETS_REDIS_TIMEOUT_MILLIS", "5000"))) {
      var first = app.get("/api/v1/decision/0x" + "34".repeat(20));
      assertThat(first.statusCode()).isEqualTo(200);
      assertThat(first.getHeader("X-RateLimit-Remaining")).isEqualTo("19");
      assertThat(app.get("/api/v1/decision/0x" + "34".repeat(20)).getHeader("X-RateLimit-Remaining")).isEqualTo("18");
      assertThat(Observe.metric(app, "vouch_budget_fallback_total")).as("Redis served every request").isZero();
      assertThat(Observe.readyCheck(app, "budgets").getJsonObject("data").getString("store")).isEqualTo("redis");
      assertThat(keysPerNode(prefix).stream().mapToInt(Integer::intValue).sum()).isEqualTo(1);
    }
  }
}
