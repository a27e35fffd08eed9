package dev.vouch.bench;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.client.HttpResponse;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;

/** A closed loop: {@code concurrency} callers, each sending its next request when the last answers. */
final class ClosedLoop {

  /** Requests answered 200, per second, and their latency percentiles. */
  record Result(int requests, long errors, double seconds, double p50Ms, double p99Ms, double maxMs) {
    double perSecond() {
      return requests / seconds;
    }
  }

  private ClosedLoop() {}

  /** {@code call} gets a running sequence number (to pick the next wallet or batch). */
  static Result run(int concurrency, int seconds, IntFunction<Future<HttpResponse<Buffer>>> call)
      throws InterruptedException {
    long[] latencies = new long[2_000_000];
    AtomicInteger n = new AtomicInteger();
    AtomicInteger next = new AtomicInteger();
    AtomicLong errors = new AtomicLong();
    long deadline = System.nanoTime() + seconds * 1_000_000_000L;
    CountDownLatch done = new CountDownLatch(concurrency);
    long start = System.nanoTime();
    for (int c = 0; c < concurrency; c++) {
      loop(call, deadline, next, errors, latencies, n, done);
    }
    done.await();
    double elapsed = (System.nanoTime() - start) / 1e9;
    int count = Math.min(n.get(), latencies.length);
    long[] sorted = Arrays.copyOf(latencies, count);
    Arrays.sort(sorted);
    if (count == 0) {
      return new Result(0, errors.get(), elapsed, 0, 0, 0);
    }
    return new Result(count, errors.get(), elapsed, sorted[count / 2] / 1e6,
        sorted[(int) (count * 0.99)] / 1e6, sorted[count - 1] / 1e6);
  }

  private static void loop(IntFunction<Future<HttpResponse<Buffer>>> call, long deadline, AtomicInteger next,
      AtomicLong errors, long[] latencies, AtomicInteger n, CountDownLatch done) {
    if (System.nanoTime() > deadline) {
      done.countDown();
      return;
    }
    long t0 = System.nanoTime();
    call.apply(next.getAndIncrement()).onComplete(ar -> {
      if (ar.failed() || ar.result().statusCode() != 200) {
        errors.incrementAndGet();
      } else {
        int i = n.getAndIncrement();
        if (i < latencies.length) {
          latencies[i] = System.nanoTime() - t0;
        }
      }
      loop(call, deadline, next, errors, latencies, n, done);
    });
  }
}
