package dev.vouch.identity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.identity.Adversary.Label;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The adversarial evaluation at smoke size (Adversary.Scale.SMOKE, seed 21): every attack shape
 * once, small, through the real service, against the issue 21 targets. The full size is
 * bench/adversarial.sh (AdversarialEvaluation); both print the table docs/models.md keeps.
 */
class AdversarialSmokeTest {

  static AdversarialRun run;

  @BeforeAll
  static void build() {
    run = AdversarialRun.run(new Adversary(21, Adversary.Scale.SMOKE));
    run.write(Path.of("target", "adversarial"));
    System.out.println(run.table() + "\n" + run.millis);
  }

  @AfterAll
  static void stop() {
    if (run != null) {
      run.close();
    }
  }

  @Test
  void noFarmWalletReachesAllow() {
    // Every farm of the smoke plan is either younger than 90 days or aged and idle.
    assertThat(run.outcomes).filteredOn(o -> o.member().label == Label.farm)
        .as(run.table()).noneMatch(AdversarialRun.Outcome::allow);
  }

  @Test
  void agedIdleRingsReachAtMostCaution() {
    assertThat(run.outcomes).filteredOn(o -> o.member().shape.startsWith("aged-idle-ring"))
        .isNotEmpty().allMatch(o -> !o.allow());
  }

  @Test
  void honestWalletsKeepTheirAllow() {
    var honest = run.outcomes.stream().filter(o -> o.member().label == Label.honest).toList();
    long lost = honest.stream().filter(AdversarialRun.Outcome::lostToNewModel).count();
    assertThat((double) lost / honest.size()).as(run.table()).isLessThan(0.02);
    // Not vacuous: honest wallets with a verified relationship do reach allow.
    var related = honest.stream().filter(o -> !o.reasons().contains("VOUCH_TRUST_GRAPH_MISSING")).toList();
    assertThat(related.size()).isGreaterThanOrEqualTo(honest.size() / 2);
    assertThat(related.stream().filter(AdversarialRun.Outcome::allow).count())
        .as(run.table()).isGreaterThanOrEqualTo(Math.round(related.size() * 0.9));
  }

  @Test
  void stablecoinFlowsAreReadAndOnlyAtLeastADollarOfThemCounts() {
    // Honest USDC flow adds counterparties beyond the native ones (issue 24, identity_score_v3) ...
    String extra = """
        SELECT count(*) FROM wallets w JOIN snapshots s ON s.id = w.latest_snapshot_id
         WHERE s.unique_counterparties > (SELECT count(DISTINCT c.counterparty) FROM counterparties c
                                           WHERE c.snapshot_id = s.id)
        """;
    assertThat(run.count(extra + " AND w.address IN (" + addresses(Label.honest, "honest") + ")")).isPositive();
    // ... while the duster's 0.0001-0.01 dollar sprays, recorded as token flows, add none.
    String hub = "'" + run.plan.members.stream().filter(m -> m.shape.startsWith("dust-star")).findFirst()
        .orElseThrow().address() + "'";
    assertThat(run.count("SELECT count(*) FROM token_flows t JOIN wallets w ON w.latest_snapshot_id = t.snapshot_id"
        + " WHERE w.address = " + hub)).isGreaterThanOrEqualTo(50);
    assertThat(run.count(extra + " AND w.address = " + hub)).isZero();
  }

  static String addresses(Label label, String shape) {
    return String.join(",", run.plan.members.stream().filter(m -> m.label == label && m.shape.equals(shape))
        .map(m -> "'" + m.address() + "'").toList());
  }
}
