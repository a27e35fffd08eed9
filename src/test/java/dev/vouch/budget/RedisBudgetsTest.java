package dev.vouch.budget;

import static dev.vouch.support.Observe.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.TestRedis;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.time.Clock;
import org.junit.jupiter.api.Test;

/** The budget contract against real Redis, plus what only Redis has (keys, TTLs, script cache). */
class RedisBudgetsTest extends BudgetsContract {

  private String prefix;
  private Redis redis;

  @Override
  CounterStore store(Clock clock) {
    prefix = TestRedis.uniquePrefix();
    redis = RedisCounterStore.client(vertx, TestRedis.url(), 5000);
    return new RedisCounterStore(redis, prefix, 5000);
  }

  private Response send(Request r) {
    return await(redis.send(r));
  }

  @Test
  void countersLiveInRedisUnderThePrefixAndExpire() {
    spend("k", 10, 3);
    Response keys = send(Request.cmd(Command.KEYS).arg(prefix + "*"));
    assertThat(keys.size()).isEqualTo(1);
    String key = keys.get(0).toString();
    assertThat(key).startsWith(prefix + "m:units:k:");
    assertThat(send(Request.cmd(Command.GET).arg(key)).toLong()).isEqualTo(3);
    assertThat(send(Request.cmd(Command.TTL).arg(key)).toLong()).isBetween(1L, 120L);
  }

  @Test
  void anEmptiedScriptCacheIsRefilledTransparently() {
    spend("s", 10, 1);
    send(Request.cmd(Command.SCRIPT).arg("FLUSH"));
    assertThat(spend("s", 10, 1).remaining()).isEqualTo(8);
  }
}
