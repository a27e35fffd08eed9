package dev.vouch.bus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.vouch.budget.RateLimited;
import dev.vouch.store.StoreException;
import dev.vouch.support.Observe;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** One failure path: a consumer's typed exception reaches the requester unchanged, by reference. */
class FailurePathTest {

  static Vertx vertx;

  @BeforeAll
  static void start() {
    vertx = Vertx.vertx();
    Codecs.register(vertx, List.of());
  }

  @AfterAll
  static void stop() {
    Observe.await(vertx.close());
  }

  private static Throwable requestFailure(String address, Object body, DeliveryOptions options) {
    return Failures.unwrap(catchThrowable(() -> Observe.await(vertx.eventBus().request(address, body, options))));
  }

  @Test
  void aConsumersTypedFailureArrivesAsTheSameInstance() {
    RateLimited refusal = RateLimited.cooldown(360, dev.vouch.budget.model.Admission.free());
    Observe.await(vertx.eventBus().<String>consumer("t.typed",
        Failures.answering(s -> Future.<String>failedFuture(refusal))).completion());

    assertThat(requestFailure("t.typed", "x", new DeliveryOptions())).isSameAs(refusal);
  }

  @Test
  void aConsumerThatThrowsFailsItsMessageTheSameWay() {
    StoreException down = new StoreException(StoreException.Kind.UNAVAILABLE, "database unavailable", null);
    Observe.await(vertx.eventBus().<String>consumer("t.throws", Failures.answering(s -> {
      throw down;
    })).completion());

    assertThat(requestFailure("t.throws", "x", new DeliveryOptions())).isSameAs(down);
  }

  @Test
  void successRepliesPassThroughAndTheBusOwnFailuresStayBusFailures() {
    Observe.await(vertx.eventBus().<String>consumer("t.ok",
        Failures.answering(s -> Future.succeededFuture(s + "!"))).completion());
    Observe.await(vertx.eventBus().<String>consumer("t.silent", msg -> { }).completion());

    assertThat(Observe.await(vertx.eventBus().request("t.ok", "hi")).body()).isEqualTo("hi!");
    Throwable timeout = requestFailure("t.silent", "x", new DeliveryOptions().setSendTimeout(200));
    assertThat(timeout).isInstanceOf(ReplyException.class);
    assertThat(((ReplyException) timeout).failureType()).isEqualTo(ReplyFailure.TIMEOUT);
  }
}
