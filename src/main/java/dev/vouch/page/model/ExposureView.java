package dev.vouch.page.model;

import dev.vouch.exposure.model.CategoryExposure;
import dev.vouch.exposure.model.Direction;
import dev.vouch.exposure.model.EvidenceItem;
import dev.vouch.exposure.model.ExposureReport;
import dev.vouch.exposure.model.ExposureSummary;
import dev.vouch.screening.model.Category;
import java.math.BigDecimal;
import java.util.List;

/**
 * Exposure as a compliance reviewer reads it: source of funds (in) and destination of funds (out)
 * by category, then the evidence list. Words only; the figures are the exposure read's.
 */
public record ExposureView(ExposureReport report) {

  public static ExposureView of(ExposureReport r) {
    return r == null || r.lastIndexedAt() == null ? null : new ExposureView(r);
  }

  public List<CategoryExposure> source() {
    return report.direct().stream().filter(f -> f.direction() == Direction.in).toList();
  }

  public List<CategoryExposure> destination() {
    return report.direct().stream().filter(f -> f.direction() == Direction.out).toList();
  }

  public List<CategoryExposure> indirect() {
    return report.indirect();
  }

  public List<EvidenceItem> evidence() {
    return report.evidence();
  }

  public String sanctions() {
    return sanctions(report.summary());
  }

  /** The sanctions line of a summary: direct, indirect or none, in words. */
  public static String sanctions(ExposureSummary summary) {
    return switch (summary.sanctions()) {
      case "direct" -> "Direct: this wallet dealt with a sanctioned address itself.";
      case "indirect" -> "Indirect: a counterparty of this wallet dealt with a sanctioned address.";
      default -> "None found.";
    };
  }

  public static String category(CategoryExposure f) {
    return f.category().name().replace('_', ' ');
  }

  public static String category(EvidenceItem e) {
    return e.category().name().replace('_', ' ');
  }

  public static String direction(EvidenceItem e) {
    return e.direction() == Direction.in ? "received from" : "sent to";
  }

  /**
   * A category figure's value: native coins are never valued (V70), so a figure of native flows
   * alone says so rather than "0.00 USD", which would read as a valued zero.
   */
  public static String value(CategoryExposure f) {
    return f.usd() == null || f.usd().signum() == 0 ? "not valued" : usd(f.usd());
  }

  /** Categories in words, or {@code none}. */
  public static String categories(List<Category> categories) {
    return categories.isEmpty() ? "none"
        : String.join(", ", categories.stream().map(c -> c.name().replace('_', ' ')).toList());
  }

  public static String usd(BigDecimal usd) {
    return usd == null ? "not valued" : usd.toPlainString() + " USD";
  }

  public static String share(BigDecimal share) {
    return share == null ? "no valued flow" : share.movePointRight(2).stripTrailingZeros().toPlainString() + " %";
  }

  public static String asset(EvidenceItem e) {
    return e.token() == null ? "native coin" : e.symbol();
  }

  public static String transfers(int n) {
    return n + (n == 1 ? " transfer" : " transfers");
  }
}
