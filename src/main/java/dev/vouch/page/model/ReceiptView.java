package dev.vouch.page.model;

import dev.vouch.receipt.model.Receipt;

/**
 * A receipt as /check/r/<id> shows it. {@code signature} says whether the detached JWS verified
 * against the published key named by its kid; {@code shareUrl} is the absolute link to hand over.
 */
public record ReceiptView(
    String id,
    String createdAt,
    String payloadHash,
    DecisionWords words,
    String freshness,
    Signature signature,
    String shareUrl) {

  public static ReceiptView of(Receipt r, boolean verified, String kid, String detail, String shareUrl) {
    String alg = r.signature() == null ? null : r.signature().alg();
    return new ReceiptView(r.id(), Words.utc(r.createdAt()), r.payloadHash(), DecisionWords.of(r.payload()),
        Words.freshnessAtMint(r.payload().freshness(), r.createdAt()),
        new Signature(verified, kid, alg, verified ? "Signature verified" : "Not verified: " + detail), shareUrl);
  }

  /** The outcome of checking the receipt's signature server side. */
  public record Signature(boolean verified, String kid, String algorithm, String words) {}
}
