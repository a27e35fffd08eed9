package dev.vouch.monitoring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Anvil;
import dev.vouch.support.AnvilExplorer;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestKeys;
import dev.vouch.support.WebhookReceiver;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Watchlists, decision-change events and signed webhooks against the real service, Postgres, an
 * Anvil chain and a local receiver (docs/monitoring.md).
 */
class MonitoringApiTest {

  static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");
  static Anvil arc;
  static AnvilExplorer explorer;
  static TestApp app;
  static Path list;
  static TestKeys.Key developer;
  static TestKeys.Key pro;
  static ScheduledExecutorService follower;

  @BeforeAll
  static void start() throws Exception {
    arc = Anvil.start(5042002, NOW.minus(Duration.ofDays(400)));
    explorer = AnvilExplorer.start(arc);
    list = temp("flagged", ".csv", "address,label\n" + Anvil.randomAddress() + ",unrelated\n");
    String appYaml = Files.readString(Path.of("config/application.yaml")).replace("  flaggedAddresses: []\n",
        "  flaggedAddresses:\n    - {name: LOCAL, type: csv, path: " + list + "}\n");
    Path config = temp("application", ".yaml", appYaml);
    Path chains = temp("chains", ".yaml", "chains:\n"
        + "  - name: Arc Testnet\n    chainId: 5042002\n    symbol: USDC\n    explorer: https://x.invalid/{address}\n"
        + "    mode: history\n    historyCap: 1000\n    rpcUrls: []\n    timeoutMs: 3000\n    concurrency: 4\n"
        + "    sources:\n      - {type: blockscout, url: " + explorer.blockscoutUrl + "}\n");
    Map<String, String> env = new HashMap<>(TestApp.UNMETERED);
    env.put("VOUCH_CONFIG", config.toString());
    env.put("CHAINS_FILE", chains.toString());
    env.put("VOUCH_INDEXING_POLL_MS", "100");
    // Developer keys start no scans here, so 2,000 watched wallets stay unindexed (and quiet).
    env.put("VOUCH_BUDGETS_PLANS_DEVELOPER_DAILY_SCANS", "0");
    env.put("VOUCH_MONITORING_SCREENING_CHECK_MILLIS", "100");
    env.put("VOUCH_MONITORING_WEBHOOKS_ALLOW_PRIVATE_ADDRESSES", "true");
    env.put("VOUCH_MONITORING_WEBHOOKS_ALLOW_HTTP", "true");
    env.put("VOUCH_MONITORING_WEBHOOKS_POLL_MS", "100");
    env.put("VOUCH_MONITORING_WEBHOOKS_RETRY_BASE_SECONDS", "1");
    env.put("VOUCH_MONITORING_WEBHOOKS_RETRY_MAX_SECONDS", "1");
    app = TestApp.start(env);
    // Retries and leases are due by the service's clock, and receivers check webhook-timestamp
    // against real time: the clock follows the wall clock here.
    follower = Executors.newSingleThreadScheduledExecutor();
    follower.scheduleAtFixedRate(() -> app.clock.set(Instant.now()), 0, 50, TimeUnit.MILLISECONDS);
    developer = TestKeys.create(app.app.config(), "developer");
    pro = TestKeys.create(app.app.config(), "pro");
  }

  @AfterAll
  static void stop() {
    follower.shutdownNow();
    app.close();
    explorer.close();
    arc.close();
  }

  static Path temp(String prefix, String suffix, String text) throws Exception {
    Path p = Files.createTempFile(prefix, suffix);
    p.toFile().deleteOnExit();
    Files.writeString(p, text);
    return p;
  }

  static HttpResponse<Buffer> call(TestKeys.Key key, HttpMethod method, String path, Object body) {
    Map<String, String> headers = new HashMap<>();
    if (key != null) {
      headers.put("Authorization", "Bearer " + key.secret());
    }
    Buffer b = body == null ? null : Buffer.buffer(body instanceof JsonObject o ? o.encode() : body.toString());
    if (b != null) {
      headers.put("Content-Type", "application/json");
    }
    return app.send(method, path, b, headers);
  }

  static JsonObject ok(HttpResponse<Buffer> r, int status) {
    assertThat(r.statusCode()).as(r.bodyAsString()).isEqualTo(status);
    return TestApp.data(r);
  }

  static String newList(TestKeys.Key key, String name) {
    return ok(call(key, HttpMethod.POST, "/api/v1/watchlists",
        new JsonObject().put("name", name).put("useCase", "payment")), 201).getString("id");
  }

  /** Writes the screening list file and reloads it, as the refresh timer would. */
  static void screen(List<String> flagged) throws Exception {
    Files.writeString(list, "address,label\n" + flagged.stream().map(a -> a + ",test incident\n").collect(Collectors.joining()));
    app.app.screening().reload(false);
  }

  static List<JsonObject> allEvents(TestKeys.Key key) {
    List<JsonObject> out = new ArrayList<>();
    String after = "0";
    while (true) {
      JsonObject page = ok(call(key, HttpMethod.GET, "/api/v1/events?limit=40&after=" + after, null), 200);
      JsonArray events = page.getJsonArray("events");
      events.forEach(e -> out.add((JsonObject) e));
      if (events.isEmpty()) {
        return out;
      }
      after = page.getString("nextCursor");
    }
  }

  @Test
  void aScreeningRefreshFlagsExactlyTheListedWatchedWalletsAndADownReceiverGetsEveryEventSignedOnceUp()
      throws Exception {
    List<String> watched = IntStream.range(0, 2000).mapToObj(i -> Anvil.randomAddress()).toList();
    String id = newList(developer, "deposits");
    JsonObject added = ok(call(developer, HttpMethod.POST, "/api/v1/watchlists/" + id + "/wallets",
        new JsonObject().put("wallets", new JsonArray(new ArrayList<>(watched)))), 200);
    assertThat(added.getLong("size")).isEqualTo(2000);
    assertThat(added.getInteger("queuedForIntake")).isZero();
    assertThat(added.getInteger("notQueued")).isEqualTo(2000);

    try (WebhookReceiver receiver = new WebhookReceiver()) {
      JsonObject endpoint = ok(call(developer, HttpMethod.POST, "/api/v1/webhooks",
          new JsonObject().put("url", receiver.url()).put("eventTypes", new JsonArray().add("decision.changed"))), 201);
      String secret = endpoint.getString("secret");
      assertThat(secret).startsWith("whsec_");
      assertThat(ok(call(developer, HttpMethod.GET, "/api/v1/webhooks/" + endpoint.getString("id"), null), 200)
          .containsKey("secret")).isFalse();

      receiver.down(true);
      List<String> flagged = watched.subList(0, 50);
      screen(flagged);
      Sql.await("50 events", 20_000, () -> allEvents(developer).size() == 50);
      // Attempts fail while the receiver is down; it is retried with backoff.
      Sql.await("failed attempts", 20_000, () -> receiver.received().size() >= 50);
      // Up only once an event has been retried: a refused attempt is asked again, not dropped.
      Sql.await("an event attempted again while the receiver is down", 30_000, () -> receiver.received().stream()
          .collect(Collectors.groupingBy(WebhookReceiver.Received::id, Collectors.counting())).values().stream()
          .anyMatch(n -> n >= 2));
      receiver.down(false);
      Sql.await("every flag delivered", 30_000, () -> receiver.acceptedIds().size() == 50);

      List<String> cleared = flagged.subList(0, 20);
      screen(flagged.subList(20, 50));
      Sql.await("every change delivered", 30_000, () -> receiver.acceptedIds().size() == 70);

      List<JsonObject> events = allEvents(developer);
      assertThat(events).hasSize(70);
      assertThat(events).allSatisfy(e -> assertThat(e.getString("cause")).isEqualTo("screening"));
      assertThat(events.subList(0, 50)).extracting(e -> e.getString("wallet")).containsExactlyInAnyOrderElementsOf(flagged);
      assertThat(events.subList(0, 50)).allSatisfy(e -> {
        assertThat(e.getJsonObject("previous").getString("decision")).isEqualTo("caution");
        assertThat(e.getJsonObject("current").getString("decision")).isEqualTo("block");
        assertThat(e.getJsonObject("current").getJsonArray("reasonCodes").getList()).contains("SANCTIONED_ADDRESS");
      });
      assertThat(events.subList(50, 70)).extracting(e -> e.getString("wallet")).containsExactlyInAnyOrderElementsOf(cleared);
      assertThat(events.subList(50, 70)).allSatisfy(e ->
          assertThat(e.getJsonObject("current").getString("decision")).isEqualTo("caution"));
      List<Long> ids = events.stream().map(e -> Long.parseLong(e.getString("id"))).toList();
      assertThat(ids).isSorted().doesNotHaveDuplicates();

      // Duplicates only ever repeat one webhook-id with the same body; each wallet's events in order.
      Map<String, String> bodyById = new HashMap<>();
      for (WebhookReceiver.Received r : receiver.received()) {
        assertThat(bodyById.putIfAbsent(r.id(), r.body())).isIn(null, r.body());
      }
      assertThat(bodyById.keySet()).containsExactlyInAnyOrderElementsOf(
          ids.stream().map(i -> "evt_" + i).toList());
      Map<String, List<String>> perWallet = new LinkedHashMap<>();
      for (WebhookReceiver.Received r : receiver.accepted()) {
        JsonObject data = r.json().getJsonObject("data");
        perWallet.computeIfAbsent(data.getString("wallet"), k -> new ArrayList<>())
            .add(data.getJsonObject("current").getString("decision"));
      }
      for (String w : cleared) {
        assertThat(perWallet.get(w)).as(w).containsExactly("block", "caution");
      }

      // An independent implementation verifies every signature (the Standard Webhooks npm package).
      assertThat(WebhookReceiver.verifiedByStandardWebhooks(secret, receiver.received()))
          .isEqualTo(receiver.received().size());

      JsonObject log = ok(call(developer, HttpMethod.GET, "/api/v1/webhooks/" + endpoint.getString("id")
          + "/deliveries?limit=100", null), 200);
      assertThat(log.getJsonArray("deliveries")).hasSize(70);
      assertThat(log.getJsonArray("deliveries").stream().map(d -> ((JsonObject) d).getString("state")))
          .containsOnly("delivered");
      assertThat(log.getJsonArray("deliveries").stream().mapToInt(d -> ((JsonObject) d).getInteger("attempts")).max()
          .orElseThrow()).isGreaterThan(1);

      // A replay sends the same message again, with the same webhook-id.
      String first = ((JsonObject) log.getJsonArray("deliveries").getValue(69)).getString("id");
      String firstEvent = ((JsonObject) log.getJsonArray("deliveries").getValue(69)).getString("eventId");
      int before = receiver.accepted().size();
      ok(call(developer, HttpMethod.POST, "/api/v1/webhooks/" + endpoint.getString("id") + "/deliveries/" + first
          + "/replay", null), 202);
      Sql.await("replayed", 10_000, () -> receiver.accepted().size() == before + 1);
      assertThat(receiver.accepted().get(before).id()).isEqualTo("evt_" + firstEvent);
    } finally {
      screen(List.of());
    }
  }

  @Test
  void aWatchedWalletNeverIndexedIsQueuedForIntakeAndItsFirstCommitIsAnEvent() {
    String wallet = Anvil.randomAddress();
    arc.fund(wallet);
    arc.sendAt(NOW.minus(Duration.ofDays(300)), wallet, Anvil.randomAddress(), BigInteger.TEN);
    String id = newList(pro, "counterparties");
    JsonObject added = ok(call(pro, HttpMethod.POST, "/api/v1/watchlists/" + id + "/wallets",
        new JsonObject().put("wallets", new JsonArray().add(wallet.toUpperCase().replace("0X", "0x")))), 200);
    assertThat(added.getInteger("queuedForIntake")).isEqualTo(1);
    Sql.await("reindex event", 30_000, () -> allEvents(pro).stream().anyMatch(e -> e.getString("wallet").equals(wallet)));
    JsonObject event = allEvents(pro).get(0);
    assertThat(event.getString("cause")).isEqualTo("reindex");
    assertThat(event.getJsonObject("previous").getString("scoreBand")).isNull();
    assertThat(event.getJsonObject("current").getString("scoreBand")).isNotNull();

    JsonObject page = ok(call(pro, HttpMethod.GET, "/api/v1/watchlists/" + id, null), 200);
    assertThat(page.getJsonObject("watchlist").getLong("size")).isEqualTo(1);
    JsonObject member = page.getJsonArray("wallets").getJsonObject(0);
    assertThat(member.getString("wallet")).isEqualTo(wallet);
    assertThat(member.getJsonObject("decision").getJsonObject("freshness").getString("cacheStatus")).isEqualTo("cached");
  }

  @Test
  void pagesWalkAListInWalletOrderAndRemovalAndDeletionTakeEffect() {
    String id = newList(developer, "paging");
    List<String> wallets = IntStream.range(0, 7).mapToObj(i -> Anvil.randomAddress()).sorted().toList();
    ok(call(developer, HttpMethod.POST, "/api/v1/watchlists/" + id + "/wallets",
        new JsonObject().put("wallets", new JsonArray(new ArrayList<>(wallets)))), 200);
    List<String> seen = new ArrayList<>();
    String cursor = null;
    do {
      JsonObject page = ok(call(developer, HttpMethod.GET, "/api/v1/watchlists/" + id + "?limit=3"
          + (cursor == null ? "" : "&cursor=" + cursor), null), 200);
      page.getJsonArray("wallets").forEach(w -> {
        seen.add(((JsonObject) w).getString("wallet"));
        assertThat(((JsonObject) w).getJsonObject("decision").getString("decision")).isEqualTo("caution");
      });
      cursor = page.getString("nextCursor");
    } while (cursor != null);
    assertThat(seen).containsExactlyElementsOf(wallets);

    JsonObject removed = ok(call(developer, HttpMethod.POST, "/api/v1/watchlists/" + id + "/wallets/remove",
        new JsonObject().put("wallets", new JsonArray().add(wallets.get(0)).add(Anvil.randomAddress()))), 200);
    assertThat(removed.getInteger("changed")).isEqualTo(1);
    assertThat(removed.getLong("size")).isEqualTo(6);
    assertThat(ok(call(developer, HttpMethod.GET, "/api/v1/watchlists", null), 200).getJsonArray("watchlists").stream()
        .map(l -> ((JsonObject) l).getString("id"))).contains(id);
    ok(call(developer, HttpMethod.DELETE, "/api/v1/watchlists/" + id, null), 200);
    assertThat(call(developer, HttpMethod.GET, "/api/v1/watchlists/" + id, null).statusCode()).isEqualTo(404);
    assertThat(Sql.count(app.database, "SELECT count(*) FROM watchlist_members WHERE watchlist_id = ?",
        Long.parseLong(id))).isZero();
  }

  @Test
  void everyNewRouteAnswersHostileInputInTheEnvelopeAndChangesNothing() {
    String id = newList(developer, "hostile");
    String other = newList(pro, "not yours");
    long lists = Sql.count(app.database, "SELECT count(*) FROM watchlists");
    long members = Sql.count(app.database, "SELECT count(*) FROM watchlist_members");
    long endpoints = Sql.count(app.database, "SELECT count(*) FROM webhook_endpoints");
    String wallets = "/api/v1/watchlists/" + id + "/wallets";
    String many = new JsonObject().put("wallets", new JsonArray(IntStream.range(0, 10_001)
        .mapToObj(i -> String.format("0x%040x", i)).collect(Collectors.toList()))).encode();
    String huge = "{\"wallets\":[\"" + "a".repeat(2 << 20) + "\"]}";
    Object[][] cases = {
        {null, HttpMethod.POST, "/api/v1/watchlists", new JsonObject().put("name", "x"), 401, "NOT_ALLOWED"},
        {null, HttpMethod.GET, "/api/v1/events", null, 401, "NOT_ALLOWED"},
        {null, HttpMethod.GET, "/api/v1/webhooks", null, 401, "NOT_ALLOWED"},
        {developer, HttpMethod.POST, "/api/v1/watchlists", "{not json", 400, "INVALID_REQUEST"},
        {developer, HttpMethod.POST, "/api/v1/watchlists", "[1,2]", 400, "INVALID_REQUEST"},
        {developer, HttpMethod.POST, "/api/v1/watchlists", new JsonObject().put("name", ""), 400, "INVALID_REQUEST"},
        {developer, HttpMethod.POST, "/api/v1/watchlists", new JsonObject().put("name", "x".repeat(101)), 400, "INVALID_REQUEST"},
        {developer, HttpMethod.POST, "/api/v1/watchlists", new JsonObject().put("name", "x").put("useCase", "gambling"), 400, "INVALID_REQUEST"},
        {developer, HttpMethod.POST, "/api/v1/watchlists", new JsonObject().put("name", 7), 400, "INVALID_REQUEST"},
        {developer, HttpMethod.GET, "/api/v1/watchlists/abc", null, 404, "NOT_FOUND"},
        {developer, HttpMethod.GET, "/api/v1/watchlists/99999999999999999999", null, 404, "NOT_FOUND"},
        {developer, HttpMethod.GET, "/api/v1/watchlists/" + other, null, 404, "NOT_FOUND"},
        {developer, HttpMethod.DELETE, "/api/v1/watchlists/" + other, null, 404, "NOT_FOUND"},
        {developer, HttpMethod.GET, "/api/v1/watchlists/" + id + "?limit=0", null, 400, "INVALID_REQUEST"},
        {developer, HttpMethod.GET, "/api/v1/watchlists/" + id + "?limit=1001", null, 400, "INVALID_REQUEST"},
        {developer, HttpMethod.GET, "/api/v1/watchlists/" + id + "?cursor=';drop", null, 400, "INVALID_REQUEST"},
        {developer, HttpMethod.POST, wallets, new JsonObject(), 400, "INVALID_REQUEST"},
        {developer, HttpMethod.POST, wallets, new JsonObject().put("wallets", "0xabc"), 400, "INVALID_REQUEST"},
        {developer, HttpMethod.POST, wallets, new JsonObject().put("wallets", new JsonArray()), 400, "INVALID_REQUEST"},
        {developer, HttpMethod.POST, wallets, new JsonObject().put("wallets",
            new JsonArray().add(Anvil.randomAddress()).add("0x123")), 400, "INVALID_WALLET"},
        {developer, HttpMethod.POST, wallets, new JsonObject().put("wallets", new JsonArray().add(12)), 400, "INVALID_WALLET"},
        {developer, HttpMethod.POST, wallets, many, 400, "INVALID_REQUEST"},
        {developer, HttpMethod.POST, wallets, huge, 413, "PAYLOAD_TOO_LARGE"},
        {developer, HttpMethod.POST, "/api/v1/watchlists/" + other + "/wallets",
            new JsonObject().put("wallets", new JsonArray().add(Anvil.randomAddress())), 404, "NOT_FOUND"},
        {developer, HttpMethod.POST, "/api/v1/watchlists/" + other + "/wallets/remove",
            new JsonObject().put("wallets", new JsonArray().add(Anvil.randomAddress())), 404, "NOT_FOUND"},
        {developer, HttpMethod.GET, "/api/v1/events?after=-1", null, 400, "INVALID_REQUEST"},
        {developer, HttpMethod.GET, "/api/v1/events?after=1e9", null, 400, "INVALID_REQUEST"},
        {developer, HttpMethod.GET, "/api/v1/events?limit=x", null, 400, "INVALID_REQUEST"},
        {developer, HttpMethod.POST, "/api/v1/webhooks", new JsonObject().put("url", "ftp://example.com/x"), 400, "INVALID_REQUEST"},
        {developer, HttpMethod.POST, "/api/v1/webhooks", new JsonObject().put("url", "https://u:p@example.com/"), 400, "INVALID_REQUEST"},
        {developer, HttpMethod.POST, "/api/v1/webhooks", new JsonObject().put("url", "not a url"), 400, "INVALID_REQUEST"},
        {developer, HttpMethod.POST, "/api/v1/webhooks", new JsonObject().put("url", "https://example.com/"
            + "x".repeat(3000)), 400, "INVALID_REQUEST"},
        {developer, HttpMethod.POST, "/api/v1/webhooks", new JsonObject().put("url", "https://example.com/")
            .put("eventTypes", new JsonArray().add("everything")), 400, "INVALID_REQUEST"},
        {developer, HttpMethod.POST, "/api/v1/webhooks", new JsonObject().put("url", "https://example.com/")
            .put("eventTypes", "decision.changed"), 400, "INVALID_REQUEST"},
        {developer, HttpMethod.GET, "/api/v1/webhooks/0", null, 404, "NOT_FOUND"},
        {developer, HttpMethod.DELETE, "/api/v1/webhooks/123456", null, 404, "NOT_FOUND"},
        {developer, HttpMethod.POST, "/api/v1/webhooks/123456/enable", null, 404, "NOT_FOUND"},
        {developer, HttpMethod.GET, "/api/v1/webhooks/123456/deliveries", null, 404, "NOT_FOUND"},
        {developer, HttpMethod.GET, "/api/v1/webhooks/123456/deliveries?cursor=x", null, 400, "INVALID_REQUEST"},
        {developer, HttpMethod.POST, "/api/v1/webhooks/123456/deliveries/1/replay", null, 404, "NOT_FOUND"},
        {developer, HttpMethod.PUT, "/api/v1/watchlists/" + id, null, 405, "METHOD_NOT_ALLOWED"},
    };
    for (Object[] c : cases) {
      HttpResponse<Buffer> r = call((TestKeys.Key) c[0], (HttpMethod) c[1], (String) c[2], c[3]);
      String what = c[1] + " " + ((String) c[2]).substring(0, Math.min(80, ((String) c[2]).length()));
      assertThat(r.statusCode()).as(what + ": " + r.bodyAsString()).isEqualTo(c[4]);
      JsonObject body = r.bodyAsJsonObject();
      assertThat(body.getBoolean("ok")).as(what).isFalse();
      assertThat(body.getJsonObject("error").getString("code")).as(what).isEqualTo(c[5]);
    }
    assertThat(Sql.count(app.database, "SELECT count(*) FROM watchlists")).isEqualTo(lists);
    assertThat(Sql.count(app.database, "SELECT count(*) FROM watchlist_members")).isEqualTo(members);
    assertThat(Sql.count(app.database, "SELECT count(*) FROM webhook_endpoints")).isEqualTo(endpoints);
  }
}
