package dev.vouch.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;

class AsyncLogHandlerTest {

  /** Blocks every write until released, like a stderr pipe nobody reads. */
  static final class StuckStream extends OutputStream {
    final CountDownLatch release = new CountDownLatch(1);
    final ByteArrayOutputStream written = new ByteArrayOutputStream();

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
      try {
        release.await();
      } catch (InterruptedException e) {
        throw new IOException(e);
      }
      written.write(b, off, len);
    }

    String text() {
      synchronized (this) {
        return written.toString(StandardCharsets.UTF_8);
      }
    }
  }

  @Test
  void aStuckOutputNeverBlocksTheLoggingThreadAndDroppedLinesAreCounted() throws Exception {
    StuckStream out = new StuckStream();
    AsyncLogHandler handler = new AsyncLogHandler(new JsonLogFormatter(), 8, out);
    // 1000 INFO publishes against a blocked stream: none waits for the stream. One that waited
    // would hold its thread until the release below, so the join gives up (no timing assert).
    Thread publisher = new Thread(() -> {
      for (int i = 0; i < 1000; i++) {
        handler.publish(new LogRecord(Level.INFO, "line " + i));
      }
    });
    publisher.start();
    publisher.join(TimeUnit.SECONDS.toMillis(60));
    assertThat(publisher.isAlive()).as("a publish waiting on the stuck stream").isFalse();
    assertThat(handler.dropped()).isGreaterThanOrEqualTo(1000 - 8 - 1 - 256);
    out.release.countDown();
    handler.close();
    String text = out.text();
    assertThat(text).contains("\"msg\":\"line 0\"").contains("lines dropped");
    assertThat(text.lines()).allSatisfy(l -> assertThat(l).startsWith("{\"ts\":").endsWith("}"));
  }

  @Test
  void closeWritesEverythingStillQueued() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    AsyncLogHandler handler = new AsyncLogHandler(new JsonLogFormatter(), 1024, out);
    for (int i = 0; i < 500; i++) {
      handler.publish(new LogRecord(Level.INFO, "n" + i));
    }
    handler.close();
    assertThat(out.toString(StandardCharsets.UTF_8).lines()).hasSize(500);
    assertThat(handler.dropped()).isZero();
  }
}
