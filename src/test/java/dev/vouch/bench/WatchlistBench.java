package dev.vouch.bench;

import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestKeys;
import dev.vouch.support.WebhookReceiver;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A screening list update that flags F of W watched wallets (default 1,000 of 100,000): adds the
 * wallets to watchlists of one key (10,000 per request), registers a local webhook receiver,
 * rewrites the list file and reloads it, then reports how many events were written (must be
 * exactly F), and how long from the reload to the last event written and to the last delivery.
 * Not a test: run with bench/watchlist.sh [watched] [flagged].
 */
public final class WatchlistBench {

  public static void main(String[] args) throws Exception {
    int watched = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
    int flagged = args.length > 1 ? Integer.parseInt(args[1]) : 1_000;
    Path list = Files.createTempFile("flagged", ".csv");
    Files.writeString(list, "address,label\n");
    Path config = Files.createTempFile("application", ".yaml");
    Files.writeString(config, Files.readString(Path.of("config/application.yaml")).replace("  flaggedAddresses: []\n",
        "  flaggedAddresses:\n    - {name: OFAC_SDN, type: csv, path: " + list + "}\n"));
    Map<String, String> env = new HashMap<>(BenchEnv.unmetered());
    env.put("VOUCH_CONFIG", config.toString());
    env.put("VOUCH_BUDGETS_PLANS_PARTNER_DAILY_SCANS", "0"); // watched wallets stay unindexed: only the list changes
    env.put("VOUCH_MONITORING_SCREENING_CHECK_MILLIS", "100");
    env.put("VOUCH_MONITORING_WEBHOOKS_ALLOW_PRIVATE_ADDRESSES", "true");
    env.put("VOUCH_MONITORING_WEBHOOKS_ALLOW_HTTP", "true");
    env.put("VOUCH_MONITORING_WEBHOOKS_POLL_MS", "100");
    env.put("VOUCH_MONITORING_WEBHOOKS_CONCURRENCY", "32");
    ScheduledExecutorService follower = Executors.newSingleThreadScheduledExecutor();
    int status = 1;
    try (TestApp app = TestApp.start(env); WebhookReceiver receiver = new WebhookReceiver()) {
      follower.scheduleAtFixedRate(() -> app.clock.set(Instant.now()), 0, 50, TimeUnit.MILLISECONDS);
      TestKeys.Key key = TestKeys.create(app.app.config(), "partner");
      Map<String, String> auth = Map.of("Authorization", "Bearer " + key.secret(), "Content-Type", "application/json");
      List<String> wallets = new ArrayList<>(watched);
      for (int i = 0; i < watched; i++) {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        wallets.add(String.format(Locale.ROOT, "0x%08x%016x%016x", i, r.nextLong(), r.nextLong()));
      }
      long addStart = System.currentTimeMillis();
      int perList = 10_000;
      for (int from = 0; from < watched; from += perList) {
        String id = TestApp.data(app.send(HttpMethod.POST, "/api/v1/watchlists", Buffer.buffer(new JsonObject()
            .put("name", "deposits " + from).encode()), auth)).getString("id");
        var r = app.send(HttpMethod.POST, "/api/v1/watchlists/" + id + "/wallets", Buffer.buffer(new JsonObject()
            .put("wallets", new JsonArray(new ArrayList<>(wallets.subList(from, Math.min(watched, from + perList)))))
            .encode()), auth);
        if (r.statusCode() != 200) {
          throw new IllegalStateException("add failed: " + r.bodyAsString());
        }
      }
      long addMs = System.currentTimeMillis() - addStart;
      app.send(HttpMethod.POST, "/api/v1/webhooks", Buffer.buffer(new JsonObject().put("url", receiver.url()).encode()), auth);

      StringBuilder csv = new StringBuilder("address,label\n");
      for (int i = 0; i < flagged; i++) {
        csv.append(wallets.get(i * (watched / flagged))).append(",bench\n");
      }
      Files.writeString(list, csv.toString());
      long start = System.currentTimeMillis();
      app.app.screening().reload(false);
      Sql.await("events", 600_000, () -> Sql.count(app.database, "SELECT count(*) FROM monitor_events") >= flagged);
      long eventsMs = System.currentTimeMillis() - start;
      Sql.await("deliveries", 600_000, () -> receiver.acceptedIds().size() >= flagged);
      long deliveredMs = System.currentTimeMillis() - start;
      Thread.sleep(2000); // anything beyond exactly F would show up now
      long events = Sql.count(app.database, "SELECT count(*) FROM monitor_events");
      System.out.printf("watched=%d flagged=%d cores=%d%n", watched, flagged, Runtime.getRuntime().availableProcessors());
      System.out.printf("adding %d wallets in requests of %d: %d ms%n", watched, perList, addMs);
      System.out.printf("events written: %d (expected exactly %d) %s%n", events, flagged, events == flagged ? "OK" : "WRONG");
      System.out.printf("deliveries received: %d distinct webhook-ids, %d requests%n", receiver.acceptedIds().size(),
          receiver.received().size());
      System.out.printf("list reload -> last event written: %d ms%n", eventsMs);
      System.out.printf("list reload -> last delivery received: %d ms%n", deliveredMs);
      status = events == flagged ? 0 : 1;
    } finally {
      follower.shutdownNow();
    }
    // The contract checker's Vert.x instance is never closed: end the JVM here.
    System.exit(status);
  }
}
