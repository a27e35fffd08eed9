package dev.vouch.bus;

import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.Message;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import java.util.function.Function;

/**
 * The one failure path across the event bus. A consumer fails with whatever typed exception it
 * has (ApiError, RateLimited, KeyRejected, StoreException, ...); the failure reply carries that
 * exception by reference through one local codec, and the edge maps it to HTTP once. Consumers
 * neither log nor translate: no status codes, no "CODE|message" strings, no refusals inside
 * success replies.
 */
public final class Failures {

  /** A failure reply holding the consumer's typed exception. */
  public static final class Carried extends ReplyException {

    private final transient Throwable failure;

    private Carried(Throwable failure) {
      super(ReplyFailure.RECIPIENT_FAILURE, -1, failure.getMessage(), true);
      this.failure = failure;
    }

    public Throwable failure() {
      return failure;
    }
  }

  private Failures() {}

  /** Registers the codec of failure replies; {@link Codecs#register} calls it. */
  static void register(Vertx vertx) {
    vertx.eventBus().registerDefaultCodec(Carried.class, new LocalCodec<>(Carried.class));
  }

  /** Fails the message with the typed exception itself. */
  public static void reply(Message<?> msg, Throwable t) {
    msg.reply(new Carried(t));
  }

  /**
   * A consumer that answers with the handler's result or its typed failure; a handler that
   * throws instead of failing its future fails the message the same way.
   */
  public static <T, R> Handler<Message<T>> answering(Function<T, Future<R>> handler) {
    return msg -> {
      Future<R> answer;
      try {
        answer = handler.apply(msg.body());
      } catch (RuntimeException e) {
        answer = Future.failedFuture(e);
      }
      answer.onComplete(ar -> {
        if (ar.succeeded()) {
          msg.reply(ar.result());
        } else {
          reply(msg, ar.cause());
        }
      });
    };
  }

  /**
   * What a request's failure means: the consumer's typed exception when it carried one, else the
   * bus's own failure (a timeout, no consumer) unchanged.
   */
  public static Throwable unwrap(Throwable t) {
    return t instanceof Carried carried ? carried.failure() : t;
  }
}
