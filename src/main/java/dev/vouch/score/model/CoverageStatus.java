package dev.vouch.score.model;

/** Per-chain coverage status of SPEC 2.2. */
public enum CoverageStatus {
  indexed, error, limited
}
