package dev.vouch.screening;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vouch.config.ScreeningSource;
import dev.vouch.score.NewSnapshot;
import dev.vouch.score.SnapshotCommits;
import dev.vouch.score.model.Evidence;
import dev.vouch.score.model.ScoreModel;
import dev.vouch.screening.model.Label;
import dev.vouch.store.DatabaseUrl;
import dev.vouch.support.LogCapture;
import dev.vouch.support.Observe;
import dev.vouch.support.Snapshots;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestDatabase;
import dev.vouch.support.TestLists;
import io.vertx.core.Vertx;
import java.io.OutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 33 item 7: lists live in the label store, bounded by rows and bytes as they stream; an
 * oversized or endless list is refused at start and on refresh with the previous version in force
 * and nothing left behind; the log counts what was loaded by category; exposure reads answer
 * while a list loads.
 */
class LabelStoreTest {

  static final String HEADER = "address,chain,category,name,source\n";
  static final String MIXER = "0x" + "11".repeat(20);
  static Vertx vertx;
  DatabaseUrl db;

  @BeforeAll
  static void up() {
    vertx = Vertx.vertx();
  }

  @AfterAll
  static void down() {
    vertx.close();
  }

  @BeforeEach
  void database() {
    db = TestDatabase.fresh();
  }

  static Path file(String text) throws Exception {
    Path f = Files.createTempFile("labels", ".csv");
    f.toFile().deleteOnExit();
    Files.writeString(f, text);
    return f;
  }

  static String scams(int n) {
    StringBuilder b = new StringBuilder(HEADER);
    for (int i = 1; i <= n; i++) {
      b.append(String.format("0x%040x", i)).append(",,scam,Scam ").append(i).append(",\n");
    }
    return b.toString();
  }

  static ScreeningSource labels(Path f) {
    return new ScreeningSource("LABELS", ScreeningSource.Type.labels, f.toString(), null);
  }

  /** Only the one good version, and no table of a refused load, is left. */
  void onlyTheGoodVersionIsLeft(Screening s) {
    assertThat(Observe.await(s.scope(List.of(MIXER))).labels().lookup(MIXER, 1)).extracting(Label::name)
        .containsExactly("Good mixer");
    assertThat(Sql.count(db, "SELECT count(*) FROM label_versions")).isEqualTo(1);
    assertThat(Sql.count(db, "SELECT count(*) FROM pg_class WHERE relname LIKE 'labels_v%' AND relkind = 'r'"))
        .isEqualTo(1);
  }

  @Test
  void anEndlessListIsRefusedAtStartAndOnRefreshWithinTheHeapAndThePreviousVersionStays() throws Exception {
    Path good = file(HEADER + MIXER + ",,mixer,Good mixer,\n");
    Screening s = TestLists.start(vertx, db, List.of(labels(good)));
    // The same path turned into /dev/zero: refused on refresh, the version in force stays.
    Files.delete(good);
    Files.createSymbolicLink(good, Path.of("/dev/zero"));
    try (LogCapture logs = new LogCapture(Level.WARNING)) {
      s.reload(false);
      assertThat(logs.from(Screening.class.getName())).extracting(LogRecord::getMessage).singleElement()
          .asString().startsWith("screening list LABELS could not be read from " + good
              + ": list LABELS line 1 is longer than 65536 characters: not a list")
          .endsWith("; keeping the previous version");
    }
    onlyTheGoodVersionIsLeft(s);
    // At start: refused with the reason; the database keeps the version in force.
    assertThatThrownBy(() -> TestLists.start(vertx, db, List.of(labels(good))))
        .hasStackTraceContaining("screening list LABELS could not be read from " + good
            + ": list LABELS line 1 is longer than 65536 characters");
    onlyTheGoodVersionIsLeft(s);
    // A line without end is refused before the byte bound (a parse never holds more than a line).
    Path endless = file(HEADER + "0x" + "1".repeat(200_000));
    assertThatThrownBy(() -> TestLists.start(vertx, db, List.of(labels(endless))))
        .hasStackTraceContaining("line 2 is longer than 65536 characters");
    onlyTheGoodVersionIsLeft(s);
  }

  @Test
  void aListIsBoundedByRowsAndByBytes() throws Exception {
    Path good = file(HEADER + MIXER + ",,mixer,Good mixer,\n");
    Screening s = TestLists.start(vertx, db, List.of(labels(good)), 10_000, 2);
    Files.writeString(good, scams(3));
    assertThatThrownBy(() -> TestLists.start(vertx, db, List.of(labels(good)), 10_000, 2))
        .hasStackTraceContaining("list LABELS has more than 2 rows (models.listMaxRows)");
    onlyTheGoodVersionIsLeft(s);
    Files.writeString(good, scams(200));
    assertThatThrownBy(() -> TestLists.start(vertx, db, List.of(labels(good)), 10_000, 1000))
        .hasStackTraceContaining("list is larger than 10,000 bytes (models.listMaxBytes)");
    onlyTheGoodVersionIsLeft(s);
  }

  @Test
  void theLogCountsWhatWasLoadedByCategory() throws Exception {
    Path f = file(scams(1000) + MIXER + ",,mixer,Good mixer,\n");
    try (LogCapture logs = new LogCapture(Level.INFO)) {
      TestLists.start(vertx, db, List.of(labels(f)));
      assertThat(logs.from(Screening.class.getName())).extracting(LogRecord::getMessage)
          .contains("label list LABELS loaded from " + f + ": 1,001 labels (1 mixer, 1,000 scam)");
    }
    assertThat(Sql.count(db, "SELECT rows FROM label_versions WHERE state = 'current'")).isEqualTo(1001);
  }

  /**
   * A refresh that reads a list slowly (a FIFO: its writer decides when each part arrives) holds
   * no lock a read needs: exposure answers 200 before, during the COPY and after the switch.
   */
  @Test
  void exposureReadsAnswerWhileAListLoads() throws Exception {
    Path f = file(HEADER + MIXER + ",,mixer,Good mixer,\n");
    String appYaml = Files.readString(Path.of("config/application.yaml")).replace("  flaggedAddresses: []\n",
        "  flaggedAddresses:\n    - {name: LABELS, type: labels, path: " + f + "}\n");
    Path config = file(appYaml);
    Map<String, String> env = new HashMap<>(TestApp.UNMETERED);
    env.put("VOUCH_CONFIG", config.toString());
    env.put("VOUCH_ROLE", "api");
    TestApp app = TestApp.start(env);
    try {
      String wallet = "0x" + "ab".repeat(20);
      Instant at = app.clock.instant();
      Evidence e = Snapshots.strong();
      Observe.await(new SnapshotCommits(app.app.pool()).commit(new NewSnapshot(wallet, at, ScoreModel.score(e), e,
          at.minus(Duration.ofDays(900)), List.of(Snapshots.ARC), Snapshots.healthyCoverage(at),
          List.of(new NewSnapshot.CounterpartyRow(MIXER, 5042002, true, 1, 0, at.minus(Duration.ofDays(2)),
              at.minus(Duration.ofDays(2)), BigInteger.TEN, BigInteger.ZERO)), null), true));
      assertThat(app.get("/api/v1/exposure/" + wallet).statusCode()).isEqualTo(200);

      Files.delete(f);
      new ProcessBuilder("mkfifo", f.toString()).start().waitFor();
      CompletableFuture<Void> refresh = CompletableFuture.runAsync(() -> app.app.screening().reload(false));
      String rows = scams(5000);
      int half = rows.length() / 2;
      // A pipe is read once, as it loads: the open returns once the loader reads it, and the read
      // below runs with the COPY open, half the rows in, the rest not yet written.
      try (OutputStream out = Files.newOutputStream(f)) {
        out.write(rows.substring(0, half).getBytes(StandardCharsets.UTF_8));
        out.flush();
        assertThat(app.get("/api/v1/exposure/" + wallet).statusCode()).isEqualTo(200);
        assertThat(refresh).isNotDone();
        out.write(rows.substring(half).getBytes(StandardCharsets.UTF_8));
      }
      refresh.get(120, TimeUnit.SECONDS);
      assertThat(Sql.count(app.database, "SELECT rows FROM label_versions WHERE state = 'current'")).isEqualTo(5000);
      assertThat(app.get("/api/v1/exposure/" + wallet).statusCode()).isEqualTo(200);
    } finally {
      app.close();
    }
  }
}
