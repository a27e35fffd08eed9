package dev.vouch.exposure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.store.DatabaseUrl;
import dev.vouch.support.LabelledGraph;
import dev.vouch.support.Sql;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 35 item 6 at 50,000 wallets and 11,000 stored labels (the plans of 100,000 and 1,000,000,
 * see {@link LabelledGraph#wallets}): the exposure read (and the commit's
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

  static String read() {
    return ExposureQueries.READ.replace("$1", "'" + WALLET + "'").replace("$2", "NULL").replace("$3", "500");
  }

  /** A further hop's statement for 50 intermediaries, with their rows and their links. */
  static String hop() {
    StringBuilder a = new StringBuilder("ARRAY[");
    for (int i = 0; i < 50; i++) {
      a.append(i == 0 ? "" : ",").append("'").append(LabelledGraph.address(1000 + i)).append("'");
    }
    return ExposureQueries.HOP.replace("$1", a + "]").replace("$2", "true").replace("$3", "true").replace("$4", "500");
  }

  /**
   * The current labels are probed by their version tables' address indexes (V124); the one
   * table read whole is label_versions, a row per list version.
   */
  static void assertProbes(String plan) {
    assertThat(plan.lines().filter(l -> l.contains("Seq Scan") && !l.contains("label_versions")))
        .as(plan).isEmpty();
    assertThat(plan).contains("labels_v").contains("_address");
  }

  @Test
  void aFurtherHopProbesItsIntermediariesByKeyAndScansNoTable() {
    String plan = LabelledGraph.plan(db, hop());
    System.out.println(plan);
    assertThat(plan).doesNotContainPattern("Seq Scan on (wallets|snapshots|counterparties|token_flows|graph_snapshots)");
    assertProbes(plan);
  }

  @Test
  void theReadProbesTheStoredLabelsAndScansNoTable() {
    String plan = LabelledGraph.plan(db, read());
    System.out.println(plan);
    assertProbes(plan);
  }

  @Test
  void theCommitsReadProbesTheStoredLabelsAndScansNoTable() {
    String plan = LabelledGraph.plan(db, ExposureQueries.AT_SNAPSHOT.replace("$1", "'" + WALLET + "'")
        .replace("$2", "777").replace("$3", "500"));
    assertProbes(plan);
  }

  @Test
  void anIntermediarysTotalsAreItsSnapshotRowNotASumOfItsFlows() {
    String plan = Sql.rows(db, "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) "
            + read())
        .stream().map(r -> (String) r.values().iterator().next()).collect(Collectors.joining("\n"));
    System.out.println(plan);
    // The coalesce's fallback subplans (sum over token_flows) are planned but never executed.
    assertThat(plan).containsPattern("SubPlan \\d+\\n.*\\n?.*never executed");
  }
}
