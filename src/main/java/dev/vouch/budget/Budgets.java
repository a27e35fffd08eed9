package dev.vouch.budget;

import dev.vouch.budget.model.Admission;
import dev.vouch.budget.model.Draw;
import dev.vouch.budget.model.Limit;
import dev.vouch.budget.model.Usage;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.List;

/**
 * Counter-level budgets: fixed 60-second windows and UTC-day caps over a {@link CounterStore},
 * on the store's clock. Callers that know about plans and costs use {@link Metering}.
 */
public final class Budgets {

  /** Purpose of the per-minute rate-unit budgets. */
  public static final String UNITS = "units";

  private final CounterStore store;
  private final Clock clock;

  Budgets(CounterStore store, Clock clock) {
    this.store = store;
    this.clock = clock;
  }

  /** Spends {@code cost} units from {@code bucket}'s current window, or nothing when it does not fit. */
  public Future<Admission> spend(String bucket, long limit, long cost) {
    return take(List.of(Limit.perMinute(UNITS, bucket, limit, cost)));
  }

  /**
   * All limits or none in one atomic step; the first limit is the one the admission reports. The
   * store's clock picks the windows (with Redis, the server's: instances never disagree on them).
   */
  public Future<Admission> take(List<Limit> limits) {
    List<Draw> draws = limits.stream().map(Limit::draw).toList();
    return store.take(draws).map(t -> Admission.of(limits, draws, t));
  }

  /** Gives back exactly what an admission took (a lost race, a start that did not happen). */
  public Future<Void> refund(Admission admission) {
    return admission.ticket() == null ? Future.succeededFuture() : store.giveBack(admission.ticket());
  }

  /** How much of a limit's current window or day is used, by the store's clock; its amount is ignored. */
  public Future<Usage> usage(Limit limit) {
    return store.used(limit.draw());
  }

  public Future<Long> used(Limit limit) {
    return usage(limit).map(Usage::used);
  }

  Clock clock() {
    return clock;
  }
}
