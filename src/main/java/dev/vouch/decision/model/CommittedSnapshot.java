package dev.vouch.decision.model;

import dev.vouch.score.model.Breakdown;
import dev.vouch.score.model.Evidence;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The latest committed snapshot of a wallet, as the decision model reads it.
 *
 * @param flaggedLists distinct flagged counterparties per screening list name
 */
public record CommittedSnapshot(
    int score,
    Breakdown breakdown,
    Evidence evidence,
    String scoreModelVersion,
    Instant committedAt,
    List<String> activeChains,
    List<ChainCoverage> coverage,
    Map<String, Integer> flaggedLists) {

  public CommittedSnapshot {
    flaggedLists = flaggedLists == null ? Map.of() : java.util.Collections.unmodifiableSortedMap(new TreeMap<>(flaggedLists));
  }

  public CommittedSnapshot(int score, Breakdown breakdown, Evidence evidence, String scoreModelVersion,
      Instant committedAt, List<String> activeChains, List<ChainCoverage> coverage) {
    this(score, breakdown, evidence, scoreModelVersion, committedAt, activeChains, coverage, Map.of());
  }
}
