package dev.vouch.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class AccessLogTest {

  final Logger access = Logger.getLogger("dev.vouch.access");
  final List<LogRecord> lines = new CopyOnWriteArrayList<>();
  final Handler capture = new Handler() {
    @Override public void publish(LogRecord r) { lines.add(r); }
    @Override public void flush() {}
    @Override public void close() {}
  };
  Level before;

  @BeforeEach
  void listen() {
    before = access.getLevel();
    access.setLevel(Level.INFO);
    access.addHandler(capture);
  }

  @AfterEach
  void stopListening() {
    access.removeHandler(capture);
    access.setLevel(before);
  }

  @Test
  void aBusySecondLogsAtMostItsQuotaAndTheNextSecondStartsAfresh() {
    AtomicLong now = new AtomicLong(1_000_000);
    AccessLog log = new AccessLog(3, now::get);
    for (int i = 0; i < 10; i++) {
      log.record("r" + i, "GET", "/api/v1/decision/x", 200, System.nanoTime());
    }
    assertThat(lines).hasSize(3);
    now.addAndGet(1000);
    log.record("next", "GET", "/p", 200, System.nanoTime());
    assertThat(lines).hasSize(4);
    assertThat(lines.get(3).getMessage()).contains("\"requestId\":\"next\"").contains("\"status\":200");
  }

  @Test
  void serverErrorsAreAlwaysLoggedEvenWhenTheQuotaIsSpentOrZero() {
    AccessLog log = new AccessLog(0, () -> 0L);
    log.record("ok", "GET", "/p", 200, System.nanoTime());
    log.record("bad", "GET", "/p", 503, System.nanoTime());
    assertThat(lines).singleElement().satisfies(r -> {
      assertThat(r.getLevel()).isEqualTo(Level.WARNING);
      assertThat(r.getMessage()).contains("\"status\":503");
    });
  }

  @Test
  void outageAnswersAreOneLinePerIntervalCountingTheOnesHeldBack() {
    AtomicLong now = new AtomicLong(1_000_000);
    AccessLog log = new AccessLog(1000, now::get);
    for (int i = 0; i < 1000; i++) {
      log.record("r" + i, "GET", "/api/v1/decision/x", 503, System.nanoTime());
    }
    log.record("bug", "GET", "/p", 500, System.nanoTime());
    assertThat(lines).hasSize(2);
    assertThat(new io.vertx.core.json.JsonObject(lines.get(0).getMessage()).getLong("unavailableHeldBack")).isZero();
    assertThat(lines.get(1).getMessage()).contains("\"status\":500");
    now.addAndGet(AccessLog.UNAVAILABLE_INTERVAL_MS);
    log.record("later", "GET", "/p", 503, System.nanoTime());
    assertThat(lines).hasSize(3);
    var line = new io.vertx.core.json.JsonObject(lines.get(2).getMessage());
    assertThat(line.getString("requestId")).isEqualTo("later");
    assertThat(line.getLong("unavailableHeldBack")).isEqualTo(999);
    assertThat(lines.get(2).getLevel()).isEqualTo(Level.WARNING);
  }

  @Test
  void pathsAreEscapedIntoValidJson() {
    new AccessLog(5, () -> 0L).record("id", "GET", "/a\"b\\c\u0001", 404, System.nanoTime());
    assertThat(new io.vertx.core.json.JsonObject(lines.get(0).getMessage()).getString("path")).isEqualTo("/a\"b\\c\u0001");
  }
}
