package dev.vouch.http;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The access log, bounded: every 5xx answer is logged; other answers up to {@code perSecond} lines
 * a second per process (0 = none), so a quiet service logs every request and a busy one does not
 * spend its CPU on it. Lines not logged are still counted by the HTTP metrics.
 */
final class AccessLog {

  private static final Logger ACCESS = Logger.getLogger("dev.vouch.access");

  private final int perSecond;
  private final LongSupplier millis;
  private final AtomicLong window = new AtomicLong();
  private final AtomicLong used = new AtomicLong();

  AccessLog(int perSecond) {
    this(perSecond, System::currentTimeMillis);
  }

  AccessLog(int perSecond, LongSupplier millis) {
    this.perSecond = perSecond;
    this.millis = millis;
  }

  void record(String requestId, String method, String path, int status, long startNanos) {
    record(requestId, null, method, path, status, startNanos);
  }

  /** With the request's trace id when it is traced (null: not). */
  void record(String requestId, String traceId, String method, String path, int status, long startNanos) {
    boolean error = status >= 500;
    if (!ACCESS.isLoggable(error ? Level.WARNING : Level.INFO) || !(error || admit())) {
      return;
    }
    String line = "{\"requestId\":\"" + requestId + (traceId == null ? "" : "\",\"traceId\":\"" + traceId)
        + "\",\"method\":\"" + jsonSafe(method) + "\",\"path\":\""
        + jsonSafe(path) + "\",\"status\":" + status + ",\"ms\":" + (System.nanoTime() - startNanos) / 10_000 / 100.0
        + "}";
    ACCESS.log(error ? Level.WARNING : Level.INFO, line);
  }

  /** At most perSecond admissions in each wall-clock second (a coarse, lock-free window). */
  private boolean admit() {
    if (perSecond <= 0) {
      return false;
    }
    long second = millis.getAsLong() / 1000;
    long current = window.get();
    if (current != second && window.compareAndSet(current, second)) {
      used.set(0);
    }
    return used.incrementAndGet() <= perSecond;
  }

  private static String jsonSafe(String s) {
    StringBuilder b = new StringBuilder(s.length() + 8);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        b.append('\\').append(c);
      } else if (c < 0x20) {
        b.append(String.format("\\u%04x", (int) c));
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }
}
