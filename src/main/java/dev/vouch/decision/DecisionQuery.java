package dev.vouch.decision;

import dev.vouch.decision.model.UseCase;

/** A validated decision read: lowercase wallet and a known use case. */
public record DecisionQuery(String wallet, UseCase useCase) {}
