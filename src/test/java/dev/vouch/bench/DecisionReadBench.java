package dev.vouch.bench;

import dev.vouch.support.Snapshots;
import dev.vouch.support.TestApp;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.PoolOptions;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Closed-loop load on GET /api/v1/decision/{wallet} against the real service and PostgreSQL.
 * Not a test: run with bench/decision-read.sh. Args: wallets concurrency seconds.
 */
public final class DecisionReadBench {

  public static void main(String[] args) throws Exception {
    int wallets = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
    int concurrency = args.length > 1 ? Integer.parseInt(args[1]) : 32;
    int seconds = args.length > 2 ? Integer.parseInt(args[2]) : 15;
    Map<String, String> env = new HashMap<>(BenchEnv.unmetered());
    env.put("VOUCH_HTTP_INSTANCES", "0");
    try (TestApp app = TestApp.start(env)) {
      String[] addresses = new String[wallets];
      for (int i = 0; i < wallets; i++) {
        addresses[i] = String.format("0x%040x", 0x1000 + i);
        if (i % 2 == 0) { // half committed, half baseline
          Snapshots.commit(app.app.pool(), Snapshots.of(addresses[i], Snapshots.strong(),
              app.clock.instant().minus(Duration.ofHours(1)), Snapshots.healthyCoverage(app.clock.instant())));
        }
      }
      Vertx vertx = Vertx.vertx();
      WebClient client = WebClient.create(vertx, new WebClientOptions()
          .setDefaultHost("127.0.0.1").setDefaultPort(app.port).setKeepAlive(true),
          new PoolOptions().setHttp1MaxSize(concurrency));
      run(client, addresses, concurrency, 3, null);               // warm-up
      long[] latencies = new long[2_000_000];
      AtomicInteger n = new AtomicInteger();
      long start = System.nanoTime();
      long errors = run(client, addresses, concurrency, seconds, (lat) -> {
        int i = n.getAndIncrement();
        if (i < latencies.length) {
          latencies[i] = lat;
        }
      });
      double elapsed = (System.nanoTime() - start) / 1e9;
      int count = Math.min(n.get(), latencies.length);
      long[] sorted = Arrays.copyOf(latencies, count);
      Arrays.sort(sorted);
      System.out.printf("decision-read wallets=%d concurrency=%d seconds=%d cores=%d%n",
          wallets, concurrency, seconds, Runtime.getRuntime().availableProcessors());
      System.out.printf("requests=%d errors=%d throughput=%.0f req/s p50=%.2f ms p99=%.2f ms max=%.2f ms%n",
          count, errors, count / elapsed, sorted[count / 2] / 1e6, sorted[(int) (count * 0.99)] / 1e6,
          sorted[count - 1] / 1e6);
      vertx.close();
    }
  }

  interface Sink {
    void accept(long nanos);
  }

  private static long run(WebClient client, String[] addresses, int concurrency, int seconds, Sink sink)
      throws InterruptedException {
    long deadline = System.nanoTime() + seconds * 1_000_000_000L;
    CountDownLatch done = new CountDownLatch(concurrency);
    AtomicLong errors = new AtomicLong();
    AtomicInteger next = new AtomicInteger();
    for (int c = 0; c < concurrency; c++) {
      loop(client, addresses, deadline, next, errors, sink, done);
    }
    done.await();
    return errors.get();
  }

  private static void loop(WebClient client, String[] addresses, long deadline, AtomicInteger next,
      AtomicLong errors, Sink sink, CountDownLatch done) {
    if (System.nanoTime() > deadline) {
      done.countDown();
      return;
    }
    String wallet = addresses[Math.floorMod(next.getAndIncrement(), addresses.length)];
    long t0 = System.nanoTime();
    client.get("/api/v1/decision/" + wallet).send().onComplete(ar -> {
      if (ar.failed() || ar.result().statusCode() != 200) {
        errors.incrementAndGet();
      } else if (sink != null) {
        sink.accept(System.nanoTime() - t0);
      }
      loop(client, addresses, deadline, next, errors, sink, done);
    });
  }
}
