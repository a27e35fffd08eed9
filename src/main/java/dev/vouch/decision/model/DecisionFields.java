package dev.vouch.decision.model;

import java.util.List;

/**
 * The fields a decision shares with what a receipt attests of it, so code that shows either
 * (the pages) reads them through one type. Accessor names are the record components' names.
 */
public interface DecisionFields {
  String wallet();

  String username();

  UseCase useCase();

  Verdict decision();

  String riskLevel();

  RecommendedLimit recommendedLimit();

  List<Coded> reasons();

  List<Coded> warnings();

  int score();

  EvidenceUse evidence();

  Freshness freshness();

  String scoreModelVersion();

  String decisionModelVersion();

  /** The exposure summary the verdict read; null when none was known. */
  dev.vouch.exposure.model.ExposureSummary exposure();
}
