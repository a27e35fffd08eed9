package dev.vouch.ops;

import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.Logger;

/**
 * Routes all java.util.logging (and, through slf4j-jdk14, library logging) to JSON lines on
 * stderr, written off the calling thread ({@link AsyncLogHandler}).
 */
public final class Logs {

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
    Logger.getLogger("io.netty").setLevel(Level.WARNING);
    Logger.getLogger("org.flywaydb").setLevel(Level.WARNING);
    Logger.getLogger("io.zonky").setLevel(Level.WARNING);
    // Several consumers on one address register the same event-bus gauge; Micrometer warns once, harmlessly.
    Logger.getLogger("io.micrometer.core.instrument.MeterRegistry").setLevel(Level.SEVERE);
  }
}
