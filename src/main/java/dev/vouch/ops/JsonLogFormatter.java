package dev.vouch.ops;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.logging.Formatter;
import java.util.logging.LogRecord;

/** One JSON object per line. Messages that are already JSON objects are embedded as "event". */
public final class JsonLogFormatter extends Formatter {

  @Override
  public String format(LogRecord r) {
    StringBuilder b = new StringBuilder(256);
    b.append("{\"ts\":\"").append(Instant.ofEpochMilli(r.getMillis())).append('"');
    b.append(",\"level\":\"").append(r.getLevel().getName()).append('"');
    b.append(",\"logger\":");
    quote(b, r.getLoggerName());
    String message = formatMessage(r);
    if (message != null && message.startsWith("{\"") && message.endsWith("}")) {
      b.append(",\"event\":").append(message);
    } else {
      b.append(",\"msg\":");
      quote(b, message);
    }
    if (r.getThrown() != null) {
      StringWriter sw = new StringWriter();
      r.getThrown().printStackTrace(new PrintWriter(sw));
      b.append(",\"error\":");
      quote(b, sw.toString());
    }
    return b.append("}\n").toString();
  }

  static void quote(StringBuilder b, String s) {
    if (s == null) {
      b.append("null");
      return;
    }
    b.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          if (c < 0x20) {
            b.append(String.format("\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    b.append('"');
  }
}
