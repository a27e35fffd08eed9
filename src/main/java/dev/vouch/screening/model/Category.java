package dev.vouch.screening.model;

import java.util.Locale;

/** The fixed label categories (issue 24). High risk: value from them taints the source of funds. */
public enum Category {
  sanctioned(true), mixer(true), scam(true), stolen_funds(true), darknet(true), ransomware(true),
  exchange(false), bridge(false), gambling(false);

  private final boolean highRisk;

  Category(boolean highRisk) {
    this.highRisk = highRisk;
  }

  public boolean highRisk() {
    return highRisk;
  }

  /** The category named {@code s} (case-insensitive); null when none is. */
  public static Category parse(String s) {
    if (s == null) {
      return null;
    }
    try {
      return valueOf(s.trim().toLowerCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
