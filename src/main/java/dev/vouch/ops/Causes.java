package dev.vouch.ops;

import java.io.IOException;
import java.net.ConnectException;
import java.util.Optional;
import java.util.function.Predicate;

/** A failure in one short line for logs, and what its cause chain says about the connection. */
public final class Causes {

  /** Deep enough for the wrappers the client libraries add; bounded against cause cycles. */
  private static final int MAX_DEPTH = 8;

  private Causes() {}

  public static String summary(Throwable t) {
    StringBuilder b = new StringBuilder();
    int depth = 0;
    for (Throwable c = t; c != null && depth < 4; c = c.getCause() == c ? null : c.getCause(), depth++) {
      if (depth > 0) {
        b.append(" <- ");
      }
      b.append(c.getClass().getSimpleName());
      if (c.getMessage() != null) {
        b.append(": ").append(c.getMessage());
      }
    }
    return b.toString();
  }

  /** The first throwable of the chain (t itself included) that matches. */
  public static Optional<Throwable> find(Throwable t, Predicate<Throwable> test) {
    int depth = 0;
    for (Throwable c = t; c != null && depth < MAX_DEPTH; c = c.getCause() == c ? null : c.getCause(), depth++) {
      if (test.test(c)) {
        return Optional.of(c);
      }
    }
    return Optional.empty();
  }

  /**
   * The connection to a backing store could not be opened or broke: refused, reset, closed,
   * timed out connecting. Client libraries report these as different types, sometimes wrapped
   * (a pool's own exception around the socket's), so the whole chain is searched.
   */
  public static Optional<Throwable> connectionFailure(Throwable t) {
    return find(t, Causes::isConnectionFailure);
  }

  /** True when the failure certainly happened before anything was sent: no connection was had. */
  public static boolean neverConnected(Throwable t) {
    return connectionFailure(t).map(c -> c instanceof ConnectException).orElse(false);
  }

  private static boolean isConnectionFailure(Throwable c) {
    if (c instanceof IOException || c instanceof io.vertx.sqlclient.ClosedConnectionException) {
      return true; // ConnectException (refused, connect timeout), SocketException (reset), closed channels
    }
    String m = c.getMessage();
    return c instanceof io.vertx.core.VertxException && m != null
        && (m.startsWith("Connection was closed") || m.contains("Connection refused") || m.contains("Connection reset"));
  }
}
