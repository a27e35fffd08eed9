package dev.vouch.score;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.store.Gateway;
import dev.vouch.support.LogCapture;
import dev.vouch.support.Observe;
import dev.vouch.support.Snapshots;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The scheduled sampled read-model check (issue 25 item 11) on a running service: its metrics exist
 * at 0 before any check, a row corrupted by hand is found (gauge 1, wallet logged, row left as it
 * is), {@code read-model rebuild} brings the gauge back to 0, a missing row is drift too, and a
 * worker finding the lock held skips the round.
 */
class ReadModelCheckTest {

  static TestApp app;
  static final Instant NOW = Instant.parse("2026-11-20T00:00:00Z");
  static final String A = "0x" + "1a".repeat(20);
  static final String B = "0x" + "2b".repeat(20);
  static final String C = "0x" + "3c".repeat(20);

  @BeforeAll
  static void start() {
    // Interval 0 (through the environment, as an operator sets it): the test runs each round itself.
    app = TestApp.start(Map.of("VOUCH_READ_MODEL_CHECK_INTERVAL_MINUTES", "0"));
    for (String w : List.of(A, B, C)) {
      Snapshots.commit(app.app.pool(), ReadModelProperties.Run.snapshot(w, 2, NOW, null));
    }
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  void corruptedRowIsCountedLoggedAndClearedByRebuild() throws Exception {
    assertThat(app.app.config().readModel().checkIntervalMinutes()).isZero();
    String metrics = app.get("/metrics").bodyAsString();
    assertThat(metrics).as("exposed at start, before any check").contains("vouch_read_model_drift_rows 0.0")
        .contains("vouch_read_model_checks_total{result=\"drift\"} 0.0");

    ReadModelCheck.Outcome clean = Observe.await(app.app.readModelCheck().run());
    assertThat(clean.skipped()).isFalse();
    assertThat(clean.sampled()).isEqualTo(3);
    assertThat(clean.drifted()).isEmpty();
    assertThat(Observe.metric(app, "vouch_read_model_drift_rows")).isZero();

    Sql.exec(app.database, "UPDATE wallet_reads SET score = score + 1 WHERE address = ?", B);
    ReadModelCheck.Outcome drift;
    try (LogCapture logs = new LogCapture(Level.WARNING)) {
      drift = Observe.await(app.app.readModelCheck().run());
      assertThat(logs.from(ReadModelCheck.class.getName())).extracting(LogRecord::getMessage)
          .singleElement().asString().contains(B).doesNotContain(A);
    }
    assertThat(drift.drifted()).containsExactly(B);
    assertThat(Observe.metric(app, "vouch_read_model_drift_rows")).isEqualTo(1);
    assertThat(app.get("/metrics").bodyAsString()).contains("vouch_read_model_checks_total{result=\"drift\"} 1.0");
    assertThat(Sql.count(app.database, "SELECT count(*) FROM wallet_reads r WHERE address = ? AND NOT EXISTS "
        + "(SELECT 1 FROM wallet_reads_derived d WHERE d.score = r.score AND d.address = r.address)", B))
        .as("reported, not repaired").isEqualTo(1);

    try (Connection c = jdbc()) {
      assertThat(ReadModelRebuild.rebuild(c).differed()).containsExactly(B); // what `read-model rebuild` runs
    }
    assertThat(Observe.await(app.app.readModelCheck().run()).drifted()).isEmpty();
    assertThat(Observe.metric(app, "vouch_read_model_drift_rows")).isZero();

    Sql.exec(app.database, "DELETE FROM wallet_reads WHERE address = ?", C);
    assertThat(Observe.await(app.app.readModelCheck().run()).drifted()).as("a missing row").containsExactly(C);
    try (Connection c = jdbc()) {
      ReadModelRebuild.rebuild(c);
    }
    assertThat(Observe.await(app.app.readModelCheck().run()).drifted()).isEmpty();
  }

  @Test
  void aWorkerFindingTheLockHeldSkipsTheRound() throws Exception {
    try (Connection holder = jdbc(); Statement s = holder.createStatement()) {
      s.execute("SELECT pg_advisory_lock(30330, 0)");
      ReadModelCheck.Outcome o = Observe.await(app.app.readModelCheck().run());
      assertThat(o.skipped()).isTrue();
      assertThat(o.drifted()).isEmpty();
      assertThat(app.get("/metrics").bodyAsString()).containsPattern("vouch_read_model_checks_total\\{result=\"skipped\"} [1-9]");
      // Released explicitly: a closed connection's backend exits (and drops its locks) a moment later.
      s.execute("SELECT pg_advisory_unlock(30330, 0)");
    }
    assertThat(Observe.await(app.app.readModelCheck().run()).skipped()).isFalse();
  }

  @Test
  void theSampleIsBounded() {
    ReadModelCheck two = new ReadModelCheck(Gateway.direct(app.app.pool()), 2, new SimpleMeterRegistry());
    ReadModelCheck.Outcome o = Observe.await(two.run());
    assertThat(o.sampled()).isEqualTo(2);
  }

  private static Connection jdbc() throws Exception {
    return DriverManager.getConnection(app.database.jdbcUrl(), app.database.user(), app.database.password());
  }
}
