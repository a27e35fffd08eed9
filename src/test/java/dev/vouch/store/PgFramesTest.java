package dev.vouch.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.config.ConfigLoader;
import dev.vouch.support.TestDatabase;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * PgFrames hands the Postgres decoder whole messages, whatever the reads' boundaries, and the
 * clients the service builds (store/Pools, through Gateway.create) carry it: answers larger than
 * a MiB come back row for row as PostgreSQL sent them, also several pipelined on one connection.
 */
class PgFramesTest {

  /** Messages of random types and sizes, cut into random reads: each handed-on buffer is whole messages, in order. */
  @Property(tries = 200)
  void everyHandedOnBufferIsWholeMessagesInOrder(@ForAll long seed, @ForAll @IntRange(min = 1, max = 9000) int maxRead) {
    Random random = new Random(seed);
    ByteArrayOutputStream stream = new ByteArrayOutputStream();
    int messages = 1 + random.nextInt(60);
    for (int m = 0; m < messages; m++) {
      byte[] payload = new byte[random.nextInt(random.nextInt(10) == 0 ? 5000 : 40)];
      random.nextBytes(payload);
      stream.write('A' + random.nextInt(26));
      int length = payload.length + 4;
      stream.write(length >>> 24);
      stream.write(length >>> 16);
      stream.write(length >>> 8);
      stream.write(length);
      stream.writeBytes(payload);
    }
    byte[] sent = stream.toByteArray();
    EmbeddedChannel channel = new EmbeddedChannel(new PgFrames());
    for (int at = 0; at < sent.length; ) {
      int n = Math.min(sent.length - at, 1 + random.nextInt(maxRead));
      channel.writeInbound(Unpooled.copiedBuffer(sent, at, n));
      at += n;
    }
    ByteArrayOutputStream received = new ByteArrayOutputStream();
    int count = 0;
    for (ByteBuf b; (b = channel.readInbound()) != null; b.release()) {
      int at = b.readerIndex();
      while (at < b.writerIndex()) {
        at += 1 + b.getInt(at + 1);
        count++;
      }
      assertThat(at).as("a handed-on buffer ends on a message boundary").isEqualTo(b.writerIndex());
      byte[] bytes = new byte[b.readableBytes()];
      b.getBytes(b.readerIndex(), bytes);
      received.writeBytes(bytes);
    }
    assertThat(count).isEqualTo(messages);
    assertThat(received.toByteArray()).isEqualTo(sent);
    assertThat(channel.finish()).isFalse();
  }

  /**
   * Through the gateway the service builds (Gateway.create, as VouchApp does, so store/Pools):
   * its read client answers large pipelined reads row for row, and the answers on both its read
   * client and its pool (writes, transactions) pass through the framing.
   */
  @Test
  void theServicesReadClientAndPoolFrameAndReadLargePipelinedAnswersWhole() throws Exception {
    Vertx vertx = Vertx.vertx();
    DatabaseUrl db = TestDatabase.fresh();
    // Deadlines with headroom for a loaded machine (eight 2.6 MB answers on one connection).
    var config = ConfigLoader.load(Map.of("DATABASE_URL", db.toUrl(), "VOUCH_DATABASE_READ_DEADLINE_MS", "60000",
        "VOUCH_DATABASE_WRITE_DEADLINE_MS", "60000"));
    Gateway gateway = Gateway.create(vertx, db, config.database(), new SimpleMeterRegistry());
    try {
      // About 2.6 MB an answer (1,000 rows of 2.6 KB, multi-byte text included), eight at once.
      String sql = "SELECT i, repeat(md5(i::text) || 'é✓', 70) AS body FROM generate_series(1, $1::int) AS i";
      long before = PgFrames.handedOnBytes();
      List<Future<RowSet<Row>>> answers = new ArrayList<>();
      for (int q = 0; q < 8; q++) {
        answers.add(gateway.read(c -> c.preparedQuery(sql).execute(Tuple.of(1000))));
      }
      for (Future<RowSet<Row>> answer : answers) {
        RowSet<Row> rows = answer.toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
        assertThat(rows.size()).isEqualTo(1000);
        int expected = 1;
        for (Row row : rows) {
          assertThat(row.getInteger(0)).isEqualTo(expected);
          assertThat(row.getString(1)).isEqualTo((md5(expected) + "é✓").repeat(70));
          expected++;
        }
      }
      assertThat(PgFrames.handedOnBytes() - before).as("the read client's connections frame")
          .isGreaterThan(8 * 2_000_000L);
      // A write holds a connection of the pool: its answer of 1 MB passes the framing too.
      before = PgFrames.handedOnBytes();
      RowSet<Row> written = gateway.write(c -> c.query("SELECT repeat('x', 1000000)").execute())
          .toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
      assertThat(written.iterator().next().getString(0)).hasSize(1_000_000);
      assertThat(PgFrames.handedOnBytes() - before).as("the pool's connection frames").isGreaterThan(1_000_000);
    } finally {
      gateway.close();
      vertx.close();
    }
  }

  private static String md5(int i) throws Exception {
    byte[] d = java.security.MessageDigest.getInstance("MD5").digest(Integer.toString(i).getBytes());
    StringBuilder s = new StringBuilder();
    for (byte b : d) {
      s.append(String.format("%02x", b));
    }
    return s.toString();
  }
}
