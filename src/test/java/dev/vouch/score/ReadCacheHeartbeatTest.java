package dev.vouch.score;

import static dev.vouch.support.Observe.metric;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.store.DatabaseUrl;
import dev.vouch.store.Pools;
import dev.vouch.support.PausingProxy;
import dev.vouch.support.Snapshots;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestDatabase;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The read cache's listening connection gone half-open (issue 35 item 7): the network stops
 * carrying its bytes and nobody closes it, so no announcement arrives and no close is seen. The
 * heartbeat (a NOTIFY this process sends to itself) does not come back within its bound: the
 * cache drops everything and reads go to the database, then caches again on a new connection.
 */
class ReadCacheHeartbeatTest {

  private static String lastIndexedAt(TestApp app, String w) {
    return TestApp.data(app.get("/api/v1/decision/" + w)).getJsonObject("freshness").getString("lastIndexedAt");
  }

  private static double hits(TestApp app) {
    return metric(app, "cache_gets_total{cache=\"wallet_reads\",result=\"hit\"}");
  }

  private static void servesHits(TestApp app, String w) {
    Sql.await("the cache serves hits", 30_000, () -> {
      double before = hits(app);
      lastIndexedAt(app, w);
      lastIndexedAt(app, w);
      return hits(app) > before;
    });
  }

  @Test
  void aHalfOpenListenerStopsTheCacheServingWithinTheHeartbeatBoundAndItCachesAgainOnANewConnection() {
    DatabaseUrl db = TestDatabase.fresh();
    Vertx vertx = Vertx.vertx();
    // Commits through a pool of the test's own, straight to the database: announced, never dropped
    // by the instance's own writer.
    Pool direct = Pools.create(vertx, db, 2);
    try (PausingProxy proxy = PausingProxy.to(db)) {
      Map<String, String> env = new HashMap<>(TestApp.UNMETERED);
      // An hour-long backstop: only an announcement or a drop can refresh an entry within the test.
      env.put("VOUCH_DATABASE_READ_CACHE_MILLIS", "3600000");
      env.put("VOUCH_ROLE", "api");
      env.put("DATABASE_URL", proxy.url().toUrl());
      // The production bounds (TestApp gives other tests more headroom).
      env.put("VOUCH_READ_MODEL_HEARTBEAT_MILLIS", "1000");
      env.put("VOUCH_READ_MODEL_HEARTBEAT_TIMEOUT_MILLIS", "3000");
      try (TestApp app = TestApp.startOn(db, env)) {
        String w = String.format("0x%040x", 0xbea700);
        Instant first = app.clock.instant().minusSeconds(3600);
        Snapshots.commit(direct, Snapshots.of(w, Snapshots.strong(), first, Snapshots.healthyCoverage(first)));
        servesHits(app, w);
        assertThat(lastIndexedAt(app, w)).isEqualTo(first.toString());
        double dropped = metric(app, "vouch_read_cache_drops_total{reason=\"heartbeat\"}");

        assertThat(proxy.pauseListeners()).as("the instance's listening connection").isEqualTo(1);
        Instant second = app.clock.instant().minusSeconds(60);
        Snapshots.commit(direct, Snapshots.of(w, Snapshots.strong(), second, Snapshots.healthyCoverage(second)));
        // Its announcement is stuck in the paused connection: only the heartbeat can end the stale answers.
        Sql.await("the new commit is read within the heartbeat bound", 30_000,
            () -> lastIndexedAt(app, w).equals(second.toString()));
        assertThat(metric(app, "vouch_read_cache_drops_total{reason=\"heartbeat\"}")).isGreaterThan(dropped);
        // A new listening connection (through the proxy, not paused) answers the heartbeat: caching again.
        servesHits(app, w);
        assertThat(lastIndexedAt(app, w)).isEqualTo(second.toString());
      }
    } finally {
      direct.close();
      vertx.close();
    }
  }
}
