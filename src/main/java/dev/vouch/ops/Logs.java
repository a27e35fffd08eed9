package dev.vouch.ops;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Routes all java.util.logging (and, through slf4j-jdk14, library logging) to JSON lines on
 * stderr, written off the calling thread ({@link AsyncLogHandler}).
 */
public final class Logs {

  /** java.util.logging keeps loggers weakly: without a strong reference the level is lost at the next GC. */
  private static final List<Logger> CONFIGURED = new CopyOnWriteArrayList<>();

  /** The JSON handler {@link #configure} installed; null under an explicit configuration. */
  private static volatile java.util.logging.Formatter json;

  private Logs() {}

  /**
   * Logs at once, on this thread: for a shutdown hook, where the log manager's own hook may be
   * closing the asynchronous handler at the same moment and the record would be lost.
   */
  public static void now(Logger logger, Level level, String message) {
    java.util.logging.Formatter f = json;
    if (f == null || !logger.isLoggable(level)) {
      logger.log(level, message);
      return;
    }
    LogRecord r = new LogRecord(level, message);
    r.setLoggerName(logger.getName());
    System.err.print(f.format(r));
    System.err.flush();
  }

  public static void configure(Level level) {
    if (System.getProperty("java.util.logging.config.file") != null) {
      return; // an explicit logging configuration wins (tests use one)
    }
    LogManager.getLogManager().reset();
    Logger root = Logger.getLogger("");
    json = new JsonLogFormatter();
    Handler handler = new AsyncLogHandler(json, 16_384);
    handler.setLevel(level);
    root.addHandler(handler);
    root.setLevel(level);
    quiet("io.netty", Level.WARNING);
    quiet("org.flywaydb", Level.WARNING);
    quiet("io.zonky", Level.WARNING);
    // Several consumers on one address register the same event-bus gauge; Micrometer warns once, harmlessly.
    quiet("io.micrometer.core.instrument.MeterRegistry", Level.SEVERE);
    quietRedisConnections();
  }

  /**
   * The Redis client logs every pooled connection that breaks as a SEVERE "Unhandled Error" with
   * its stack; a Redis outage is expected and the budgets log it once (FailoverCounterStore).
   */
  static void quietRedisConnections() {
    Logger redis = Logger.getLogger(REDIS_CONNECTIONS);
    redis.setFilter(Logs::notAConnectionFailure);
    CONFIGURED.add(redis);
  }

  static final String REDIS_CONNECTIONS = "io.vertx.redis.client.impl.RedisConnectionManager";

  /** Drops records about a connection that was refused, reset or closed; keeps everything else. */
  static boolean notAConnectionFailure(LogRecord r) {
    return r.getThrown() == null || Causes.connectionFailure(r.getThrown()).isEmpty();
  }

  private static void quiet(String name, Level level) {
    Logger logger = Logger.getLogger(name);
    logger.setLevel(level);
    CONFIGURED.add(logger);
  }
}
