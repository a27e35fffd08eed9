package dev.vouch.store;

import dev.vouch.ops.Causes;

/** A database failure, already translated so no SQL text or host name leaves the store. */
public final class StoreException extends RuntimeException {

  /**
   * CONFLICT: the write contradicts committed data (a duplicate, a missing referenced row); a
   * retry would fail the same way. CONTENTION: Postgres rolled the transaction back to break a
   * deadlock or a serialization conflict; the whole transaction may simply run again.
   */
  public enum Kind { UNAVAILABLE, CONFLICT, CONTENTION, SCHEMA_MISSING, OTHER }

  private final Kind kind;
  /** Set by the gateway when it knows (a deadline, an open breaker); null = judge by the cause. */
  private final Boolean unknownOutcome;

  public StoreException(Kind kind, String message, Throwable cause) {
    this(kind, message, cause, null);
  }

  private StoreException(Kind kind, String message, Throwable cause, Boolean unknownOutcome) {
    super(message, cause);
    this.kind = kind;
    this.unknownOutcome = unknownOutcome;
  }

  /** The server did not answer within the gateway's deadline: a write sent may still commit. */
  static StoreException deadline(long ms, boolean write, Throwable cause) {
    return new StoreException(Kind.UNAVAILABLE, ms > 0 ? "database too slow: no answer within " + ms + " ms"
        : "database stopped answering (its heartbeat failed)", cause, write);
  }

  /** The server's breaker is open: nothing was sent. */
  static StoreException refused(String target, Throwable cause) {
    return new StoreException(Kind.UNAVAILABLE, "database unavailable (" + target + " circuit open)", cause, false);
  }

  public Kind kind() {
    return kind;
  }

  /**
   * True when the connection broke while a statement may have reached the server (closed
   * mid-exchange): a write may still have been
   * applied. False when it certainly was not: no connection was had, or the server cancelled
   * the statement (statement_timeout rolls it back).
   */
  public boolean outcomeUnknown() {
    if (kind != Kind.UNAVAILABLE) {
      return false;
    }
    if (unknownOutcome != null) {
      return unknownOutcome;
    }
    return Causes.connectionFailure(getCause()).map(c -> !(c instanceof java.net.ConnectException)).orElse(false);
  }

  /**
   * Maps a driver failure to a kind once, so the edge maps kinds to HTTP once. Only the gateway
   * ({@link Gateway}) calls it: stores go through the gateway and never translate by hand.
   */
  public static StoreException translate(Throwable t) {
    if (t instanceof StoreException se) {
      return se;
    }
    if (t instanceof io.vertx.pgclient.PgException pg) {
      String state = pg.getSqlState();
      if ("23505".equals(state)) {
        return new StoreException(Kind.CONFLICT, "duplicate", t);
      }
      if ("23503".equals(state)) {
        return new StoreException(Kind.CONFLICT, "refers to a row that does not exist (or is referred to)", t);
      }
      if ("40P01".equals(state) || "40001".equals(state)) {
        return new StoreException(Kind.CONTENTION, "40P01".equals(state) ? "deadlock" : "serialization failure", t);
      }
      if ("42P01".equals(state)) {
        return new StoreException(Kind.SCHEMA_MISSING, "table missing", t);
      }
      // statement_timeout / lock_timeout: the statement was cancelled and rolled back.
      if ("57014".equals(state) || "55P03".equals(state)) {
        return new StoreException(Kind.UNAVAILABLE, "database too slow: statement cancelled", t);
      }
      // Connection failures, shutdowns, exhausted server resources, a database refusing connections.
      if (state != null && (state.startsWith("08") || state.startsWith("57P") || state.startsWith("53")
          || ("55000".equals(state) && String.valueOf(pg.getErrorMessage()).contains("connections")))) {
        return new StoreException(Kind.UNAVAILABLE, "database unavailable", t);
      }
      return new StoreException(Kind.OTHER, "database error " + state, t);
    }
    if (t instanceof java.net.ConnectException || t instanceof io.vertx.sqlclient.ClosedConnectionException
        || t instanceof java.io.IOException || t instanceof io.netty.channel.ConnectTimeoutException
        || t instanceof io.vertx.core.http.ConnectionPoolTooBusyException
        || t instanceof java.util.concurrent.TimeoutException) {
      return new StoreException(Kind.UNAVAILABLE, "database unavailable", t);
    }
    // A connection the pool handed out or held broke (server stopped or crashed): the client
    // says so only in this message, with no cause to search (issue 18: it was a 500).
    // The same for statements queued on a connection that closed before they were sent.
    if (t instanceof io.vertx.core.VertxException && (String.valueOf(t.getMessage()).startsWith("Connection is not active")
        || String.valueOf(t.getMessage()).startsWith("Pending requests failed to be sent"))) {
      return new StoreException(Kind.UNAVAILABLE, "database unavailable: connection closed", t);
    }
    // The pool's acquire deadline (database.acquireTimeoutMs) says so only in its message.
    if (t instanceof io.vertx.core.VertxException && String.valueOf(t.getMessage()).startsWith("Timeout")) {
      return new StoreException(Kind.UNAVAILABLE, "database unavailable: no connection in time", t);
    }
    // A refused, reset or closed connection under another exception (a pool or driver wrapper).
    if (Causes.connectionFailure(t).isPresent()) {
      return new StoreException(Kind.UNAVAILABLE, "database unavailable", t);
    }
    if (t.getCause() != null && t.getCause() != t && t.getCause() instanceof io.vertx.pgclient.PgException) {
      return translate(t.getCause());
    }
    return new StoreException(Kind.OTHER, "database error", t);
  }
}
