package dev.vouch.budget;

import dev.vouch.budget.model.Admission;
import dev.vouch.budget.model.Draw;
import dev.vouch.budget.model.Limit;
import dev.vouch.budget.model.Windows;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.internal.ContextInternal;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Per-minute unit budgets spent from leases (docs/budgets.md "Leases"). A lease is a block of a
 * caller's units this instance takes from the shared store in one round trip and then spends in
 * memory, until the block runs out or its window ends. The store grants only what fits under the
 * limit, so all instances together never spend more than the limit in one window; what a lease
 * cannot spend before its window ends is lost to the caller (at most one lease per instance).
 *
 * <p>One lease is asked per caller at a time on this instance: requests that find the block
 * spent wait for that one answer, and the next lease is sized to the requests still waiting.
 * Answers are served in arrival order, each all-or-nothing, as the store would answer them.
 */
final class Leases {

  /**
   * A lease ends this long before its window does by this instance's reckoning, which already
   * starts the window's remainder when the request left (before Redis read its clock).
   */
  static final long MARGIN_MILLIS = 50;
  private static final int MAX_CALLERS = 100_000;

  private final CounterStore store;
  private final Clock clock;
  private final LongSupplier nanos;
  private final int percent;
  private final long maxUnits;
  private final ConcurrentHashMap<String, Lease> leases = new ConcurrentHashMap<>();

  /**
   * {@code percent} of a budget per lease, at most {@code maxUnits}; a budget whose lease would be
   * a single unit is not leased (every admission asks the store, as without leases).
   */
  Leases(CounterStore store, Clock clock, LongSupplier nanos, int percent, long maxUnits) {
    this.store = store;
    this.clock = clock;
    this.nanos = nanos;
    this.percent = percent;
    this.maxUnits = maxUnits;
  }

  /** Units one lease of this per-minute budget asks for. */
  long size(long limit) {
    return Math.min(maxUnits, limit * percent / 100);
  }

  boolean leases(Limit limit) {
    return limit.period() == Limit.Period.minute && size(limit.limit()) >= 2;
  }

  private record Waiter(Limit limit, Promise<Admission> answer) {}

  /** A caller's block on this instance; guarded by itself. */
  private static final class Lease {
    long left;
    /** What the store still had after the last grant: the limit less its counter. */
    long storeLeft;
    long windowEndMillis;
    long grantedAtMillis;
    long untilNanos;
    long untilClockMillis;
    boolean degraded;
    boolean asking;
    boolean live;
    final ArrayDeque<Waiter> waiting = new ArrayDeque<>();

    boolean liveAt(long nowNanos, long nowClock) {
      return live && nowNanos - untilNanos < 0 && nowClock < untilClockMillis;
    }
  }

  /** Spends {@code limit.amount()} units of the caller's budget: from the lease, or after asking the store. */
  Future<Admission> spend(Limit limit) {
    Draw draw = limit.draw();
    if (leases.size() >= MAX_CALLERS) {
      sweep();
    }
    Lease lease = leases.computeIfAbsent(draw.counter(), k -> new Lease());
    Promise<Admission> answer;
    boolean ask = false;
    synchronized (lease) {
      if (lease.liveAt(nanos.getAsLong(), clock.millis()) && lease.left >= limit.amount()) {
        lease.left -= limit.amount();
        return Future.succeededFuture(admitted(limit, lease));
      }
      answer = promise();
      lease.waiting.add(new Waiter(limit, answer));
      if (!lease.asking) {
        lease.asking = true;
        ask = true;
      }
    }
    if (ask) {
      ask(lease, draw);
    }
    return answer.future();
  }

  private void ask(Lease lease, Draw draw) {
    long want;
    synchronized (lease) {
      long queued = 0;
      for (Waiter w : lease.waiting) {
        queued += w.limit().amount();
      }
      want = Math.max(size(draw.limit()), queued);
    }
    long sentNanos = nanos.getAsLong();
    long sentClock = clock.millis();
    store.lease(draw, want).onComplete(ar -> {
      List<Runnable> answers = new ArrayList<>();
      boolean again;
      synchronized (lease) {
        if (ar.failed()) {
          for (Waiter w : lease.waiting) {
            answers.add(() -> w.answer().fail(ar.cause()));
          }
          lease.waiting.clear();
        } else {
          grant(lease, draw, ar.result(), want, sentNanos, sentClock, answers);
        }
        again = !lease.waiting.isEmpty();
        lease.asking = again;
      }
      answers.forEach(Runnable::run);
      if (again) {
        ask(lease, draw);
      }
    });
  }

  /** Adds the grant to the lease and answers every waiter it decides; called holding the lease. */
  private void grant(Lease lease, Draw draw, CounterStore.Grant g, long want, long sentNanos, long sentClock,
      List<Runnable> answers) {
    long windowEnd = minuteEndMillis(g.atMillis());
    if (!lease.liveAt(nanos.getAsLong(), clock.millis()) || lease.windowEndMillis != windowEnd) {
      // A new window: what an older lease left is gone with its window. The remainder of this
      // one is counted from when the request left, so the lease ends before the window does.
      long span = windowEnd - g.atMillis() - MARGIN_MILLIS;
      lease.left = 0;
      lease.windowEndMillis = windowEnd;
      lease.untilNanos = sentNanos + span * 1_000_000L;
      lease.untilClockMillis = sentClock + span;
      lease.live = true;
    }
    lease.left += g.granted();
    lease.storeLeft = Math.max(0, draw.limit() - g.used());
    lease.grantedAtMillis = g.atMillis();
    lease.degraded = g.degraded();
    boolean spent = g.granted() < want; // the store had no more in this window
    for (Iterator<Waiter> it = lease.waiting.iterator(); it.hasNext(); ) {
      Waiter w = it.next();
      long cost = w.limit().amount();
      if (lease.left >= cost) {
        lease.left -= cost;
        Admission a = admitted(w.limit(), lease);
        answers.add(() -> w.answer().complete(a));
        it.remove();
      } else if (spent) {
        long retry = w.limit().retryAfterSeconds(Instant.ofEpochMilli(g.atMillis()));
        Admission refused = new Admission(false, w.limit().limit(), lease.storeLeft + lease.left, retry, 0, null);
        answers.add(() -> w.answer().complete(refused));
        it.remove();
      }
    }
  }

  /** Remaining: what the store had left at the last grant plus this instance's unspent block. */
  private static Admission admitted(Limit limit, Lease lease) {
    return new Admission(true, limit.limit(), lease.storeLeft + lease.left, 0, -1,
        new Admission.Ticket(List.of(limit.draw()), lease.grantedAtMillis, lease.degraded, true));
  }

  /**
   * An admission of this caller's units that asked the store itself (a receipt, a scan start:
   * limits taken together) moved the store's counter past what the lease last saw: the lease
   * takes the store's figure, and the answer adds the unspent block, so Remaining stays exact
   * with one instance across leased and unleased requests (issue 25 item 7).
   */
  Admission observe(Limit limit, Admission a) {
    if (!leases(limit)) {
      return a;
    }
    Lease lease = leases.get(limit.draw().counter());
    if (lease == null) {
      return a;
    }
    synchronized (lease) {
      boolean sameWindow = a.ticket() == null || lease.windowEndMillis == minuteEndMillis(a.ticket().atMillis());
      if (!lease.liveAt(nanos.getAsLong(), clock.millis()) || !sameWindow) {
        return a;
      }
      if (a.admitted()) {
        lease.storeLeft = a.remaining();
      }
      return new Admission(a.admitted(), a.limit(), a.remaining() + lease.left, a.retryAfterSeconds(), a.refusedBy(),
          a.ticket());
    }
  }

  /**
   * Gives a leased admission's units back to its lease while the lease still holds the window
   * they were spent in, so the next request spends them and Remaining stays exact; false when the
   * lease has moved on (the caller then gives them back to the store, as without leases).
   */
  boolean giveBack(Admission.Ticket ticket) {
    Draw draw = ticket.draws().get(0);
    Lease lease = leases.get(draw.counter());
    if (lease == null) {
      return false;
    }
    long windowEnd = minuteEndMillis(ticket.atMillis());
    synchronized (lease) {
      if (!lease.liveAt(nanos.getAsLong(), clock.millis()) || lease.windowEndMillis != windowEnd) {
        return false;
      }
      lease.left += draw.amount();
      return true;
    }
  }

  /** End of the per-minute window holding {@code atMillis}: a grant and its give-back agree on it. */
  private static long minuteEndMillis(long atMillis) {
    return (Windows.periodStart(atMillis, Windows.MINUTE) + Windows.MINUTE) * 1000;
  }

  /** Answers on the asking event loop, as a store round trip would. */
  private static Promise<Admission> promise() {
    Context context = Vertx.currentContext();
    return context == null ? Promise.promise() : ((ContextInternal) context).promise();
  }

  private void sweep() {
    long nowNanos = nanos.getAsLong();
    long nowClock = clock.millis();
    leases.values().removeIf(l -> {
      synchronized (l) {
        return !l.asking && !l.liveAt(nowNanos, nowClock);
      }
    });
  }
}
