package dev.vouch;

import dev.vouch.config.AppConfig;
import dev.vouch.ops.StartupFailure;
import dev.vouch.store.DatabaseUrl;
import java.net.BindException;
import java.net.ConnectException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.sql.SQLException;

/** Turns whatever stopped a start into the one line an operator reads: the cause, never a password. */
public final class StartupFailures {

  private StartupFailures() {}

  /** {@code config} is null when the failure came before (or while) reading the configuration. */
  public static String describe(Throwable failure, AppConfig config) {
    String line = classify(failure, config);
    String url = config == null ? null : config.database().url();
    if (url != null && !url.isBlank()) {
      line = line.replace(url, "<DATABASE_URL>");
      try {
        String password = DatabaseUrl.parse(url).password();
        if (!password.isEmpty()) {
          line = line.replace(password, "***");
        }
      } catch (RuntimeException unparsable) {
        // the raw URL is already replaced above
      }
    }
    return line;
  }

  private static String classify(Throwable failure, AppConfig config) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof StartupFailure) {
        return firstLine(t.getMessage());
      }
    }
    for (Throwable t = failure; t != null; t = t.getCause()) {
      String m = String.valueOf(t.getMessage());
      if ((t instanceof BindException || m.contains("Address already in use")) && config != null) {
        return "port " + config.http().port() + " on " + config.http().host()
            + " is already in use: stop what listens there, or set PORT to a free port";
      }
    }
    Throwable root = root(failure);
    if (isDatabase(failure) && config != null) {
      return "cannot use the database " + database(config) + ": " + firstLine(root.getMessage());
    }
    // Configuration refusals are IllegalArgumentExceptions naming the setting; the outermost one
    // says which setting, where its cause (a parser's "Invalid JSON object") would not.
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof IllegalArgumentException) {
        String m = firstLine(t.getMessage());
        return m.toLowerCase(java.util.Locale.ROOT).startsWith("invalid configuration") ? m : "invalid configuration: " + m;
      }
    }
    if (root instanceof NoSuchFileException || root instanceof AccessDeniedException) {
      // The file exception's message is the bare path: prefer the line that says which file it
      // was (a screening list), else say what happened to the path.
      String what = root instanceof NoSuchFileException ? "not found" : "not readable (permission denied)";
      String line = firstLine(root.getMessage()) + ": " + what;
      for (Throwable t = failure; t != root; t = t.getCause()) {
        String m = firstLine(t.getMessage());
        if (m.endsWith(": " + what)) {
          line = m; // the innermost: outer wrappers prefix the class name
        }
      }
      return "cannot start: " + line;
    }
    return "cannot start: " + root.getClass().getSimpleName() + ": " + firstLine(root.getMessage());
  }

  private static boolean isDatabase(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      String type = t.getClass().getName();
      if (t instanceof SQLException || t instanceof ConnectException || type.startsWith("org.flywaydb.")
          || type.startsWith("io.vertx.pgclient.")) {
        return true;
      }
    }
    return false;
  }

  private static String database(AppConfig config) {
    if (config.database().embedded()) {
      return "(embedded, " + config.database().embeddedDataDir() + ")";
    }
    try {
      return DatabaseUrl.parse(config.database().url()).redacted();
    } catch (RuntimeException e) {
      return "<DATABASE_URL>";
    }
  }

  private static Throwable root(Throwable t) {
    Throwable r = t;
    while (r.getCause() != null && r.getCause() != r) {
      r = r.getCause();
    }
    return r;
  }

  private static String firstLine(String message) {
    if (message == null || message.isBlank()) {
      return "no detail";
    }
    String trimmed = message.strip();
    int nl = trimmed.indexOf('\n');
    return nl < 0 ? trimmed : trimmed.substring(0, nl).strip();
  }
}
