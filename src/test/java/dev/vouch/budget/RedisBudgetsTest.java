package dev.vouch.budget;

import static dev.vouch.support.Observe.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.budget.model.Admission;
import dev.vouch.budget.model.Limit;
import dev.vouch.budget.model.Windows;
import dev.vouch.support.MutableClock;
import dev.vouch.support.TestRedis;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The budget contract against real Redis (on a pinned clock, so the contract can move time),
 * plus what only Redis has: windows by the server's clock, keys, TTLs, the script cache.
 */
class RedisBudgetsTest extends BudgetsContract {

  private String prefix;
  private Redis redis;

  @Override
  CounterStore store(Clock clock) {
    prefix = TestRedis.uniquePrefix();
    redis = RedisCounterStore.client(vertx, TestRedis.url(), false, 5000);
    return new RedisCounterStore(redis, prefix, 5000, clock, new SimpleMeterRegistry().counter("late"));
  }

  /** Windows by the Redis server's TIME, whatever the instance's clock says. */
  private Budgets onServerClock(Clock instanceClock) {
    return new Budgets(new RedisCounterStore(redis, prefix, 5000, new SimpleMeterRegistry().counter("late")),
        instanceClock);
  }

  private Response send(Request r) {
    return await(redis.send(r));
  }

  private long serverMillis() {
    Response t = send(Request.cmd(Command.TIME));
    return t.get(0).toLong() * 1000 + t.get(1).toLong() / 1000;
  }

  /** Polls the server's clock until at least {@code seconds} remain in its minute (at most ~seconds). */
  private void awaitRoomInServerMinute(long seconds) throws InterruptedException {
    while (60 - Math.floorMod(serverMillis() / 1000, 60) < seconds) {
      Thread.sleep(200);
    }
  }

  @Test
  void countersLiveInRedisUnderThePrefixWithTheCallerAsHashTagAndExpire() {
    spend("k", 10, 3);
    Response keys = send(Request.cmd(Command.KEYS).arg(prefix + "*"));
    assertThat(keys.size()).isEqualTo(1);
    String key = keys.get(0).toString();
    assertThat(key).isEqualTo(prefix + "m:units:{k}:" + Windows.minuteStart(clock.instant()));
    assertThat(send(Request.cmd(Command.GET).arg(key)).toLong()).isEqualTo(3);
    assertThat(send(Request.cmd(Command.TTL).arg(key)).toLong()).isBetween(1L, 120L);
  }

  @Test
  void anEmptiedScriptCacheIsRefilledTransparently() {
    spend("s", 10, 1);
    send(Request.cmd(Command.SCRIPT).arg("FLUSH"));
    assertThat(spend("s", 10, 1).remaining()).isEqualTo(8);
    send(Request.cmd(Command.SCRIPT).arg("FLUSH"));
    assertThat(await(budgets.used(Limit.perMinute("units", "s", 10, 0)))).isEqualTo(2);
  }

  @Test
  void instancesWithSkewedClocksShareTheServersWindow() throws Exception {
    // Two instances 90 s apart: by their own clocks they would be in different windows and
    // admit the budget twice.
    awaitRoomInServerMinute(10);
    long before = serverMillis();
    Budgets slow = onServerClock(new MutableClock(Instant.ofEpochMilli(before)));
    Budgets fast = onServerClock(new MutableClock(Instant.ofEpochMilli(before + 90_000)));
    List<Admission> admitted = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      for (Budgets b : List.of(slow, fast)) {
        Admission a = await(b.spend("skew", 10, 1));
        if (a.admitted()) {
          admitted.add(a);
        }
      }
    }
    long after = serverMillis();
    assertThat(Windows.periodStart(after, 60)).as("the test stayed in one server minute")
        .isEqualTo(Windows.periodStart(before, 60));
    assertThat(admitted).as("one budget across both instances").hasSize(10);
    assertThat(admitted).allSatisfy(a -> assertThat(a.ticket().atMillis()).isBetween(before, after));
    Response keys = send(Request.cmd(Command.KEYS).arg(prefix + "m:units:{skew}:*"));
    assertThat(keys.size()).isEqualTo(1);
    assertThat(keys.get(0).toString()).endsWith(":" + Windows.periodStart(before, 60));
  }

  @Test
  void retryAfterAndDailyCapsCountFromTheServersClock() throws Exception {
    awaitRoomInServerMinute(5);
    // The instance believes it is the first second of a minute and of a day: Retry-After would
    // be 60 and 86,400 by its clock.
    Budgets skewed = onServerClock(new MutableClock(Instant.parse("2026-11-22T00:00:00Z")));
    await(skewed.spend("retry", 1, 1));
    long before = serverMillis();
    Admission refused = await(skewed.spend("retry", 1, 1));
    long after = serverMillis();
    assertThat(refused.admitted()).isFalse();
    assertThat(refused.retryAfterSeconds()).isBetween(
        Windows.secondsToMinuteEnd(Instant.ofEpochMilli(after)), Windows.secondsToMinuteEnd(Instant.ofEpochMilli(before)));
    Limit cap = Limit.perDay("scanStarts", "retry", 1, 1);
    assertThat(await(skewed.take(List.of(cap))).admitted()).isTrue();
    Admission capped = await(skewed.take(List.of(cap)));
    assertThat(capped.retryAfterSeconds()).isBetween(
        Windows.secondsToUtcMidnight(Instant.ofEpochMilli(serverMillis())), Windows.secondsToUtcMidnight(Instant.ofEpochMilli(before)));
    assertThat(await(skewed.usage(cap)).atMillis()).isGreaterThanOrEqualTo(before);
  }
}
