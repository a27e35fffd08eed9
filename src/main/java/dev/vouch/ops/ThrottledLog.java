package dev.vouch.ops;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One line per interval for a failure that repeats (a database outage under load would otherwise
 * write a line per request): the first occurrence is logged at once, later ones within the
 * interval are only counted, and the next line after the interval says how many were held back.
 * No stack trace: use it for expected failures, whose kind and message say enough.
 */
public final class ThrottledLog {

  private final Logger logger;
  private final long intervalNanos;
  private final LongSupplier ticker;
  private final AtomicLong nextAt;
  private final AtomicLong held = new AtomicLong();

  public ThrottledLog(Logger logger, Duration interval) {
    this(logger, interval, System::nanoTime);
  }

  ThrottledLog(Logger logger, Duration interval, LongSupplier ticker) {
    this.logger = logger;
    this.intervalNanos = interval.toNanos();
    this.ticker = ticker;
    this.nextAt = new AtomicLong(ticker.getAsLong());
  }

  public void warn(Supplier<String> message) {
    log(Level.WARNING, message);
  }

  public void log(Level level, Supplier<String> message) {
    if (!logger.isLoggable(level)) {
      return;
    }
    long now = ticker.getAsLong();
    long next = nextAt.get();
    if (now - next < 0 || !nextAt.compareAndSet(next, now + intervalNanos)) {
      held.incrementAndGet();
      return;
    }
    long n = held.getAndSet(0);
    logger.log(level, n == 0 ? message.get()
        : message.get() + " (and " + n + " more like it since the last such line)");
  }
}
