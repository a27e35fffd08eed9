package dev.vouch.identity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.identity.Adversary.Label;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The full adversarial evaluation (Adversary.Scale.FULL: rings up to 50, 120 honest wallets).
 * Not part of the default run (its name matches no surefire include); bench/adversarial.sh runs
 * it with -Dtest=AdversarialEvaluation, seed from -Dadversarial.seed (default 21). It writes the
 * table and one line per wallet to target/adversarial/, then checks the issue 21 targets.
 */
class AdversarialEvaluation {

  @Test
  void fullScale() {
    long seed = Long.getLong("adversarial.seed", 21);
    try (AdversarialRun run = AdversarialRun.run(new Adversary(seed, Adversary.Scale.FULL))) {
      Path file = run.write(Path.of("target", "adversarial"));
      System.out.println(run.table() + "\n" + run.millis + "\nper wallet: " + file);
      // Aged active rings are outside the targets: docs/models.md says why they reach allow.
      assertThat(run.outcomes).filteredOn(o -> o.member().label == Label.farm)
          .filteredOn(o -> !o.member().shape.startsWith("aged-active")).as(run.table())
          .noneMatch(AdversarialRun.Outcome::allow);
      var honest = run.outcomes.stream().filter(o -> o.member().label == Label.honest).toList();
      assertThat((double) honest.stream().filter(AdversarialRun.Outcome::lostToNewModel).count() / honest.size())
          .as(run.table()).isLessThan(0.02);
    }
  }
}
