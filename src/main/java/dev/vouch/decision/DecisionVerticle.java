package dev.vouch.decision;

import dev.vouch.bus.Addresses;
import dev.vouch.bus.Failures;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.Message;

/** Answers decision reads and batches from committed evidence; never starts indexing (rule D7). */
public final class DecisionVerticle extends VerticleBase {

  private final Decisions decisions;

  public DecisionVerticle(Decisions decisions) {
    this.decisions = decisions;
  }

  @Override
  public Future<?> start() {
    return Future.all(
        vertx.eventBus().<DecisionQuery>consumer(Addresses.DECISION_READ, this::read).completion(),
        vertx.eventBus().<DecisionLookup>consumer(Addresses.DECISION_LOOKUP, this::lookup).completion(),
        vertx.eventBus().<BatchQuery>consumer(Addresses.DECISION_BATCH, this::batch).completion());
  }

  private void read(Message<DecisionQuery> msg) {
    decisions.read(msg.body())
        .onSuccess(msg::reply)
        .onFailure(t -> Failures.reply(msg, t));
  }

  private void lookup(Message<DecisionLookup> msg) {
    decisions.read(msg.body().subject(), msg.body().useCase())
        .onSuccess(found -> {
          if (found.isPresent()) {
            msg.reply(found.get());
          } else {
            msg.fail(404, "NOT_FOUND|No one has registered " + msg.body().subject().username()
                + ". Check the spelling, or enter the wallet address.");
          }
        })
        .onFailure(t -> Failures.reply(msg, t));
  }

  private void batch(Message<BatchQuery> msg) {
    decisions.batch(msg.body())
        .onSuccess(msg::reply)
        .onFailure(t -> Failures.reply(msg, t));
  }
}
