package dev.vouch.decision.model;

import java.time.Instant;

/** Freshness block of SPEC 2.2; lastIndexedAt is null for a baseline. */
public record Freshness(
    String cacheStatus, Instant lastIndexedAt, boolean refreshInProgress, boolean refreshRecommended) {

  public static final String CACHED = "cached";
  public static final String INDEXING_REQUIRED = "indexing_required";
}
