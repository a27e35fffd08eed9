package dev.vouch.chain;

import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Promise;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.streams.WriteStream;
import io.vertx.ext.web.codec.BodyCodec;
import io.vertx.ext.web.codec.spi.BodyStream;

/**
 * Buffers a response body up to a bound; a larger body fails instead of growing the heap. The
 * failed write ends the pipe, and the web client resets the request: the rest is not downloaded.
 */
final class BoundedBody implements BodyCodec<Buffer> {

  private final int maxBytes;

  BoundedBody(int maxBytes) {
    this.maxBytes = maxBytes;
  }

  @Override
  public BodyStream<Buffer> stream() {
    return new Stream(maxBytes);
  }

  private static final class Stream implements BodyStream<Buffer> {
    private final int maxBytes;
    private final Buffer body = Buffer.buffer();
    private final Promise<Buffer> result = Promise.promise();
    private boolean over;

    Stream(int maxBytes) {
      this.maxBytes = maxBytes;
    }

    @Override
    public Future<Buffer> result() {
      return result.future();
    }

    @Override
    public void handle(Throwable t) {
      result.tryFail(t);
    }

    @Override
    public Future<Void> write(Buffer data) {
      if (over || body.length() + data.length() > maxBytes) {
        over = true;
        RpcException e = new RpcException(RpcException.Kind.OVERSIZE, "response body over " + maxBytes + " bytes");
        result.tryFail(e);
        return Future.failedFuture(e);
      }
      body.appendBuffer(data);
      return Future.succeededFuture();
    }

    @Override
    public Future<Void> end() {
      result.tryComplete(body);
      return Future.succeededFuture();
    }

    @Override
    public WriteStream<Buffer> exceptionHandler(Handler<Throwable> handler) {
      return this;
    }

    @Override
    public WriteStream<Buffer> setWriteQueueMaxSize(int maxSize) {
      return this;
    }

    @Override
    public boolean writeQueueFull() {
      return false;
    }

    @Override
    public WriteStream<Buffer> drainHandler(Handler<Void> handler) {
      return this;
    }
  }
}
