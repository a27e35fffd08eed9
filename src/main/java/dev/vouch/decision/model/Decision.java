package dev.vouch.decision.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.vouch.exposure.model.ExposureSummary;
import java.util.List;

/**
 * Data of the decision read (SPEC 2.2); field order is the wire order.
 *
 * @param exposure the exposure summary the verdict read (issue 24, additive); absent when the
 *     wallet's snapshot has none (committed before exposure was stored, or no snapshot)
 * @param policy the customer policy the verdict was reached with (issue 32, additive); absent
 *     for the default policy, so answers to callers without one are unchanged
 */
public record Decision(
    String wallet,
    String username,
    UseCase useCase,
    Verdict decision,
    String riskLevel,
    RecommendedLimit recommendedLimit,
    List<Coded> reasons,
    List<Coded> warnings,
    int score,
    EvidenceUse evidence,
    Freshness freshness,
    Coverage coverage,
    String scoreModelVersion,
    String decisionModelVersion,
    @JsonInclude(JsonInclude.Include.NON_NULL) ExposureSummary exposure,
    @JsonInclude(JsonInclude.Include.NON_NULL) PolicyRef policy) implements DecisionFields {

  public Decision(String wallet, String username, UseCase useCase, Verdict decision, String riskLevel,
      RecommendedLimit recommendedLimit, List<Coded> reasons, List<Coded> warnings, int score, EvidenceUse evidence,
      Freshness freshness, Coverage coverage, String scoreModelVersion, String decisionModelVersion,
      ExposureSummary exposure) {
    this(wallet, username, useCase, decision, riskLevel, recommendedLimit, reasons, warnings, score, evidence,
        freshness, coverage, scoreModelVersion, decisionModelVersion, exposure, null);
  }

  public Decision(String wallet, String username, UseCase useCase, Verdict decision, String riskLevel,
      RecommendedLimit recommendedLimit, List<Coded> reasons, List<Coded> warnings, int score, EvidenceUse evidence,
      Freshness freshness, Coverage coverage, String scoreModelVersion, String decisionModelVersion) {
    this(wallet, username, useCase, decision, riskLevel, recommendedLimit, reasons, warnings, score, evidence,
        freshness, coverage, scoreModelVersion, decisionModelVersion, null, null);
  }
}
