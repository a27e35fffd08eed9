package dev.vouch.store;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

/**
 * Reruns a transaction (or a one-statement write, its own transaction) Postgres rolled back to
 * break a deadlock (40P01) or a serialization conflict (40001). The whole transaction ran in vain, so rerunning it is safe; a few attempts,
 * each after a random pause that grows, so two victims do not meet again in step. What still
 * fails leaves as {@link StoreException.Kind#CONTENTION} (the edge answers 503, nothing changed).
 */
final class Contention {

  static final int ATTEMPTS = 4;
  private static final long BASE_MS = 10;

  private Contention() {}

  static <T> Future<T> retried(Supplier<Future<T>> transaction) {
    return attempt(transaction, 1);
  }

  private static <T> Future<T> attempt(Supplier<Future<T>> transaction, int n) {
    return transaction.get().recover(t -> {
      if (n >= ATTEMPTS || !(t instanceof StoreException se && se.kind() == StoreException.Kind.CONTENTION)) {
        return Future.failedFuture(t);
      }
      long pause = ThreadLocalRandom.current().nextLong(1, (BASE_MS << n) + 1);
      Context context = Vertx.currentContext();
      if (context == null) {
        return attempt(transaction, n + 1);
      }
      Promise<T> next = Promise.promise();
      context.owner().setTimer(pause, id -> attempt(transaction, n + 1).onComplete(next));
      return next.future();
    });
  }
}
