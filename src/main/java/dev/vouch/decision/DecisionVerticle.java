package dev.vouch.decision;

import dev.vouch.bus.Addresses;
import dev.vouch.bus.Failures;
import dev.vouch.decision.model.Decision;
import dev.vouch.decision.model.DecisionInput;
import dev.vouch.decision.model.DecisionModel;
import dev.vouch.graph.model.TrustModel;
import dev.vouch.score.SnapshotStore;
import dev.vouch.score.WalletState;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import java.time.Clock;
import java.time.Duration;

/** Answers decision reads from committed evidence; never starts indexing (rule D7). */
public final class DecisionVerticle extends VerticleBase {

  private final SnapshotStore store;
  private final Clock clock;
  private final Duration staleAfter;
  private final String homeChain;

  public DecisionVerticle(SnapshotStore store, Clock clock, Duration staleAfter, String homeChain) {
    this.store = store;
    this.clock = clock;
    this.staleAfter = staleAfter;
    this.homeChain = homeChain;
  }

  @Override
  public Future<?> start() {
    return vertx.eventBus().<DecisionQuery>consumer(Addresses.DECISION_READ, Failures.answering(this::read)).completion();
  }

  private Future<Decision> read(DecisionQuery q) {
    return store.read(q.wallet()).map(state -> decide(state, q));
  }

  Decision decide(WalletState state, DecisionQuery q) {
    DecisionInput input = new DecisionInput(state.wallet(), state.username(), q.useCase(),
        state.snapshot(), TrustModel.signals(state.trustEdges()), state.jobInFlight(), homeChain,
        clock.instant());
    return DecisionModel.decide(input, staleAfter);
  }
}
