package dev.vouch.decision.model;

import dev.vouch.score.model.CommittedSnapshot;
import dev.vouch.score.model.ChainCoverage;
import dev.vouch.score.model.CoverageStatus;

import dev.vouch.graph.model.TrustSignals;
import dev.vouch.score.model.Evidence;
import dev.vouch.score.model.ScoreModel;
import dev.vouch.score.model.ScoreResult;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Builders for decision inputs used by the rule tests and properties. */
final class Inputs {

  static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");
  static final String ARC = "Arc Testnet";
  static final String WALLET = "0x" + "ab".repeat(20);

  static final List<ChainCoverage> FULL = List.of(
      new ChainCoverage(ARC, CoverageStatus.indexed, false, false, false, true),
      new ChainCoverage("Ethereum Mainnet", CoverageStatus.indexed, false, false, false, true));

  static final TrustSignals TRUSTED = new TrustSignals(3, 2, 5, 0.2, false);

  private Inputs() {}

  static CommittedSnapshot snapshot(Evidence e, Duration age, List<ChainCoverage> coverage) {
    ScoreResult r = ScoreModel.score(e);
    return new CommittedSnapshot(r.score(), r.breakdown(), e, r.modelVersion(), NOW.minus(age),
        List.of(ARC), coverage);
  }

  static DecisionInput input(UseCase u, CommittedSnapshot s, TrustSignals t) {
    return new DecisionInput(WALLET, null, u, Optional.ofNullable(s), t, false, ARC, NOW);
  }

  static DecisionInput baseline(UseCase u) {
    return input(u, null, TrustSignals.NONE);
  }

  /** Evidence whose score is exactly the requested value, with no penalty. */
  static Evidence scoring(int target) {
    // Walk counterparties/age/tx until the sum reaches the target; tables are documented in docs/models.md.
    for (int age = 0; age <= 800; age += 1) {
      for (long tx : new long[] {0, 1, 10, 50, 200, 1000}) {
        Evidence e = new Evidence(age, 1, tx, 0, 0, 0, 0, 0, 0, 0);
        if (ScoreModel.score(e).score() == target) {
          return e;
        }
        for (int peers : new int[] {1, 2, 4, 7}) {
          Evidence f = new Evidence(age, 1, tx, 0, 0, 0, 0, peers, peers, 0);
          if (ScoreModel.score(f).score() == target) {
            return f;
          }
          for (int cps : new int[] {1, 3, 10, 25}) {
            Evidence g = new Evidence(age, 4, tx, tx, cps, 0, 0, peers, peers, 500);
            if (ScoreModel.score(g).score() == target) {
              return g;
            }
          }
        }
      }
    }
    throw new IllegalArgumentException("no evidence scores " + target);
  }
}
