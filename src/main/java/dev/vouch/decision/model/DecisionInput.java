package dev.vouch.decision.model;

import dev.vouch.score.model.CommittedSnapshot;

import dev.vouch.exposure.model.ExposureSummary;
import dev.vouch.graph.model.TrustSignals;
import dev.vouch.screening.model.Listing;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Everything one decision reads. {@code now} is passed in so the model never reads a clock.
 *
 * @param homeChain name of the chain whose full history the model requires (Arc)
 * @param listings the screening lists the wallet itself is on (empty when none)
 * @param exposure the wallet's exposure to labelled addresses; null when unknown (the v0.5
 *     flagged-counterparty penalty then decides instead of the exposure rules)
 * @param policy the caller's thresholds (issue 32); {@link Policy#DEFAULT} when it set none
 * @param policyRef names the caller's policy on the answer; null for the default
 */
public record DecisionInput(
    String wallet,
    String username,
    UseCase useCase,
    Optional<CommittedSnapshot> snapshot,
    TrustSignals trust,
    boolean refreshInProgress,
    String homeChain,
    Instant now,
    List<Listing> listings,
    ExposureSummary exposure,
    Policy policy,
    PolicyRef policyRef) {

  public DecisionInput {
    listings = listings == null ? List.of() : List.copyOf(listings);
    policy = policy == null ? Policy.DEFAULT : policy;
  }

  public DecisionInput(String wallet, String username, UseCase useCase, Optional<CommittedSnapshot> snapshot,
      TrustSignals trust, boolean refreshInProgress, String homeChain, Instant now, List<Listing> listings,
      ExposureSummary exposure) {
    this(wallet, username, useCase, snapshot, trust, refreshInProgress, homeChain, now, listings, exposure,
        Policy.DEFAULT, null);
  }

  public DecisionInput(String wallet, String username, UseCase useCase, Optional<CommittedSnapshot> snapshot,
      TrustSignals trust, boolean refreshInProgress, String homeChain, Instant now) {
    this(wallet, username, useCase, snapshot, trust, refreshInProgress, homeChain, now, List.of(), null);
  }

  public DecisionInput(String wallet, String username, UseCase useCase, Optional<CommittedSnapshot> snapshot,
      TrustSignals trust, boolean refreshInProgress, String homeChain, Instant now, List<Listing> listings) {
    this(wallet, username, useCase, snapshot, trust, refreshInProgress, homeChain, now, listings, null);
  }

  /** The same input with the wallet's exposure. */
  public DecisionInput withExposure(ExposureSummary e) {
    return new DecisionInput(wallet, username, useCase, snapshot, trust, refreshInProgress, homeChain, now, listings, e,
        policy, policyRef);
  }

  /** The same input judged with a customer's policy, named by {@code ref} (null: the default). */
  public DecisionInput withPolicy(Policy p, PolicyRef ref) {
    return new DecisionInput(wallet, username, useCase, snapshot, trust, refreshInProgress, homeChain, now, listings,
        exposure, p, ref);
  }
}
