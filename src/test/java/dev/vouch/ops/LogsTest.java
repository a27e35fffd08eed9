package dev.vouch.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.SocketException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

class LogsTest {

  @Test
  void aBrokenRedisConnectionIsNotLoggedAsSevereButOtherRedisClientErrorsAre() {
    Logs.quietRedisConnections();
    Logger logger = Logger.getLogger("io.vertx.redis.client.impl.RedisConnectionManager");
    List<LogRecord> seen = new CopyOnWriteArrayList<>();
    Handler capture = new Handler() {
      @Override
      public void publish(LogRecord r) {
        seen.add(r);
      }

      @Override
      public void flush() {}

      @Override
      public void close() {}
    };
    logger.addHandler(capture);
    try {
      // What the client logs when redis-server is SIGKILLed under load (seen in bench/soak.sh).
      logger.log(Level.SEVERE, "Unhandled Error", new SocketException("Connection reset"));
      logger.log(Level.SEVERE, "Unhandled Error", new io.vertx.core.VertxException("Connection was closed"));
      assertThat(seen).isEmpty();
      logger.log(Level.SEVERE, "Unhandled Error", new IllegalStateException("a protocol bug"));
      assertThat(seen).hasSize(1);
    } finally {
      logger.removeHandler(capture);
    }
  }
}
