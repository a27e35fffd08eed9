package dev.vouch.decision;

import dev.vouch.decision.model.BatchPlan;
import dev.vouch.decision.model.UseCase;

/** A validated batch within the caller's caps: unique entries in input order and a use case. */
public record BatchQuery(BatchPlan plan, UseCase useCase) {}
