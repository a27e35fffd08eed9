package dev.vouch.http;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.impl.HttpServerConnection;

/**
 * HTTP/1.0 and 1.1 only, answered in the envelope. Netty parses any {@code HTTP/x.y}, and Vert.x
 * answers a version it does not know with a bare 501 before any handler of ours runs (no public
 * hook). Marking such a request undecodable on the connection's pipeline sends it to
 * {@link Edge#invalidRequest} instead, which answers 505.
 */
@ChannelHandler.Sharable
final class Versions extends ChannelInboundHandlerAdapter {

  /** The failure an unsupported version is marked with. */
  static final class Unsupported extends Exception {
    Unsupported(String version) {
      super("unsupported HTTP version " + version, null, false, false);
    }
  }

  private static final String NAME = "vouchVersions";
  private static final String DECODER = "httpDecoder";
  /** Vert.x's own handler, last in the pipeline: ours goes just before it, after any decoding. */
  private static final String VERTX = "handler";
  private static final Versions INSTANCE = new Versions();

  private Versions() {}

  /** On an HTTP/1.x connection (an HTTP/2 one has no such decoder, and no version to refuse). */
  static void install(HttpConnection connection) {
    if (connection instanceof HttpServerConnection c) {
      ChannelPipeline pipeline = c.channelHandlerContext().pipeline();
      if (pipeline.get(DECODER) != null && pipeline.get(VERTX) != null && pipeline.get(NAME) == null) {
        pipeline.addBefore(VERTX, NAME, INSTANCE);
      }
    }
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (msg instanceof HttpRequest r && r.decoderResult().isSuccess()
        && !HttpVersion.HTTP_1_1.equals(r.protocolVersion()) && !HttpVersion.HTTP_1_0.equals(r.protocolVersion())) {
      r.setDecoderResult(DecoderResult.failure(new Unsupported(r.protocolVersion().text())));
    }
    ctx.fireChannelRead(msg);
  }
}
