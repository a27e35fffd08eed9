package dev.vouch.bench;

import dev.vouch.support.Snapshots;
import dev.vouch.support.TestApp;
import io.vertx.core.Vertx;
import io.vertx.core.http.PoolOptions;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

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
      String[] addresses = seed(app, wallets);
      Vertx vertx = Vertx.vertx();
      WebClient client = WebClient.create(vertx, new WebClientOptions()
          .setDefaultHost("127.0.0.1").setDefaultPort(app.port).setKeepAlive(true),
          new PoolOptions().setHttp1MaxSize(concurrency));
      ClosedLoop.run(concurrency, 3, i -> client.get("/api/v1/decision/" + addresses[i % wallets]).send()); // warm-up
      ClosedLoop.Result r = ClosedLoop.run(concurrency, seconds,
          i -> client.get("/api/v1/decision/" + addresses[i % wallets]).send());
      System.out.printf("decision-read wallets=%d concurrency=%d seconds=%d cores=%d%n",
          wallets, concurrency, seconds, Runtime.getRuntime().availableProcessors());
      System.out.printf("requests=%d errors=%d throughput=%.0f req/s p50=%.2f ms p99=%.2f ms max=%.2f ms%n",
          r.requests(), r.errors(), r.perSecond(), r.p50Ms(), r.p99Ms(), r.maxMs());
      vertx.close();
    }
  }

  /** {@code wallets} addresses, every other one with a committed snapshot, the rest baseline. */
  static String[] seed(TestApp app, int wallets) {
    String[] addresses = new String[wallets];
    for (int i = 0; i < wallets; i++) {
      addresses[i] = String.format("0x%040x", 0x1000 + i);
      if (i % 2 == 0) {
        Snapshots.commit(app.app.pool(), Snapshots.of(addresses[i], Snapshots.strong(),
            app.clock.instant().minus(Duration.ofHours(1)), Snapshots.healthyCoverage(app.clock.instant())));
      }
    }
    return addresses;
  }
}
