package dev.vouch.bench;

import dev.vouch.support.TestApp;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * POST /api/v1/decision/batch with 10, 100 and 500 unique rows next to the single decision read,
 * in one run against one service, same wallets (half committed), same concurrency. Not a test:
 * run with bench/batch.sh [wallets] [concurrency] [seconds per phase].
 */
public final class BatchBench {

  public static void main(String[] args) throws Exception {
    int wallets = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
    int concurrency = args.length > 1 ? Integer.parseInt(args[1]) : 8;
    int seconds = args.length > 2 ? Integer.parseInt(args[2]) : 10;
    Map<String, String> env = new HashMap<>(BenchEnv.unmetered());
    env.put("VOUCH_HTTP_INSTANCES", "0");
    env.put("VOUCH_BUDGETS_ANONYMOUS_BATCH_ROWS", "500"); // the partner cap, without a key
    try (TestApp app = TestApp.start(env)) {
      String[] addresses = DecisionReadBench.seed(app, wallets);
      Vertx vertx = Vertx.vertx();
      WebClient client = WebClient.create(vertx, new WebClientOptions()
          .setDefaultHost("127.0.0.1").setDefaultPort(app.port).setKeepAlive(true),
          new PoolOptions().setHttp1MaxSize(concurrency));
      System.out.printf("batch vs single: wallets=%d (half committed) concurrency=%d seconds/phase=%d cores=%d%n",
          wallets, concurrency, seconds, Runtime.getRuntime().availableProcessors());
      System.out.println("| Request | Rows | Requests/s | Rows/s | p50 | p99 |");
      System.out.println("|---|---|---|---|---|---|");
      ClosedLoop.run(concurrency, 3, i -> client.get("/api/v1/decision/" + addresses[i % wallets]).send()); // warm-up
      ClosedLoop.Result single = ClosedLoop.run(concurrency, seconds,
          i -> client.get("/api/v1/decision/" + addresses[i % wallets]).send());
      print("GET /api/v1/decision/{wallet}", 1, single);
      for (int rows : new int[] {10, 100, 500}) {
        List<Buffer> bodies = bodies(addresses, rows);
        ClosedLoop.run(concurrency, 2, i -> client.post("/api/v1/decision/batch")
            .putHeader("Content-Type", "application/json").sendBuffer(bodies.get(i % bodies.size()))); // warm-up
        ClosedLoop.Result r = ClosedLoop.run(concurrency, seconds, i -> client.post("/api/v1/decision/batch")
            .putHeader("Content-Type", "application/json").sendBuffer(bodies.get(i % bodies.size())));
        print("POST /api/v1/decision/batch", rows, r);
      }
      vertx.close();
    }
  }

  /** Batches of {@code rows} consecutive wallets, walking the whole set. */
  private static List<Buffer> bodies(String[] addresses, int rows) {
    List<Buffer> out = new ArrayList<>();
    for (int start = 0; start + rows <= addresses.length; start += rows) {
      JsonArray inputs = new JsonArray();
      for (int i = start; i < start + rows; i++) {
        inputs.add(addresses[i]);
      }
      out.add(new JsonObject().put("inputs", inputs).toBuffer());
    }
    return out;
  }

  private static void print(String what, int rows, ClosedLoop.Result r) {
    System.out.printf("| %s | %d | %,.0f | %,.0f | %.1f ms | %.1f ms |%s%n", what, rows, r.perSecond(),
        r.perSecond() * rows, r.p50Ms(), r.p99Ms(), r.errors() > 0 ? " errors=" + r.errors() : "");
  }
}
