package dev.vouch.budget;

import dev.vouch.budget.model.Admission;
import dev.vouch.budget.model.Draw;
import dev.vouch.budget.model.Take;
import dev.vouch.budget.model.Usage;
import io.vertx.core.Future;
import java.util.List;

/** Where budget counters live: Redis (shared) or this process (in-process and fallback). */
interface CounterStore {

  /** All draws or none, atomically, in the windows of the store's clock. */
  Future<Take> take(List<Draw> draws);

  /**
   * Undoes a taken admission in the windows it was taken from; counters never go below zero and
   * expired ones stay gone.
   */
  Future<Void> giveBack(Admission.Ticket ticket);

  /** Current value of a draw's counter in the store's current window (0 when absent). */
  Future<Usage> used(Draw draw);

  /**
   * A lease: takes up to {@code want} units from the draw's counter in the current window, as
   * many as fit under its limit (possibly none), in one atomic step.
   */
  Future<Grant> lease(Draw draw, long want);

  Future<Health> health();

  /**
   * What a lease took: {@code granted} units (0 when the window was spent), the counter's value
   * after ({@code used}), the store's clock when it decided ({@code atMillis}, which picked the
   * window); {@code degraded}: answered by the per-instance fallback.
   */
  record Grant(long granted, long used, long atMillis, boolean degraded) {
    Grant asDegraded() {
      return new Grant(granted, used, atMillis, true);
    }
  }

  /** For /health/ready: which store answers and whether that is a fallback. */
  record Health(String store, boolean degraded) {}
}
