package dev.vouch.bench;

import dev.vouch.score.model.ChainCoverage;
import dev.vouch.score.model.CommittedSnapshot;
import dev.vouch.score.model.CoverageStatus;
import dev.vouch.decision.model.Decision;
import dev.vouch.decision.model.DecisionInput;
import dev.vouch.decision.model.DecisionModel;
import dev.vouch.decision.model.UseCase;
import dev.vouch.graph.model.TrustSignals;
import dev.vouch.receipt.CanonicalPayload;
import dev.vouch.receipt.model.ReceiptPayload;
import dev.vouch.score.model.Evidence;
import dev.vouch.score.model.ScoreModel;
import dev.vouch.score.model.ScoreResult;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Microbenchmarks of what every read computes per wallet: the score model, the decision model,
 * and a receipt's RFC 8785 canonical bytes with their SHA-256. Run with bench/jmh.sh.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ModelsJmh {

  static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");
  final Evidence evidence = new Evidence(900, 4, 420, 120, 35, 0, 2, 3, 3, 180);
  final ScoreResult score = ScoreModel.score(evidence);
  final DecisionInput input = new DecisionInput("0x" + "ab".repeat(20), null, UseCase.escrow,
      Optional.of(new CommittedSnapshot(score.score(), score.breakdown(), evidence, score.modelVersion(),
          NOW.minusSeconds(3600), List.of("Arc Testnet", "Ethereum Mainnet"),
          List.of(new ChainCoverage("Arc Testnet", CoverageStatus.indexed, false, false, false, true),
              new ChainCoverage("Ethereum Mainnet", CoverageStatus.indexed, false, false, true, true)))),
      TrustSignals.NONE, false, "Arc Testnet", NOW);
  final ReceiptPayload payload = ReceiptPayload.of(DecisionModel.decide(input));

  @Benchmark
  public ScoreResult scoreModel() {
    return ScoreModel.score(evidence);
  }

  @Benchmark
  public Decision decisionModel() {
    return DecisionModel.decide(input);
  }

  @Benchmark
  public String receiptCanonicalHash() {
    return CanonicalPayload.hash(CanonicalPayload.bytes(payload));
  }
}
