package dev.vouch.chain;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Supplier;

/** Bounds the async tasks in flight; callers beyond the bound wait in arrival order. */
final class AsyncLimiter {

  private final int permits;
  private final Deque<Promise<Void>> waiting = new ArrayDeque<>();
  private int used;

  AsyncLimiter(int permits) {
    this.permits = permits;
  }

  <T> Future<T> run(Supplier<Future<T>> task) {
    return acquire().compose(v -> {
      Future<T> f;
      try {
        f = task.get();
      } catch (RuntimeException e) {
        f = Future.failedFuture(e);
      }
      return f.andThen(ar -> release());
    });
  }

  private synchronized Future<Void> acquire() {
    if (used < permits) {
      used++;
      return Future.succeededFuture();
    }
    Promise<Void> p = Promise.promise();
    waiting.addLast(p);
    return p.future();
  }

  private void release() {
    Promise<Void> next;
    synchronized (this) {
      next = waiting.pollFirst();
      if (next == null) {
        used--;
      }
    }
    if (next != null) {
      next.complete();
    }
  }
}
