package dev.vouch.budget;

import dev.vouch.budget.model.Admission;
import dev.vouch.budget.model.Draw;
import dev.vouch.budget.model.Take;
import io.vertx.core.Future;
import java.util.List;

/** Where budget counters live: Redis (shared) or this process (in-process and fallback). */
interface CounterStore {

  /** All draws or none, atomically. */
  Future<Take> take(List<Draw> draws);

  /** Undoes a taken admission; counters never go below zero and expired ones stay gone. */
  Future<Void> giveBack(Admission.Ticket ticket);

  /** Current value of one counter (0 when absent). */
  Future<Long> used(String key);

  Future<Health> health();

  /** For /health/ready: which store answers and whether that is a fallback. */
  record Health(String store, boolean degraded) {}
}
