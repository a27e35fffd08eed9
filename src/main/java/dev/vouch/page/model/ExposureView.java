package dev.vouch.page.model;

import dev.vouch.exposure.model.CategoryExposure;
import dev.vouch.exposure.model.Direction;
import dev.vouch.exposure.model.EvidenceItem;
import dev.vouch.exposure.model.ExposureReport;
import dev.vouch.exposure.model.ExposureSummary;
import dev.vouch.screening.model.Category;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * Exposure as a compliance reviewer reads it: source of funds (in) and destination of funds (out)
 * by category, then the evidence list. Words only; the figures are the exposure read's. Chains
 * are named and hashes linked through the catalogue; amounts print with thousands separators in
 * one fixed locale, so every page says the same.
 */
public record ExposureView(ExposureReport report, ChainLinks chains) {

  public ExposureView {
    chains = chains == null ? ChainLinks.NONE : chains;
  }

  public static ExposureView of(ExposureReport r, ChainLinks chains) {
    return r == null || r.lastIndexedAt() == null ? null : new ExposureView(r, chains);
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

  /** How complete the trace of intermediaries is, in words; null when the wallet was never traced. */
  public String trace() {
    return trace(report.summary().trace());
  }

  public static String trace(dev.vouch.pathtrace.model.TraceStatus t) {
    if (t == null) {
      return null;
    }
    String of = t.indexed() + " of " + intermediaries(t.wanted()) + " on this wallet's valued paths indexed";
    return switch (t.status()) {
      case "complete" -> t.wanted() == 0 ? "Complete: no unindexed intermediary on this wallet's valued paths."
          : "Complete: " + of + ".";
      case "pending" -> "In progress: " + of + ", " + t.pending()
          + " queued; indirect exposure may still change.";
      default -> "Partial: " + of + (t.skippedByBudget() > 0 ? ", " + t.skippedByBudget() + " skipped by the tracing budget" : "")
          + (t.unreached() > 0 ? ", " + t.unreached() + " could not be read" : "")
          + "; indirect exposure may be understated.";
    };
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

  /** "80,000.00 USD": separators and two decimals whatever the server's locale. */
  public static String usd(BigDecimal usd) {
    return usd == null ? "not valued" : String.format(Locale.ROOT, "%,.2f USD", usd.setScale(2, RoundingMode.HALF_UP));
  }

  public static String share(BigDecimal share) {
    return share == null ? "no valued flow" : share.movePointRight(2).stripTrailingZeros().toPlainString() + " %";
  }

  public static String transfers(int n) {
    return n + (n == 1 ? " transfer" : " transfers");
  }

  /** "1 counterparty", "3 counterparties". */
  public static String counterparties(int n) {
    return n + (n == 1 ? " counterparty" : " counterparties");
  }

  /** "1 intermediary", "2 intermediaries". */
  public static String intermediaries(int n) {
    return n + (n == 1 ? " intermediary" : " intermediaries");
  }

  /** An indirect figure in words: through whom, and this wallet's value-weighted part. */
  public static String indirect(CategoryExposure f) {
    return category(f) + ", " + (f.direction() == Direction.in ? "source" : "destination") + " of funds: through "
        + intermediaries(f.counterparties()) + "; this wallet's value-weighted share: " + value(f)
        + (f.share() == null ? "" : " (" + share(f.share()) + " of its valued " + (f.direction() == Direction.in
            ? "inflow" : "outflow") + ")");
  }

  public String chain(EvidenceItem e) {
    return chains.name(e.chainId());
  }

  /** "1,500.00 USD in USDC"; an unvalued asset says so ("native coin (ETH, not valued)"). */
  public String amount(EvidenceItem e) {
    if (e.token() == null) {
      String symbol = chains.symbol(e.chainId());
      return "native coin (" + (symbol == null ? "" : symbol + ", ") + "not valued)";
    }
    return e.usd() == null ? e.symbol() + " (not valued)" : usd(e.usd()) + " in " + e.symbol();
  }

  /**
   * Who moved the funds, before the counterparty: "This wallet received 1,500.00 USD in USDC
   * from" (direct) or "received 80,000.00 USD in USDC from" after the intermediary (indirect: the
   * intermediary's own transfers, not this wallet's).
   */
  public String movement(EvidenceItem e) {
    String verb = e.direction() == Direction.in ? "received " : "sent ";
    String preposition = e.direction() == Direction.in ? " from" : " to";
    return (e.via() == null ? "This wallet " : "") + verb + amount(e) + preposition;
  }

  /** The labelled counterparty's label, category and list. */
  public static String labelled(EvidenceItem e) {
    return "(" + e.label() + ", " + category(e) + ", " + e.source() + ")";
  }

  /** "in 1 transfer on Arc Testnet, 2026-11-20 10:00 UTC" (or "... to ..." for a span). */
  public String where(EvidenceItem e) {
    StringBuilder s = new StringBuilder("in ").append(transfers(e.transfers())).append(" on ").append(chain(e));
    if (e.firstAt() != null) {
      String first = Words.utc(e.firstAt());
      String last = Words.utc(e.lastAt());
      s.append(", ").append(first.equals(last) || e.lastAt() == null ? first : first + " to " + last);
    }
    return s.toString();
  }

  /**
   * For an indirect item, this wallet's part of the intermediary's flow. It is exact when one
   * intermediary carries the category in that direction and the list is whole: the figure's value
   * split over that intermediary's flows of the category in proportion to their value (the model
   * weights each flow so). Otherwise the figure above holds it, shared with other intermediaries.
   */
  public String shareThrough(EvidenceItem e) {
    if (e.via() == null) {
      return null;
    }
    if (e.usd() == null) {
      return "not valued, so it adds nothing to this wallet's value-weighted share";
    }
    CategoryExposure f = report.indirect().stream()
        .filter(x -> x.category() == e.category() && x.direction() == e.direction()).findFirst().orElse(null);
    if (f == null || f.usd() == null || f.counterparties() != 1 || report.evidenceTruncated()) {
      return "this wallet's share through it is part of the one-hop figure above";
    }
    BigDecimal flows = BigDecimal.ZERO;
    Set<List<Object>> seen = new HashSet<>();
    for (EvidenceItem o : report.evidence()) {
      if (Objects.equals(o.via(), e.via()) && o.category() == e.category() && o.direction() == e.direction()
          && o.usd() != null && seen.add(List.of(o.counterparty(), o.chainId(), String.valueOf(o.token())))) {
        flows = flows.add(o.usd());
      }
    }
    if (flows.signum() == 0) {
      return "this wallet's share through it is part of the one-hop figure above";
    }
    return "this wallet's share through it: " + usd(f.usd().multiply(e.usd()).divide(flows, 2, RoundingMode.HALF_UP));
  }

  /** A transaction's explorer page, null when its chain has none. */
  public String txUrl(EvidenceItem e, String hash) {
    return chains.txUrl(e.chainId(), hash);
  }

  /** A hash short enough for a phone's line: "0x1111aa…aa11". */
  public static String shortHash(String hash) {
    return hash.length() <= 16 ? hash : hash.substring(0, 8) + "…" + hash.substring(hash.length() - 6);
  }
}
