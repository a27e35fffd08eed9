package dev.vouch.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Anvil;
import dev.vouch.support.LogCapture;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestDatabase;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** An outage under load writes a line per interval, not a stack trace per request. */
@Tag("fault")
class LogFloodTest {

  @Test
  void aDatabaseOutageUnderLoadLogsOneLineWithACountAndNoStackTraces() throws Exception {
    try (TestApp app = TestApp.start(TestApp.UNMETERED)) {
      String decision = "/api/v1/decision/" + Anvil.randomAddress();
      assertThat(app.get(decision).statusCode()).isEqualTo(200);
      TestDatabase.allowConnections(app.database, false);
      try (LogCapture logs = new LogCapture(Level.WARNING)) {
        long start = System.nanoTime();
        for (int i = 0; i < 200; i++) {
          assertThat(app.get(decision).statusCode()).isEqualTo(503);
        }
        // A loaded machine may take longer than one interval for the 200: each kind of line may
        // then appear once per interval begun, never once per request.
        long intervals = 1 + Duration.ofNanos(System.nanoTime() - start).toSeconds() / 10;
        var lines = logs.from("dev.vouch.http");
        assertThat(lines).isNotEmpty();
        var perKind = lines.stream().collect(java.util.stream.Collectors.groupingBy(
            r -> r.getMessage().replaceAll("[ (].*", ""), java.util.stream.Collectors.counting()));
        assertThat(perKind.values()).as("one line per 10 s interval, not one per request: " + perKind)
            .allMatch(n -> n <= intervals);
        var access = logs.from("dev.vouch.access");
        assertThat(access).as("the access log samples 503s too").hasSizeBetween(1, (int) intervals);
        assertThat(lines).allMatch(r -> r.getThrown() == null, "no stack trace for an expected outage");
        assertThat(lines.get(0).getMessage()).contains("database unavailable");
      } finally {
        TestDatabase.allowConnections(app.database, true);
      }
    }
  }

  @Test
  void aServerThatDropsTheNotificationConnectionIsOneJsonLineNotPlainTextOnStderr() throws Exception {
    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
    java.io.PrintStream original = System.err;
    try (TestApp app = TestApp.start(TestApp.UNMETERED); LogCapture logs = new LogCapture(Level.WARNING)) {
      System.setErr(new java.io.PrintStream(err, true, StandardCharsets.UTF_8));
      try {
        // Terminates every session of the database, the LISTEN connection included (FATAL 57P01).
        TestDatabase.allowConnections(app.database, false);
        dev.vouch.support.Sql.await("the notification connection's failure to be logged", 30_000,
            () -> !logs.from("dev.vouch.indexing.SnapshotNotifications").isEmpty());
      } finally {
        TestDatabase.allowConnections(app.database, true);
        System.setErr(original);
      }
      assertThat(logs.from("dev.vouch.indexing.SnapshotNotifications").get(0).getMessage())
          .contains("notification connection failed").contains("57P01");
      assertThat(err.toString(StandardCharsets.UTF_8)).doesNotContain("PgException");
    } finally {
      System.setErr(original);
    }
  }

  @Test
  void theHeldBackCountIsReportedWithTheNextLine() {
    long[] now = {0};
    Logger logger = Logger.getLogger("test.throttled");
    try (LogCapture logs = new LogCapture(Level.WARNING)) {
      ThrottledLog log = new ThrottledLog(logger, Duration.ofSeconds(10), () -> now[0]);
      for (int i = 0; i < 1000; i++) {
        log.warn(() -> "database unavailable");
      }
      now[0] += Duration.ofSeconds(10).toNanos();
      log.warn(() -> "database unavailable");
      var lines = logs.from("test.throttled").stream().map(LogRecord::getMessage).toList();
      assertThat(lines).containsExactly("database unavailable",
          "database unavailable (and 999 more like it since the last such line)");
    }
  }

  @Test
  void clientsHangingUpMidRequestAreNotSevere() throws Exception {
    try (TestApp app = TestApp.start(TestApp.UNMETERED); LogCapture logs = new LogCapture(Level.WARNING)) {
      for (int i = 0; i < 50; i++) {
        try (Socket s = new Socket("127.0.0.1", app.port)) {
          s.setSoLinger(true, 0); // close with a reset, as a crashed or impatient client does
          OutputStream out = s.getOutputStream();
          out.write(("GET /api/v1/decision/" + Anvil.randomAddress() + " HTTP/1.1\r\nHost: x\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
          out.flush();
        }
      }
      assertThat(app.get("/health/live").statusCode()).isEqualTo(200);
      // Only the loaded test machine's own complaint (a slow event loop) may appear.
      assertThat(logs.atLeast(Level.WARNING))
          .allMatch(r -> r.getLoggerName().equals("io.vertx.core.impl.BlockedThreadChecker"));
    }
  }
}
