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
    ExposureSummary exposure) {

  public DecisionInput {
    listings = listings == null ? List.of() : List.copyOf(listings);
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
    return new DecisionInput(wallet, username, useCase, snapshot, trust, refreshInProgress, homeChain, now, listings, e);
  }
}
