package dev.vouch.page.model;

import dev.vouch.exposure.model.CategoryExposure;
import dev.vouch.exposure.model.Direction;
import dev.vouch.exposure.model.EvidenceItem;
import dev.vouch.exposure.model.ExposureReport;
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
    return switch (report.summary().sanctions()) {
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
