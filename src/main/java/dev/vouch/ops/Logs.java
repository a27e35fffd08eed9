package dev.vouch.ops;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.Logger;

/**
 * Routes all java.util.logging (and, through slf4j-jdk14, library logging) to JSON lines on
 * stderr, written off the calling thread ({@link AsyncLogHandler}).
 */
public final class Logs {

  /** java.util.logging keeps loggers weakly: without a strong reference the level is lost at the next GC. */
  private static final List<Logger> CONFIGURED = new CopyOnWriteArrayList<>();

  private Logs() {}

  public static void configure(Level level) {
    if (System.getProperty("java.util.logging.config.file") != null) {
      return; // an explicit logging configuration wins (tests use one)
    }
    LogManager.getLogManager().reset();
    Logger root = Logger.getLogger("");
    Handler handler = new AsyncLogHandler(new JsonLogFormatter(), 16_384);
    handler.setLevel(level);
    root.addHandler(handler);
    root.setLevel(level);
    quiet("io.netty", Level.WARNING);
    quiet("org.flywaydb", Level.WARNING);
    quiet("io.zonky", Level.WARNING);
    // Several consumers on one address register the same event-bus gauge; Micrometer warns once, harmlessly.
    quiet("io.micrometer.core.instrument.MeterRegistry", Level.SEVERE);
  }

  private static void quiet(String name, Level level) {
    Logger logger = Logger.getLogger(name);
    logger.setLevel(level);
    CONFIGURED.add(logger);
  }
}
