package dev.vouch.decision;

import dev.vouch.bus.Addresses;
import dev.vouch.bus.Colocation;
import dev.vouch.bus.Failures;
import dev.vouch.decision.model.BatchResult;
import dev.vouch.decision.model.Decision;
import dev.vouch.error.ApiError;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import java.util.List;

/** Answers decision reads and batches from committed evidence; never starts indexing (rule D7). */
public final class DecisionVerticle extends VerticleBase {

  /** Records this capability sends over the event bus (local codec). */
  public static final List<Class<?>> BUS_TYPES = List.of(DecisionQuery.class, DecisionLookup.class, Decision.class,
      BatchQuery.class, BatchResult.class);

  private final Decisions decisions;

  public DecisionVerticle(Decisions decisions) {
    this.decisions = decisions;
  }

  @Override
  public Future<?> start() {
    return Future.all(
        Colocation.<DecisionQuery>consumer(vertx, Addresses.DECISION_READ, Failures.answering(decisions::read)).completion(),
        Colocation.<DecisionLookup>consumer(vertx, Addresses.DECISION_LOOKUP, Failures.answering(this::lookup)).completion(),
        Colocation.<BatchQuery>consumer(vertx, Addresses.DECISION_BATCH, Failures.answering(decisions::batch)).completion());
  }

  private Future<Decision> lookup(DecisionLookup q) {
    return decisions.read(q.subject(), q.useCase()).compose(found -> found.isPresent()
        ? Future.succeededFuture(found.get())
        : Future.failedFuture(ApiError.notFound("No one has registered " + q.subject().username()
            + ". Check the spelling, or enter the wallet address.")));
  }
}
