package dev.vouch.budget;

import dev.vouch.budget.model.Admission;
import dev.vouch.budget.model.Draw;
import dev.vouch.budget.model.Take;
import dev.vouch.budget.model.Usage;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Counters in this process, with the semantics of the Redis script: all-or-nothing draws,
 * counters expiring ttl seconds after creation (by the injected clock). One short lock, no I/O.
 */
final class LocalCounterStore implements CounterStore {

  private static final int SWEEP_EVERY = 4096;

  private record Slot(long used, long expiresAtMillis) {}

  private final Map<String, Slot> slots = new HashMap<>();
  private final Clock clock;
  private int sinceSweep;

  LocalCounterStore(Clock clock) {
    this.clock = clock;
  }

  @Override
  public Future<Take> take(List<Draw> draws) {
    return Future.succeededFuture(takeNow(draws));
  }

  private synchronized Take takeNow(List<Draw> draws) {
    long now = clock.millis();
    sweepSometimes(now);
    List<Long> used = new ArrayList<>(draws.size());
    int refused = -1;
    for (int i = 0; i < draws.size(); i++) {
      Draw d = draws.get(i);
      long u = current(d.key(now), now);
      used.add(u);
      if (refused < 0 && u + d.amount() > d.limit()) {
        refused = i;
      }
    }
    if (refused >= 0) {
      return new Take(refused, used, now, false);
    }
    for (int i = 0; i < draws.size(); i++) {
      Draw d = draws.get(i);
      used.set(i, add(d, d.amount(), now));
    }
    return new Take(-1, used, now, false);
  }

  @Override
  public synchronized Future<Grant> lease(Draw draw, long want) {
    long now = clock.millis();
    sweepSometimes(now);
    Slot s = live(draw.key(now), now);
    long used = s == null ? 0 : s.used();
    long granted = Math.max(0, Math.min(want, draw.limit() - used));
    if (granted > 0) {
      add(draw, granted, now);
    }
    return Future.succeededFuture(new Grant(granted, used + granted, now, false));
  }

  /** Adds to the draw's counter of the window holding now (a new one lives ttlSeconds); the new total. */
  private long add(Draw d, long amount, long now) {
    String key = d.key(now);
    Slot s = live(key, now);
    Slot next = s == null
        ? new Slot(amount, now + d.ttlSeconds() * 1000)
        : new Slot(s.used() + amount, s.expiresAtMillis());
    slots.put(key, next);
    return next.used();
  }

  @Override
  public synchronized Future<Void> giveBack(Admission.Ticket ticket) {
    long now = clock.millis();
    for (Draw d : ticket.draws()) {
      String key = d.key(ticket.atMillis());
      Slot s = live(key, now);
      if (s != null) {
        slots.put(key, new Slot(Math.max(0, s.used() - d.amount()), s.expiresAtMillis()));
      }
    }
    return Future.succeededFuture();
  }

  @Override
  public synchronized Future<Usage> used(Draw draw) {
    long now = clock.millis();
    return Future.succeededFuture(new Usage(current(draw.key(now), now), now));
  }

  @Override
  public Future<Health> health() {
    return Future.succeededFuture(new Health("in-process", false));
  }

  private long current(String key, long now) {
    Slot s = live(key, now);
    return s == null ? 0 : s.used();
  }

  private Slot live(String key, long now) {
    Slot s = slots.get(key);
    return s == null || s.expiresAtMillis() <= now ? null : s;
  }

  private void sweepSometimes(long now) {
    if (++sinceSweep >= SWEEP_EVERY) {
      sinceSweep = 0;
      slots.values().removeIf(s -> s.expiresAtMillis() <= now);
    }
  }
}
