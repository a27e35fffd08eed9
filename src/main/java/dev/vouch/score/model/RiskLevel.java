package dev.vouch.score.model;

/** Score bands with the label and badge text clients see. */
public enum RiskLevel {
  NO_EVIDENCE("Unrated", "No evidence yet"),
  HIGH_RISK("High Risk", "Risk signals found"),
  TRUSTED("Trusted", "Trusted wallet"),
  RELIABLE("Reliable", "Reliable wallet"),
  MODERATE("Moderate", "Moderate history"),
  EMERGING("Emerging", "Emerging wallet"),
  UNPROVEN("Unproven", "Little on-chain history");

  private final String label;
  private final String badge;

  RiskLevel(String label, String badge) {
    this.label = label;
    this.badge = badge;
  }

  public String label() {
    return label;
  }

  public String badge() {
    return badge;
  }
}
