package dev.vouch.decision;

import dev.vouch.decision.model.Policy;
import dev.vouch.decision.model.PolicyRef;
import dev.vouch.decision.model.UseCase;

/**
 * A validated decision read: lowercase wallet, a known use case, and the caller's policy (issue
 * 32; the default with a null ref for a caller without one).
 */
public record DecisionQuery(String wallet, UseCase useCase, Policy policy, PolicyRef policyRef) {

  public DecisionQuery(String wallet, UseCase useCase) {
    this(wallet, useCase, Policy.DEFAULT, null);
  }

  public DecisionQuery with(Policy p, PolicyRef ref) {
    return new DecisionQuery(wallet, useCase, p, ref);
  }
}
