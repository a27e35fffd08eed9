package dev.vouch.decision.model;

import dev.vouch.score.model.ChainCoverage;

import java.util.List;

/** The coverage block of a decision (SPEC 2.2). */
public record Coverage(
    List<ChainCoverage> chains,
    boolean historyCapped,
    boolean hasTransientIssues,
    boolean hasStandingLimitations) {

  public static final Coverage NONE = new Coverage(List.of(), false, false, false);

  public static Coverage of(List<ChainCoverage> chains) {
    boolean capped = false;
    boolean transientIssues = false;
    boolean standing = false;
    for (ChainCoverage c : chains) {
      capped |= Boolean.TRUE.equals(c.historyCapped());
      transientIssues |= c.transient_();
      standing |= c.standing();
    }
    return new Coverage(List.copyOf(chains), capped, transientIssues, standing);
  }
}
