package dev.vouch.decision.model;

import dev.vouch.score.model.Breakdown;
import dev.vouch.score.model.Evidence;
import java.time.Instant;
import java.util.List;

/** The latest committed snapshot of a wallet, as the decision model reads it. */
public record CommittedSnapshot(
    int score,
    Breakdown breakdown,
    Evidence evidence,
    String scoreModelVersion,
    Instant committedAt,
    List<String> activeChains,
    List<ChainCoverage> coverage) {}
