package dev.vouch.bench;

import dev.vouch.exposure.model.Reach;
import dev.vouch.monitoring.DecisionWatch;
import dev.vouch.monitoring.ExposureSync;
import dev.vouch.score.NewSnapshot;
import dev.vouch.score.SnapshotCommits;
import dev.vouch.score.model.Evidence;
import dev.vouch.score.model.ScoreModel;
import dev.vouch.store.DatabaseUrl;
import dev.vouch.store.Gateway;
import dev.vouch.store.Migrations;
import dev.vouch.store.Pools;
import dev.vouch.support.Observe;
import dev.vouch.support.Snapshots;
import dev.vouch.support.Sql;
import dev.vouch.support.TestDatabase;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnection;
import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Issue 33 item 5: the cost of a snapshot commit of a wallet X that N other wallets read as an
 * intermediary (N = 0, 100, 10,000 by default), and of recomputing them. Seeds N dependents (each
 * latest snapshot has a valued flow with X and a stored summary), then commits X alternately with
 * and without a sanctioned payer (so every recompute rewrites every dependent's summary) and
 * measures: the commit (wall time, statements it sent, median of the repeats) and the walk plus
 * drain that follows (wall time, wallets recomputed, per second). Not a test: bench/dependents.sh.
 */
public final class DependentsBench {

  static final Instant AT = Instant.parse("2026-11-29T12:00:00Z");
  static final String USDC = "0x" + "c0".repeat(20);
  static final String X = "0x" + "ab".repeat(20);
  static final String S = "0x" + "5a".repeat(20);

  public static void main(String[] args) {
    String[] sizes = (args.length > 0 ? args[0] : "0,100,10000").split(",");
    int repeats = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    System.out.println("| dependents | commit ms (median) | statements per commit | recomputed | walk + drain ms | recomputed per s |");
    System.out.println("|---|---|---|---|---|---|");
    for (String size : sizes) {
      run(Integer.parseInt(size.trim()), repeats);
    }
  }

  static void run(int n, int repeats) {
    DatabaseUrl db = TestDatabase.fresh();
    Migrations.migrate(db);
    Sql.exec(db, """
        SET session_replication_role = replica;
        INSERT INTO wallets (address, latest_snapshot_id)
        SELECT '0x' || lpad(to_hex(i), 40, '0'), i FROM generate_series(1, :n) i;
        INSERT INTO snapshots (id, wallet, committed_at, score_model_version, score, global_wallet_age,
          cross_chain_activity, arc_activity, counterparty_diversity, verified_attestations, propagated_trust,
          transaction_activity, risk_penalty, global_wallet_age_days, active_chains, total_tx_count,
          arc_tx_count, unique_counterparties, flagged_counterparties, failed_tx_count, accepted_attestations,
          attestation_counterparties, peer_score_sum, exposure, valued_usd_in, valued_usd_out)
        SELECT i, '0x' || lpad(to_hex(i), 40, '0'), now(), 'v', 50, 0, 0, 0, 0, 0, 0, 0, 0, 0, '{}', 0, 0, 1, 0, 0, 0,
               0, 0, '{"sanctions":"none"}', 100, 0
          FROM generate_series(1, :n) i;
        INSERT INTO token_flows (snapshot_id, counterparty, chain_id, token, symbol, decimals, tx_in, value_in, usd_in)
        SELECT i, ':x', 1, ':usdc', 'USDC', 6, 1, 100000000, 100 FROM generate_series(1, :n) i;
        INSERT INTO graph_snapshots (snapshot_id, node_count, chains_with_counterparties)
        SELECT i, 1, 1 FROM generate_series(1, :n) i;
        SELECT setval('snapshots_id_seq', greatest(:n, 1));
        SET session_replication_role = DEFAULT;
        ANALYZE
        """.replace(":n", Integer.toString(n)).replace(":x", X).replace(":usdc", USDC));
    Vertx vertx = Vertx.vertx();
    Pool pool = Pools.create(vertx, db, 4);
    try {
      // S sanctioned, as a current version of the label store (V124).
      Observe.await(pool.query(dev.vouch.support.StoredLabels.sanctioned("OFAC", S)).execute());
      ExposureSync sync = new ExposureSync(Gateway.direct(pool),
          new DecisionWatch(Snapshots.ARC, Duration.ofHours(24)), Clock.systemUTC(), 1000, Reach.DEFAULTS);
      List<Long> commits = new ArrayList<>();
      List<Long> settles = new ArrayList<>();
      int statements = 0;
      int recomputed = 0;
      for (int r = 0; r <= repeats; r++) {
        AtomicInteger sent = new AtomicInteger();
        NewSnapshot s = snapshot(r % 2 == 0);
        long t0 = System.nanoTime();
        Observe.await(pool.withTransaction(conn -> SnapshotCommits.commit(counting(conn, sent), s, true,
            Reach.DEFAULTS)));
        long t1 = System.nanoTime();
        // Bounded generously: at 10,000 dependents on a loaded machine the walk alone passed the 20 s default.
        Observe.await(sync.walk(), Duration.ofMinutes(10));
        int done = Observe.await(sync.drain(), Duration.ofMinutes(10));
        long t2 = System.nanoTime();
        if (r > 0) {   // the first is a warm-up
          commits.add((t1 - t0) / 1_000_000);
          settles.add((t2 - t1) / 1_000_000);
          statements = sent.get();
          recomputed = done;
        }
      }
      long commit = median(commits);
      long settle = median(settles);
      System.out.printf("| %,d | %d | %d | %,d | %,d | %,.0f |%n", n, commit, statements, recomputed, settle,
          settle == 0 ? 0.0 : recomputed * 1000.0 / settle);
    } finally {
      pool.close();
      vertx.close();
    }
  }

  /** X's snapshot: it pays every dependent 100 USDC, and (every other commit) was paid by S. */
  static NewSnapshot snapshot(boolean sanctionedPayer) {
    List<NewSnapshot.TokenFlowRow> flows = new ArrayList<>();
    flows.add(new NewSnapshot.TokenFlowRow("0x" + "01".repeat(20), 1, USDC, "USDC", 6, 1, 0,
        BigInteger.valueOf(1_000_000_000L), BigInteger.ZERO, new BigDecimal("1000"), BigDecimal.ZERO, AT, AT, List.of()));
    if (sanctionedPayer) {
      flows.add(new NewSnapshot.TokenFlowRow(S, 1, USDC, "USDC", 6, 1, 0, BigInteger.valueOf(1_000_000_000L),
          BigInteger.ZERO, new BigDecimal("1000"), BigDecimal.ZERO, AT, AT, List.of()));
    }
    Evidence e = Snapshots.strong();
    return new NewSnapshot(X, AT, ScoreModel.score(e), e, AT.minus(Duration.ofDays(900)), List.of(Snapshots.ARC),
        Snapshots.healthyCoverage(AT), List.of(), null, Map.of(), flows, Map.of(), "sha256:registry");
  }

  /** Counts the statements the commit sends (an executeBatch is one). */
  static SqlConnection counting(SqlConnection conn, AtomicInteger sent) {
    return (SqlConnection) Proxy.newProxyInstance(SqlConnection.class.getClassLoader(),
        new Class<?>[] {SqlConnection.class}, (proxy, method, a) -> {
          if (method.getName().equals("preparedQuery") || method.getName().equals("query")) {
            sent.incrementAndGet();
          }
          try {
            return method.invoke(conn, a);
          } catch (java.lang.reflect.InvocationTargetException e) {
            throw e.getCause();
          }
        });
  }

  static long median(List<Long> xs) {
    List<Long> s = new ArrayList<>(xs);
    Collections.sort(s);
    return s.get(s.size() / 2);
  }
}
