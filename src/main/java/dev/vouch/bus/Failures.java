package dev.vouch.bus;

import dev.vouch.store.StoreException;
import io.vertx.core.eventbus.Message;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Failure replies carry the HTTP status as the failure code and "CODE|message" as the text, so
 * the edge maps them without knowing what failed.
 */
public final class Failures {

  private static final Logger LOG = Logger.getLogger(Failures.class.getName());

  private Failures() {}

  public static void reply(Message<?> msg, Throwable t) {
    StoreException se = t instanceof StoreException s ? s : null;
    if (se != null && se.kind() == StoreException.Kind.UNAVAILABLE) {
      LOG.log(Level.WARNING, "store unavailable on " + msg.address(), t);
      msg.fail(503, "UNAVAILABLE|The database is unavailable; nothing was created. Retry shortly.");
    } else if (se != null && se.kind() == StoreException.Kind.SCHEMA_MISSING) {
      msg.fail(503, "SCHEMA_MISSING|The database schema is not provisioned for this operation; nothing was started or charged.");
    } else {
      LOG.log(Level.SEVERE, "failure on " + msg.address(), t);
      msg.fail(500, "INTERNAL|Something went wrong on our side; retry, and report the request id if it persists.");
    }
  }
}
