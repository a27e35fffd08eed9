package dev.vouch.decision;

import dev.vouch.decision.model.BatchPlan;
import dev.vouch.decision.model.Policy;
import dev.vouch.decision.model.PolicyRef;
import dev.vouch.decision.model.UseCase;

/** A validated batch within the caller's caps: unique entries in input order, a use case, the caller's policy. */
public record BatchQuery(BatchPlan plan, UseCase useCase, Policy policy, PolicyRef policyRef) {

  public BatchQuery(BatchPlan plan, UseCase useCase) {
    this(plan, useCase, Policy.DEFAULT, null);
  }

  public BatchQuery with(Policy p, PolicyRef ref) {
    return new BatchQuery(plan, useCase, p, ref);
  }
}
