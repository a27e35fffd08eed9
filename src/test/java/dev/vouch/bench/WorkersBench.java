package dev.vouch.bench;

import dev.vouch.support.Anvil;
import dev.vouch.support.ChainsFile;
import dev.vouch.support.ChainsFile.Entry;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestDatabase;
import dev.vouch.store.DatabaseUrl;
import java.math.BigInteger;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Intake throughput with 1, 2, 4 ... worker processes against one PostgreSQL: N wallets with
 * {@code txs} transfers on each of three local Anvil chains, one API process (role api) and W
 * worker processes (role worker), each a separate JVM started as an operator would
 * ({@code serve --role ...}). Every W gets a fresh database on the same chains; all intakes are
 * submitted at once and the run ends when every wallet has a committed snapshot. CPU per process
 * kind from /proc/<pid>/stat. Not a test: run with bench/workers.sh [workers=1,2,4] [wallets]
 * [txsPerChain=50] [jobsPerWorker=4].
 */
public final class WorkersBench {

  private static final long HZ = 100;   // USER_HZ: /proc/<pid>/stat counts clock ticks

  public static void main(String[] args) throws Exception {
    String[] ws = (args.length > 0 ? args[0] : "1,2,4").split(",");
    int wallets = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
    int txs = args.length > 2 ? Integer.parseInt(args[2]) : 50;
    String jobs = args.length > 3 ? args[3] : "4";
    Instant genesis = Instant.now().minus(Duration.ofDays(800));
    List<Anvil> chains = List.of(Anvil.start(5042002, genesis), Anvil.start(1, genesis), Anvil.start(8453, genesis));
    List<String> addrs = Anvil.randomAddresses(wallets);
    long seedStart = System.nanoTime();
    for (Anvil chain : chains) {
      seed(chain, addrs, txs, genesis);
    }
    System.out.printf("seeded %d wallets x %d txs on each of 3 chains (%d txs) in %.1f s%n",
        wallets, txs, 3L * wallets * txs, (System.nanoTime() - seedStart) / 1e9);
    Path chainsFile = ChainsFile.write(List.of(
        Entry.history("Arc Testnet", 5042002, "USDC", chains.get(0).url),
        Entry.history("Ethereum Mainnet", 1, "ETH", chains.get(1).url),
        Entry.history("Base", 8453, "ETH", chains.get(2).url)));
    System.out.printf("cores=%d wallets=%d txs/chain/wallet=%d jobsPerWorker=%s%n",
        Runtime.getRuntime().availableProcessors(), wallets, txs, jobs);
    System.out.println("| workers | wallets | seconds | wallets/min | RPC calls | RPC/wallet | CPU s workers | CPU s api | CPU s postgres | CPU s anvil | CPU s total / wall s | load 1m at end |");
    System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|");
    try {
      for (String w : ws) {
        run(Integer.parseInt(w.trim()), addrs, chainsFile, jobs);
      }
    } finally {
      chains.forEach(Anvil::close);
    }
  }

  /**
   * Each wallet sends {@code txs} transfers to fresh addresses on the chain; one block carries 20
   * wallets' transfers, one block a second from 300 days after genesis (so all are backdated).
   */
  static void seed(Anvil chain, List<String> addrs, int txs, Instant genesis) {
    Map<String, Long> nonces = new HashMap<>();
    for (String a : addrs) {
      chain.fund(a);
    }
    Instant at = genesis.plus(Duration.ofDays(300));
    BigInteger value = BigInteger.valueOf(1_000_000_007L);
    for (int i = 0; i < addrs.size(); i += 20) {
      List<Anvil.Transfer> block = new ArrayList<>();
      for (String from : addrs.subList(i, Math.min(addrs.size(), i + 20))) {
        for (String to : Anvil.randomAddresses(txs)) {
          block.add(new Anvil.Transfer(from, to, value));
        }
      }
      chain.block(at, block, nonces);
      at = at.plusSeconds(1);
    }
  }

  static void run(int workers, List<String> addrs, Path chainsFile, String jobs) throws Exception {
    DatabaseUrl db = TestDatabase.fresh();
    Path dir = Files.createTempDirectory("vouch-workers");
    List<Process> procs = new ArrayList<>();
    try {
      Map<String, String> env = new HashMap<>(TestApp.UNMETERED);
      env.put("VOUCH_BUDGETS_ANONYMOUS_DAILY_SCANS", "100000000");
      env.put("DATABASE_URL", db.toUrl());
      env.put("CHAINS_FILE", chainsFile.toString());
      env.put("VOUCH_INDEXING_MAX_CONCURRENT_JOBS", jobs);
      env.put("VOUCH_RECEIPTS_SIGNING_KEY_FILE", dir.resolve("keys.json").toString());
      env.put("VOUCH_HTTP_INSTANCES", "1");
      int apiPort = TestApp.freePort();
      Process api = start("api", apiPort, env, dir);
      procs.add(api);
      awaitReady(apiPort, api);
      List<Process> ws = new ArrayList<>();
      List<Integer> wPorts = new ArrayList<>();
      for (int i = 0; i < workers; i++) {
        int port = TestApp.freePort();
        Process p = start("worker", port, env, dir);
        procs.add(p);
        ws.add(p);
        wPorts.add(port);
      }
      for (int i = 0; i < workers; i++) {
        awaitReady(wPorts.get(i), ws.get(i));
      }
      long sizeBefore = Sql.count(db, "SELECT pg_database_size(current_database())");
      long[] before = cpu(api, ws);
      long t0 = System.nanoTime();
      submit(apiPort, addrs);
      double submitted = (System.nanoTime() - t0) / 1e9;
      long done = 0;
      while (done < addrs.size()) {
        Thread.sleep(200);
        done = Sql.count(db, "SELECT count(*) FROM wallets WHERE latest_snapshot_id IS NOT NULL");
        long failed = Sql.count(db, "SELECT count(*) FROM index_jobs WHERE state = 'failed'");
        if (failed > 0) {
          throw new IllegalStateException(failed + " jobs failed: "
              + Sql.rows(db, "SELECT last_error FROM index_jobs WHERE state = 'failed' LIMIT 3"));
        }
        for (Process p : procs) {
          if (!p.isAlive()) {
            throw new IllegalStateException("a service process exited; see " + dir);
          }
        }
      }
      double secs = (System.nanoTime() - t0) / 1e9;
      long[] after = cpu(api, ws);
      double load = Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
      long rpc = 0;
      for (int port : wPorts) {
        rpc += rpcCalls(port);
      }
      double[] d = new double[after.length];
      double total = 0;
      for (int i = 0; i < d.length; i++) {
        d[i] = (after[i] - before[i]) / (double) HZ;
        total += d[i];
      }
      System.out.printf("| %d | %d | %.1f | %.0f | %d | %.1f | %.1f | %.1f | %.1f | %.1f | %.2f | %.2f |%n",
          workers, addrs.size(), secs, addrs.size() / secs * 60, rpc, rpc / (double) addrs.size(),
          d[0], d[1], d[2], d[3], total / secs, load);
      long sizeAfter = Sql.count(db, "SELECT pg_database_size(current_database())");
      System.out.printf("  (submission of all intakes took %.1f s; database grew %.1f MB, %.1f kB per wallet)%n",
          submitted, (sizeAfter - sizeBefore) / 1e6, (sizeAfter - sizeBefore) / 1e3 / addrs.size());
    } finally {
      for (Process p : procs) {
        p.destroy();
      }
      for (Process p : procs) {
        p.waitFor();
      }
    }
  }

  static Process start(String role, int port, Map<String, String> env, Path dir) throws Exception {
    ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), "dev.vouch.cli.Main", "serve", "--role", role)
        .redirectErrorStream(true)
        .redirectOutput(dir.resolve(role + "-" + port + ".log").toFile());
    pb.environment().putAll(env);
    pb.environment().put("PORT", Integer.toString(port));
    Process p = pb.start();
    Runtime.getRuntime().addShutdownHook(new Thread(p::destroyForcibly));
    return p;
  }

  static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  static void awaitReady(int port, Process p) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
    while (System.nanoTime() < deadline) {
      if (!p.isAlive()) {
        throw new IllegalStateException("process on port " + port + " exited with " + p.exitValue());
      }
      try {
        var r = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health/ready")).build(),
            HttpResponse.BodyHandlers.discarding());
        if (r.statusCode() == 200) {
          return;
        }
      } catch (java.io.IOException notYet) {
        // not listening yet
      }
      Thread.sleep(200);
    }
    throw new IllegalStateException("process on port " + port + " not ready in 120 s");
  }

  /** Every intake, 32 in flight; each must be accepted (202). */
  static void submit(int port, List<String> addrs) throws Exception {
    Semaphore inFlight = new Semaphore(32);
    AtomicInteger bad = new AtomicInteger();
    List<CompletableFuture<?>> all = new ArrayList<>();
    for (String a : addrs) {
      inFlight.acquire();
      var req = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/v1/intake/" + a))
          .POST(HttpRequest.BodyPublishers.noBody()).build();
      all.add(HTTP.sendAsync(req, HttpResponse.BodyHandlers.ofString()).whenComplete((r, e) -> {
        inFlight.release();
        if (e != null || r.statusCode() != 202) {
          if (bad.getAndIncrement() == 0) {
            System.out.println("intake refused: " + (e != null ? e : r.statusCode() + " " + r.body()));
          }
        }
      }));
    }
    CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).join();
    if (bad.get() > 0) {
      throw new IllegalStateException(bad.get() + " intakes not accepted");
    }
  }

  static long rpcCalls(int port) throws Exception {
    var r = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics")).build(),
        HttpResponse.BodyHandlers.ofString());
    double sum = 0;
    for (String line : r.body().split("\n")) {
      if (line.startsWith("vouch_rpc_calls_total")) {
        sum += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
      }
    }
    return (long) sum;
  }

  /** Ticks of: workers, api, postgres (all its processes, plus reaped children), anvil nodes. */
  static long[] cpu(Process api, List<Process> workers) throws Exception {
    long w = 0;
    for (Process p : workers) {
      w += ticks(p.pid(), false);
    }
    long pg = 0;
    long anvil = 0;
    try (var procs = Files.list(Path.of("/proc"))) {
      for (Path p : procs.toList()) {
        String name = p.getFileName().toString();
        if (!name.chars().allMatch(Character::isDigit)) {
          continue;
        }
        try {
          String comm = Files.readString(p.resolve("comm")).trim();
          if (comm.equals("postgres")) {
            pg += ticks(Long.parseLong(name), true);
          } else if (comm.equals("anvil")) {
            anvil += ticks(Long.parseLong(name), false);
          }
        } catch (java.io.IOException gone) {
          // exited meanwhile
        }
      }
    }
    return new long[] {w, ticks(api.pid(), false), pg, anvil};
  }

  static long ticks(long pid, boolean withChildren) throws java.io.IOException {
    String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    // fields after the command: state is f[0]; utime f[11], stime f[12], cutime f[13], cstime f[14]
    long t = Long.parseLong(f[11]) + Long.parseLong(f[12]);
    return withChildren ? t + Long.parseLong(f[13]) + Long.parseLong(f[14]) : t;
  }
}
