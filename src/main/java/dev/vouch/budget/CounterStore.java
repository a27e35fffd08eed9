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

  Future<Health> health();

  /** For /health/ready: which store answers and whether that is a fallback. */
  record Health(String store, boolean degraded) {}
}
