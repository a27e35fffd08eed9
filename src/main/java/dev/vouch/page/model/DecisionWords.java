package dev.vouch.page.model;

import dev.vouch.decision.model.Coded;
import dev.vouch.decision.model.DecisionFields;
import java.util.List;

/**
 * A decision in the words both the /check page and a receipt page show; each view adds its own
 * freshness wording (now versus at mint) and what else it needs.
 */
public record DecisionWords(
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
    String scoreModelVersion,
    String decisionModelVersion) {

  public static DecisionWords of(DecisionFields d) {
    return new DecisionWords(d.wallet(), d.username(), d.useCase().name(), d.decision().name(),
        Words.verdictTitle(d.decision()), Words.verdictSentence(d.decision(), d.useCase()), d.riskLevel(),
        d.score(), Words.limit(d.recommendedLimit()), d.recommendedLimit().basis(), d.reasons(), Words.forPeople(d.warnings()),
        d.scoreModelVersion(), d.decisionModelVersion());
  }
}
