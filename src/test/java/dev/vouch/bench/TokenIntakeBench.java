package dev.vouch.bench;

import dev.vouch.bus.Addresses;
import dev.vouch.support.Anvil;
import dev.vouch.support.ChainsFile;
import dev.vouch.support.ChainsFile.Entry;
import dev.vouch.support.Erc20;
import dev.vouch.support.FaultyRpc;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TokenChains;
import io.vertx.core.Promise;
import io.vertx.core.http.HttpMethod;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What token evidence adds to an intake (issue 24, "Done when"): one wallet with N native and N
 * token transfers on each of three local Anvil chains, each chain registering a real ERC-20
 * (tools/devnet's TestToken), intake by two services side by side that differ only in
 * indexing.tokenEvidence. Rounds alternate on and off (and which goes first). Per intake: time
 * from POST /api/v1/intake to the commit notification, and the service's own RPC traffic from
 * its /metrics (Vert.x HTTP client request and response bytes; RPC calls by method), as deltas
 * around the intake. Not a test: bench/token-intake.sh [transfersPerChain=50] [rounds=9] [latencyMs=0].
 */
public final class TokenIntakeBench {

  public static void main(String[] args) throws Exception {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 50;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 9;
    int latencyMs = args.length > 2 ? Integer.parseInt(args[2]) : 0;
    Instant genesis = Instant.parse("2026-11-22T12:00:00Z").minus(Duration.ofDays(800));
    long[] ids = {1, 8453, 42161};
    String[] names = {"Ethereum Mainnet", "Base", "Arbitrum One"};
    List<Anvil> chains = new ArrayList<>();
    List<Erc20> tokens = new ArrayList<>();
    String wallet = Anvil.randomAddress();
    long seedStart = System.nanoTime();
    for (long id : ids) {
      Anvil chain = Anvil.start(id, genesis);
      chains.add(chain);
      chain.fund(wallet);
      // Native: n - 10 out (10 a block), 10 in from peers.
      chain.bulk(wallet, Anvil.randomAddresses(n - 10), BigInteger.valueOf(1_000_000_007L), 10,
          genesis.plus(Duration.ofDays(1)));
      Instant at = genesis.plus(Duration.ofDays(300));
      for (String peer : Anvil.randomAddresses(10)) {
        chain.fund(peer);
        at = at.plus(Duration.ofHours(7));
        chain.sendAt(at, peer, wallet, BigInteger.valueOf(42));
      }
      // Token: a mint to the wallet, then n/2 in from peers and the rest out; n Transfer logs name it.
      Erc20 usdc = Erc20.deployAt(chain, at.plus(Duration.ofHours(1)), Anvil.randomAddress(), "USD Coin", "USDC", 6);
      tokens.add(usdc);
      at = at.plus(Duration.ofDays(1));
      usdc.mintAt(at, wallet, BigInteger.valueOf(1_000_000_000_000L));
      List<String> peers = Anvil.randomAddresses(n / 2);
      for (String peer : peers) {
        at = at.plus(Duration.ofHours(1));
        usdc.mintAt(at, peer, BigInteger.valueOf(10_000_000));
      }
      for (String peer : peers) {
        at = at.plus(Duration.ofHours(3));
        usdc.transferAt(at, peer, wallet, BigInteger.valueOf(1_234_567));
      }
      for (String to : Anvil.randomAddresses(n - 1 - n / 2)) {
        at = at.plus(Duration.ofHours(3));
        usdc.transferAt(at, wallet, to, BigInteger.valueOf(7_654_321));
      }
    }
    System.out.printf("seeded %d native + %d token transfers of the wallet on each of 3 chains in %.1f s%n",
        n, n, (System.nanoTime() - seedStart) / 1e9);

    List<FaultyRpc> proxies = new ArrayList<>();
    List<Entry> entries = new ArrayList<>();
    for (int i = 0; i < chains.size(); i++) {
      String url = chains.get(i).url;
      if (latencyMs > 0) {
        String target = url;
        FaultyRpc proxy = FaultyRpc.start((k, body) -> FaultyRpc.Reply.forward(target).after(latencyMs));
        proxies.add(proxy);
        url = proxy.url;
      }
      entries.add(Entry.history(names[i], ids[i], "ETH", url).cap(1000).pageSize(100));
    }
    Path file = ChainsFile.write(entries);
    for (int i = 0; i < chains.size(); i++) {
      TokenChains.register(file, ids[i], List.of(new TokenChains.Token(tokens.get(i).address, "USDC", 6, true)));
    }
    Map<String, String> env = new HashMap<>(BenchEnv.unmetered());
    env.put("CHAINS_FILE", file.toString());
    env.put("VOUCH_HTTP_INSTANCES", "0");
    Map<String, String> offEnv = new HashMap<>(env);
    offEnv.put("VOUCH_INDEXING_TOKEN_EVIDENCE", "false");
    try (TestApp on = TestApp.start(env); TestApp off = TestApp.start(offEnv)) {
      // Vert.x binds its HTTP client metrics to the first registry set up in the process (one
      // backend per registry name), so both services' client bytes are read from the first one's
      // /metrics; intakes never overlap, so each delta is one service's. RPC calls are per service.
      Side sideOn = new Side("on", on, on, wallet, rounds);
      Side sideOff = new Side("off", off, on, wallet, rounds);
      for (int round = -2; round < rounds; round++) {          // two warm-up rounds
        boolean onFirst = Math.floorMod(round, 2) == 0;
        Side first = onFirst ? sideOn : sideOff;
        Side second = onFirst ? sideOff : sideOn;
        first.intake(round);
        second.intake(round);
        System.out.printf("round %d: on %.0f ms %d B, off %.0f ms %d B%n", round,
            sideOn.last.nanos / 1e6, sideOn.last.bytes(), sideOff.last.nanos / 1e6, sideOff.last.bytes());
      }
      long flowsOn = Sql.count(on.database, "SELECT count(*) FROM token_flows f JOIN wallets w"
          + " ON w.latest_snapshot_id = f.snapshot_id WHERE w.address = ?", wallet);
      long flowsOff = Sql.count(off.database, "SELECT count(*) FROM token_flows f JOIN wallets w"
          + " ON w.latest_snapshot_id = f.snapshot_id WHERE w.address = ?", wallet);
      Object txOn = Sql.one(on.database, "SELECT total_tx_count FROM snapshots WHERE wallet = ? ORDER BY id DESC LIMIT 1",
          wallet).get("total_tx_count");
      System.out.printf("transfers/chain=%d native + %d token, chains=3, rounds=%d, latency=%d ms, cores=%d%n",
          n, n, rounds, latencyMs, Runtime.getRuntime().availableProcessors());
      System.out.printf("committed: total_tx_count=%s, token_flows rows on=%d off=%d%n", txOn, flowsOn, flowsOff);
      System.out.printf("RPC calls per intake, on:  %s%n", sideOn.last.calls);
      System.out.printf("RPC calls per intake, off: %s%n", sideOff.last.calls);
      double tOn = median(sideOn.times) / 1e6;
      double tOff = median(sideOff.times) / 1e6;
      double bOn = median(sideOn.responseBytes);
      double bOff = median(sideOff.responseBytes);
      double qOn = median(sideOn.requestBytes);
      double qOff = median(sideOff.requestBytes);
      System.out.printf("median intake: on %.0f ms (min %.0f), off %.0f ms (min %.0f), ratio %.2f (of minima %.2f)%n",
          tOn, min(sideOn.times) / 1e6, tOff, min(sideOff.times) / 1e6, tOn / tOff,
          (double) min(sideOn.times) / min(sideOff.times));
      System.out.printf("median snapshot commit: on %.1f ms, off %.1f ms%n", medianD(sideOn.commits) * 1e3,
          medianD(sideOff.commits) * 1e3);
      System.out.printf("RPC response bytes: on %.0f, off %.0f, ratio %.2f; request bytes: on %.0f, off %.0f, ratio %.2f;"
          + " both: ratio %.2f%n", bOn, bOff, bOn / bOff, qOn, qOff, qOn / qOff, (bOn + qOn) / (bOff + qOff));
      System.out.printf("load average at the end: %s%n", Files.readString(Path.of("/proc/loadavg")).trim());
    } finally {
      proxies.forEach(FaultyRpc::close);
      chains.forEach(Anvil::close);
    }
    System.exit(0);   // the services' client Vert.x instances would keep the JVM up
  }

  /** One service and its measurements. */
  static final class Side {
    final String name;
    final TestApp app;
    final String wallet;
    final long[] times;
    final long[] responseBytes;
    final long[] requestBytes;
    final double[] commits;
    final AtomicReference<Promise<Long>> committed = new AtomicReference<>();
    Run last;

    final TestApp bytesFrom;

    Side(String name, TestApp app, TestApp bytesFrom, String wallet, int rounds) {
      this.name = name;
      this.app = app;
      this.bytesFrom = bytesFrom;
      this.wallet = wallet;
      this.times = new long[rounds];
      this.responseBytes = new long[rounds];
      this.requestBytes = new long[rounds];
      this.commits = new double[rounds];
      app.app.vertx().eventBus().<String>localConsumer(Addresses.SNAPSHOT_COMMITTED, m -> {
        Promise<Long> p = committed.get();
        if (p != null && m.body().equals(wallet)) {
          p.tryComplete(System.nanoTime());
        }
      });
    }

    void intake(int round) throws Exception {
      IntakeBench.reset(app, wallet);
      app.clock.advance(Duration.ofMinutes(1));
      Map<String, Double> before = metrics(app, bytesFrom);
      Promise<Long> done = Promise.promise();
      committed.set(done);
      long t0 = System.nanoTime();
      var r = app.send(HttpMethod.POST, "/api/v1/intake/" + wallet, null, Map.of());
      if (r.statusCode() != 202) {
        throw new IllegalStateException(name + ": intake answered " + r.statusCode() + " " + r.bodyAsString());
      }
      long end = done.future().toCompletionStage().toCompletableFuture().get(120, TimeUnit.SECONDS);
      Map<String, Double> after = metrics(app, bytesFrom);
      Map<String, Long> calls = new TreeMap<>();
      after.forEach((k, v) -> {
        if (k.startsWith("calls:")) {
          long d = Math.round(v - before.getOrDefault(k, 0.0));
          if (d > 0) {
            calls.put(k.substring(6), d);
          }
        }
      });
      commits[Math.max(0, round)] = after.getOrDefault("commit", 0.0) - before.getOrDefault("commit", 0.0);
      last = new Run(end - t0, Math.round(after.getOrDefault("response", 0.0) - before.getOrDefault("response", 0.0)),
          Math.round(after.getOrDefault("request", 0.0) - before.getOrDefault("request", 0.0)), calls);
      if (round >= 0) {
        times[round] = last.nanos;
        responseBytes[round] = last.response;
        requestBytes[round] = last.request;
      }
    }
  }

  record Run(long nanos, long response, long request, Map<String, Long> calls) {
    long bytes() {
      return response + request;
    }
  }

  /** Client byte sums and RPC calls by method from the service's own /metrics. */
  static Map<String, Double> metrics(TestApp app, TestApp bytesFrom) {
    Map<String, Double> out = new HashMap<>();
    String text = app.get("/metrics").bodyAsString();
    if (bytesFrom != app) {
      text = text.lines().filter(l -> !l.startsWith("vertx_http_client")).reduce("", (a, b) -> a + b + "\n")
          + bytesFrom.get("/metrics").bodyAsString().lines().filter(l -> l.startsWith("vertx_http_client"))
              .reduce("", (a, b) -> a + b + "\n");
    }
    for (String line : text.split("\n")) {
      if (line.startsWith("#") || line.isBlank()) {
        continue;
      }
      int space = line.lastIndexOf(' ');
      double v = Double.parseDouble(line.substring(space + 1));
      String name = line.substring(0, space);
      if (name.startsWith("vertx_http_client_response_bytes_sum")) {
        out.merge("response", v, Double::sum);
      } else if (name.startsWith("vertx_http_client_request_bytes_sum")) {
        out.merge("request", v, Double::sum);
      } else if (name.startsWith("vouch_snapshot_commit_seconds_sum")) {
        out.merge("commit", v, Double::sum);
      } else if (name.startsWith("vouch_rpc_calls_total")) {
        int m = name.indexOf("method=\"");
        String method = name.substring(m + 8, name.indexOf('"', m + 8));
        out.merge("calls:" + method, v, Double::sum);
      }
    }
    return out;
  }

  private static long median(long[] xs) {
    long[] s = xs.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }

  private static double medianD(double[] xs) {
    double[] s = xs.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }

  private static long min(long[] xs) {
    return Arrays.stream(xs).min().orElse(0);
  }
}
