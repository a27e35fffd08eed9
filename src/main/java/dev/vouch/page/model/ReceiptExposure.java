package dev.vouch.page.model;

import dev.vouch.exposure.model.ExposureReport;
import dev.vouch.exposure.model.ExposureSummary;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;

/**
 * The exposure a receipt attests (its hashed summary) and, when they are the figures behind it,
 * the category table and evidence list of the wallet's exposure read: the read is of the same
 * snapshot (its commit time is the receipt's lastIndexedAt) and gives the same summary (the same
 * labels). Otherwise only the attested summary is shown, with a pointer to the current read.
 *
 * @param figures the figures behind the summary; null when the wallet was indexed again or the
 *     labels changed since the receipt was minted
 */
public record ReceiptExposure(ExposureSummary summary, ExposureView figures) {

  public static ReceiptExposure of(ExposureSummary attested, Instant lastIndexedAt, ExposureReport current) {
    if (attested == null) {
      return null;
    }
    boolean same = current != null && current.lastIndexedAt() != null
        && current.lastIndexedAt().equals(lastIndexedAt) && same(current.summary(), attested);
    return new ReceiptExposure(attested, same ? new ExposureView(current) : null);
  }

  /**
   * Equal figures: a receipt's stored payload is its canonical JSON, where 0.00 reads back as 0,
   * so decimals compare by value, not scale.
   */
  static boolean same(ExposureSummary a, ExposureSummary b) {
    return a.sanctions().equals(b.sanctions()) && a.sourceCategories().equals(b.sourceCategories())
        && a.destinationCategories().equals(b.destinationCategories())
        && a.sanctionedInTransfers() == b.sanctionedInTransfers()
        && a.sanctionedInUnvaluedTransfers() == b.sanctionedInUnvaluedTransfers() && num(a.sanctionedInUsd(), b.sanctionedInUsd())
        && num(a.sanctionedInShare(), b.sanctionedInShare())
        && a.sanctionedInUnsolicited() == b.sanctionedInUnsolicited()
        && a.sanctionedOutTransfers() == b.sanctionedOutTransfers() && num(a.highRiskInUsd(), b.highRiskInUsd())
        && num(a.highRiskInShare(), b.highRiskInShare()) && a.highRiskOutTransfers() == b.highRiskOutTransfers()
        && num(a.indirectSanctionedShare(), b.indirectSanctionedShare())
        && Objects.equals(a.labelsVersion(), b.labelsVersion());
  }

  private static boolean num(BigDecimal a, BigDecimal b) {
    return a == null ? b == null : b != null && a.compareTo(b) == 0;
  }

  public String sanctions() {
    return ExposureView.sanctions(summary);
  }
}
