package dev.vouch.bus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.vouch.support.Observe;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.Message;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A consumer hosted by an edge verticle answers that verticle only, on its own event-loop thread:
 * the edge's requests never cross threads (issue 17 item 2).
 */
class ColocationTest {

  static final String ADDRESS = "t.colocated";
  static final int HOSTS = 4;
  static final int REQUESTS = 50;

  static Vertx vertx;

  @BeforeAll
  static void start() {
    vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(HOSTS));
    Codecs.register(vertx, List.of());
  }

  @AfterAll
  static void stop() {
    Observe.await(vertx.close());
  }

  /** Answers with its thread and its host's number. */
  static final class Consumer extends VerticleBase {
    final int host;

    Consumer(int host) {
      this.host = host;
    }

    @Override
    public Future<?> start() {
      return Colocation.<String>consumer(vertx, ADDRESS,
          m -> m.reply(host + "|" + Thread.currentThread().getName())).completion();
    }
  }

  /** Stands for an HTTP verticle: hosts one consumer, then asks it from its own context. */
  static final class Edge extends VerticleBase {
    final int number;
    final ConcurrentLinkedQueue<String> mismatches;

    Edge(int number, ConcurrentLinkedQueue<String> mismatches) {
      this.number = number;
      this.mismatches = mismatches;
    }

    @Override
    public Future<?> start() throws Exception {
      Colocation here = Colocation.host(context);
      return new Consumer(number).deploy(context).compose(v -> {
        List<Future<Message<String>>> asks = new ArrayList<>();
        for (int i = 0; i < REQUESTS; i++) {
          String sender = Thread.currentThread().getName();
          asks.add(vertx.eventBus().<String>request(here.address(ADDRESS), "q").onSuccess(reply -> {
            String expected = number + "|" + sender;
            if (!reply.body().equals(expected) || !Thread.currentThread().getName().equals(sender)) {
              mismatches.add(reply.body() + " answered " + expected + ", reply seen on " + Thread.currentThread().getName());
            }
          }));
        }
        return Future.all(asks);
      });
    }
  }

  @Test
  void eachHostsRequestsAreAnsweredByItsOwnConsumerOnItsOwnThread() {
    ConcurrentLinkedQueue<String> mismatches = new ConcurrentLinkedQueue<>();
    int[] next = {0};
    Observe.await(vertx.deployVerticle(() -> new Edge(next[0]++, mismatches), new DeploymentOptions().setInstances(HOSTS)));

    assertThat(next[0]).isEqualTo(HOSTS);
    assertThat(mismatches).isEmpty();
  }

  @Test
  void aHostedConsumerIsPrivateToItsHost() {
    ConcurrentLinkedQueue<String> mismatches = new ConcurrentLinkedQueue<>();
    Observe.await(vertx.deployVerticle(new Edge(99, mismatches)));

    // Nobody else reaches it through the shared address: no consumer listens there.
    Throwable t = catchThrowable(() -> Observe.await(vertx.eventBus().request(ADDRESS, "q")));
    assertThat(t).isInstanceOf(ReplyException.class);
    assertThat(((ReplyException) t).failureType()).isEqualTo(ReplyFailure.NO_HANDLERS);
  }

  @Test
  void withoutAHostTheConsumerListensAtTheSharedAddress() {
    Observe.await(vertx.deployVerticle(new VerticleBase() {
      @Override
      public Future<?> start() {
        return Colocation.<String>consumer(vertx, "t.shared", m -> m.reply("shared")).completion();
      }
    }));

    assertThat(Observe.await(vertx.eventBus().<String>request("t.shared", "q")).body()).isEqualTo("shared");
  }
}
