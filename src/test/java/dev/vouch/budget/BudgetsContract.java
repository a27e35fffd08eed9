package dev.vouch.budget;

import static dev.vouch.support.Observe.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.budget.model.Admission;
import dev.vouch.budget.model.Limit;
import dev.vouch.support.MutableClock;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The budget semantics every store must have; run against Redis and in-process alike. */
abstract class BudgetsContract {

  static Vertx vertx;
  final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T12:00:00Z"));
  Budgets budgets;

  abstract CounterStore store(Clock clock);

  @BeforeAll
  static void startVertx() {
    vertx = Vertx.vertx();
  }

  @AfterAll
  static void stopVertx() {
    vertx.close().await();
  }

  @BeforeEach
  void newBudgets() {
    budgets = new Budgets(store(clock), clock);
  }

  Admission spend(String bucket, long limit, long cost) {
    return await(budgets.spend(bucket, limit, cost));
  }

  @Test
  void spendsUntilTheLimitAndRefusesARequestThatDoesNotFitWhole() {
    assertThat(spend("a", 10, 3).remaining()).isEqualTo(7);
    assertThat(spend("a", 10, 3).remaining()).isEqualTo(4);
    assertThat(spend("a", 10, 3).remaining()).isEqualTo(1);
    Admission refused = spend("a", 10, 2);
    assertThat(refused.admitted()).isFalse();
    assertThat(refused.remaining()).isEqualTo(1);
    assertThat(refused.limit()).isEqualTo(10);
    assertThat(refused.retryAfterSeconds()).isEqualTo(60);
    Admission last = spend("a", 10, 1);
    assertThat(last.admitted()).isTrue();
    assertThat(last.remaining()).isZero();
    assertThat(spend("a", 10, 1).admitted()).isFalse();
  }

  @Test
  void bucketsAreIndependent() {
    assertThat(spend("a", 2, 2).remaining()).isZero();
    assertThat(spend("b", 2, 1).remaining()).isEqualTo(1);
  }

  @Test
  void retryAfterCountsDownAndTheNextWindowStartsFull() {
    clock.set(Instant.parse("2026-11-22T12:00:10Z"));
    spend("a", 5, 5);
    assertThat(spend("a", 5, 1).retryAfterSeconds()).isEqualTo(50);
    clock.advance(Duration.ofSeconds(45));
    assertThat(spend("a", 5, 1).retryAfterSeconds()).isEqualTo(5);
    clock.advance(Duration.ofSeconds(5));
    Admission fresh = spend("a", 5, 1);
    assertThat(fresh.admitted()).isTrue();
    assertThat(fresh.remaining()).isEqualTo(4);
  }

  @Test
  void refundGivesBackWhatWasTakenAndNeverDrivesACounterBelowZero() {
    Admission a = spend("a", 10, 4);
    await(budgets.refund(a));
    await(budgets.refund(a));
    assertThat(spend("a", 10, 10).remaining()).isZero();
    assertThat(spend("a", 10, 1).admitted()).as("a double refund bought nothing extra").isFalse();
  }

  @Test
  void aRefundAfterRolloverDoesNotInflateTheNewWindow() {
    clock.set(Instant.parse("2026-11-22T12:00:50Z"));
    Admission old = spend("a", 10, 5);
    clock.advance(Duration.ofSeconds(20));
    assertThat(spend("a", 10, 1).remaining()).isEqualTo(9);
    await(budgets.refund(old));
    assertThat(spend("a", 10, 1).remaining()).isEqualTo(8);
  }

  @Test
  void severalLimitsAreTakenAllOrNothing() {
    List<Limit> both = List.of(Limit.perMinute("units", "a", 10, 3), Limit.perDay("scanStarts", "a", 1, 1));
    Admission first = await(budgets.take(both));
    assertThat(first.admitted()).isTrue();
    assertThat(first.remaining()).isEqualTo(7);
    Admission second = await(budgets.take(both));
    assertThat(second.admitted()).isFalse();
    assertThat(second.refusedBy()).isEqualTo(1);
    assertThat(second.retryAfterSeconds()).isEqualTo(43_200);
    assertThat(second.remaining()).as("the minute budget was not touched").isEqualTo(7);
    await(budgets.refund(first));
    assertThat(await(budgets.used(both.get(1)))).isZero();
    assertThat(await(budgets.take(both)).admitted()).isTrue();
  }

  @Test
  void dailyCapsResetAtUtcMidnight() {
    Limit cap = Limit.perDay("scanStarts", "a", 3, 1);
    clock.set(Instant.parse("2026-11-22T23:59:00Z"));
    for (int i = 0; i < 3; i++) {
      assertThat(await(budgets.take(List.of(cap))).admitted()).isTrue();
    }
    Admission refused = await(budgets.take(List.of(cap)));
    assertThat(refused.admitted()).isFalse();
    assertThat(refused.retryAfterSeconds()).isEqualTo(60);
    assertThat(await(budgets.used(cap))).isEqualTo(3);
    clock.set(Instant.parse("2026-11-23T00:00:00Z"));
    assertThat(await(budgets.used(cap))).isZero();
    assertThat(await(budgets.take(List.of(cap))).admitted()).isTrue();
  }

  @Test
  void twoHundredConcurrentSpendsNeverAdmitMoreThanTheBudget() throws Exception {
    int callers = 200;
    ConcurrentLinkedQueue<Admission> results = new ConcurrentLinkedQueue<>();
    CountDownLatch done = new CountDownLatch(callers);
    Context[] loops = {vertx.getOrCreateContext(), vertx.getOrCreateContext(), vertx.getOrCreateContext(),
        vertx.getOrCreateContext()};
    Random random = new Random(7);
    for (int i = 0; i < callers; i++) {
      long cost = 1 + random.nextInt(3);
      loops[i % loops.length].runOnContext(v -> budgets.spend("hot", 120, cost).onComplete(ar -> {
        if (ar.succeeded()) {
          results.add(ar.result());
        }
        done.countDown();
      }));
    }
    assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
    assertThat(results).hasSize(callers);
    long spent = results.stream().filter(Admission::admitted)
        .mapToLong(a -> a.ticket().draws().get(0).amount()).sum();
    assertThat(spent).isLessThanOrEqualTo(120).isGreaterThan(117);
    Admission after = spend("hot", 120, 0);
    assertThat(after.remaining()).isEqualTo(120 - spent);
  }

  @Test
  void exactlyTheBudgetIsAdmittedUnderContentionAtUnitCost() throws Exception {
    CountDownLatch done = new CountDownLatch(200);
    ConcurrentLinkedQueue<Boolean> admitted = new ConcurrentLinkedQueue<>();
    Context[] loops = {vertx.getOrCreateContext(), vertx.getOrCreateContext(), vertx.getOrCreateContext()};
    for (int i = 0; i < 200; i++) {
      loops[i % loops.length].runOnContext(v -> budgets.spend("unit", 120, 1).onComplete(ar -> {
        admitted.add(ar.succeeded() && ar.result().admitted());
        done.countDown();
      }));
    }
    assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
    assertThat(admitted.stream().filter(b -> b).count()).isEqualTo(120);
  }
}
