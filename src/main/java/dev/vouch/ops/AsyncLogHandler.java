package dev.vouch.ops;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;

/**
 * Log lines leave the calling thread at once: records go to a bounded queue and one daemon thread
 * formats and writes them in batches, flushing when the queue runs dry. An event loop never waits
 * on stderr. When the queue is full a line is dropped and counted (WARNING and above get a short
 * grace); the count is written as its own line as soon as there is room.
 */
public final class AsyncLogHandler extends Handler {

  private final BlockingQueue<LogRecord> queue;
  private final OutputStream out;
  private final AtomicLong dropped = new AtomicLong();
  private final Thread writer;
  private volatile boolean closed;

  public AsyncLogHandler(Formatter formatter, int capacity) {
    this(formatter, capacity, new FileOutputStream(FileDescriptor.err));
  }

  AsyncLogHandler(Formatter formatter, int capacity, OutputStream target) {
    setFormatter(formatter);
    this.queue = new ArrayBlockingQueue<>(capacity);
    this.out = new BufferedOutputStream(target, 64 * 1024);
    this.writer = new Thread(this::drain, "vouch-log-writer");
    writer.setDaemon(true);
    writer.start();
  }

  @Override
  public void publish(LogRecord record) {
    if (closed || !isLoggable(record)) {
      return;
    }
    record.getSourceClassName(); // capture the caller while still on its thread
    boolean queued = queue.offer(record);
    if (!queued && record.getLevel().intValue() >= Level.WARNING.intValue()) {
      try {
        queued = queue.offer(record, 5, TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (!queued) {
      dropped.incrementAndGet();
    }
  }

  /** Lines dropped because the queue was full, since start. */
  public long dropped() {
    return dropped.get();
  }

  private void drain() {
    List<LogRecord> batch = new ArrayList<>(256);
    long reported = 0;
    while (!closed || !queue.isEmpty()) {
      try {
        LogRecord first = queue.poll(200, TimeUnit.MILLISECONDS);
        if (first == null) {
          continue;
        }
        batch.add(first);
        queue.drainTo(batch, 255);
        long lost = dropped.get();
        if (lost > reported) {
          LogRecord note = new LogRecord(Level.WARNING, "log queue full: " + (lost - reported) + " lines dropped");
          note.setLoggerName(AsyncLogHandler.class.getName());
          batch.add(note);
          reported = lost;
        }
        write(batch);
        batch.clear();
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private void write(List<LogRecord> batch) {
    try {
      for (LogRecord r : batch) {
        out.write(getFormatter().format(r).getBytes(StandardCharsets.UTF_8));
      }
      if (queue.isEmpty()) {
        out.flush();
      }
    } catch (IOException | RuntimeException e) {
      reportError("cannot write log line", e, 0);
    }
  }

  @Override
  public void flush() {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
    while (!queue.isEmpty() && System.nanoTime() < deadline) {
      Thread.onSpinWait();
    }
    try {
      out.flush(); // BufferedOutputStream is synchronized: safe beside the writer thread
    } catch (IOException e) {
      reportError("cannot flush log", e, 0);
    }
  }

  /** Writes what is queued, then stops the writer (shutdown keeps the last lines). */
  @Override
  public void close() {
    closed = true;
    try {
      writer.join(TimeUnit.SECONDS.toMillis(2));
      out.flush();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException e) {
      reportError("cannot flush log", e, 0);
    }
  }
}
