package dev.vouch.budget;

import static dev.vouch.support.Observe.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vouch.budget.model.Admission;
import dev.vouch.budget.model.Caller;
import dev.vouch.budget.model.Draw;
import dev.vouch.budget.model.Operation;
import dev.vouch.budget.model.Take;
import dev.vouch.budget.model.Usage;
import dev.vouch.config.BudgetConfig;
import dev.vouch.config.ConfigLoader;
import dev.vouch.support.MutableClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Future;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A caller over budget is refused without a counter-store round trip, and only while that surely holds. */
class ExhaustedCallersTest {

  /** Counts the round trips a real in-process store answers. */
  static final class CountingStore implements CounterStore {
    final CounterStore real;
    final AtomicInteger takes = new AtomicInteger();

    CountingStore(CounterStore real) {
      this.real = real;
    }

    @Override public Future<Take> take(List<Draw> draws) {
      takes.incrementAndGet();
      return real.take(draws);
    }
    @Override public Future<Grant> lease(Draw draw, long want) {
      takes.incrementAndGet();
      return real.lease(draw, want);
    }
    @Override public Future<Void> giveBack(Admission.Ticket ticket) { return real.giveBack(ticket); }
    @Override public Future<Usage> used(Draw draw) { return real.used(draw); }
    @Override public Future<Health> health() { return real.health(); }
  }

  // 12:00:10, fifty seconds before the window ends.
  final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T12:00:10Z"));
  final CountingStore store = new CountingStore(new LocalCounterStore(clock));
  final BudgetConfig config = ConfigLoader.load(Map.of()).budgets();
  final Metering metering = new Metering(new Budgets(store, clock), config, new SimpleMeterRegistry());
  final Caller caller = Caller.anonymous("203.0.113.9");

  @Test
  void onceRefusedFurtherRequestsAreRefusedWithoutAskingTheStore() {
    int budget = config.anonymous().perMinute();
    for (int i = 0; i < budget; i++) {
      await(metering.charge(caller, Operation.decisionRead));
    }
    assertThatThrownBy(() -> await(metering.charge(caller, Operation.decisionRead))).isInstanceOf(RateLimited.class);
    int asked = store.takes.get();
    for (int i = 0; i < 1000; i++) {
      assertThatThrownBy(() -> await(metering.charge(caller, Operation.decisionRead)))
          .isInstanceOfSatisfying(RateLimited.class, r -> {
            assertThat(r.remaining()).isZero();
            assertThat(r.limit()).isEqualTo(budget);
            // What the store said: the refusing window ends at 12:01:00, 50 s away.
            assertThat(r.retryAfterSeconds()).isEqualTo(50L);
          });
    }
    assertThat(store.takes.get()).isEqualTo(asked);
  }

  @Test
  void theMemoryEndsWithTheWindowSoTheNextWindowAdmitsAgain() {
    exhaust();
    clock.advance(Duration.ofSeconds(50)); // next window
    Admission a = await(metering.charge(caller, Operation.decisionRead));
    assertThat(a.admitted()).isTrue();
    assertThat(a.remaining()).isEqualTo(config.anonymous().perMinute() - 1);
  }

  @Test
  void theMemoryLastsAtMostASecondSoARefundIsSeenSoon() {
    exhaust();
    int asked = store.takes.get();
    clock.advance(Duration.ofMillis(1001));
    assertThatThrownBy(() -> await(metering.charge(caller, Operation.decisionRead))).isInstanceOf(RateLimited.class);
    assertThat(store.takes.get()).isEqualTo(asked + 1);
  }

  @Test
  void aCheaperRequestThatStillFitsIsAskedForAndAdmitted() {
    int budget = config.anonymous().perMinute();
    for (int i = 0; i < budget - 3; i++) {
      await(metering.charge(caller, Operation.decisionRead));
    }
    // Intake costs 8 anonymous units: refused with 3 remaining; a 1-unit read still fits.
    assertThatThrownBy(() -> await(metering.charge(caller, Operation.intakeAnonymous))).isInstanceOf(RateLimited.class);
    assertThat(await(metering.charge(caller, Operation.decisionRead)).remaining()).isEqualTo(2);
  }

  @Test
  void aRefusalInTheWindowsLastSecondIsNotRemembered() {
    clock.advance(Duration.ofMillis(49_500)); // 12:00:59.5
    exhaust();
    int asked = store.takes.get();
    assertThatThrownBy(() -> await(metering.charge(caller, Operation.decisionRead))).isInstanceOf(RateLimited.class);
    assertThat(store.takes.get()).isEqualTo(asked + 1);
  }

  private void exhaust() {
    for (int i = 0; i < config.anonymous().perMinute(); i++) {
      await(metering.charge(caller, Operation.decisionRead));
    }
    assertThatThrownBy(() -> await(metering.charge(caller, Operation.decisionRead))).isInstanceOf(RateLimited.class);
  }
}
