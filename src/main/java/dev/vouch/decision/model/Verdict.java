package dev.vouch.decision.model;

/** Ordered from worst to best so compareTo reads as "at least as good". */
public enum Verdict {
  block, caution, allow
}
