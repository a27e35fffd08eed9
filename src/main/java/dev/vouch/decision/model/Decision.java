package dev.vouch.decision.model;

import java.util.List;

/** Data of the decision read (SPEC 2.2); field order is the wire order. */
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
    String decisionModelVersion) implements DecisionFields {}
