package dev.vouch.monitoring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.store.DatabaseUrl;
import dev.vouch.support.LabelledGraph;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 35 item 6 at 50,000 wallets (the plan of 100,000, see {@link LabelledGraph#wallets}): one
 * step of the affected-wallets walk reads a bounded page of one address's flows through the
 * (counterparty, snapshot_id) indexes (V99) and probes each snapshot and wallet by key; it never
 * scans wallets, snapshots or a flow table, so its cost does not grow with the number of wallets.
 */
class ExposureWalkPlanTest {

  static DatabaseUrl db;

  @BeforeAll
  static void seed() {
    db = LabelledGraph.seed(LabelledGraph.wallets());
  }

  static String step(boolean hop) {
    return ExposureSyncQueries.WALK_STEP.replace("$1", "'" + LabelledGraph.address(50) + "'")
        .replace("$2", Boolean.toString(hop)).replace("$3", "0").replace("$4", "1000::bigint")
        .replace("$5", "now()").replace("$6", "500");
  }

  static String dependentsStep(int level) {
    return ExposureSyncQueries.DEPENDENTS_STEP.replace("$1", "'" + LabelledGraph.address(50) + "'")
        .replace("$2", level + "::smallint").replace("$3", "0").replace("$4", "1000::bigint")
        .replace("$5", "now()").replace("$6", "500").replace("$7", "3::smallint");
  }

  @Test
  void aDependentsStepReadsOnePageThroughTheCounterpartyIndexes() {
    String plan = LabelledGraph.plan(db, dependentsStep(1));
    System.out.println(plan);
    assertThat(plan).doesNotContainPattern("Seq Scan on (wallets|snapshots|counterparties|token_flows|graph_snapshots)")
        .contains("counterparties_counterparty_snapshot").contains("token_flows_counterparty_snapshot");
    // Beyond the first level only token flows are walked.
    assertThat(LabelledGraph.plan(db, dependentsStep(2))).doesNotContainPattern("Seq Scan on (wallets|snapshots|token_flows)")
        .contains("token_flows_counterparty_snapshot");
  }

  @Test
  void aWalkStepReadsOnePageThroughTheCounterpartyIndexes() {
    for (boolean hop : new boolean[] {false, true}) {
      String plan = LabelledGraph.plan(db, step(hop));
      System.out.println(plan);
      assertThat(plan).doesNotContainPattern("Seq Scan on (wallets|snapshots|counterparties|token_flows)")
          .contains("counterparties_counterparty_snapshot").contains("token_flows_counterparty_snapshot");
    }
  }
}
