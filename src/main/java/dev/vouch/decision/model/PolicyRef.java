package dev.vouch.decision.model;

/**
 * Names the customer policy a verdict was reached with (issue 32 item 3): its id, the version in
 * force, and the SHA-256 (lowercase hex) of its canonical JSON, so a receipt can be re-checked
 * against the exact thresholds later. Absent (null) for the default policy.
 */
public record PolicyRef(String id, int version, String hash) {}
