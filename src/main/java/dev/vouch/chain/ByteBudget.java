package dev.vouch.chain;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.client.HttpResponse;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Bounds the response bytes a process may be buffering at once, across every chain and source.
 * An exchange reserves its largest possible body before it is sent and releases it once the body
 * is parsed. Waiters queue in arrival order and resume on their own context: chain readers run on
 * different event loops, and none of them ever blocks.
 */
final class ByteBudget {

  private record Waiter(long bytes, Context context, Promise<Void> granted) {}

  private final long capacity;
  private final Deque<Waiter> waiting = new ArrayDeque<>();
  private long reserved;

  ByteBudget(long capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be positive");
    }
    this.capacity = capacity;
  }

  /**
   * One HTTP exchange under a reservation of maxBytes, answered by its parsed body or by the
   * deadline's failure, whichever comes first. The bytes stay reserved until the request itself
   * has ended (a request past its deadline may still be receiving) and the answer is parsed.
   */
  <T> Future<T> exchange(Vertx vertx, long maxBytes, int timeoutMs, Supplier<Future<HttpResponse<Buffer>>> send,
      Function<HttpResponse<Buffer>, T> parse) {
    long want = Math.min(maxBytes, capacity);
    return reserve(want).compose(v -> {
      Promise<HttpResponse<Buffer>> answer = Promise.promise();
      long deadline = vertx.setTimer(timeoutMs, id -> answer.tryFail(
          new RpcException(RpcException.Kind.TRANSPORT, "no answer within " + timeoutMs + " ms")));
      Future<HttpResponse<Buffer>> sent;
      try {
        sent = send.get();
      } catch (RuntimeException e) {
        sent = Future.failedFuture(e);
      }
      sent.onComplete(ar -> {
        vertx.cancelTimer(deadline);
        if (ar.succeeded()) {
          answer.tryComplete(ar.result());
        } else {
          answer.tryFail(ar.cause());
        }
      });
      Future<T> parsed = answer.future().map(parse);
      Future.join(sent, parsed).onComplete(done -> release(want));
      return parsed;
    });
  }

  long capacity() {
    return capacity;
  }

  synchronized long reserved() {
    return reserved;
  }

  synchronized int waiting() {
    return waiting.size();
  }

  /** Takes bytes (at most the capacity), waiting in line; pair with {@link #release}. */
  Future<Void> reserve(long bytes) {
    Promise<Void> p;
    synchronized (this) {
      // Strict arrival order: a waiter ahead is never overtaken, so none starves.
      if (waiting.isEmpty() && reserved + bytes <= capacity) {
        reserved += bytes;
        return Future.succeededFuture();
      }
      p = Promise.promise();
      waiting.addLast(new Waiter(bytes, Vertx.currentContext(), p));
    }
    return p.future();
  }

  void release(long bytes) {
    List<Waiter> granted = new ArrayList<>();
    synchronized (this) {
      reserved -= bytes;
      while (!waiting.isEmpty() && reserved + waiting.peekFirst().bytes() <= capacity) {
        Waiter w = waiting.pollFirst();
        reserved += w.bytes();
        granted.add(w);
      }
    }
    for (Waiter w : granted) {
      if (w.context() == null) {
        w.granted().complete();
      } else {
        w.context().runOnContext(v -> w.granted().complete());
      }
    }
  }
}
