package dev.vouch.score;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.cli.VouchCommand;
import dev.vouch.config.ConfigLoader;
import dev.vouch.store.DatabaseUrl;
import dev.vouch.store.Pools;
import dev.vouch.support.Observe;
import dev.vouch.support.Snapshots;
import dev.vouch.support.Sql;
import dev.vouch.support.TestDatabase;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The online backfill (issue 25 item 11) on the real column V46 filled by rewriting the table:
 * {@code seasoned_counterparties} emptied as a nullable column with no default leaves it, then
 * backfilled in chunks while a reader keeps reading. Between every two chunks the reader has
 * answered again and no ACCESS EXCLUSIVE lock is held on {@code wallet_reads}; afterwards every row
 * equals its rebuild. A run from a given address touches only the rows after it (resumable).
 */
class ReadModelBackfillTest {

  static Vertx vertx;
  static Pool pool;
  static DatabaseUrl url;
  static final Instant NOW = Instant.parse("2026-11-20T00:00:00Z");
  static final int WALLETS = 24;
  static final List<String> ADDRESSES = new ArrayList<>();

  static final String EXCLUSIVE = """
      SELECT count(*) FROM pg_locks l JOIN pg_class r ON r.oid = l.relation
       WHERE r.relname = 'wallet_reads' AND l.mode = 'AccessExclusiveLock'""";

  @BeforeAll
  static void start() {
    vertx = Vertx.vertx();
    url = TestDatabase.fresh();
    pool = Pools.create(vertx, url, 4);
    for (int i = 0; i < WALLETS; i++) {
      String w = String.format("0x%040x", 0xabc000 + i);
      ADDRESSES.add(w);
      Snapshots.commit(pool, ReadModelProperties.Run.snapshot(w, 1 + i % 5, NOW, null));
    }
    // The test snapshots carry no seasoned history; give each a value for the column to carry.
    Sql.exec(url, "UPDATE snapshots SET seasoned_counterparties = 3 + id % 4");
  }

  @AfterAll
  static void stop() {
    vertx.close();
  }

  /** The state right after {@code ADD COLUMN ... } nullable, no default: every row without the value. */
  private static void emptyTheColumn() {
    Sql.exec(url, "UPDATE wallet_reads SET seasoned_counterparties = NULL");
    assertThat(Sql.count(url, "SELECT count(*) FROM wallet_reads WHERE seasoned_counterparties IS NULL"))
        .isEqualTo(WALLETS);
  }

  @Test
  void fillsTheColumnInChunksWhileReadsKeepAnswering() throws Exception {
    assertThat(Sql.count(url, "SELECT count(*) FROM wallet_reads_derived WHERE seasoned_counterparties IS NOT NULL"))
        .as("the derivation has values to fill").isEqualTo(WALLETS);
    emptyTheColumn();
    WalletReads reads = new WalletReads(pool);
    AtomicBoolean stop = new AtomicBoolean();
    AtomicInteger answered = new AtomicInteger();
    ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
    Thread reader = new Thread(() -> {
      int i = 0;
      while (!stop.get()) {
        try {
          Observe.await(reads.read(ADDRESSES.get(i++ % WALLETS)));
          answered.incrementAndGet();
        } catch (RuntimeException e) {
          failures.add(e);
        }
      }
    });
    reader.start();
    List<Long> exclusiveLocks = new ArrayList<>();
    List<ReadModelBackfill.Progress> chunks = new ArrayList<>();
    long rows;
    try (Connection c = jdbc()) {
      rows = ReadModelBackfill.run(c, "", 5, p -> {
        chunks.add(p);
        exclusiveLocks.add(Sql.count(url, EXCLUSIVE));
        int before = answered.get();
        Sql.await("the reader answers between chunks", 20_000, () -> answered.get() > before || !failures.isEmpty());
      });
    } finally {
      stop.set(true);
      reader.join();
    }
    assertThat(failures).isEmpty();
    assertThat(rows).isEqualTo(WALLETS);
    assertThat(chunks).extracting(ReadModelBackfill.Progress::rows).containsExactly(5, 5, 5, 5, 4);
    assertThat(chunks.get(chunks.size() - 1).last()).isEqualTo(ADDRESSES.get(WALLETS - 1));
    assertThat(exclusiveLocks).as("no ACCESS EXCLUSIVE lock on wallet_reads during the backfill").containsOnly(0L);
    assertThat(Sql.count(url, "SELECT count(*) FROM wallet_reads WHERE seasoned_counterparties IS NULL")).isZero();
    try (Connection c = jdbc()) {
      assertThat(ReadModelRebuild.differences(c)).isEmpty();
    }
  }

  @Test
  void resumesAfterTheLastAddressDone() throws Exception {
    emptyTheColumn();
    String resumeAfter = ADDRESSES.get(11);
    try (Connection c = jdbc()) {
      assertThat(ReadModelBackfill.run(c, resumeAfter, 1000, p -> { })).isEqualTo(WALLETS - 12);
    }
    assertThat(Sql.count(url, "SELECT count(*) FROM wallet_reads WHERE seasoned_counterparties IS NULL AND address <= ?",
        resumeAfter)).as("rows before the resume point untouched").isEqualTo(12);
    assertThat(Sql.count(url, "SELECT count(*) FROM wallet_reads WHERE seasoned_counterparties IS NULL AND address > ?",
        resumeAfter)).isZero();
    try (Connection c = jdbc()) {
      ReadModelBackfill.run(c, null, 7, p -> { });
      assertThat(ReadModelRebuild.differences(c)).isEmpty();
    }
  }

  @Test
  void theCommandPrintsWhereToResumeAndRefusesABadChunk() {
    emptyTheColumn();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int bad = VouchCommand.execute(() -> ConfigLoader.load(Map.of("DATABASE_URL", url.toUrl())),
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
        "read-model", "backfill", "--chunk", "0");
    assertThat(bad).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("--chunk must be between 1 and 100000");
    int badPace = VouchCommand.execute(() -> ConfigLoader.load(Map.of("DATABASE_URL", url.toUrl())),
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
        "read-model", "backfill", "--rows-per-second", "-1");
    assertThat(badPace).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("--rows-per-second must be 0 (unpaced) or more");
    assertThat(Sql.count(url, "SELECT count(*) FROM wallet_reads WHERE seasoned_counterparties IS NULL"))
        .as("nothing changed").isEqualTo(WALLETS);
    // Paced (a pace far above what it does here, so it never waits long): the same rows, in the same chunks.
    int status = VouchCommand.execute(() -> ConfigLoader.load(Map.of("DATABASE_URL", url.toUrl())),
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
        "read-model", "backfill", "--chunk", "10", "--rows-per-second", "100000");
    assertThat(status).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("backfilled 10 rows through " + ADDRESSES.get(9))
        .contains("backfill done: " + WALLETS + " rows recomputed");
    assertThat(Sql.count(url, "SELECT count(*) FROM wallet_reads WHERE seasoned_counterparties IS NULL")).isZero();
  }

  private static Connection jdbc() throws Exception {
    return DriverManager.getConnection(url.jdbcUrl(), url.user(), url.password());
  }
}
