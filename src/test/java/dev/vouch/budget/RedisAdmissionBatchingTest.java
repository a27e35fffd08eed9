package dev.vouch.budget;

import static dev.vouch.support.Observe.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.budget.model.Admission;
import dev.vouch.budget.model.Limit;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestRedis;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.embedded.RedisServer;

/**
 * Admissions made in one event-loop turn go to Redis as one script run per caller, with the
 * answers the same admissions would get one at a time. A Redis server of the test's own, so its
 * command counts are this test's alone.
 */
class RedisAdmissionBatchingTest {

  private static Vertx vertx;
  private static RedisServer server;
  private static Redis redis;
  private static Budgets budgets;

  @BeforeAll
  static void start() throws Exception {
    int port = TestApp.freePort();
    server = TestRedis.own(port);
    server.start();
    vertx = Vertx.vertx();
    redis = RedisCounterStore.client(vertx, "redis://127.0.0.1:" + port, false, 5000);
    budgets = new Budgets(new RedisCounterStore(redis, TestRedis.uniquePrefix(), 5000,
        new SimpleMeterRegistry().counter("late")), Clock.systemUTC());
    // Load the script once, so no count below includes a NOSCRIPT answer and its EVAL retry.
    await(budgets.spend("warm-up", 1, 1));
  }

  @AfterAll
  static void stop() throws Exception {
    vertx.close().await();
    server.stop();
  }

  /** Runs the admissions in one turn of one event loop and waits for all their answers. */
  private static List<Admission> inOneTurn(Function<Integer, Future<Admission>> admission, int n) {
    Context loop = vertx.getOrCreateContext();
    Promise<List<Admission>> all = Promise.promise();
    loop.runOnContext(v -> {
      List<Future<Admission>> answers = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        answers.add(admission.apply(i));
      }
      Future.all(answers).map(c -> c.<Admission>list()).onComplete(all);
    });
    return await(all.future());
  }

  private static long scriptRuns() {
    String stats = await(redis.send(Request.cmd(Command.INFO).arg("commandstats"))).toString();
    long runs = 0;
    Matcher m = Pattern.compile("cmdstat_(?:evalsha|eval):calls=(\\d+)").matcher(stats);
    while (m.find()) {
      runs += Long.parseLong(m.group(1));
    }
    return runs;
  }

  @Test
  void aBurstOfOneCallerIsOneScriptRunAndAdmitsExactlyTheLimit() {
    long before = scriptRuns();
    List<Admission> answers = inOneTurn(i -> budgets.spend("burst", 30, 1), 50);
    assertThat(scriptRuns() - before).as("50 admissions of one caller, one script run").isEqualTo(1L);
    assertThat(answers.stream().filter(Admission::admitted).count()).isEqualTo(30);
    // In order, as one at a time: the first 30 fit, the rest are refused.
    assertThat(answers.subList(0, 30)).allMatch(Admission::admitted);
    assertThat(answers.subList(30, 50)).noneMatch(Admission::admitted);
    assertThat(await(budgets.used(Limit.perMinute("units", "burst", 30, 0)))).isEqualTo(30);
  }

  @Test
  void anAdmissionThatDoesNotFitTakesNothingAndLaterSmallerOnesStillFit() {
    List<Admission> answers = inOneTurn(i -> budgets.spend("mixed", 10, i == 1 ? 8 : 3), 4);
    // 3 fits, 8 would pass 10 and takes nothing, then 3 fits (6), then 3 fits (9).
    assertThat(answers).extracting(Admission::admitted).containsExactly(true, false, true, true);
    assertThat(await(budgets.used(Limit.perMinute("units", "mixed", 10, 0)))).isEqualTo(9);
  }

  @Test
  void callersAreNeverMixedInOneScriptRun() {
    long before = scriptRuns();
    List<Admission> answers = inOneTurn(i -> budgets.spend("caller-" + (i % 3), 5, 1), 30);
    assertThat(scriptRuns() - before).as("one run per caller").isEqualTo(3L);
    for (int c = 0; c < 3; c++) {
      assertThat(await(budgets.used(Limit.perMinute("units", "caller-" + c, 5, 0)))).isEqualTo(5);
    }
    assertThat(answers.stream().filter(Admission::admitted).count()).isEqualTo(15);
  }

  @Test
  void aBatchIsCappedSoOneScriptRunStaysShort() {
    long before = scriptRuns();
    int n = RedisCounterStore.MAX_BATCH * 2 + 1;
    List<Admission> answers = inOneTurn(i -> budgets.spend("big", 1_000, 1), n);
    assertThat(answers).allMatch(Admission::admitted);
    assertThat(scriptRuns() - before).as("64 + 64 + 1").isEqualTo(3L);
  }
}
