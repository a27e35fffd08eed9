package dev.vouch.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vouch.StartupFailures;
import dev.vouch.config.AppConfig;
import dev.vouch.config.ConfigLoader;
import dev.vouch.support.LogCapture;
import dev.vouch.support.OwnPostgres;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 25 item 4 and issue 27 friction 9: a start waits for a late database within its bound
 * instead of dying on one late heartbeat, and a breaker that opens is said at INFO, a WARNING
 * only once it stays open. A Postgres cluster of this test's own is frozen (SIGSTOP); the shared
 * server is never touched.
 */
class StartupWaitTest {

  private static OwnPostgres pg;

  @BeforeAll
  static void start() throws Exception {
    pg = OwnPostgres.start();
  }

  @AfterAll
  static void stop() throws Exception {
    pg.close();
  }

  @Test
  void aStartAgainstAFrozenDatabaseSaysOnceWhatItWaitsForAndSucceedsWhenItAnswers() throws Exception {
    try (LogCapture logs = new LogCapture(Level.INFO)) {
      pg.freeze();
      CompletableFuture<TestApp> starting;
      try {
        starting = CompletableFuture.supplyAsync(() -> TestApp.startOn(pg.url(), Map.of()));
        Sql.await("the start to say that it waits for the database", 60_000,
            () -> !waiting(logs).isEmpty() || starting.isDone());
      } finally {
        pg.thaw();
      }
      try (TestApp app = starting.get(180, TimeUnit.SECONDS)) {
        assertThat(app.get("/health/ready").statusCode()).isEqualTo(200);
      }
      assertThat(waiting(logs)).hasSize(1);
      assertThat(waiting(logs).get(0).getMessage()).contains("waiting up to 60 s for the database at postgres://postgres@127.0.0.1:");
    }
  }

  @Test
  void aDatabaseThatNeverAnswersFailsTheStartAfterTheBoundWithAClearMessage() throws Exception {
    pg.freeze();
    try {
      assertThatThrownBy(() -> TestApp.startOn(pg.url(), Map.of("VOUCH_DATABASE_STARTUP_WAIT_SECONDS", "2")))
          .satisfies(e -> assertThat(StartupFailures.describe(e, null))
              .startsWith("the database at postgres://postgres@127.0.0.1:" + pg.url().port() + "/postgres did not answer within 2 s")
              .contains("VOUCH_DATABASE_STARTUP_WAIT_SECONDS"));
    } finally {
      pg.thaw();
    }
  }

  /**
   * The heartbeat opens the breaker while start-up work is under way: that work waits for the
   * breaker to close instead of failing the start, and the opening is INFO. A breaker that
   * stays open is then said once at WARNING.
   */
  @Test
  void startUpWorkWaitsOutAnOpenBreakerWhoseOpeningIsInfoAndOnlyALastingOutageWarns() throws Exception {
    AppConfig.Database config = ConfigLoader.load(Map.of("DATABASE_URL", pg.url().toUrl(),
        "VOUCH_DATABASE_PROBE_INTERVAL_MS", "100")).database();
    Vertx vertx = Vertx.vertx();
    Gateway db = Gateway.create(vertx, pg.url(), config, new SimpleMeterRegistry());
    try (LogCapture logs = new LogCapture(Level.INFO)) {
      Sql.await("the primary's first heartbeat", 30_000, db::primaryUp);
      pg.freeze();
      Future<Integer> work;
      try {
        Sql.await("the heartbeat to open the breaker", 30_000, () -> !db.primaryUp());
        work = db.atStartup(c -> c.query("SELECT 1").execute().map(rows -> rows.iterator().next().getInteger(0)));
        Sql.await("start-up work to say that it waits", 30_000,
            () -> logs.from(Gateway.class.getName()).stream().anyMatch(r -> r.getMessage().startsWith("start-up waits")));
        Sql.await("the outage to be said at WARNING", 60_000, () -> !warnings(logs).isEmpty());
      } finally {
        pg.thaw();
      }
      assertThat(work.toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS)).isEqualTo(1);
      Sql.await("the breaker to close", 30_000, db::primaryUp);
      List<LogRecord> breaker = logs.from(Server.class.getName());
      assertThat(breaker).filteredOn(r -> r.getMessage().contains("CLOSED -> OPEN"))
          .singleElement().extracting(LogRecord::getLevel).isEqualTo(Level.INFO);
      assertThat(breaker).filteredOn(r -> r.getMessage().contains("OPEN -> CLOSED"))
          .singleElement().extracting(LogRecord::getLevel).isEqualTo(Level.INFO);
      assertThat(warnings(logs)).singleElement().extracting(LogRecord::getMessage).asString()
          .contains("database primary has not answered for 5 s");
    } finally {
      db.close();
      vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
  }

  private static List<LogRecord> waiting(LogCapture logs) {
    return logs.from(DatabaseWait.class.getName()).stream()
        .filter(r -> r.getMessage() != null && r.getMessage().startsWith("waiting up to")).toList();
  }

  private static List<LogRecord> warnings(LogCapture logs) {
    return logs.from(Server.class.getName()).stream().filter(r -> r.getLevel() == Level.WARNING).toList();
  }
}
