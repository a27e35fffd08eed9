package dev.vouch.store;

import dev.vouch.ops.Causes;
import dev.vouch.ops.StartupFailure;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * Before migrations, a start waits for the database to answer {@code SELECT 1}, retrying with
 * backoff within {@code database.startupWaitSeconds}: a database that is late (a busy node, a
 * pod that starts before its Postgres) delays the start instead of crash-looping it. Blocking:
 * the main thread only, before Vert.x runs.
 */
public final class DatabaseWait {

  private static final Logger LOG = Logger.getLogger(DatabaseWait.class.getName());
  /** One attempt may take this long (a frozen server accepts the TCP connection and says nothing). */
  private static final int ATTEMPT_SECONDS = 5;

  private DatabaseWait() {}

  /** Returns once the database answered; fails with a {@link StartupFailure} naming the bound. */
  public static void await(DatabaseUrl url, Duration bound) {
    long deadline = System.nanoTime() + bound.toNanos();
    long backoffMs = 100;
    boolean said = false;
    while (true) {
      long leftMs = (deadline - System.nanoTime()) / 1_000_000;
      Exception failure;
      try {
        answer(url, (int) Math.max(1, Math.min(ATTEMPT_SECONDS, (leftMs + 999) / 1000)));
        if (said) {
          LOG.info(() -> "the database at " + url.redacted() + " answers; starting");
        }
        return;
      } catch (Exception e) {
        failure = e;
      }
      leftMs = (deadline - System.nanoTime()) / 1_000_000;
      if (leftMs <= 0) {
        throw new StartupFailure("the database at " + url.redacted() + " did not answer within " + bound.toSeconds()
            + " s (database.startupWaitSeconds, VOUCH_DATABASE_STARTUP_WAIT_SECONDS): " + Causes.summary(failure), failure);
      }
      if (!said) {
        said = true;
        String cause = Causes.summary(failure);
        LOG.info(() -> "waiting up to " + bound.toSeconds() + " s for the database at " + url.redacted()
            + " to answer (" + cause + ")");
      }
      try {
        Thread.sleep(Math.min(backoffMs, leftMs));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new StartupFailure("interrupted while waiting for the database at " + url.redacted(), e);
      }
      backoffMs = Math.min(backoffMs * 2, 2000);
    }
  }

  private static void answer(DatabaseUrl url, int timeoutSeconds) throws Exception {
    Properties props = new Properties();
    props.setProperty("user", url.user());
    props.setProperty("password", url.password());
    props.setProperty("connectTimeout", Integer.toString(timeoutSeconds));
    props.setProperty("loginTimeout", Integer.toString(timeoutSeconds));
    props.setProperty("socketTimeout", Integer.toString(timeoutSeconds));
    try (Connection c = DriverManager.getConnection(url.jdbcUrl(), props); Statement s = c.createStatement()) {
      s.execute("SELECT 1");
    }
  }
}
