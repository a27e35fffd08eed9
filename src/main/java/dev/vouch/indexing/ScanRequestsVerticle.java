package dev.vouch.indexing;

import dev.vouch.budget.KeyRejected;
import dev.vouch.budget.Metering;
import dev.vouch.budget.RateLimited;
import dev.vouch.budget.model.Admission;
import dev.vouch.budget.model.Caller;
import dev.vouch.budget.model.DailyCap;
import dev.vouch.budget.model.Operation;
import dev.vouch.bus.Addresses;
import dev.vouch.bus.Failures;
import dev.vouch.indexing.ScanRequests.Answer;
import dev.vouch.indexing.ScanRequests.Status;
import dev.vouch.store.StoreException;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * The entry points that start indexing: intake (SPEC 3.2), keyed refresh (3.3) and the score
 * read's background rescan (3.1). Free answers come first; a start checks the daily cap
 * (nothing spent), spends the units, then honours the per-wallet cooldown (units stay spent),
 * counts the start and queues the job. Concurrent starts collapse in the job table; the loser's
 * units and cap count are given back and it answers "indexing", free.
 */
public final class ScanRequestsVerticle extends VerticleBase {

  private final JobStore jobs;
  private final Metering metering;
  private final Clock clock;
  private final Duration cooldown;
  private final Duration freshWindow;
  private final Duration staleAfter;

  public ScanRequestsVerticle(JobStore jobs, Metering metering, Clock clock, Duration cooldown,
      Duration freshWindow, Duration staleAfter) {
    this.jobs = jobs;
    this.metering = metering;
    this.clock = clock;
    this.cooldown = cooldown;
    this.freshWindow = freshWindow;
    this.staleAfter = staleAfter;
  }

  @Override
  public Future<?> start() {
    return Future.all(
        vertx.eventBus().<ScanRequests.Intake>consumer(Addresses.INTAKE, Failures.answering(this::intake)).completion(),
        vertx.eventBus().<ScanRequests.Refresh>consumer(Addresses.REFRESH, Failures.answering(this::refresh)).completion(),
        vertx.eventBus().<ScanRequests.Rescan>consumer(Addresses.RESCAN, Failures.answering(this::rescan)).completion());
  }

  Future<Answer> intake(ScanRequests.Intake r) {
    return jobs.state(r.wallet()).compose(state -> {
      if (state.lastIndexedAt() != null) {
        return ok(200, new Status(r.wallet(), "already_indexed", null, state.lastIndexedAt(), null, null, null));
      }
      if (state.inFlight()) {
        return ok(202, Status.indexing(r.wallet(), state.inFlightSince()));
      }
      return start(r.caller(), r.wallet(), state, "intake", "first_index", DailyCap.scanStarts,
          Operation.intake(r.caller()), false);
    });
  }

  Future<Answer> refresh(ScanRequests.Refresh r) {
    if (!r.caller().keyed()) {
      return Future.failedFuture(KeyRejected.required("The refresh needs an API key: send Authorization: Bearer <key>."));
    }
    return jobs.state(r.wallet()).compose(state -> {
      Instant now = clock.instant();
      if (state.inFlight()) {
        return ok(202, Status.indexing(r.wallet(), state.inFlightSince()));
      }
      Instant last = state.lastIndexedAt();
      if (last != null && last.plus(freshWindow).isAfter(now)) {
        Instant next = last.plus(freshWindow);
        return ok(200, new Status(r.wallet(), "fresh", null, last, next, EntryState.secondsUntil(next, now), null));
      }
      boolean reindex = last != null;
      if (reindex && !state.ledger()) {
        return Future.failedFuture(new StoreException(StoreException.Kind.SCHEMA_MISSING,
            "the refresh ledger is not provisioned", null));
      }
      return start(r.caller(), r.wallet(), state, "refresh", reindex ? "reindex" : "first_index",
          reindex ? DailyCap.reindexStarts : DailyCap.scanStarts, Operation.refresh, state.ledger());
    });
  }

  /** True when a background rescan started; every refusal is silent (SPEC 3.1). */
  Future<Boolean> rescan(ScanRequests.Rescan r) {
    return jobs.state(r.wallet()).compose(state -> {
      Instant now = clock.instant();
      boolean stale = state.lastIndexedAt() == null || state.lastIndexedAt().plus(staleAfter).isBefore(now);
      if (!state.known() || !stale || state.inFlight() || state.attemptedWithin(now, cooldown)) {
        return Future.succeededFuture(false);
      }
      return metering.chargeRescan(r.ip()).compose(units -> {
        if (!units.admitted()) {
          return Future.succeededFuture(false);
        }
        String mode = state.lastIndexedAt() == null ? "first_index" : "reindex";
        return jobs.enqueue(r.wallet(), "rescan", mode, now)
            .recover(t -> metering.refund(units).transform(ignored -> Future.failedFuture(t)))
            .compose(job -> job.isPresent()
                ? Future.succeededFuture(true)
                : metering.refund(units).map(false));
      });
    });
  }

  /**
   * Cap check (nothing spent), units, cooldown (units stay spent), cap count, then the job; a
   * concurrent start of the same wallet wins the job and this one is given back and free.
   */
  Future<Answer> start(Caller caller, String wallet, EntryState state, String kind, String mode,
      DailyCap cap, Operation cost, boolean ledger) {
    return metering.checkCap(caller, cap)
        .compose(v -> metering.charge(caller, cost))
        .compose(units -> {
          Instant now = clock.instant();
          long wait = state.cooldownSeconds(now, cooldown);
          if (wait > 0) {
            return Future.failedFuture(RateLimited.cooldown(wait, units));
          }
          return metering.countCap(caller, cap)
              .recover(t -> metering.refund(units).compose(v -> Future.failedFuture(t)))
              .compose(counted -> queue(caller, wallet, kind, mode, ledger, now)
                  // A start that could not be queued (database down) is given back whole.
                  .recover(t -> metering.refund(counted).compose(v -> metering.refund(units))
                      .transform(ignored -> Future.<Boolean>failedFuture(t)))
                  .compose(job -> job
                  ? Future.succeededFuture(new Answer(202,
                      new Status(wallet, "started", "refresh".equals(kind) ? mode : null, null, null, null, null), units))
                  : metering.refund(counted).compose(v -> metering.refund(units))
                      // Another request queued this wallet's job a moment ago.
                      .compose(v -> ok(202, Status.indexing(wallet, now)))));
        });
  }

  private Future<Boolean> queue(Caller caller, String wallet, String kind, String mode, boolean ledger, Instant now) {
    Future<Boolean> queued = !ledger
        ? jobs.enqueue(wallet, kind, mode, now).map(job -> job.isPresent())
        : jobs.enqueueWithLedger(wallet, kind, mode, caller.key().orElseThrow().id(), now).map(job -> job.isPresent());
    // This instance's read cache must show refreshInProgress at once.
    return queued.onSuccess(started -> vertx.eventBus().publish(Addresses.WALLET_CHANGED, wallet));
  }

  private static Future<Answer> ok(int status, Status data) {
    return Future.succeededFuture(Answer.ok(status, data));
  }
}
