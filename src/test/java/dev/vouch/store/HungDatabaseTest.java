package dev.vouch.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Anvil;
import dev.vouch.support.FaultHold;
import dev.vouch.support.LogCapture;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestDatabase;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.client.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.logging.Level;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A database that hangs instead of failing: the API answers 503 UNAVAILABLE with Retry-After
 * within its deadlines (not the event bus's 30 s, not 500), and a write it answered 503 for
 * leaves nothing behind once the database moves again.
 */
@Tag("fault")
class HungDatabaseTest {

  /** A statement deadline short enough for a test; the rest keeps TestApp's headroom. */
  static final Map<String, String> DEADLINES = Map.of(
      "VOUCH_DATABASE_STATEMENT_TIMEOUT_MS", "1000",
      // The gateway's read deadline as in production (TestApp widens it for loaded machines); a
      // write deadline above the statement timeout, so a write blocked on a lock is cancelled
      // (and says nothing was created) before the gateway stops waiting.
      "VOUCH_DATABASE_READ_DEADLINE_MS", "1500",
      "VOUCH_DATABASE_WRITE_DEADLINE_MS", "5000",
      "VOUCH_BUDGETS_ANONYMOUS_PER_MINUTE", "1000000");

  private static void assertUnavailable(HttpResponse<Buffer> r) {
    assertThat(r.statusCode()).as(r.bodyAsString()).isEqualTo(503);
    assertThat(r.bodyAsJsonObject().getJsonObject("error").getString("code")).isEqualTo("UNAVAILABLE");
    assertThat(r.getHeader("Retry-After")).isEqualTo("5");
  }

  @Test
  void anIntakeBlockedOnALockAnswers503AndNeverCreatesItsJobLater() throws Exception {
    DatabaseUrl db = TestDatabase.fresh();
    try (TestApp app = TestApp.startOn(db, DEADLINES);
        Connection locker = DriverManager.getConnection(db.jdbcUrl(), db.user(), db.password())) {
      String wallet = Anvil.randomAddress();
      locker.setAutoCommit(false);
      try (Statement s = locker.createStatement()) {
        // Reads still pass; the job insert waits for the lock, as behind a long migration.
        s.execute("LOCK TABLE index_jobs IN EXCLUSIVE MODE");
      }
      var r = app.send(HttpMethod.POST, "/api/v1/intake/" + wallet, null, Map.of());
      assertUnavailable(r);
      assertThat(r.bodyAsJsonObject().getJsonObject("error").getString("message")).contains("nothing was created");
      locker.rollback();

      // Once nothing of this database is running any more, the answer must still be true.
      Sql.await("the database to be idle", 20_000, () -> Sql.count(db,
          "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' "
              + "AND pid <> pg_backend_pid()") == 0);
      assertThat(Sql.count(db, "SELECT count(*) FROM index_jobs WHERE wallet = ?", wallet)).isZero();
      assertThat(app.send(HttpMethod.POST, "/api/v1/intake/" + wallet, null, Map.of()).statusCode())
          .as("the same intake succeeds once the lock is gone").isEqualTo(202);
    }
  }

  @Test
  void aFrozenDatabaseAnswers503FastAndTheServiceRecoversAlone() throws Exception {
    Path dir = Files.createTempDirectory("vouch-frozen-pg");
    Map<String, String> env = new HashMap<>(DEADLINES);
    env.put("DATABASE_URL", "");
    env.put("VOUCH_DATABASE_EMBEDDED_DATA_DIR", dir.toString());
    env.put("VOUCH_DATABASE_POOL_SIZE", "2");
    env.put("VOUCH_DATABASE_WAIT_QUEUE_SIZE", "4");
    // Long enough to start on a loaded machine, short enough for twelve answers in the client's 30 s.
    env.put("VOUCH_DATABASE_ACQUIRE_TIMEOUT_MS", "5000");
    env.put("VOUCH_HTTP_REQUEST_TIMEOUT_MS", "12000");
    String decision = "/api/v1/decision/" + Anvil.randomAddress();
    try (TestApp app = TestApp.start(env); LogCapture logs = new LogCapture(Level.WARNING)) {
      assertThat(app.get(decision).statusCode()).isEqualTo(200);
      List<Long> postgres = postgresProcesses(dir);
      signal("STOP", postgres);
      try {
        // More requests than connections plus waiters: the rest are refused at once, not queued.
        List<CompletableFuture<HttpResponse<Buffer>>> burst = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(12);
        for (int i = 0; i < 12; i++) {
          burst.add(CompletableFuture.supplyAsync(() -> app.get(decision), pool));
        }
        for (var f : burst) {
          assertUnavailable(f.join());
        }
        pool.shutdown();
        var intake = app.send(HttpMethod.POST, "/api/v1/intake/" + Anvil.randomAddress(), null, Map.of());
        assertUnavailable(intake);
        assertThat(app.get("/health/ready").statusCode()).isEqualTo(503);
      } finally {
        signal("CONT", postgres);
      }
      Sql.await("reads to succeed again", 30_000, () -> app.get(decision).statusCode() == 200);
      assertThat(app.get("/health/ready").statusCode()).isEqualTo(200);
      // Readiness answered KO on its own deadline; the late database answer must not blow up.
      assertThat(logs.records()).noneMatch(r -> r.getThrown() instanceof IllegalStateException
          || String.valueOf(r.getMessage()).contains("already complete"));
    }
  }

  /**
   * Issue 18's behaviour without a replica, under a steady load of reads: only 200 or 503, reads
   * answered 503 while still frozen (the breaker answers, nobody is held to the thaw), and 200
   * again after the thaw without a restart. The figures (first 503, p99 while frozen, recovery;
   * targets 2 s, 50 ms, 2 s) are logged as "measured:" lines, not asserted: a loaded machine
   * moves them for reasons that are not the service's.
   */
  @Test
  void aFrozenDatabaseUnderLoadAnswersOnly200Or503AndReadersAreNotHeld() throws Exception {
    Path dir = Files.createTempDirectory("vouch-frozen-pg");
    Map<String, String> env = new HashMap<>(DEADLINES);
    env.put("DATABASE_URL", "");
    env.put("VOUCH_DATABASE_EMBEDDED_DATA_DIR", dir.toString());
    String decision = "/api/v1/decision/" + Anvil.randomAddress();
    record Read(long sent, long done, int status) {}
    java.util.Queue<Read> reads = new java.util.concurrent.ConcurrentLinkedQueue<>();
    java.util.concurrent.atomic.AtomicBoolean running = new java.util.concurrent.atomic.AtomicBoolean(true);
    ExecutorService load = Executors.newFixedThreadPool(4);
    try (TestApp app = TestApp.start(env)) {
      assertThat(app.get(decision).statusCode()).isEqualTo(200);
      for (int i = 0; i < 4; i++) {
        load.submit(() -> {
          while (running.get()) {
            long sent = System.nanoTime();
            int status = app.get(decision).statusCode();
            reads.add(new Read(sent, System.nanoTime(), status));
          }
        });
      }
      Sql.await("the load to run", 20_000, () -> reads.size() >= 8);
      // Listed at the freeze: the pool opened backends under the load just started.
      List<Long> postgres = postgresProcesses(dir);
      long frozeAt = System.nanoTime();
      signal("STOP", postgres);
      long thawedAt;
      try {
        // Frozen until the behaviour under test is seen (a 503, then four reads sent after it and
        // answered), not for a fixed time; bench/fault-figures.sh holds it longer for its figures.
        Sql.await("a 503 and then four reads answered while frozen", 60_000, () -> {
          long firstDone = reads.stream().filter(r -> r.status() == 503).mapToLong(Read::done).min().orElse(Long.MAX_VALUE);
          return reads.stream().filter(r -> r.sent() > firstDone).count() >= 4;
        });
        FaultHold.rest(frozeAt);
      } finally {
        signal("CONT", postgres);
        thawedAt = System.nanoTime();
      }
      Sql.await("a read sent after the thaw to answer 200", 20_000,
          () -> reads.stream().anyMatch(r -> r.sent() >= thawedAt && r.status() == 200));
      running.set(false);
      load.shutdown();
      assertThat(load.awaitTermination(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();

      Read first = reads.stream().filter(r -> r.status() == 503).min(java.util.Comparator.comparingLong(Read::done))
          .orElseThrow();
      long firstMs = (first.done() - frozeAt) / 1_000_000;
      long[] fast = reads.stream().filter(r -> r.sent() > first.done() && r.done() < thawedAt)
          .mapToLong(r -> (r.done() - r.sent()) / 1_000_000).sorted().toArray();
      long p99 = fast[Math.max(0, (int) Math.ceil(fast.length * 0.99) - 1)];
      long recoveryMs = (reads.stream().filter(r -> r.sent() >= thawedAt && r.status() == 200)
          .mapToLong(Read::done).min().orElseThrow() - thawedAt) / 1_000_000;
      java.util.logging.Logger.getLogger(HungDatabaseTest.class.getName()).warning(() -> "measured: frozen database: first 503 after "
          + firstMs + " ms, then p99 " + p99 + " ms over " + fast.length + " reads, recovery " + recoveryMs
          + " ms after the thaw");
      assertThat(reads).noneMatch(r -> r.status() != 200 && r.status() != 503);
      assertThat(first.done()).as("a 503 while still frozen").isLessThan(thawedAt);
      // Each of the four readers was answered again before the thaw: none waits on the frozen pool.
      assertThat(fast.length).as("reads sent and answered while frozen after the first 503").isGreaterThanOrEqualTo(4);
    } finally {
      running.set(false);
      load.shutdownNow();
    }
  }

  /** The postmaster of the embedded server and every process it started. */
  private static List<Long> postgresProcesses(Path dataDir) throws Exception {
    long postmaster = Long.parseLong(Files.readAllLines(dataDir.resolve("postmaster.pid")).get(0).trim());
    ProcessHandle handle = ProcessHandle.of(postmaster).orElseThrow();
    return Stream.concat(Stream.of(handle), handle.descendants()).map(ProcessHandle::pid).toList();
  }

  private static void signal(String signal, List<Long> pids) throws Exception {
    List<String> command = new ArrayList<>(List.of("kill", "-" + signal));
    pids.forEach(p -> command.add(Long.toString(p)));
    assertThat(new ProcessBuilder(command).inheritIO().start().waitFor()).isZero();
  }
}
