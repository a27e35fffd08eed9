package dev.vouch.bench;

import dev.vouch.score.NewSnapshot;
import dev.vouch.score.SnapshotCommits;
import dev.vouch.score.model.Evidence;
import dev.vouch.score.model.ScoreModel;
import dev.vouch.support.Observe;
import dev.vouch.support.Snapshots;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import java.io.BufferedWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Labels at scale (issue 33 item 7): a list of N labels (default 10,000,000; 99% scam, 1%
 * sanctioned) loaded at start through the label store, then a refresh that changes 1% of the rows
 * and its sweep, with exposure reads timed before and during the refresh. Prints the figures and
 * the heap's peak. Not a test: run with bench/labels.sh [labels].
 */
public final class LabelsBench {

  static String address(long i) {
    return String.format("0x%040x", i);
  }

  static void write(Path f, long n, boolean changed) throws Exception {
    try (BufferedWriter w = Files.newBufferedWriter(f)) {
      w.write("address,chain,category,name,source\n");
      for (long i = 1; i <= n; i++) {
        String category = i % 100 == 0 ? (changed ? "mixer" : "sanctioned") : "scam";
        w.write(address(i) + ",," + category + ",Attributed " + i + ",BENCH\n");
      }
    }
  }

  static long peakHeapMb() {
    long peak = 0;
    for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
      if (p.getType() == MemoryType.HEAP && p.getPeakUsage() != null) {
        peak += p.getPeakUsage().getUsed();
      }
    }
    return peak >> 20;
  }

  static void resetPeaks() {
    ManagementFactory.getMemoryPoolMXBeans().forEach(MemoryPoolMXBean::resetPeakUsage);
  }

  /** Sequential exposure reads of {@code wallet}: p50 and p99 in ms, and how many were not 200. */
  static String reads(TestApp app, String wallet, int n) {
    List<Double> ms = new ArrayList<>(n);
    int bad = 0;
    for (int i = 0; i < n; i++) {
      long t = System.nanoTime();
      int status = app.get("/api/v1/exposure/" + wallet).statusCode();
      ms.add((System.nanoTime() - t) / 1e6);
      bad += status == 200 ? 0 : 1;
    }
    Collections.sort(ms);
    return String.format("%d reads p50 %.2f ms p99 %.2f ms non-200 %d", n, ms.get(n / 2), ms.get(n * 99 / 100), bad);
  }

  public static void main(String[] args) throws Exception {
    long n = args.length > 0 ? Long.parseLong(args[0]) : 10_000_000L;
    Path list = Files.createTempFile("labels", ".csv");
    list.toFile().deleteOnExit();
    long t0 = System.nanoTime();
    write(list, n, false);
    System.out.printf("list: %,d labels, %,d bytes, written in %.1f s%n", n, Files.size(list),
        (System.nanoTime() - t0) / 1e9);
    Path config = Files.createTempFile("application", ".yaml");
    Files.writeString(config, Files.readString(Path.of("config/application.yaml")).replace("  flaggedAddresses: []\n",
        "  flaggedAddresses:\n    - {name: BENCH, type: labels, path: " + list + "}\n"));
    Map<String, String> env = new HashMap<>(BenchEnv.unmetered());
    env.put("VOUCH_CONFIG", config.toString());
    env.put("VOUCH_MODELS_LIST_MAX_BYTES", Long.toString(8L << 30));
    env.put("VOUCH_MODELS_SCREENING_REFRESH_MINUTES", "0");
    env.put("VOUCH_MONITORING_SCREENING_CHECK_MILLIS", "200");
    resetPeaks();
    long start = System.nanoTime();
    try (TestApp app = TestApp.start(env)) {
      System.out.printf("start with the list loaded: %.1f s, heap peak %,d MB%n", (System.nanoTime() - start) / 1e9,
          peakHeapMb());
      String wallet = "0x" + "ab".repeat(20);
      Instant at = app.clock.instant();
      Evidence e = Snapshots.strong();
      List<NewSnapshot.CounterpartyRow> flows = new ArrayList<>();
      for (int i = 1; i <= 50; i++) {
        flows.add(new NewSnapshot.CounterpartyRow(address(i * 97L), 5042002, true, 1, 1, at.minus(Duration.ofDays(2)),
            at.minus(Duration.ofDays(1)), BigInteger.TEN, BigInteger.ONE));
      }
      Observe.await(new SnapshotCommits(app.app.pool()).commit(new NewSnapshot(wallet, at, ScoreModel.score(e), e,
          at.minus(Duration.ofDays(900)), List.of(Snapshots.ARC), Snapshots.healthyCoverage(at), flows, null), true));
      reads(app, wallet, 200);
      System.out.println("exposure, 50 labelled counterparties, while the first sweep runs: " + reads(app, wallet, 2000));
      // The first load's sweep: every address is new, only those in a flow start a walk.
      long sweep = System.nanoTime();
      Sql.await("first sweep", 3_600_000, () -> Sql.count(app.database, "SELECT count(*) FROM label_diffs") == 0);
      System.out.printf("first load's sweep (%,d new addresses): %.1f s%n", n, (System.nanoTime() - sweep) / 1e9);

      System.out.println("exposure, 50 labelled counterparties, idle: " + reads(app, wallet, 2000));

      write(list, n, true);
      resetPeaks();
      AtomicInteger during = new AtomicInteger();
      long refresh = System.nanoTime();
      CompletableFuture<Void> load = CompletableFuture.runAsync(() -> app.app.screening().reload(false));
      List<String> while_ = new ArrayList<>();
      while (!load.isDone()) {
        while_.add(reads(app, wallet, 100));
        during.incrementAndGet();
      }
      load.get();
      System.out.printf("refresh (1%% of rows changed) loaded and switched: %.1f s, heap peak %,d MB%n",
          (System.nanoTime() - refresh) / 1e9, peakHeapMb());
      System.out.println("exposure during the refresh load, last rounds: "
          + while_.subList(Math.max(0, while_.size() - 3), while_.size()));
      long diff = System.nanoTime();
      Sql.await("refresh sweep", 3_600_000, () -> Sql.count(app.database, "SELECT count(*) FROM label_diffs") == 0);
      System.out.printf("refresh diff swept (%,d changed of %,d, pages of 1,000 addresses): %.1f s%n", n / 100, n,
          (System.nanoTime() - diff) / 1e9);
      System.out.println("exposure after: " + reads(app, wallet, 2000));
      System.out.println("label tables: " + Sql.rows(app.database,
          "SELECT relname, pg_size_pretty(pg_total_relation_size(oid)) AS size FROM pg_class"
              + " WHERE relname LIKE 'labels_v%' AND relkind = 'r'"));
    }
    System.exit(0);   // the embedded database's and the app's threads would keep the JVM
  }
}
