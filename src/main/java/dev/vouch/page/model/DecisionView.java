package dev.vouch.page.model;

import dev.vouch.decision.model.Coded;
import dev.vouch.decision.model.Decision;
import dev.vouch.decision.model.Freshness;
import java.time.Instant;
import java.util.List;

/** A decision as the /check page shows it. */
public record DecisionView(
    String wallet,
    String username,
    String useCase,
    String verdict,
    String verdictTitle,
    String verdictSentence,
    String riskLevel,
    int score,
    String limit,
    String limitBasis,
    List<Coded> reasons,
    List<Coded> warnings,
    String freshness,
    boolean baseline,
    boolean indexing,
    String scoreModelVersion,
    String decisionModelVersion) {

  public static DecisionView of(Decision d, Instant now) {
    return new DecisionView(d.wallet(), d.username(), d.useCase().name(), d.decision().name(),
        Words.verdictTitle(d.decision()), Words.verdictSentence(d.decision(), d.useCase()), d.riskLevel(),
        d.score(), Words.limit(d.recommendedLimit()), d.recommendedLimit().basis(), d.reasons(), d.warnings(),
        Words.freshness(d.freshness(), now), Freshness.INDEXING_REQUIRED.equals(d.freshness().cacheStatus()),
        d.freshness().refreshInProgress(), d.scoreModelVersion(), d.decisionModelVersion());
  }

  /** A baseline with no run in flight: the page offers to start indexing. */
  public boolean canStartIndexing() {
    return baseline && !indexing;
  }
}
