package dev.vouch.chain;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Context;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.client.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The byte budget hands bytes on in arrival order, to each waiter on its own event loop. */
class ByteBudgetTest {

  final Vertx vertx = Vertx.vertx();

  @AfterEach
  void close() {
    vertx.close();
  }

  /** An exchange that ends when the test completes its promise. */
  static Promise<HttpResponse<Buffer>> pending(List<Promise<HttpResponse<Buffer>>> all) {
    Promise<HttpResponse<Buffer>> p = Promise.promise();
    all.add(p);
    return p;
  }

  @Test
  void aWaiterResumesOnItsOwnContextWhenAnotherChainReleases() throws Exception {
    ByteBudget budget = new ByteBudget(100);
    List<Promise<HttpResponse<Buffer>>> sends = new ArrayList<>();
    Context chainA = vertx.getOrCreateContext();
    Context chainB = vertx.getOrCreateContext();
    CompletableFuture<Void> aHolds = new CompletableFuture<>();
    CompletableFuture<Context> bRanOn = new CompletableFuture<>();
    chainA.runOnContext(v -> {
      budget.exchange(vertx, 100, 60_000, () -> pending(sends).future(), r -> r);
      aHolds.complete(null);
    });
    aHolds.get(10, TimeUnit.SECONDS);
    chainB.runOnContext(v -> budget.exchange(vertx, 60, 60_000, () -> {
      bRanOn.complete(Vertx.currentContext());
      return pending(sends).future();
    }, r -> r));
    waitFor(() -> budget.waiting() == 1);
    assertThat(bRanOn).isNotDone();

    // Chain A's exchange ends on A's event loop; B's send must still run on B's.
    chainA.runOnContext(v -> sends.get(0).fail("done"));
    assertThat(bRanOn.get(10, TimeUnit.SECONDS)).isSameAs(chainB);
    assertThat(budget.reserved()).isEqualTo(60);
  }

  @Test
  void bytesGoInArrivalOrderAndABodyLargerThanTheBudgetTakesTheWholeOfIt() throws Exception {
    ByteBudget budget = new ByteBudget(100);
    List<Promise<HttpResponse<Buffer>>> sends = new ArrayList<>();
    List<Integer> started = new ArrayList<>();
    Context ctx = vertx.getOrCreateContext();
    CompletableFuture<Void> queued = new CompletableFuture<>();
    ctx.runOnContext(v -> {
      for (int i = 0; i < 3; i++) {
        int n = i;
        // 500 > 100: clamped to the whole budget, so one at a time.
        budget.exchange(vertx, 500, 60_000, () -> {
          started.add(n);
          return pending(sends).future();
        }, r -> r);
      }
      queued.complete(null);
    });
    queued.get(10, TimeUnit.SECONDS);
    assertThat(budget.reserved()).isEqualTo(100);
    assertThat(budget.waiting()).isEqualTo(2);
    for (int i = 0; i < 3; i++) {
      int n = i;
      waitFor(() -> onContext(ctx, () -> started.size() == n + 1));
      ctx.runOnContext(v -> sends.get(n).fail("done"));
    }
    waitFor(() -> budget.reserved() == 0);
    assertThat(onContext(ctx, () -> List.copyOf(started))).containsExactly(0, 1, 2);
  }

  static <T> T onContext(Context ctx, java.util.function.Supplier<T> read) {
    CompletableFuture<T> out = new CompletableFuture<>();
    ctx.runOnContext(v -> out.complete(read.get()));
    try {
      return out.get(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  static void waitFor(java.util.function.BooleanSupplier condition) {
    dev.vouch.support.Sql.await("the budget to move", 30_000, condition);
  }
}
