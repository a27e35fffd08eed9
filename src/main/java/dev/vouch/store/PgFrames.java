package dev.vouch.store;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.impl.SocketConnectionBase;
import io.vertx.sqlclient.internal.Connection;
import io.vertx.sqlclient.internal.SqlConnectionInternal;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Hands the Postgres client's decoder whole protocol messages only (issue 26): a read that ends
 * inside a message keeps that tail here, and the client is given the messages before it.
 *
 * <p>Why: the client's decoder keeps a read's unfinished tail by chaining the next reads onto it in
 * a composite buffer that it frees only when a read ends exactly on a message boundary. On a
 * pipelined connection streaming 500-row batches (each row with its ~480 B exposure summary) that is
 * rarely before the end of the answer, so the composite collects every read of it and, each 16,
 * copies them all into one new buffer; past 1 MiB that buffer is outside Netty's pools (a fresh
 * zeroed direct allocation, page faults included). Profiled, that was about 30 % of the service's
 * samples outside the JIT on the uncached batch of 500. Here a tail is at most one message (a row), kept by Netty's
 * cumulator, compacted after every read.
 */
public final class PgFrames extends ByteToMessageDecoder {

  private static final Logger LOG = Logger.getLogger(PgFrames.class.getName());
  static final String NAME = "vouch-pg-frames";
  /** The client's own handler, which this one goes in front of (vertx-pg-client's PgSocketConnection). */
  private static final String CODEC = "codec";
  private static volatile boolean warned;
  /** Bytes handed on by every instance: shows a test which of the service's clients frame (one add per read). */
  private static final LongAdder HANDED_ON = new LongAdder();

  public PgFrames() {
    setDiscardAfterReads(1);
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    int start = in.readerIndex();
    int end = in.writerIndex();
    int at = start;
    // Each message: a type byte, then an int32 length that counts itself but not the type byte.
    while (end - at >= 5) {
      int next = at + 1 + in.getInt(at + 1);
      if (next > end || next <= at) {
        break;
      }
      at = next;
    }
    if (at > start) {
      out.add(in.readRetainedSlice(at - start));
      HANDED_ON.add(at - start);
    }
  }

  static long handedOnBytes() {
    return HANDED_ON.sum();
  }

  /**
   * A pool's connect handler: puts the framing in front of a new connection's decoder, then gives
   * the connection to the pool. A connection of another shape (a future client version) is left
   * as it is, with one warning: it works as before, only slower on large answers.
   */
  public static void install(SqlConnection conn) {
    try {
      Connection c = conn instanceof SqlConnectionInternal i ? i.unwrap() : null;
      for (int depth = 0; c != null && !(c instanceof SocketConnectionBase) && depth < 4; depth++) {
        Connection inner = c.unwrap();
        c = inner == c ? null : inner;
      }
      ChannelPipeline pipeline = c instanceof SocketConnectionBase s
          ? s.socket().channelHandlerContext().pipeline() : null;
      if (pipeline != null && pipeline.get(CODEC) != null && pipeline.get(NAME) == null) {
        pipeline.addBefore(CODEC, NAME, new PgFrames());
      } else if (!warned) {
        warned = true;
        LOG.warning("Postgres connection without the expected codec: large answers are read without PgFrames");
      }
    } catch (RuntimeException e) {
      if (!warned) {
        warned = true;
        LOG.log(Level.WARNING, "cannot install PgFrames; large answers are read without it", e);
      }
    } finally {
      conn.close();
    }
  }
}
