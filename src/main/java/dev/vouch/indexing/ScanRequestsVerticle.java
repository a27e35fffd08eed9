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
import dev.vouch.score.RescanRequest;
import dev.vouch.store.StoreException;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * The entry points that start indexing: intake (SPEC 3.2), keyed refresh (3.3) and the score
 * read's background rescan (3.1). Free answers come first; a start checks the daily cap
 * (nothing spent), spends the units, then decides under the wallet's lock (JobStore.decide):
 * the state read again, the per-wallet cooldown (units stay spent), the cap count and the job
 * insert are one atomic decision, so concurrent starts of one wallet give one job and one charge;
 * the others answer "indexing" (units and cap count given back) or the cooldown.
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
        vertx.eventBus().<RescanRequest>consumer(Addresses.RESCAN, Failures.answering(this::rescan)).completion(),
        vertx.eventBus().<String>consumer(Addresses.RUN_STATE, Failures.answering(jobs::run)).completion());
  }

  Future<Answer> intake(ScanRequests.Intake r) {
    return jobs.state(r.wallet()).compose(state -> {
      Optional<Answer> free = intakeFree(r.wallet(), state);
      if (free.isPresent()) {
        return promoted(r.wallet(), state, "intake").map(free.get());
      }
      return start(r.caller(), r.wallet(), locked -> intakeFree(r.wallet(), locked), "intake", "first_index",
          DailyCap.scanStarts, Operation.intake(r.caller()), false);
    });
  }

  static Optional<Answer> intakeFree(String wallet, EntryState state) {
    if (state.lastIndexedAt() != null) {
      return Optional.of(Answer.ok(200, new Status(wallet, "already_indexed", null, state.lastIndexedAt(), null, null, null)));
    }
    if (state.inFlight()) {
      return Optional.of(Answer.ok(202, Status.indexing(wallet, state.inFlightSince())));
    }
    return Optional.empty();
  }

  Future<Answer> refresh(ScanRequests.Refresh r) {
    if (!r.caller().keyed()) {
      return Future.failedFuture(KeyRejected.required("The refresh needs an API key: send Authorization: Bearer <key>."));
    }
    return jobs.state(r.wallet()).compose(state -> {
      Optional<Answer> free = refreshFree(r.wallet(), state);
      if (free.isPresent()) {
        return promoted(r.wallet(), state, "refresh").map(free.get());
      }
      boolean reindex = state.lastIndexedAt() != null;
      if (reindex && !state.ledger()) {
        return Future.failedFuture(new StoreException(StoreException.Kind.SCHEMA_MISSING,
            "the refresh ledger is not provisioned", null));
      }
      return start(r.caller(), r.wallet(), locked -> refreshFree(r.wallet(), locked), "refresh",
          reindex ? "reindex" : "first_index", reindex ? DailyCap.reindexStarts : DailyCap.scanStarts,
          Operation.refresh, state.ledger());
    });
  }

  private Optional<Answer> refreshFree(String wallet, EntryState state) {
    Instant now = clock.instant();
    if (state.inFlight()) {
      return Optional.of(Answer.ok(202, Status.indexing(wallet, state.inFlightSince())));
    }
    Instant last = state.lastIndexedAt();
    if (last != null && last.plus(freshWindow).isAfter(now)) {
      Instant next = last.plus(freshWindow);
      return Optional.of(Answer.ok(200, new Status(wallet, "fresh", null, last, next, EntryState.secondsUntil(next, now), null)));
    }
    return Optional.empty();
  }

  /** True when a background rescan started; every refusal is silent (SPEC 3.1). */
  Future<Boolean> rescan(RescanRequest r) {
    return jobs.state(r.wallet()).compose(state -> {
      if (!rescannable(state)) {
        return Future.succeededFuture(false);
      }
      return metering.chargeRescan(r.ip()).compose(units -> {
        if (!units.admitted()) {
          return Future.succeededFuture(false);
        }
        // Decided again under the wallet's lock: another request may have started or failed a run.
        return jobs.decide(r.wallet(), (conn, locked) -> rescannable(locked)
                ? JobStore.enqueue(conn, r.wallet(), "rescan", locked.lastIndexedAt() == null ? "first_index" : "reindex",
                    null, clock.instant()).map(Optional::isPresent)
                : Future.succeededFuture(false))
            .transform(ar -> ar.succeeded() && ar.result()
                ? Future.succeededFuture(true)
                : metering.refund(units).transform(ignored -> ar.failed()
                    ? Future.<Boolean>failedFuture(ar.cause())
                    : Future.succeededFuture(false)));
      });
    });
  }

  private boolean rescannable(EntryState state) {
    Instant now = clock.instant();
    return state.known() && state.staleAt(now, staleAfter) && !state.inFlight() && !state.attemptedWithin(now, cooldown);
  }

  /** What one locked decision came to; counted is the cap count it took (refunded unless started). */
  private record Decided(Answer free, long cooldownSeconds, boolean started) {}

  /**
   * Cap check (nothing spent) and units first, so a refused caller never waits on a wallet's
   * lock; then one decision under the lock: a free answer after all (another request started
   * the run a moment ago: units given back), the cooldown (units stay spent), or the cap count
   * and the job (with its ledger row) in the same transaction as the state they rest on.
   */
  Future<Answer> start(Caller caller, String wallet, Function<EntryState, Optional<Answer>> freeAnswer,
      String kind, String mode, DailyCap cap, Operation cost, boolean ledger) {
    return metering.checkCap(caller, cap)
        .compose(v -> metering.charge(caller, cost))
        .compose(units -> {
          AtomicReference<Admission> counted = new AtomicReference<>();
          return jobs.decide(wallet, (conn, state) -> {
                Optional<Answer> free = freeAnswer.apply(state);
                if (free.isPresent()) {
                  return Future.succeededFuture(new Decided(free.get(), 0, false));
                }
                Instant now = clock.instant();
                long wait = state.cooldownSeconds(now, cooldown);
                if (wait > 0) {
                  return Future.succeededFuture(new Decided(null, wait, false));
                }
                return metering.countCap(caller, cap)
                    .compose(c -> {
                      counted.set(c);
                      return JobStore.enqueue(conn, wallet, kind, mode,
                          ledger ? caller.key().orElseThrow().id() : null, now);
                    })
                    // Only a job queued by the worker or a claim, which take no lock, can win here.
                    .map(job -> job.isPresent()
                        ? new Decided(null, 0, true)
                        : new Decided(Answer.ok(202, Status.indexing(wallet, now)), 0, false));
              })
              .transform(ar -> {
                if (ar.failed()) {
                  // Nothing was queued (the transaction rolled back): the start is given back whole.
                  return refund(counted.get()).compose(v -> metering.refund(units))
                      .transform(ignored -> Future.<Answer>failedFuture(ar.cause()));
                }
                Decided d = ar.result();
                if (d.started()) {
                  queued(wallet);
                  return Future.succeededFuture(new Answer(202,
                      new Status(wallet, "started", "refresh".equals(kind) ? mode : null, null, null, null, null), units));
                }
                if (d.cooldownSeconds() > 0) {
                  return Future.failedFuture(RateLimited.cooldown(d.cooldownSeconds(), units));
                }
                return refund(counted.get()).compose(v -> metering.refund(units)).map(d.free());
              });
        });
  }

  /**
   * A caller asked for a wallet whose job is in flight: if tracing queued it (low priority), it
   * becomes the caller's, so the caller never waits behind traced jobs. Free, as the answer is.
   */
  private Future<Void> promoted(String wallet, EntryState state, String kind) {
    return state.inFlight() ? jobs.promote(wallet, kind) : Future.succeededFuture();
  }

  private Future<Void> refund(Admission counted) {
    return counted == null ? Future.succeededFuture() : metering.refund(counted);
  }

  /** The job is committed: this instance's read cache must show refreshInProgress at once. */
  private void queued(String wallet) {
    dev.vouch.bus.WalletsChanged.changed(vertx, java.util.List.of(wallet));
  }

  private static Future<Answer> ok(int status, Status data) {
    return Future.succeededFuture(Answer.ok(status, data));
  }
}
