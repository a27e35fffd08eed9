package dev.vouch.interaction;

import static dev.vouch.support.Observe.metric;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.score.NewSnapshot;
import dev.vouch.score.model.Evidence;
import dev.vouch.score.model.ScoreModel;
import dev.vouch.support.Snapshots;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The interaction graph's first-page cache (GraphPageCache, issue 26 item 1) on three API
 * instances sharing one database: a (cache on), b (cache on, at most two pages) and off (read cache
 * off). Snapshots are committed and identities claimed straight on the database, so every instance
 * learns of them only through the writers' announcements (V91).
 */
class GraphPageCacheTest {

  static TestApp a;
  static TestApp b;
  static TestApp off;

  @BeforeAll
  static void start() {
    Map<String, String> env = new HashMap<>(TestApp.UNMETERED);
    // An hour-long backstop: within a test only an announcement or a drop can refresh an entry.
    env.put("VOUCH_DATABASE_READ_CACHE_MILLIS", "3600000");
    env.put("VOUCH_ROLE", "api");
    a = TestApp.start(env);
    Map<String, String> bounded = new HashMap<>(env);
    bounded.put("VOUCH_READ_MODEL_GRAPH_CACHE_ENTRIES", "2");
    b = TestApp.startOn(a.database, bounded);
    Map<String, String> uncached = new HashMap<>(env);
    uncached.put("VOUCH_DATABASE_READ_CACHE_MILLIS", "0");
    off = TestApp.startOn(a.database, uncached);
  }

  @AfterAll
  static void stop() {
    off.close();
    b.close();
    a.close();
  }

  private static String wallet(int i) {
    return String.format("0x%040x", 0x9a9e00 + i);
  }

  private static String peer(int wallet, int i) {
    return String.format("0x%040x", 0x7000000L + wallet * 0x10000L + i);
  }

  /** A snapshot of wallet i with n counterparties on Arc (some also on Ethereum), committed at {@code at}. */
  private static void commit(int i, int n, Instant at) {
    List<NewSnapshot.CounterpartyRow> rows = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      Instant last = at.minus(Duration.ofMinutes(k % 97));
      rows.add(new NewSnapshot.CounterpartyRow(peer(i, k), 5042002, true, k % 5, 1 + k % 7, last.minus(Duration.ofDays(9)),
          last, BigInteger.valueOf(k).multiply(BigInteger.TEN.pow(15)), BigInteger.ONE));
      if (k % 3 == 0) {
        rows.add(new NewSnapshot.CounterpartyRow(peer(i, k), 1, true, 1, 0, last.minus(Duration.ofDays(2)), last,
            BigInteger.TWO, BigInteger.ZERO));
      }
    }
    Evidence e = new Evidence(400, 2, rows.size(), n, n, 0, 0, 0, 0, 0);
    Snapshots.commit(a.app.pool(), new NewSnapshot(wallet(i), at, ScoreModel.score(e), e, at.minus(Duration.ofDays(400)),
        List.of(Snapshots.ARC, "Ethereum Mainnet"), Snapshots.healthyCoverage(at), rows, null, Map.of()));
  }

  private static JsonObject page(TestApp app, String wallet, String query) {
    return TestApp.data(app.get("/api/v1/interaction-graph/" + wallet + query));
  }

  private static double gets(TestApp app, String result) {
    return metric(app, "cache_gets_total{cache=\"interaction_graph\",result=\"" + result + "\"}");
  }

  /** The page of {@code app} is served from its cache (a read that hits). */
  private static JsonObject cached(TestApp app, String wallet, String query) {
    JsonObject[] seen = new JsonObject[1];
    Sql.await("a hit on " + app.port + " for " + wallet + query, 30_000, () -> {
      double hits = gets(app, "hit");
      seen[0] = page(app, wallet, query);
      return gets(app, "hit") > hits;
    });
    return seen[0];
  }

  @Test
  void aCachedFirstPageEqualsTheUncachedOneAndFreshnessIsTheRequests() {
    commit(1, 60, a.clock.instant().minus(Duration.ofHours(2)));
    for (String query : List.of("?limit=50", "?limit=50&sort=activity", "?limit=7")) {
      JsonObject hit = cached(a, wallet(1), query);
      assertThat(hit).as(query).isEqualTo(page(off, wallet(1), query));
      // The next hits send the bytes the first hit encoded: the same answer.
      assertThat(page(a, wallet(1), query)).as(query).isEqualTo(hit);
      assertThat(hit.getJsonObject("interactionGraph").getJsonArray("nodes")).isNotEmpty();
    }
    // The orders and sizes are their own pages.
    assertThat(page(a, wallet(1), "?limit=7").getJsonObject("interactionGraph").getJsonArray("nodes")).hasSize(7);
    String firstByAddress = page(a, wallet(1), "?limit=50").getJsonObject("interactionGraph").getJsonArray("nodes")
        .getJsonObject(0).getString("walletAddress");
    String firstByActivity = page(a, wallet(1), "?limit=50&sort=activity").getJsonObject("interactionGraph")
        .getJsonArray("nodes").getJsonObject(0).getString("walletAddress");
    assertThat(firstByActivity).isNotEqualTo(firstByAddress);

    // Staleness follows the request's own time, not the time the page was kept: a kept page
    // whose snapshot goes stale is read again (stale pages are not kept, as stale rows are not).
    JsonObject before = cached(a, wallet(1), "?limit=50");
    assertThat(before.getJsonObject("interactionGraph").getJsonObject("coverage").getBoolean("stale")).isFalse();
    Instant now = a.clock.instant();
    a.clock.advance(Duration.ofDays(30));
    try {
      double misses = gets(a, "miss");
      JsonObject later = page(a, wallet(1), "?limit=50");
      assertThat(later.getJsonObject("interactionGraph").getJsonObject("coverage").getBoolean("stale")).isTrue();
      page(a, wallet(1), "?limit=50");
      assertThat(gets(a, "miss")).as("read again, not kept").isGreaterThanOrEqualTo(misses + 1);
    } finally {
      a.clock.set(now);
    }
  }

  @Test
  void aCommitAndAClaimMadeElsewhereAreSeenOnTheNextReads() {
    Instant first = a.clock.instant().minus(Duration.ofHours(3));
    commit(2, 20, first);
    JsonObject kept = cached(b, wallet(2), "?limit=50");
    assertThat(kept.getJsonObject("interactionGraph").getJsonObject("summary").getInteger("totalCounterparties"))
        .isEqualTo(20);

    // The wallet's next snapshot, committed on the database (another instance's worker would).
    Instant second = a.clock.instant().minus(Duration.ofMinutes(5));
    commit(2, 30, second);
    Sql.await("b shows the new snapshot", 30_000, () -> page(b, wallet(2), "?limit=50")
        .getJsonObject("interactionGraph").getJsonObject("summary").getInteger("totalCounterparties") == 30);
    JsonObject now = cached(b, wallet(2), "?limit=50");
    assertThat(now.getJsonObject("interactionGraph").getJsonObject("coverage").getString("observedAt"))
        .isEqualTo(second.toString());

    // A counterparty on the page claims a username: its own read-model row is announced, not the wallet's.
    String node = now.getJsonObject("interactionGraph").getJsonArray("nodes").getJsonObject(3).getString("walletAddress");
    Sql.exec(a.database, "INSERT INTO wallets (address) VALUES (?) ON CONFLICT DO NOTHING", node);
    Sql.exec(a.database, "INSERT INTO identities (username, wallet, display_name) VALUES ('gpc.vouch', ?, 'Gpc')", node);
    Sql.await("b shows the node's username", 30_000,
        () -> "gpc.vouch".equals(username(page(b, wallet(2), "?limit=50"), node)));
    assertThat(cached(b, wallet(2), "?limit=50")).isEqualTo(page(off, wallet(2), "?limit=50"));
  }

  private static String username(JsonObject data, String node) {
    JsonArray nodes = data.getJsonObject("interactionGraph").getJsonArray("nodes");
    for (int i = 0; i < nodes.size(); i++) {
      if (node.equals(nodes.getJsonObject(i).getString("walletAddress"))) {
        return nodes.getJsonObject(i).getString("username");
      }
    }
    return null;
  }

  @Test
  void theBoundHoldsAndCursorPagesAreNotKept() {
    Instant at = a.clock.instant().minus(Duration.ofHours(1));
    for (int i = 10; i < 15; i++) {
      commit(i, 5, at);
    }
    for (int i = 10; i < 15; i++) {
      cached(b, wallet(i), "?limit=4");
    }
    assertThat(metric(b, "cache_size{cache=\"interaction_graph\"}")).isLessThanOrEqualTo(2);
    assertThat(metric(b, "cache_evictions_total{cache=\"interaction_graph\"}")).isGreaterThanOrEqualTo(3);

    // A cursor's page goes to the database every time.
    String cursor = page(b, wallet(10), "?limit=4").getJsonObject("interactionGraph").getJsonObject("pagination")
        .getString("nextCursor");
    double hits = gets(b, "hit");
    double misses = gets(b, "miss");
    JsonObject second = page(b, wallet(10), "?limit=4&cursor=" + cursor);
    assertThat(second.getJsonObject("interactionGraph").getJsonArray("nodes")).hasSize(1);
    assertThat(gets(b, "hit") + gets(b, "miss")).isEqualTo(hits + misses);
  }

  @Test
  void withTheReadCacheOffPagesAreReadEveryTime() {
    commit(20, 3, a.clock.instant().minus(Duration.ofHours(1)));
    JsonObject first = page(off, wallet(20), "?limit=50");
    assertThat(first.getJsonObject("interactionGraph").getJsonArray("nodes")).hasSize(3);
    assertThat(page(off, wallet(20), "?limit=50")).isEqualTo(first);
    assertThat(gets(off, "hit") + gets(off, "miss")).isZero();
    // Nothing kept: a change is seen on the very next read, no announcement awaited.
    Sql.exec(a.database, "INSERT INTO wallets (address) VALUES (?) ON CONFLICT DO NOTHING", peer(20, 1));
    Sql.exec(a.database, "INSERT INTO identities (username, wallet, display_name) VALUES ('gpcoff.vouch', ?, 'Off')",
        peer(20, 1));
    assertThat(username(page(off, wallet(20), "?limit=50"), peer(20, 1))).isEqualTo("gpcoff.vouch");
  }
}
