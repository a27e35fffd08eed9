package dev.vouch.decision.model;

import java.util.List;

/** Which evidence fields the verdict consumed and which were unavailable. */
public record EvidenceUse(List<String> used, List<String> missing) {}
