package dev.vouch.page.model;

import dev.vouch.decision.model.Coded;
import dev.vouch.receipt.model.Receipt;
import dev.vouch.receipt.model.ReceiptPayload;
import java.util.List;

/**
 * A receipt as /check/r/<id> shows it. {@code signature} says whether the detached JWS verified
 * against the published key named by its kid; {@code shareUrl} is the absolute link to hand over.
 */
public record ReceiptView(
    String id,
    String createdAt,
    String payloadHash,
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
    String scoreModelVersion,
    String decisionModelVersion,
    Signature signature,
    String shareUrl) {

  public static ReceiptView of(Receipt r, boolean verified, String kid, String detail, String shareUrl) {
    ReceiptPayload p = r.payload();
    String alg = r.signature() == null ? null : r.signature().alg();
    return new ReceiptView(r.id(), Words.utc(r.createdAt()), r.payloadHash(), p.wallet(), p.username(),
        p.useCase().name(), p.decision().name(), Words.verdictTitle(p.decision()),
        Words.verdictSentence(p.decision(), p.useCase()), p.riskLevel(), p.score(), Words.limit(p.recommendedLimit()),
        p.recommendedLimit().basis(), p.reasons(), p.warnings(), Words.freshnessAtMint(p.freshness(), r.createdAt()),
        p.scoreModelVersion(), p.decisionModelVersion(),
        new Signature(verified, kid, alg, verified ? "Signature verified" : "Not verified: " + detail), shareUrl);
  }

  /** The outcome of checking the receipt's signature server side. */
  public record Signature(boolean verified, String kid, String algorithm, String words) {}
}
