package dev.vouch.monitoring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.exposure.ExposureStore;
import dev.vouch.exposure.model.ExposureSummary;
import dev.vouch.exposure.model.HopShare;
import dev.vouch.exposure.model.Reach;
import dev.vouch.exposure.model.SummaryJson;
import dev.vouch.score.NewSnapshot;
import dev.vouch.score.SnapshotCommits;
import dev.vouch.score.model.Evidence;
import dev.vouch.score.model.ScoreModel;
import dev.vouch.store.Gateway;
import dev.vouch.store.Pools;
import dev.vouch.support.Observe;
import dev.vouch.support.Snapshots;
import dev.vouch.support.StoredLabels;
import dev.vouch.support.TestDatabase;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 33 item 1, as a property over commit orders: a small flow graph (a sanctioned source
 * three, two and one hop from the wallet, a cycle, a hub by count, an exchange) committed in
 * random orders, with sweeps at random points in between, ends (once the queue drains) with the
 * same stored summary for every wallet as the order that indexes intermediaries first; and for
 * every wallet the exposure read agrees with the summary decisions read (wallet_reads).
 * Each trial has its own addresses in one database: summaries name no address, so trials compare.
 */
class ExposureOrderTest {

  static final Instant AT = Instant.parse("2026-11-29T12:00:00Z");
  static final Reach REACH = new Reach(3, 6, 100);
  static final String USDC = "0x" + "c0".repeat(20);
  static final int TRIALS = 12;
  /** Roles: indexed wallets first (W the wallet screened), then addresses never indexed. */
  static final List<String> INDEXED = List.of("W", "A", "B", "C", "K", "H", "E");
  static final List<String> ROLES = List.of("W", "A", "B", "C", "K", "H", "E", "S", "M", "F", "G", "D", "Z",
      "h1", "h2", "h3", "h4", "h5", "h6", "h7");
  /** payer, payee, USD. S sanctioned, M mixer, E an exchange (labelled: a hub), H a hub by count. */
  static final Object[][] EDGES = {
      {"S", "A", 100}, {"F", "A", 100}, {"K", "A", 50}, {"S", "K", 50}, {"A", "B", 120}, {"A", "C", 80},
      {"B", "A", 5}, {"M", "B", 10}, {"B", "G", 20}, {"B", "W", 100}, {"C", "W", 40}, {"S", "H", 500},
      {"h1", "H", 1}, {"h2", "H", 1}, {"h3", "H", 1}, {"h4", "H", 1}, {"h5", "H", 1}, {"h6", "H", 1},
      {"h7", "H", 1}, {"H", "W", 100}, {"S", "E", 1000}, {"E", "W", 30}, {"D", "W", 50}, {"W", "Z", 10}};

  static Vertx vertx;
  static Pool pool;
  static ExposureSync sync;

  static String address(int trial, String role) {
    return String.format("0x%038x%02x", trial + 1, ROLES.indexOf(role));
  }

  @BeforeAll
  static void start() {
    vertx = Vertx.vertx();
    pool = Pools.create(vertx, TestDatabase.fresh(), 2);
    // The labels as current versions of the label store (V124): every read looks them up there.
    Observe.await(pool.query(StoredLabels.sql("OFAC", labelsOf("S", "sanctioned", "SDN"))
        + StoredLabels.sql("LABELS", labelsOf("M", "mixer", "Mixer") + " UNION ALL "
            + labelsOf("E", "exchange", "Exchange"))).execute());
    sync = new ExposureSync(Gateway.direct(pool), new DecisionWatch(Snapshots.ARC, Duration.ofHours(24)),
        Clock.fixed(AT, ZoneOffset.UTC), 1000, REACH);
  }

  @AfterAll
  static void stop() {
    pool.close();
    vertx.close();
  }

  static NewSnapshot snapshot(int trial, String role) {
    Map<String, BigDecimal[]> by = new TreeMap<>();
    Map<String, int[]> counts = new TreeMap<>();
    for (Object[] e : EDGES) {
      String other = e[0].equals(role) ? (String) e[1] : e[1].equals(role) ? (String) e[0] : null;
      if (other == null) {
        continue;
      }
      int dir = e[0].equals(role) ? 1 : 0;
      by.computeIfAbsent(other, k -> new BigDecimal[] {BigDecimal.ZERO, BigDecimal.ZERO})[dir] =
          by.get(other)[dir].add(BigDecimal.valueOf((Integer) e[2]));
      counts.computeIfAbsent(other, k -> new int[2])[dir]++;
    }
    List<NewSnapshot.TokenFlowRow> flows = new ArrayList<>();
    by.forEach((other, usd) -> flows.add(new NewSnapshot.TokenFlowRow(address(trial, other), 5042002, USDC, "USDC", 6,
        counts.get(other)[0], counts.get(other)[1], usd[0].movePointRight(6).toBigInteger(),
        usd[1].movePointRight(6).toBigInteger(), usd[0], usd[1], AT.minus(Duration.ofDays(2)),
        AT.minus(Duration.ofDays(1)), List.of())));
    Evidence e = Snapshots.strong();
    return new NewSnapshot(address(trial, role), AT, ScoreModel.score(e), e, AT.minus(Duration.ofDays(900)),
        List.of(Snapshots.ARC), Snapshots.healthyCoverage(AT), List.of(), null, Map.of(), flows, Map.of(),
        "sha256:registry");
  }

  static void settle() {
    Observe.await(sync.walk());
    Observe.await(sync.drain());
  }

  /** Each indexed role's stored summary (its snapshot's and the read model's, which must agree). */
  static Map<String, ExposureSummary> stored(int trial) {
    Map<String, ExposureSummary> out = new LinkedHashMap<>();
    for (String role : INDEXED) {
      var row = Observe.await(pool.preparedQuery("SELECT s.exposure::text AS s, r.exposure AS r FROM wallets w"
          + " JOIN snapshots s ON s.id = w.latest_snapshot_id JOIN wallet_reads r ON r.address = w.address"
          + " WHERE w.address = $1").execute(Tuple.of(address(trial, role)))).iterator().next();
      ExposureSummary atSnapshot = SummaryJson.read(row.getString("s"));
      assertThat(SummaryJson.read(row.getString("r"))).as("read model of %s", role).isEqualTo(atSnapshot);
      out.put(role, atSnapshot);
    }
    return out;
  }

  @Test
  void everyCommitOrderEndsWithTheSummariesOfTheIntermediariesFirstOrderAndTheReadAgrees() {
    SnapshotCommits commits = new SnapshotCommits(pool);
    // Reference: intermediaries first (the order in which one hop used to be right), wallet last.
    List<String> reference = new ArrayList<>(INDEXED.subList(1, INDEXED.size()));
    reference.add("W");
    for (String role : reference) {
      Observe.await(commits.commit(snapshot(0, role), true, REACH));
    }
    settle();
    Map<String, ExposureSummary> expected = stored(0);

    // The figures the graph is built for, so that agreeing on them means something.
    ExposureSummary w = expected.get("W");
    assertThat(w.sanctions()).isEqualTo(ExposureSummary.INDIRECT);
    assertThat(w.indirectSanctionedByHop()).extracting(HopShare::hops).containsExactly(2, 3);
    assertThat(expected.get("B").indirectSanctionedByHop()).extracting(HopShare::hops).containsExactly(1, 2);
    assertThat(expected.get("A").sanctions()).isEqualTo(ExposureSummary.DIRECT);

    Random random = new Random(33);
    List<List<String>> orders = new ArrayList<>();
    for (int t = 1; t <= TRIALS; t++) {
      List<String> order = new ArrayList<>(INDEXED);
      Collections.shuffle(order, random);
      orders.add(order);
      for (String role : order) {
        Observe.await(commits.commit(snapshot(t, role), true, REACH));
        if (random.nextInt(3) == 0) {
          settle();   // a sweep may run between any two commits
        }
      }
    }
    settle();
    for (int t = 1; t <= TRIALS; t++) {
      Map<String, ExposureSummary> got = stored(t);
      assertThat(got).as("order %s", orders.get(t - 1)).isEqualTo(expected);
    }
    for (int t = 0; t <= TRIALS; t++) {
      Map<String, ExposureSummary> got = stored(t);
      for (String role : INDEXED) {
        ExposureSummary read = Observe.await(new ExposureStore(Gateway.direct(pool), REACH)
            .read(address(t, role))).summary();
        assertThat(read).as("exposure read of %s in trial %d", role, t).isEqualTo(got.get(role));
      }
    }
    assertThat(Observe.await(pool.query("SELECT count(*) FROM exposure_refresh").execute()).iterator().next()
        .getLong(0)).isZero();
    assertThat(Observe.await(pool.query("SELECT count(*) FROM exposure_dependents_work").execute()).iterator().next()
        .getLong(0)).isZero();
  }

  /** A SELECT of role {@code role}'s address in every trial as (address, chain_id, category, name). */
  static String labelsOf(String role, String category, String name) {
    List<String> rows = new ArrayList<>();
    for (int t = 0; t <= TRIALS + 1; t++) {
      rows.add("SELECT '" + address(t, role) + "' AS address, 0::bigint AS chain_id, '" + category
          + "' AS category, '" + name + "' AS name");
    }
    return String.join(" UNION ALL ", rows);
  }

  @Test
  void theWalletIndexedBeforeItsIntermediariesLearnsOfThemWithoutBeingIndexedAgain() {
    SnapshotCommits commits = new SnapshotCommits(pool);
    int t = TRIALS + 1;
    Observe.await(commits.commit(snapshot(t, "W"), true, REACH));
    settle();
    ExposureSummary before = SummaryJson.read(Observe.await(pool.preparedQuery("SELECT exposure FROM wallet_reads"
        + " WHERE address = $1").execute(Tuple.of(address(t, "W")))).iterator().next().getString("exposure"));
    assertThat(before.sanctions()).isEqualTo(ExposureSummary.NONE);
    for (String role : List.of("B", "A", "K")) {
      Observe.await(commits.commit(snapshot(t, role), true, REACH));
    }
    settle();
    ExposureSummary after = SummaryJson.read(Observe.await(pool.preparedQuery("SELECT exposure FROM wallet_reads"
        + " WHERE address = $1").execute(Tuple.of(address(t, "W")))).iterator().next().getString("exposure"));
    assertThat(after.sanctions()).isEqualTo(ExposureSummary.INDIRECT);
    assertThat(after.indirectSanctionedByHop()).extracting(HopShare::hops).containsExactly(2, 3);
  }
}
