package dev.vouch.budget;

import static dev.vouch.support.Observe.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.vouch.budget.model.Admission;
import dev.vouch.budget.model.Caller;
import dev.vouch.budget.model.DailyCap;
import dev.vouch.budget.model.Limit;
import dev.vouch.budget.model.Operation;
import dev.vouch.budget.model.Plan;
import dev.vouch.config.BudgetConfig;
import dev.vouch.config.ConfigLoader;
import dev.vouch.support.MutableClock;
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
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Per-minute units taken from Redis in leases (docs/budgets.md "Leases"), against a real Redis
 * server of the test's own so its command counts are this test's alone. Windows by a pinned clock
 * (budgets.redis.windowClock instance) so the test can move time; a developer key has 120 units a
 * minute, so a lease is 6 units (5 %).
 */
class RedisLeasesTest {

  private static final long BUDGET = 120;
  private static final long LEASE = 6;

  private static Vertx vertx;
  private static RedisServerHandle server;
  private static Redis redis;

  /** Holds the embedded server so AfterAll can stop it. */
  private record RedisServerHandle(redis.embedded.RedisServer server, int port) {}

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T12:00:10Z"));
  private final BudgetConfig config = ConfigLoader.load(Map.of("VOUCH_BUDGETS_PLANS_DEVELOPER_DAILY_SCANS", "3")).budgets();
  private String prefix;
  private Caller caller;

  @BeforeAll
  static void start() throws Exception {
    int port = TestApp.freePort();
    server = new RedisServerHandle(TestRedis.own(port), port);
    server.server().start();
    vertx = Vertx.vertx();
    redis = RedisCounterStore.client(vertx, "redis://127.0.0.1:" + port, false, 5000);
  }

  @AfterAll
  static void stop() throws Exception {
    vertx.close().await();
    server.server().stop();
  }

  @BeforeEach
  void freshCaller() {
    prefix = TestRedis.uniquePrefix();
    caller = Caller.keyed("198.51.100.7", System.nanoTime(), Plan.developer);
  }

  /** One API instance: its own leases over the shared Redis. */
  private Metering instance() {
    CounterStore store = new RedisCounterStore(redis, prefix, 5000, clock, new SimpleMeterRegistry().counter("late"));
    Leases leases = new Leases(store, clock, System::nanoTime, config.redis().leasePercent(), config.redis().leaseMaxUnits());
    return new Metering(new Budgets(store, clock), config, new SimpleMeterRegistry(), leases);
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

  /** The caller's unit counter in Redis for the clock's current window. */
  private long counterInRedis() {
    Limit units = Limit.perMinute(Budgets.UNITS, caller.bucket(), BUDGET, 0);
    String key = prefix + units.draw().key(clock.millis());
    var value = await(redis.send(Request.cmd(Command.GET).arg(key)));
    return value == null ? 0 : value.toLong();
  }

  private static Admission read(Metering m, Caller c) {
    return await(m.charge(c, Operation.decisionRead));
  }

  /** Runs the admissions in one turn of one event loop; refusals come back as null. */
  private static List<Admission> inOneTurn(Context loop, Supplier<Future<Admission>> admission, int n) {
    Promise<List<Admission>> all = Promise.promise();
    loop.runOnContext(v -> {
      List<Future<Admission>> answers = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        answers.add(admission.get().otherwise(t -> {
          if (!(t instanceof RateLimited)) {
            throw new IllegalStateException(t);
          }
          return null;
        }));
      }
      Future.all(answers).map(c -> c.<Admission>list()).onComplete(all);
    });
    return await(all.future());
  }

  @Test
  void aLeaseIsOneRoundTripForManyRequests() {
    Metering m = instance();
    read(m, caller); // loads the script, so no count below includes a NOSCRIPT retry
    long before = scriptRuns();
    for (int i = 1; i < 60; i++) {
      read(m, caller);
    }
    assertThat(scriptRuns() - before).as("59 more reads, 9 more leases of 6").isEqualTo(9L);
    assertThat(counterInRedis()).as("Redis counts what was leased").isEqualTo(60);
  }

  @Test
  void aBurstWaitsForOneLeaseAndTheNextIsSizedToWhatStillWaits() {
    Metering m = instance();
    read(m, caller);
    long before = scriptRuns();
    List<Admission> answers = inOneTurn(vertx.getOrCreateContext(), () -> m.charge(caller, Operation.decisionRead), 50);
    // The first lease leaves with one request waiting (5 units left cover 5 at once); the
    // other 45 wait for it, so the second asks for what they need.
    assertThat(answers).allMatch(a -> a != null && a.admitted());
    assertThat(scriptRuns() - before).isEqualTo(2L);
    assertThat(counterInRedis()).isEqualTo(51);
  }

  @Test
  void oneInstanceNeverExceedsTheLimitAndItsHeadersAreExact() {
    Metering m = instance();
    for (long i = 1; i <= BUDGET; i++) {
      Admission a = read(m, caller);
      assertThat(a.limit()).isEqualTo(BUDGET);
      assertThat(a.remaining()).as("X-RateLimit-Remaining after read " + i).isEqualTo(BUDGET - i);
    }
    RateLimited refused = (RateLimited) catchThrowable(() -> read(m, caller));
    assertThat(refused).isNotNull();
    assertThat(refused.remaining()).isZero();
    assertThat(refused.limit()).isEqualTo(BUDGET);
    // 12:00:10: the window ends at 12:01:00.
    assertThat(refused.retryAfterSeconds()).isEqualTo(50);
    assertThat(counterInRedis()).isEqualTo(BUDGET);

    // Concurrent bursts from two event loops of the same instance: still never past the limit.
    freshCaller();
    Metering again = instance();
    List<Admission> all = new ArrayList<>();
    for (int burst = 0; burst < 3; burst++) {
      all.addAll(inOneTurn(vertx.getOrCreateContext(), () -> again.charge(caller, Operation.decisionRead), 50));
    }
    assertThat(all.stream().filter(a -> a != null).count()).isEqualTo(BUDGET);
  }

  @Test
  void aRefusalWhatRemainsIsWhatTheRequestCannotUse() {
    Metering m = instance();
    for (int i = 0; i < BUDGET - 3; i++) {
      read(m, caller);
    }
    // 3 units remain; a batch of 5 rows is refused whole and reports those 3.
    assertThatThrownBy(() -> await(m.charge(caller, Operation.batchRow, 5))).isInstanceOfSatisfying(RateLimited.class,
        r -> assertThat(r.remaining()).isEqualTo(3));
    assertThat(await(m.charge(caller, Operation.batchRow, 3)).remaining()).isZero();
  }

  @Test
  void twoInstancesTogetherNeverExceedTheLimitAndStrandAtMostOneLeaseEach() {
    Metering a = instance();
    Metering b = instance();
    // b takes a lease and spends one unit of it; a then spends all it can get.
    assertThat(read(b, caller).remaining()).isEqualTo(BUDGET - 1);
    long admittedOnA = 0;
    while (true) {
      try {
        read(a, caller);
        admittedOnA++;
      } catch (RuntimeException refused) {
        assertThat(refused).isInstanceOf(RateLimited.class);
        break;
      }
    }
    // The bound (docs/budgets.md): never more than the limit; less by at most what the other
    // instance holds unspent, (instances - 1) x lease.
    assertThat(admittedOnA + 1).isEqualTo(BUDGET - (LEASE - 1));
    assertThat(counterInRedis()).isEqualTo(BUDGET);
    // b still spends its own block, and nothing more.
    for (int i = 0; i < LEASE - 1; i++) {
      read(b, caller);
    }
    assertThatThrownBy(() -> read(b, caller)).isInstanceOf(RateLimited.class);

    // Both instances hammered at once from different event loops: exactly the limit in all.
    freshCaller();
    Metering c = instance();
    Metering d = instance();
    Context one = vertx.getOrCreateContext();
    List<Future<List<Admission>>> bursts = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      Metering m = i % 2 == 0 ? c : d;
      Context loop = i % 2 == 0 ? one : vertx.getOrCreateContext();
      Caller who = caller;
      bursts.add(vertx.executeBlocking(() -> inOneTurn(loop, () -> m.charge(who, Operation.decisionRead), 60)));
    }
    long admitted = 0;
    for (Future<List<Admission>> f : bursts) {
      admitted += await(f).stream().filter(x -> x != null).count();
    }
    assertThat(admitted).isLessThanOrEqualTo(BUDGET).isGreaterThanOrEqualTo(BUDGET - 2 * LEASE);
    assertThat(counterInRedis()).isEqualTo(BUDGET);
  }

  @Test
  void aLeaseEndsWithItsWindowAndTheNextWindowStartsFull() {
    Metering m = instance();
    read(m, caller);
    long before = scriptRuns();
    clock.set(Instant.parse("2026-11-22T12:01:00Z"));
    Admission next = read(m, caller);
    assertThat(scriptRuns() - before).as("the old lease's 5 units died with their window").isEqualTo(1L);
    assertThat(next.remaining()).isEqualTo(BUDGET - 1);
    assertThat(counterInRedis()).isEqualTo(LEASE);
  }

  @Test
  void dailyCapsAreCountedExactlyBesideLeasedUnits() {
    Metering m = instance();
    read(m, caller);
    for (int i = 0; i < 3; i++) {
      assertThat(await(m.startScan(caller, DailyCap.scanStarts, Operation.intakeKeyed)).admitted()).isTrue();
    }
    clock.advance(Duration.ofMinutes(5));
    long unitsBefore = counterInRedis();
    assertThatThrownBy(() -> await(m.startScan(caller, DailyCap.scanStarts, Operation.intakeKeyed)))
        .isInstanceOfSatisfying(RateLimited.class, r -> {
          assertThat(r.getMessage()).contains("daily cap of 3 scan starts");
          // 12:05:10 UTC: midnight is 11 h 54 min 50 s away.
          assertThat(r.retryAfterSeconds()).isEqualTo(42_890);
        });
    assertThat(counterInRedis()).as("a refused start spends no units").isEqualTo(unitsBefore);
    assertThatThrownBy(() -> await(m.checkCap(caller, DailyCap.scanStarts))).isInstanceOf(RateLimited.class);
  }
}
