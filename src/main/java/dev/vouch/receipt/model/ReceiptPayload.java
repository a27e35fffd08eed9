package dev.vouch.receipt.model;

import dev.vouch.decision.model.Coded;
import dev.vouch.decision.model.Decision;
import dev.vouch.decision.model.DecisionFields;
import dev.vouch.decision.model.EvidenceUse;
import dev.vouch.decision.model.Freshness;
import dev.vouch.decision.model.RecommendedLimit;
import dev.vouch.decision.model.UseCase;
import dev.vouch.decision.model.Verdict;
import java.util.List;

/**
 * What a receipt attests (SPEC 2.5): the decision without its volatile coverage block. This is
 * exactly what is canonicalized (RFC 8785), hashed into {@code payloadHash} and signed.
 */
public record ReceiptPayload(
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
    String scoreModelVersion,
    String decisionModelVersion) implements DecisionFields {

  public static ReceiptPayload of(Decision d) {
    return new ReceiptPayload(d.wallet(), d.username(), d.useCase(), d.decision(), d.riskLevel(),
        d.recommendedLimit(), d.reasons(), d.warnings(), d.score(), d.evidence(), d.freshness(),
        d.scoreModelVersion(), d.decisionModelVersion());
  }
}
