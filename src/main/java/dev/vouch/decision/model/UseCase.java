package dev.vouch.decision.model;

import java.util.Optional;

/** SPEC 2.2 use cases with their minimum committed score (rule D4). */
public enum UseCase {
  payment(40),
  escrow(60),
  lending(70),
  marketplace(50);

  public static final UseCase DEFAULT = payment;

  private final int minimumScore;

  UseCase(int minimumScore) {
    this.minimumScore = minimumScore;
  }

  public int minimumScore() {
    return minimumScore;
  }

  /** Absent means the default; an unknown value is empty so the edge can reject it. */
  public static Optional<UseCase> parse(String raw) {
    if (raw == null) {
      return Optional.of(DEFAULT);
    }
    for (UseCase u : values()) {
      if (u.name().equals(raw)) {
        return Optional.of(u);
      }
    }
    return Optional.empty();
  }
}
