package dev.vouch.page.model;

import dev.vouch.decision.model.Decision;
import dev.vouch.decision.model.Freshness;
import java.time.Instant;

/** A decision as the /check page shows it. */
public record DecisionView(DecisionWords words, String freshness, boolean baseline, boolean indexing) {

  public static DecisionView of(Decision d, Instant now) {
    return new DecisionView(DecisionWords.of(d), Words.freshness(d.freshness(), now),
        Freshness.INDEXING_REQUIRED.equals(d.freshness().cacheStatus()), d.freshness().refreshInProgress());
  }

  /** A baseline with no run in flight: the page offers to start indexing. */
  public boolean canStartIndexing() {
    return baseline && !indexing;
  }
}
