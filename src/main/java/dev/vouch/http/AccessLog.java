package dev.vouch.http;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The access log, bounded: every 5xx answer but 503 is logged; other answers up to
 * {@code perSecond} lines a second per process (0 = none), so a quiet service logs every request
 * and a busy one does not spend its CPU on it. A 503 is an outage answered as designed and
 * repeats for every request while it lasts (19,767 lines a second were seen): one line per
 * interval, carrying how many 503s were held back since the last one ({@code unavailableHeldBack}).
 * Lines not logged are still counted by the HTTP metrics. Status 0: no answer was sent (the
 * connection closed first).
 */
final class AccessLog {

  private static final Logger ACCESS = Logger.getLogger("dev.vouch.access");

  private final int perSecond;
  private final LongSupplier millis;
  private final AtomicLong window = new AtomicLong();
  private final AtomicLong used = new AtomicLong();
  /** One 503 line per interval, like the other outage logs (ops.ThrottledLog). */
  static final long UNAVAILABLE_INTERVAL_MS = 10_000;
  private final AtomicLong nextUnavailableAt;
  private final AtomicLong unavailableHeld = new AtomicLong();

  AccessLog(int perSecond) {
    this(perSecond, System::currentTimeMillis);
  }

  AccessLog(int perSecond, LongSupplier millis) {
    this.perSecond = perSecond;
    this.millis = millis;
    this.nextUnavailableAt = new AtomicLong(millis.getAsLong());
  }

  void record(String requestId, String method, String path, int status, long startNanos) {
    record(requestId, null, method, path, status, startNanos);
  }

  /** With the request's trace id when it is traced (null: not). */
  void record(String requestId, String traceId, String method, String path, int status, long startNanos) {
    boolean error = status >= 500;
    if (!ACCESS.isLoggable(error ? Level.WARNING : Level.INFO)) {
      return;
    }
    String extra = "";
    if (status == 503) {
      long held = admitUnavailable();
      if (held < 0) {
        return;
      }
      extra = ",\"unavailableHeldBack\":" + held;
    } else if (!error && !admit()) {
      return;
    }
    String line = "{\"requestId\":\"" + requestId + (traceId == null ? "" : "\",\"traceId\":\"" + traceId)
        + "\",\"method\":\"" + jsonSafe(method) + "\",\"path\":\""
        + jsonSafe(path) + "\",\"status\":" + status + ",\"ms\":" + (System.nanoTime() - startNanos) / 10_000 / 100.0
        + extra + "}";
    ACCESS.log(error ? Level.WARNING : Level.INFO, line);
  }

  /** The 503s held back since the last logged one, or -1 when this one is held back too. */
  private long admitUnavailable() {
    long now = millis.getAsLong();
    long next = nextUnavailableAt.get();
    if (now - next < 0 || !nextUnavailableAt.compareAndSet(next, now + UNAVAILABLE_INTERVAL_MS)) {
      unavailableHeld.incrementAndGet();
      return -1;
    }
    return unavailableHeld.getAndSet(0);
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
