package dev.vouch.indexing;

import dev.vouch.bus.Addresses;
import dev.vouch.bus.Failures;
import dev.vouch.indexing.ScanBudget.Cap;
import dev.vouch.indexing.ScanBudget.Charge;
import dev.vouch.indexing.ScanBudget.Cost;
import dev.vouch.indexing.ScanRequests.Answer;
import dev.vouch.indexing.ScanRequests.Status;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.Message;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Function;

/**
 * The entry points that start indexing: intake (SPEC 3.2), keyed refresh (3.3) and the score
 * read's background rescan (3.1). Free answers come first; a start checks the daily cap
 * (nothing spent), spends the units, then honours the per-wallet cooldown (units stay spent),
 * counts the start and queues the job. Concurrent starts collapse in the job table; the loser's
 * units and cap count are given back and it answers "indexing".
 */
public final class ScanRequestsVerticle extends VerticleBase {

  private final JobStore jobs;
  private final ScanBudget budget;
  private final Clock clock;
  private final Duration cooldown;
  private final Duration freshWindow;
  private final Duration staleAfter;

  public ScanRequestsVerticle(JobStore jobs, ScanBudget budget, Clock clock, Duration cooldown,
      Duration freshWindow, Duration staleAfter) {
    this.jobs = jobs;
    this.budget = budget;
    this.clock = clock;
    this.cooldown = cooldown;
    this.freshWindow = freshWindow;
    this.staleAfter = staleAfter;
  }

  @Override
  public Future<?> start() {
    return Future.all(
        vertx.eventBus().<ScanRequests.Intake>consumer(Addresses.INTAKE, msg -> answer(msg, this::intake)).completion(),
        vertx.eventBus().<ScanRequests.Refresh>consumer(Addresses.REFRESH, msg -> answer(msg, this::refresh)).completion(),
        vertx.eventBus().<ScanRequests.Rescan>consumer(Addresses.RESCAN, msg -> answer(msg, this::rescan)).completion());
  }

  private static <T, R> void answer(Message<T> msg, Function<T, Future<R>> handler) {
    Future<R> f;
    try {
      f = handler.apply(msg.body());
    } catch (RuntimeException e) {
      f = Future.failedFuture(e);
    }
    f.onSuccess(msg::reply).onFailure(t -> Failures.reply(msg, t));
  }

  Future<Answer> intake(ScanRequests.Intake r) {
    return budget.caller(r.ip(), r.authorization()).compose(caller -> jobs.state(r.wallet()).compose(state -> {
      if (state.lastIndexedAt() != null) {
        return ok(200, new Status(r.wallet(), "already_indexed", null, state.lastIndexedAt(), null, null));
      }
      if (state.inFlight()) {
        return ok(202, Status.of(r.wallet(), "indexing"));
      }
      return start(caller, r.wallet(), state, "intake", "first_index", Cap.scanStarts, Cost.intake, false);
    })).recover(ScanRequestsVerticle::refusal);
  }

  Future<Answer> refresh(ScanRequests.Refresh r) {
    if (r.authorization() == null) {
      return Future.succeededFuture(Answer.error(401, "NOT_ALLOWED",
          "The refresh needs an API key: send Authorization: Bearer <key>.", 0, Charge.NONE));
    }
    return budget.caller(r.ip(), r.authorization()).compose(caller -> jobs.state(r.wallet()).compose(state -> {
      Instant now = clock.instant();
      if (state.inFlight()) {
        return ok(202, Status.of(r.wallet(), "indexing"));
      }
      Instant last = state.lastIndexedAt();
      if (last != null && last.plus(freshWindow).isAfter(now)) {
        Instant next = last.plus(freshWindow);
        return ok(200, new Status(r.wallet(), "fresh", null, last, next, EntryState.secondsUntil(next, now)));
      }
      boolean reindex = last != null;
      if (reindex && !state.ledger()) {
        return Future.succeededFuture(Answer.error(503, "SCHEMA_MISSING",
            "The refresh ledger is not provisioned on this deployment; nothing was started or charged.", 0, Charge.NONE));
      }
      return start(caller, r.wallet(), state, "refresh", reindex ? "reindex" : "first_index",
          reindex ? Cap.reindexStarts : Cap.scanStarts, Cost.refresh, state.ledger());
    })).recover(ScanRequestsVerticle::refusal);
  }

  /** True when a background rescan started; every refusal is silent (SPEC 3.1). */
  Future<Boolean> rescan(ScanRequests.Rescan r) {
    return jobs.state(r.wallet()).compose(state -> {
      Instant now = clock.instant();
      boolean stale = state.lastIndexedAt() == null || state.lastIndexedAt().plus(staleAfter).isBefore(now);
      if (!state.known() || !stale || state.inFlight() || state.attemptedWithin(now, cooldown)) {
        return Future.succeededFuture(false);
      }
      return budget.chargeRescan(r.ip()).compose(charge -> {
        if (!charge.charged()) {
          return Future.succeededFuture(false);
        }
        String mode = state.lastIndexedAt() == null ? "first_index" : "reindex";
        return jobs.enqueue(r.wallet(), "rescan", mode, now).compose(job -> job.isPresent()
            ? Future.succeededFuture(true)
            : budget.refund(charge).map(false));
      });
    });
  }

  /**
   * Cap check (nothing spent), units, cooldown (units stay spent), cap count, then the job; a
   * concurrent start of the same wallet wins the job and this one is given back and free.
   */
  Future<Answer> start(ScanCaller caller, String wallet, EntryState state, String kind, String mode,
      Cap cap, Cost cost, boolean ledger) {
    return budget.checkCap(caller, cap)
        .compose(v -> budget.charge(caller, cost))
        .compose(units -> {
          Instant now = clock.instant();
          long wait = state.cooldownSeconds(now, cooldown);
          if (wait > 0) {
            return Future.succeededFuture(Answer.error(429, "RATE_LIMITED",
                "This wallet's last indexing attempt failed less than " + cooldown.toMinutes()
                    + " minutes ago (one attempt per wallet per " + cooldown.toMinutes()
                    + " minutes: cooldown); retry after " + wait + " seconds.", wait, units));
          }
          return budget.countCap(caller, cap)
              .recover(t -> budget.refund(units).compose(v -> Future.failedFuture(t)))
              .compose(counted -> queue(caller, wallet, kind, mode, ledger, now).compose(job -> {
                if (job) {
                  return ok(202, new Status(wallet, "started", "refresh".equals(kind) ? mode : null, null, null, null),
                      units);
                }
                return budget.refund(counted).compose(v -> budget.refund(units))
                    .compose(v -> ok(202, Status.of(wallet, "indexing")));
              }));
        });
  }

  private Future<Boolean> queue(ScanCaller caller, String wallet, String kind, String mode, boolean ledger, Instant now) {
    if (!ledger) {
      return jobs.enqueue(wallet, kind, mode, now).map(job -> job.isPresent());
    }
    return jobs.pool().withTransaction(conn -> JobStore.enqueue(conn, wallet, kind, mode, now).compose(job -> job.isEmpty()
        ? Future.succeededFuture(false)
        : JobStore.ledger(conn, wallet, caller.keyId(), mode, job.get(), now).map(true)));
  }

  private static Future<Answer> ok(int status, Status data) {
    return ok(status, data, Charge.NONE);
  }

  private static Future<Answer> ok(int status, Status data, Charge charge) {
    return Future.succeededFuture(Answer.ok(status, data, charge));
  }

  private static Future<Answer> refusal(Throwable t) {
    if (t instanceof ScanBudget.Refused refused) {
      return Future.succeededFuture(Answer.error(429, "RATE_LIMITED", refused.getMessage(),
          refused.retryAfterSeconds(), refused.state()));
    }
    if (t instanceof ScanBudget.KeyRefused key) {
      return Future.succeededFuture(key.suspended()
          ? Answer.error(403, "NOT_ALLOWED", key.getMessage(), 0, Charge.NONE)
          : Answer.error(401, "INVALID_KEY", key.getMessage() + " Send a valid key or none.", 0, Charge.NONE));
    }
    return Future.failedFuture(t);
  }
}
