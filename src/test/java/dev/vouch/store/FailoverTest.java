package dev.vouch.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Anvil;
import dev.vouch.support.Backdated;
import dev.vouch.support.ChainsFile;
import dev.vouch.support.FaultHold;
import dev.vouch.support.ReplicatedPostgres;
import dev.vouch.support.ReplicatedPostgres.Node;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestDatabase;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Logger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Issue 18 with real processes: a primary and a streaming standby made by pg_basebackup -R, two
 * API and two worker instances of the service on them (separate VouchApp instances in this JVM,
 * each with its own Vert.x, pools, breakers and HTTP port), and mixed load on both APIs while
 * the test freezes (SIGSTOP) and kills (SIGKILL) each server and pauses the standby's replay.
 * No answer is ever a 500; nothing accepted is lost or doubled. Issue 18's latency targets are
 * logged as "measured:" lines, not asserted (a loaded machine moves them; see bench/README.md).
 */
@Tag("fault")
class FailoverTest {

  private static final Logger LOG = Logger.getLogger(FailoverTest.class.getName());

  /** Production deadlines and breaker; a lag bound wide enough to see the replica answer first. */
  static final int LAG_BOUND_MS = 3000;

  record Answer(int api, long at, long ms, String op, String wallet, int status, String code, String message,
      JsonObject data) {
    boolean write() {
      return op.equals("intake") || op.equals("mint");
    }
  }

  @Test
  void primaryAndStandbyFrozenKilledAndLaggingNever500LoseOrDoubleAnything() throws Exception {
    long began = System.nanoTime();
    try (ReplicatedPostgres pg = ReplicatedPostgres.start(); Anvil arc = Anvil.start(5042002, Backdated.GENESIS)) {
      TestDatabase.exec(pg.url(Node.PRIMARY), "CREATE DATABASE vouch");
      DatabaseUrl primary = pg.url(Node.PRIMARY).withDatabase("vouch");
      DatabaseUrl standby = pg.url(Node.STANDBY).withDatabase("vouch");
      Migrations.migrate(primary);
      Sql.await("the standby to replay the schema", 30_000,
          () -> safeCount(standby, "SELECT count(*) FROM pg_tables WHERE tablename = 'index_jobs'") == 1);

      Map<String, String> env = new HashMap<>(Map.of(
          "DATABASE_REPLICA_URLS", standby.toUrl(),
          "VOUCH_DATABASE_READ_DEADLINE_MS", "1500",
          "VOUCH_DATABASE_WRITE_DEADLINE_MS", "1500",
          "VOUCH_DATABASE_REPLICA_MAX_LAG_MS", Integer.toString(LAG_BOUND_MS),
          "VOUCH_DATABASE_ACQUIRE_TIMEOUT_MS", "5000",
          "VOUCH_HTTP_REQUEST_TIMEOUT_MS", "15000",
          "VOUCH_BUDGETS_ANONYMOUS_PER_MINUTE", "1000000000",
          "VOUCH_BUDGETS_ANONYMOUS_DAILY_SCANS", "1000000",
          "VOUCH_BUDGETS_RECEIPTS_PER_MINUTE", "1000000",
          "CHAINS_FILE", ChainsFile.write(List.of(ChainsFile.Entry.history("Arc Testnet", 5042002, "USDC", arc.url)))
              .toString()));
      env.put("VOUCH_INDEXING_POLL_MS", "100");
      env.put("VOUCH_HTTP_INSTANCES", "1");
      List<TestApp> apps = new ArrayList<>();
      try {
        Map<String, String> api = new HashMap<>(env);
        api.put("VOUCH_ROLE", "api");
        Map<String, String> worker = new HashMap<>(env);
        worker.put("VOUCH_ROLE", "worker");
        apps.add(TestApp.startOn(primary, api));
        // The second API reads without the read cache: a cache fill reads the primary, and the
        // lag check below needs reads routed to the standby (the first API keeps the cache).
        Map<String, String> uncached = new HashMap<>(api);
        uncached.put("VOUCH_DATABASE_READ_CACHE_MILLIS", "0");
        apps.add(TestApp.startOn(primary, uncached));
        apps.add(TestApp.startOn(primary, worker));
        apps.add(TestApp.startOn(primary, worker));
        List<TestApp> apis = apps.subList(0, 2);
        LOG.warning(() -> "measured: cluster and four instances up in " + ms(began) + " ms");

        // A wallet indexed before any fault, and a receipt of it: the reads under load use both.
        String known = Anvil.randomAddress();
        assertThat(apis.get(0).send(HttpMethod.POST, "/api/v1/intake/" + known, null, Map.of()).statusCode()).isEqualTo(202);
        Sql.await("the first snapshot", 60_000, () -> "cached".equals(cacheStatus(apis.get(1), known)));
        HttpResponse<Buffer> minted = apis.get(0).send(HttpMethod.POST, "/api/v1/decision-receipts",
            new JsonObject().put("wallet", known).toBuffer(), Map.of("Content-Type", "application/json"));
        assertThat(minted.statusCode()).isEqualTo(201);
        String receiptId = TestApp.data(minted).getJsonObject("receipt").getString("id");
        // Read-your-writes: the receipt just minted reads back at once on the other instance.
        assertThat(apis.get(1).get("/api/v1/decision-receipts/" + receiptId).statusCode()).isEqualTo(200);

        lagMovesReadsToThePrimary(pg, primary, standby, apis);

        Load load = new Load(apis, known, receiptId);
        try {
          long loadFrom = System.nanoTime();
          load.start();
          load.await(24);

          // Frozen primary: reads stay on the standby; writes fail fast, then recover.
          long frozeAt = System.nanoTime();
          pg.freeze(Node.PRIMARY);
          load.phase.set("primary-frozen");
          try {
            // Frozen until each API has refused a write and then answered a later one: the breaker works.
            Sql.await("each API to answer writes after its first 503 while frozen", 60_000,
                () -> load.writeAnsweredAfterUnavailable(0, frozeAt) && load.writeAnsweredAfterUnavailable(1, frozeAt)
                    && load.sentAfter(frozeAt, a -> !a.write()) >= 4);
            FaultHold.rest(frozeAt);
          } finally {
            pg.thaw(Node.PRIMARY);
          }
          long thawedAt = System.nanoTime();
          load.phase.set("primary-thawed");
          Sql.await("a write to succeed after the thaw", 60_000, () -> load.writeOkAfter(thawedAt));
          List<Answer> frozen = load.between(frozeAt, thawedAt);
          // Each API process has its own breaker: the behaviour holds for each.
          for (int n = 0; n < 2; n++) {
            int which = n;
            List<Answer> writes = frozen.stream().filter(a -> a.api() == which && a.write()).toList();
            Answer firstUnavailable = writes.stream().filter(a -> a.status() == 503)
                .min(java.util.Comparator.comparingLong(Answer::at)).orElseThrow();
            long firstUnavailableMs = (firstUnavailable.at() - frozeAt) / 1_000_000;
            List<Answer> afterFirst = writes.stream().filter(a -> a.at() - a.ms() * 1_000_000 > firstUnavailable.at())
                .toList();
            long p99 = p99(afterFirst);
            long recoveryMs = (load.firstWriteOkAfter(which, thawedAt) - thawedAt) / 1_000_000;
            // The same requests' p99 while healthy: on a shared 2-core machine under other builds
            // a bare round trip can exceed 50 ms, which no breaker can undo.
            long healthy = p99(load.between(loadFrom, frozeAt).stream().filter(a -> a.api() == which && a.write()).toList());
            LOG.warning(() -> "measured: frozen primary, api " + which + ": first write 503 after " + firstUnavailableMs
                + " ms, then p99 " + p99 + " ms over " + afterFirst.size() + " writes (healthy p99 " + healthy
                + " ms); write recovery " + recoveryMs + " ms after the thaw");
            // Targets (first 503 within 2 s, then p99 50 ms, recovery within 2 s) are figures, not asserts.
            assertThat(afterFirst).as("api " + which + ": writes answered while frozen after the first 503").isNotEmpty();
            assertThat(recoveryMs).as("api " + which + ": a write answered 2xx after the thaw").isPositive();
          }
          List<Answer> frozenReads = frozen.stream().filter(a -> !a.write()).toList();
          LOG.warning(() -> "measured: frozen primary: reads " + statuses(frozenReads) + ", p99 " + p99(frozenReads) + " ms");
          assertThat(frozenReads).as("reads while the primary is frozen (served by the standby)").isNotEmpty()
              .allSatisfy(a -> assertThat(a.status()).as(a.toString()).isEqualTo(200));

          // Killed primary: reads answer 200 from the standby, writes 503; then it comes back.
          long killedAt = System.nanoTime();
          pg.kill(Node.PRIMARY);
          load.phase.set("primary-killed");
          Sql.await("a write refused and reads answered with the primary down", 60_000,
              () -> load.sentAfter(killedAt, a -> a.write() && a.status() == 503) >= 1
                  && load.sentAfter(killedAt, a -> !a.write()) >= 4);
          FaultHold.rest(killedAt);
          long restartAt = System.nanoTime();
          List<Answer> down = load.between(killedAt, restartAt);
          pg.startNode(Node.PRIMARY);
          load.phase.set("primary-restarted");
          Sql.await("a write to succeed after the restart", 30_000, () -> load.writeOkAfter(restartAt));
          List<Answer> downReads = down.stream().filter(a -> !a.write()).toList();
          List<Answer> downWrites = down.stream().filter(Answer::write).toList();
          LOG.warning(() -> "measured: killed primary: reads " + statuses(downReads) + " p99 " + p99(downReads)
              + " ms; writes " + statuses(downWrites) + " p99 " + p99(downWrites) + " ms");
          assertThat(downWrites.stream().filter(a -> a.status() == 503)).as("writes refused while the primary is down")
              .isNotEmpty();
          assertThat(downReads).as("reads while the primary is down").isNotEmpty()
              .allSatisfy(a -> assertThat(a.status()).as(a.toString()).isEqualTo(200));
          assertThat(apis.get(0).get("/health/ready").statusCode()).isEqualTo(200);

          // Frozen, then killed standby: reads move to the primary (a replica read that fails is asked again there).
          for (boolean kill : new boolean[] {false, true}) {
            long at = System.nanoTime();
            if (kill) {
              pg.kill(Node.STANDBY);
            } else {
              pg.freeze(Node.STANDBY);
            }
            load.phase.set(kill ? "standby-killed" : "standby-frozen");
            // A fault that needs time: it outlasts the 1.5 s read deadline, so replica reads time
            // out and are asked again of the primary, and the standby's breaker opens.
            Thread.sleep(4000);
            Sql.await("reads answered with the standby " + (kill ? "killed" : "frozen"), 60_000,
                () -> load.sentAfter(at, a -> !a.write()) >= 4);
            if (kill) {
              pg.startNode(Node.STANDBY);
            } else {
              pg.thaw(Node.STANDBY);
            }
            List<Answer> during = load.between(at, System.nanoTime());
            LOG.warning(() -> "measured: " + (kill ? "killed" : "frozen") + " standby: statuses " + statuses(during)
                + ", p99 " + p99(during) + " ms");
            assertThat(during).isNotEmpty().allSatisfy(a -> assertThat(a.status()).as(a.toString()).isIn(200, 201, 202));
          }
          Sql.await("the standby to stream again", 30_000, () -> safeCount(standby,
              "SELECT count(*) FROM pg_stat_wal_receiver WHERE status = 'streaming'") == 1);
          load.await(8);
        } finally {
          load.stop();
        }

        List<Answer> all = new ArrayList<>(load.answers);
        LOG.warning(() -> "measured: " + all.size() + " answers in all, statuses " + statuses(all));
        assertThat(load.broken).as("transport failures or answers outside the contract").isEmpty();
        assertThat(all).as("no answer is a 5xx other than 503").noneMatch(a -> a.status() >= 500 && a.status() != 503);
        assertThat(all.stream().filter(a -> a.status() == 503)).allSatisfy(a -> assertThat(a.code()).isEqualTo("UNAVAILABLE"));
        nothingLostOrDoubled(primary, apis.get(0), all);
      } finally {
        apps.forEach(TestApp::close);
      }
    }
    LOG.warning(() -> "measured: whole test " + ms(began) + " ms");
  }

  /**
   * Replay paused: the standby keeps answering while its lag is under the bound (it still says
   * the new intake's wallet needs indexing), and once its lag passes the bound, reads show the
   * primary's answer within a second.
   */
  private static void lagMovesReadsToThePrimary(ReplicatedPostgres pg, DatabaseUrl primary, DatabaseUrl standby,
      List<TestApp> apis) throws Exception {
    String before = Anvil.randomAddress();
    assertThat(apis.get(0).send(HttpMethod.POST, "/api/v1/intake/" + before, null, Map.of()).statusCode()).isEqualTo(202);
    Sql.await("the standby to replay the last write", 10_000,
        () -> safeCount(standby, "SELECT count(*) FROM index_jobs WHERE wallet = '" + before + "'") > 0);
    pg.pauseReplay();
    try {
      String wallet = Anvil.randomAddress();
      assertThat(apis.get(0).send(HttpMethod.POST, "/api/v1/intake/" + wallet, null, Map.of()).statusCode()).isEqualTo(202);
      assertThat(cacheStatus(apis.get(1), wallet)).as("a read served by the standby before its lag passes the bound")
          .isEqualTo("indexing_required");
      long crossed = 0;
      long deadline = System.nanoTime() + 20_000_000_000L;
      while (crossed == 0 && System.nanoTime() < deadline) {
        if (safeCount(standby, Server.LAG) > LAG_BOUND_MS) {
          crossed = System.nanoTime();
        } else {
          Thread.sleep(20);
        }
      }
      assertThat(crossed).as("the standby's lag to pass the bound").isPositive();
      long moved = 0;
      // Waited on, not timed: the figure (target 1 s) is logged below.
      while (moved == 0 && System.nanoTime() - crossed < 30_000_000_000L) {
        if (!"indexing_required".equals(cacheStatus(apis.get(1), wallet))) {
          moved = System.nanoTime();
        } else {
          Thread.sleep(20);
        }
      }
      long movedMs = moved == 0 ? -1 : (moved - crossed) / 1_000_000;
      LOG.warning(() -> "measured: lag above the bound: reads on the primary " + movedMs + " ms after the crossing");
      assertThat(moved).as("reads to move to the primary").isPositive();
    } finally {
      pg.resumeReplay();
    }
  }

  /** Every accepted intake has exactly one job, every job at most one snapshot, every 201 receipt reads back. */
  private static void nothingLostOrDoubled(DatabaseUrl primary, TestApp api, List<Answer> all) {
    // Counted per wallet in one statement each: a query per answer (about 2,000) opened as many
    // connections, 7 s of the test's CPU on the 2-core machine.
    Map<String, Long> jobsOf = countsByWallet(primary, "index_jobs");
    Map<String, Long> receiptsOf = countsByWallet(primary, "receipts");
    for (Answer a : all) {
      if (a.op().equals("intake")) {
        long jobs = jobsOf.getOrDefault(a.wallet(), 0L);
        if (a.status() == 202) {
          assertThat(jobs).as("accepted intake of " + a.wallet()).isEqualTo(1);
        } else if (a.status() == 503 && a.message().contains("nothing was")) {
          assertThat(jobs).as("intake answered '" + a.message() + "'").isZero();
        } else {
          assertThat(jobs).as("intake answered '" + a.message() + "': once or not at all").isLessThanOrEqualTo(1);
        }
      }
    }
    assertThat(Sql.count(primary, "SELECT count(*) FROM (SELECT job_id FROM snapshots WHERE job_id IS NOT NULL"
        + " GROUP BY job_id HAVING count(*) > 1) d")).as("jobs committed twice").isZero();
    List<Answer> minted = all.stream().filter(a -> a.op().equals("mint") && a.status() == 201).toList();
    assertThat(minted).isNotEmpty();
    for (Answer a : minted) {
      JsonObject receipt = a.data().getJsonObject("receipt");
      var read = api.get("/api/v1/decision-receipts/" + receipt.getString("id"));
      assertThat(read.statusCode()).as("receipt " + receipt.getString("id")).isEqualTo(200);
      assertThat(TestApp.data(read).getJsonObject("receipt").getString("payloadHash")).isEqualTo(receipt.getString("payloadHash"));
    }
    for (Answer a : all) {
      if (a.op().equals("mint")) {
        assertThat(receiptsOf.getOrDefault(a.wallet(), 0L))
            .as("receipts of " + a.wallet() + " (minted once, answered " + a.status() + ")").isLessThanOrEqualTo(1);
      }
    }
  }

  /** The table's rows per wallet (a wallet with none is absent). */
  private static Map<String, Long> countsByWallet(DatabaseUrl db, String table) {
    Map<String, Long> counts = new HashMap<>();
    for (Map<String, Object> row : Sql.rows(db, "SELECT wallet, count(*) AS n FROM " + table + " GROUP BY wallet")) {
      counts.put((String) row.get("wallet"), ((Number) row.get("n")).longValue());
    }
    return counts;
  }

  /** Mixed reads and writes on both API instances from four threads, every answer kept. */
  static final class Load {
    final Queue<Answer> answers = new ConcurrentLinkedQueue<>();
    final Queue<Throwable> broken = new ConcurrentLinkedQueue<>();
    final AtomicReference<String> phase = new AtomicReference<>("up");
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicInteger turn = new AtomicInteger();
    private final ExecutorService threads = Executors.newFixedThreadPool(4);
    private final List<TestApp> apis;
    private final String known;
    private final String receiptId;

    Load(List<TestApp> apis, String known, String receiptId) {
      this.apis = apis;
      this.known = known;
      this.receiptId = receiptId;
    }

    void start() {
      for (int t = 0; t < 4; t++) {
        threads.submit(() -> {
          while (running.get()) {
            try {
              answers.add(request(turn.getAndIncrement()));
            } catch (Throwable e) {
              broken.add(e);
            }
          }
        });
      }
    }

    void await(int okAnswers) {
      int before = answers.size();
      Sql.await(okAnswers + " answers", 60_000,
          () -> answers.stream().skip(before).filter(a -> a.status() < 300).count() >= okAnswers);
    }

    List<Answer> between(long from, long to) {
      return answers.stream().filter(a -> a.at() >= from && a.at() <= to).toList();
    }

    boolean writeOkAfter(long t) {
      return firstWriteOkAfter(0, t) > 0 && firstWriteOkAfter(1, t) > 0;
    }

    /** Answers to requests sent at or after t that match the filter. */
    long sentAfter(long t, java.util.function.Predicate<Answer> which) {
      return answers.stream().filter(a -> a.at() - a.ms() * 1_000_000 >= t && which.test(a)).count();
    }

    /** Whether the API refused a write with 503 after t, then answered a write sent after that 503. */
    boolean writeAnsweredAfterUnavailable(int api, long t) {
      long first = answers.stream().filter(a -> a.api() == api && a.write() && a.at() >= t && a.status() == 503)
          .mapToLong(Answer::at).min().orElse(0);
      return first > 0 && answers.stream().anyMatch(a -> a.api() == api && a.write() && a.at() - a.ms() * 1_000_000 > first);
    }

    /** When the first write sent after t to the given API succeeded (0 = none yet). */
    long firstWriteOkAfter(int api, long t) {
      return answers.stream().filter(a -> a.api() == api && a.at() - a.ms() * 1_000_000 >= t && a.status() < 300
          && a.write()).mapToLong(Answer::at).min().orElse(0);
    }

    void stop() throws InterruptedException {
      running.set(false);
      threads.shutdown();
      threads.awaitTermination(60, TimeUnit.SECONDS);
    }

    private Answer request(int n) {
      int api = (n / 8) % 2;
      TestApp app = apis.get(api);
      String wallet = Anvil.randomAddress();
      Map<String, String> json = Map.of("Content-Type", "application/json");
      long start = System.nanoTime();
      String op;
      HttpResponse<Buffer> r;
      switch (n % 8) {
        case 0, 4 -> {
          op = "intake";
          r = app.send(HttpMethod.POST, "/api/v1/intake/" + wallet, null, Map.of());
        }
        case 1 -> {
          op = "decision";
          r = app.get("/api/v1/decision/" + known);
        }
        case 2 -> {
          op = "mint";
          r = app.send(HttpMethod.POST, "/api/v1/decision-receipts", new JsonObject().put("wallet", wallet).toBuffer(), json);
        }
        case 3 -> {
          op = "batch";
          r = app.send(HttpMethod.POST, "/api/v1/decision/batch",
              new JsonObject().put("inputs", new JsonArray().add(known).add(wallet)).toBuffer(), json);
        }
        case 5 -> {
          op = "receipt-read";
          r = app.get("/api/v1/decision-receipts/" + receiptId);
        }
        case 6 -> {
          op = "graph";
          r = app.get("/api/v1/interaction-graph/" + known);
        }
        default -> {
          op = "score";
          r = app.get("/api/v1/score/" + known);
        }
      }
      // Answered when the round trip ended (the contract check after it is the test's own time).
      long end = start + TestApp.LAST_ROUND_TRIP_NANOS.get();
      JsonObject body = r.bodyAsJsonObject();
      JsonObject error = body.getJsonObject("error");
      return new Answer(api, end, (end - start) / 1_000_000, op, wallet, r.statusCode(),
          error == null ? null : error.getString("code"), error == null ? "" : error.getString("message"),
          body.getJsonObject("data"));
    }
  }

  private static String cacheStatus(TestApp app, String wallet) {
    HttpResponse<Buffer> r = app.get("/api/v1/decision/" + wallet);
    return r.statusCode() != 200 ? "status " + r.statusCode()
        : TestApp.data(r).getJsonObject("freshness").getString("cacheStatus");
  }

  private static long safeCount(DatabaseUrl db, String sql) {
    try {
      return Sql.count(db, sql);
    } catch (RuntimeException e) {
      return -1;
    }
  }

  private static long p99(List<Answer> answers) {
    if (answers.isEmpty()) {
      return 0;
    }
    long[] ms = answers.stream().mapToLong(Answer::ms).sorted().toArray();
    return ms[Math.min(ms.length - 1, (int) Math.ceil(ms.length * 0.99) - 1)];
  }

  private static Map<Integer, Long> statuses(List<Answer> answers) {
    Map<Integer, Long> out = new java.util.TreeMap<>();
    answers.forEach(a -> out.merge(a.status(), 1L, Long::sum));
    return out;
  }

  private static long ms(long since) {
    return (System.nanoTime() - since) / 1_000_000;
  }
}
