package dev.vouch.support;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/** Every log record of the process (at or above a level) while open: what an operator would read. */
public final class LogCapture extends Handler implements AutoCloseable {

  private final List<LogRecord> records = new CopyOnWriteArrayList<>();
  private final Logger root = Logger.getLogger("");
  private final Level previous;

  public LogCapture(Level level) {
    setLevel(level);
    previous = root.getLevel();
    if (previous == null || previous.intValue() > level.intValue()) {
      root.setLevel(level);
    }
    root.addHandler(this);
  }

  public List<LogRecord> records() {
    return List.copyOf(records);
  }

  public List<LogRecord> from(String loggerPrefix) {
    return records.stream().filter(r -> r.getLoggerName() != null && r.getLoggerName().startsWith(loggerPrefix))
        .collect(Collectors.toList());
  }

  public List<LogRecord> atLeast(Level level) {
    return records.stream().filter(r -> r.getLevel().intValue() >= level.intValue()).collect(Collectors.toList());
  }

  @Override
  public void publish(LogRecord record) {
    if (isLoggable(record)) {
      records.add(record);
    }
  }

  @Override
  public void flush() {}

  @Override
  public void close() {
    root.removeHandler(this);
    root.setLevel(previous);
  }
}
