package dev.vouch.page.model;

import dev.vouch.exposure.model.ExposureReport;
import dev.vouch.exposure.model.ExposureSummary;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;

/**
 * The exposure a receipt attests (its signed summary) and, beside it, the wallet's exposure read
 * now: live, not part of the receipt. The live figures are shown only when they are the evidence
 * behind the summary: the read is of the snapshot the receipt rests on (its commit time is the
 * receipt's lastIndexedAt) and gives the same figures. Like is compared with like: snapshot with
 * snapshot, figures with figures. The labels version is not a figure: the attested one is the
 * version the stored summary was computed with, the live one the version loaded now, and a
 * refresh that changes nothing for this wallet leaves its stored summary (and version) as it was.
 *
 * @param figures the live figures behind the summary; null when they are not
 * @param live what the live figures are, when shown
 * @param later why the live figures are not shown, when they are not
 */
public record ReceiptExposure(ExposureSummary summary, ExposureView figures, String live, String later) {

  public static ReceiptExposure of(ExposureSummary attested, Instant lastIndexedAt, ExposureReport current,
      ChainLinks chains) {
    if (attested == null) {
      return null;
    }
    if (current == null || current.lastIndexedAt() == null) {
      return new ReceiptExposure(attested, null, null,
          "Vouch holds no indexed evidence for this wallet now: there is nothing live to show beside the summary.");
    }
    if (!current.lastIndexedAt().equals(lastIndexedAt)) {
      String now = Words.utc(current.lastIndexedAt());
      String then = Words.utc(lastIndexedAt);
      return new ReceiptExposure(attested, null, null, lastIndexedAt == null || current.lastIndexedAt().isAfter(lastIndexedAt)
          ? "Vouch has indexed this wallet again since the evidence this receipt rests on (" + then
              + "): its current evidence is of " + now + "."
          : "The wallet's current evidence (of " + now + ") is not the evidence this receipt rests on (of " + then
              + ").");
    }
    String versions = Objects.equals(attested.labelsVersion(), current.summary().labelsVersion()) ? null
        : "labels now in force (version " + current.summary().labelsVersion() + ")";
    if (!same(current.summary(), attested)) {
      return new ReceiptExposure(attested, null, null, "The " + (versions == null ? "labels now in force" : versions)
          + " give the snapshot this receipt rests on a different exposure than the one attested (computed with labels version "
          + attested.labelsVersion() + ").");
    }
    String live = "Read now from the same snapshot this receipt rests on (evidence of " + Words.utc(lastIndexedAt)
        + "); it gives the same summary as the one attested."
        + (versions == null ? "" : " The " + versions + " are not those the attested summary was computed with ("
            + attested.labelsVersion() + "), but they change nothing for this wallet.");
    return new ReceiptExposure(attested, new ExposureView(current, chains), live, null);
  }

  /**
   * Equal figures, the labels version aside. A receipt's stored payload is its canonical JSON,
   * where 0.00 reads back as 0, so decimals compare by value, not scale.
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
        && num(a.indirectSanctionedShare(), b.indirectSanctionedShare());
  }

  private static boolean num(BigDecimal a, BigDecimal b) {
    return a == null ? b == null : b != null && a.compareTo(b) == 0;
  }

  public String sanctions() {
    return ExposureView.sanctions(summary);
  }
}
