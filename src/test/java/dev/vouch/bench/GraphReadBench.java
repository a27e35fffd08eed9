package dev.vouch.bench;

import dev.vouch.score.NewSnapshot;
import dev.vouch.score.model.Evidence;
import dev.vouch.score.model.ScoreModel;
import dev.vouch.support.Snapshots;
import dev.vouch.support.TestApp;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Latency of 50-node interaction graph pages for a wallet with many counterparties (default
 * 10,000 over three chains, committed in one statement through the production repository).
 * Not a test: run with bench/graph-read.sh. Args: counterparties requests-per-kind
 * [tokens-per-node=0] (registered-token rows per counterparty, issue 24: a node's assets).
 */
public final class GraphReadBench {

  public static void main(String[] args) {
    int counterparties = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
    int requests = args.length > 1 ? Integer.parseInt(args[1]) : 500;
    int tokens = args.length > 2 ? Integer.parseInt(args[2]) : 0;
    Map<String, String> env = new HashMap<>(BenchEnv.unmetered());
    try (TestApp app = TestApp.start(env)) {
      String wallet = "0x" + "ab".repeat(20);
      Instant now = app.clock.instant();
      List<NewSnapshot.CounterpartyRow> rows = new ArrayList<>();
      List<NewSnapshot.TokenFlowRow> flows = new ArrayList<>();
      long[] chains = {5042002, 1, 8453};
      for (int i = 0; i < counterparties; i++) {
        String address = String.format("0x%040x", 0x100000L + i * 7919L);
        Instant last = now.minus(Duration.ofMinutes(i % 997));
        for (int c = 0; c <= i % 3; c++) {
          rows.add(new NewSnapshot.CounterpartyRow(address, chains[c], true, i % 5, 1 + i % 11,
              last.minus(Duration.ofDays(30)), last, BigInteger.valueOf(i).multiply(BigInteger.TEN.pow(15)),
              BigInteger.valueOf(c + 1)));
        }
        for (int k = 0; k < tokens; k++) {
          flows.add(new NewSnapshot.TokenFlowRow(address, chains[k % 3], String.format("0x%040x", 0xc0c0L + k),
              "TK" + k, 6, 1 + i % 3, i % 2, BigInteger.valueOf(1_000_000L * i), BigInteger.valueOf(7),
              java.math.BigDecimal.valueOf(i), java.math.BigDecimal.ZERO, last.minus(Duration.ofDays(3)), last,
              List.of("0x" + "ab".repeat(32))));
        }
      }
      Evidence e = new Evidence(900, 3, rows.size(), 0, counterparties, 0, 0, 0, 0, 0);
      long t0 = System.nanoTime();
      Snapshots.commit(app.app.pool(), new NewSnapshot(wallet, now, ScoreModel.score(e), e,
          now.minus(Duration.ofDays(900)), List.of(Snapshots.ARC), Snapshots.healthyCoverage(now), rows, null,
          Map.of(), flows, Map.of(), tokens > 0 ? "bench-registry" : null));
      double commitMs = (System.nanoTime() - t0) / 1e6;

      String path = "/api/v1/interaction-graph/" + wallet;
      String cursor = TestApp.data(app.get(path + "?limit=50")).getJsonObject("interactionGraph")
          .getJsonObject("pagination").getString("nextCursor");
      for (int i = 0; i < counterparties / 100; i++) { // walk to the middle of the list
        cursor = TestApp.data(app.get(path + "?limit=50&cursor=" + cursor)).getJsonObject("interactionGraph")
            .getJsonObject("pagination").getString("nextCursor");
      }
      String middle = cursor;
      System.out.printf("graph-read counterparties=%d rows=%d token-rows=%d commit=%.0f ms cores=%d%n", counterparties,
          rows.size(), flows.size(), commitMs, Runtime.getRuntime().availableProcessors());
      measure(app, "first page, address order", path + "?limit=50", requests);
      measure(app, "middle page, address order (cursor)", path + "?limit=50&cursor=" + middle, requests);
      measure(app, "sort=activity, 50 ranked", path + "?sort=activity&limit=50", requests);
    }
  }

  private static void measure(TestApp app, String what, String path, int requests) {
    for (int i = 0; i < 50; i++) {
      check(app, path);
    }
    long[] lat = new long[requests];
    for (int i = 0; i < requests; i++) {
      long t0 = System.nanoTime();
      check(app, path);
      lat[i] = System.nanoTime() - t0;
    }
    Arrays.sort(lat);
    System.out.printf("%-40s n=%d p50=%.2f ms p90=%.2f ms p99=%.2f ms max=%.2f ms%n", what, requests,
        lat[requests / 2] / 1e6, lat[(int) (requests * 0.9)] / 1e6, lat[(int) (requests * 0.99)] / 1e6,
        lat[requests - 1] / 1e6);
  }

  private static void check(TestApp app, String path) {
    var r = app.get(path);
    if (r.statusCode() != 200 || TestApp.data(r).getJsonObject("interactionGraph").getJsonArray("nodes").size() != 50) {
      throw new IllegalStateException("unexpected answer " + r.statusCode() + " " + r.bodyAsString());
    }
  }
}
