package dev.vouch.decision.model;

import dev.vouch.graph.model.TrustSignals;
import java.time.Instant;
import java.util.Optional;

/**
 * Everything one decision reads. {@code now} is passed in so the model never reads a clock.
 *
 * @param homeChain name of the chain whose full history the model requires (Arc)
 */
public record DecisionInput(
    String wallet,
    String username,
    UseCase useCase,
    Optional<CommittedSnapshot> snapshot,
    TrustSignals trust,
    boolean refreshInProgress,
    String homeChain,
    Instant now) {}
