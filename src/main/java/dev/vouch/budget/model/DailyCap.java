package dev.vouch.budget.model;

/** Daily start caps of SPEC 8.3, counted per UTC day. */
public enum DailyCap {
  /** Intake starts and first-index refreshes. */
  scanStarts,
  /** Re-index refresh starts; not available to anonymous callers (cap 0). */
  reindexStarts
}
