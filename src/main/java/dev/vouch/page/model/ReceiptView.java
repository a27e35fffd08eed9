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
    String shareUrl,
    ReceiptExposure exposure,
    // The customer policy named in the signed payload (issue 32 item 3); null for the default.
    dev.vouch.decision.model.PolicyRef policy) {

  public static ReceiptView of(Receipt r, boolean verified, String kid, String detail, String shareUrl) {
    return of(r, verified, kid, detail, shareUrl, null);
  }

  public static ReceiptView of(Receipt r, boolean verified, String kid, String detail, String shareUrl,
      dev.vouch.exposure.model.ExposureReport current) {
    return of(r, verified, kid, detail, shareUrl, current, ChainLinks.NONE);
  }

  /** With the wallet's exposure read, shown live beside the attested summary when it is its evidence. */
  public static ReceiptView of(Receipt r, boolean verified, String kid, String detail, String shareUrl,
      dev.vouch.exposure.model.ExposureReport current, ChainLinks chains) {
    String alg = r.signature() == null ? null : r.signature().alg();
    return new ReceiptView(r.id(), Words.utc(r.createdAt()), r.payloadHash(), DecisionWords.of(r.payload()),
        Words.freshnessAtMint(r.payload().freshness(), r.createdAt()),
        new Signature(verified, kid, alg, verified ? "Signature verified" : "Not verified: " + detail), shareUrl,
        ReceiptExposure.of(r.payload().exposure(),
            r.payload().freshness() == null ? null : r.payload().freshness().lastIndexedAt(), current, chains),
        r.payload().policy());
  }

  /** The outcome of checking the receipt's signature server side. */
  public record Signature(boolean verified, String kid, String algorithm, String words) {}
}
