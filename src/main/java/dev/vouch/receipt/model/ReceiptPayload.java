package dev.vouch.receipt.model;

import dev.vouch.decision.model.Coded;
import dev.vouch.decision.model.Decision;
import dev.vouch.decision.model.DecisionFields;
import dev.vouch.decision.model.EvidenceUse;
import dev.vouch.decision.model.PolicyRef;
import dev.vouch.decision.model.Freshness;
import dev.vouch.decision.model.RecommendedLimit;
import dev.vouch.decision.model.UseCase;
import dev.vouch.decision.model.Verdict;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.vouch.exposure.model.ExposureSummary;
import java.util.List;

/**
 * What a receipt attests (SPEC 2.5): the decision without its volatile coverage block. This is
 * exactly what is canonicalized (RFC 8785), hashed into {@code payloadHash} and signed.
 *
 * @param exposure the exposure summary the verdict rests on, so it is hashed and signed with it;
 *     omitted when null, so a receipt issued before it existed canonicalizes to the same bytes
 * @param policy the customer policy the verdict was reached with (issue 32), hashed and signed
 *     with it; omitted for the default policy, so such receipts keep their bytes and hash
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
    String decisionModelVersion,
    @JsonInclude(JsonInclude.Include.NON_NULL) ExposureSummary exposure,
    @JsonInclude(JsonInclude.Include.NON_NULL) PolicyRef policy) implements DecisionFields {

  public ReceiptPayload(String wallet, String username, UseCase useCase, Verdict decision, String riskLevel,
      RecommendedLimit recommendedLimit, List<Coded> reasons, List<Coded> warnings, int score, EvidenceUse evidence,
      Freshness freshness, String scoreModelVersion, String decisionModelVersion, ExposureSummary exposure) {
    this(wallet, username, useCase, decision, riskLevel, recommendedLimit, reasons, warnings, score, evidence,
        freshness, scoreModelVersion, decisionModelVersion, exposure, null);
  }

  /** A payload without an exposure summary (as every receipt before issue 24). */
  public ReceiptPayload(String wallet, String username, UseCase useCase, Verdict decision, String riskLevel,
      RecommendedLimit recommendedLimit, List<Coded> reasons, List<Coded> warnings, int score, EvidenceUse evidence,
      Freshness freshness, String scoreModelVersion, String decisionModelVersion) {
    this(wallet, username, useCase, decision, riskLevel, recommendedLimit, reasons, warnings, score, evidence,
        freshness, scoreModelVersion, decisionModelVersion, null, null);
  }

  public static ReceiptPayload of(Decision d) {
    return new ReceiptPayload(d.wallet(), d.username(), d.useCase(), d.decision(), d.riskLevel(),
        d.recommendedLimit(), d.reasons(), d.warnings(), d.score(), d.evidence(), d.freshness(),
        d.scoreModelVersion(), d.decisionModelVersion(), d.exposure(), d.policy());
  }
}
