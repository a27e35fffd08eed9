package dev.vouch.exposure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.store.DatabaseUrl;
import dev.vouch.support.LabelledGraph;
import dev.vouch.support.Sql;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 35 item 6 at 100,000 wallets and 22,000 stored labels: the exposure read (and the commit's
 * form of it) never sends the label set, probes the stored labels by primary key for the hops'
 * rows, and reads each intermediary's valued totals from its snapshot row: no plan node scans a
 * table, and the totals' fallback sum (snapshots before V98) does not run.
 */
class ExposurePlanTest {

  static DatabaseUrl db;
  static final String WALLET = LabelledGraph.address(777);

  @BeforeAll
  static void seed() {
    db = LabelledGraph.seed(LabelledGraph.wallets());
  }

  /**
   * The current labels are probed by their version tables' address indexes (V110); the one
   * table read whole is label_versions, a row per list version.
   */
  static void assertProbes(String plan) {
    assertThat(plan.lines().filter(l -> l.contains("Seq Scan") && !l.contains("label_versions")))
        .as(plan).isEmpty();
    assertThat(plan).contains("labels_v").contains("_address");
  }

  @Test
  void theReadProbesTheStoredLabelsAndScansNoTable() {
    String plan = LabelledGraph.plan(db, ExposureQueries.READ.replace("$1", "'" + WALLET + "'"));
    assertProbes(plan);
  }

  @Test
  void theCommitsReadProbesTheStoredLabelsAndScansNoTable() {
    String plan = LabelledGraph.plan(db, ExposureQueries.AT_SNAPSHOT.replace("$1", "'" + WALLET + "'")
        .replace("$2", "777"));
    assertProbes(plan);
  }

  @Test
  void anIntermediarysTotalsAreItsSnapshotRowNotASumOfItsFlows() {
    String plan = Sql.rows(db, "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) "
            + ExposureQueries.READ.replace("$1", "'" + WALLET + "'"))
        .stream().map(r -> (String) r.values().iterator().next()).collect(Collectors.joining("\n"));
    System.out.println(plan);
    // The coalesce's fallback subplans (sum over token_flows) are planned but never executed.
    assertThat(plan).containsPattern("SubPlan \\d+\\n.*\\n?.*never executed");
  }
}
