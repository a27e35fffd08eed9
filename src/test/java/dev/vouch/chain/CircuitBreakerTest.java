package dev.vouch.chain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.chain.CircuitBreaker.Permit;
import dev.vouch.chain.CircuitBreaker.State;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The breaker's states over a hand-moved clock, and the retry budget's window. */
class CircuitBreakerTest {

  static final RpcException BUSY = new RpcException(RpcException.Kind.BUSY, "HTTP 503");
  final AtomicLong nanos = new AtomicLong(1_000_000_000L);

  void advanceMs(long ms) {
    nanos.addAndGet(ms * 1_000_000);
  }

  @Test
  void opensAfterTheConfiguredTransientFailuresInARowAndAnAnswerResetsTheCount() {
    CircuitBreaker b = new CircuitBreaker(3, 1000, nanos::get);
    b.record(b.admit(), BUSY);
    b.record(b.admit(), BUSY);
    b.record(b.admit(), null);
    b.record(b.admit(), BUSY);
    b.record(b.admit(), BUSY);
    assertThat(b.state()).isEqualTo(State.CLOSED);
    b.record(b.admit(), BUSY);
    assertThat(b.state()).isEqualTo(State.OPEN);
    assertThat(b.admit()).isEqualTo(Permit.REFUSED);
    assertThat(b.refusal()).contains("3 transient failures").contains("BUSY HTTP 503");
  }

  @Test
  void onlyOneProbeGoesOutAfterTheCoolOffAndItsAnswerCloses() {
    CircuitBreaker b = new CircuitBreaker(1, 1000, nanos::get);
    b.record(b.admit(), BUSY);
    advanceMs(999);
    assertThat(b.admit()).isEqualTo(Permit.REFUSED);
    advanceMs(1);
    Permit probe = b.admit();
    assertThat(probe).isEqualTo(Permit.PROBE);
    assertThat(b.state()).isEqualTo(State.HALF_OPEN);
    assertThat(b.admit()).isEqualTo(Permit.REFUSED);
    b.record(probe, null);
    assertThat(b.state()).isEqualTo(State.CLOSED);
    assertThat(b.admit()).isEqualTo(Permit.CALL);
  }

  @Test
  void aFailedProbeOpensForAnotherCoolOff() {
    CircuitBreaker b = new CircuitBreaker(1, 1000, nanos::get);
    b.record(b.admit(), BUSY);
    advanceMs(1000);
    b.record(b.admit(), BUSY);
    assertThat(b.state()).isEqualTo(State.OPEN);
    assertThat(b.opened()).isEqualTo(2);
    advanceMs(999);
    assertThat(b.admit()).isEqualTo(Permit.REFUSED);
    advanceMs(1);
    assertThat(b.admit()).isEqualTo(Permit.PROBE);
  }

  @Test
  void lateOutcomesOfCallsAdmittedBeforeItOpenedDoNotDecide() {
    CircuitBreaker b = new CircuitBreaker(1, 1000, nanos::get);
    Permit early = b.admit();
    b.record(b.admit(), BUSY);
    b.record(early, null);
    assertThat(b.state()).isEqualTo(State.OPEN);
  }

  @Test
  void standingFailuresAreAnswersNotOutages() {
    CircuitBreaker b = new CircuitBreaker(2, 1000, nanos::get);
    for (RpcException.Kind kind : new RpcException.Kind[] {RpcException.Kind.BUSY, RpcException.Kind.REJECTED,
        RpcException.Kind.TRANSPORT, RpcException.Kind.UNSUPPORTED, RpcException.Kind.SERVER}) {
      b.record(b.admit(), ProviderGuard.transientFailure(new RpcException(kind, "x")));
    }
    assertThat(b.state()).isEqualTo(State.CLOSED);
  }

  @Test
  void retriesStayWithinTheFloorPlusTheRatioOfFirstTriesOverTheWindow() {
    RetryBudget budget = new RetryBudget(0.2, 3, 10_000, nanos::get);
    for (int i = 0; i < 10; i++) {
      budget.deposit();
    }
    int allowed = 0;
    while (budget.tryWithdraw()) {
      allowed++;
    }
    assertThat(allowed).isEqualTo(3 + 2);
    // Slices age out one by one: after the whole window the budget is back to its floor.
    advanceMs(10_000);
    allowed = 0;
    while (budget.tryWithdraw()) {
      allowed++;
    }
    assertThat(allowed).isEqualTo(3);
  }
}
