package dev.vouch.budget;

import java.time.Clock;

/** The budget contract against the in-process store (no Redis configured). */
class LocalBudgetsTest extends BudgetsContract {

  @Override
  CounterStore store(Clock clock) {
    return new LocalCounterStore(clock);
  }
}
