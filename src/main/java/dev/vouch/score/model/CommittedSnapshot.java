package dev.vouch.score.model;

import dev.vouch.exposure.model.ExposureSummary;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The latest committed snapshot of a wallet, as the decision model reads it.
 *
 * @param flaggedLists distinct flagged counterparties per screening list name
 * @param evidenceReadAt when the oldest evidence in it was read: earlier than committedAt when a
 *     chain kept the evidence of an earlier snapshot after a transient failure; null = committedAt
 * @param exposure the exposure summary computed at commit (V82); null for a snapshot committed
 *     before exposure was stored, which the decision then reads as decision_v0.5 did
 */
public record CommittedSnapshot(
    int score,
    Breakdown breakdown,
    Evidence evidence,
    String scoreModelVersion,
    Instant committedAt,
    List<String> activeChains,
    List<ChainCoverage> coverage,
    Map<String, Integer> flaggedLists,
    Instant evidenceReadAt,
    ExposureSummary exposure) {

  public CommittedSnapshot {
    flaggedLists = flaggedLists == null ? Map.of() : java.util.Collections.unmodifiableSortedMap(new TreeMap<>(flaggedLists));
    evidenceReadAt = evidenceReadAt == null || evidenceReadAt.isAfter(committedAt) ? committedAt : evidenceReadAt;
  }

  public CommittedSnapshot(int score, Breakdown breakdown, Evidence evidence, String scoreModelVersion,
      Instant committedAt, List<String> activeChains, List<ChainCoverage> coverage, Map<String, Integer> flaggedLists,
      Instant evidenceReadAt) {
    this(score, breakdown, evidence, scoreModelVersion, committedAt, activeChains, coverage, flaggedLists,
        evidenceReadAt, null);
  }

  public CommittedSnapshot(int score, Breakdown breakdown, Evidence evidence, String scoreModelVersion,
      Instant committedAt, List<String> activeChains, List<ChainCoverage> coverage, Map<String, Integer> flaggedLists) {
    this(score, breakdown, evidence, scoreModelVersion, committedAt, activeChains, coverage, flaggedLists, null);
  }

  /** D6: some of the evidence was read longer ago than staleAfter (carried evidence counts by its own time). */
  public boolean staleAt(Instant now, java.time.Duration staleAfter) {
    return evidenceReadAt.plus(staleAfter).isBefore(now);
  }

  public CommittedSnapshot(int score, Breakdown breakdown, Evidence evidence, String scoreModelVersion,
      Instant committedAt, List<String> activeChains, List<ChainCoverage> coverage) {
    this(score, breakdown, evidence, scoreModelVersion, committedAt, activeChains, coverage, Map.of());
  }
}
