package dev.vouch.score;

import dev.vouch.bus.Addresses;
import dev.vouch.bus.Failures;
import dev.vouch.decision.model.CommittedSnapshot;
import dev.vouch.score.model.ScoreReport;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.Message;
import java.time.Clock;
import java.time.Duration;

/** Answers score reads from the latest committed snapshot, or the baseline. */
public final class ScoreVerticle extends VerticleBase {

  private final SnapshotStore store;
  private final Clock clock;
  private final Duration staleAfter;

  public ScoreVerticle(SnapshotStore store, Clock clock, Duration staleAfter) {
    this.store = store;
    this.clock = clock;
    this.staleAfter = staleAfter;
  }

  @Override
  public Future<?> start() {
    return vertx.eventBus().<ScoreQuery>consumer(Addresses.SCORE_READ, this::read).completion();
  }

  private void read(Message<ScoreQuery> msg) {
    store.read(msg.body().wallet())
        .map(this::report)
        .onSuccess(msg::reply)
        .onFailure(t -> Failures.reply(msg, t));
  }

  ScoreReport report(WalletState state) {
    if (state.snapshot().isEmpty()) {
      return ScoreReport.baseline(state.wallet(), state.username(), state.jobInFlight());
    }
    CommittedSnapshot s = state.snapshot().get();
    return ScoreReport.committed(state.wallet(), state.username(), s.score(), s.breakdown(),
        s.evidence(), s.activeChains(), s.scoreModelVersion(), s.committedAt(),
        state.jobInFlight(), clock.instant(), staleAfter);
  }
}
