package dev.vouch.score;

import dev.vouch.bus.Addresses;
import dev.vouch.bus.Colocation;
import dev.vouch.bus.Failures;
import dev.vouch.score.model.CommittedSnapshot;
import dev.vouch.score.model.ScoreReport;
import java.util.List;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.Message;
import java.time.Clock;
import java.time.Duration;

/** Answers score reads from the latest committed snapshot, or the baseline. */
public final class ScoreVerticle extends VerticleBase {

  /** Records this capability sends over the event bus (local codec). */
  public static final List<Class<?>> BUS_TYPES = List.of(ScoreQuery.class, ScoreReport.class, RescanRequest.class);

  private final ReadStateCache store;
  private final Clock clock;
  private final Duration staleAfter;

  public ScoreVerticle(ReadStateCache store, Clock clock, Duration staleAfter) {
    this.store = store;
    this.clock = clock;
    this.staleAfter = staleAfter;
  }

  @Override
  public Future<?> start() {
    return Colocation.<ScoreQuery>consumer(vertx, Addresses.SCORE_READ, Failures.answering(this::read)).completion();
  }

  private Future<ScoreReport> read(ScoreQuery q) {
    return store.read(q.wallet())
        .compose(state -> rescanIfDue(state, q).map(started -> report(state, started)));
  }

  /**
   * SPEC 3.1: stale or uncommitted evidence may start a background rescan; the indexing consumer
   * decides (known wallet, no scan in flight, no recent attempt, budget) and any refusal is silent.
   */
  private Future<Boolean> rescanIfDue(WalletState state, ScoreQuery q) {
    boolean fresh = state.snapshot().map(s -> !s.staleAt(clock.instant(), staleAfter)).orElse(false);
    if (fresh || state.jobInFlight()) {
      return Future.succeededFuture(false);
    }
    return vertx.eventBus().<Boolean>request(Addresses.RESCAN, new RescanRequest(q.wallet(), q.clientIp()))
        .map(Message::body)
        .otherwise(false);
  }

  ScoreReport report(WalletState state, boolean rescanStarted) {
    boolean inProgress = state.jobInFlight() || rescanStarted;
    if (state.snapshot().isEmpty()) {
      return ScoreReport.baseline(state.wallet(), state.username(), inProgress);
    }
    CommittedSnapshot s = state.snapshot().get();
    return ScoreReport.committed(state.wallet(), state.username(), s.score(), s.breakdown(),
        s.evidence(), s.activeChains(), s.scoreModelVersion(), s.committedAt(),
        inProgress, s.staleAt(clock.instant(), staleAfter)).withExposure(s.exposure());
  }
}
