package dev.vouch.score;

import static dev.vouch.support.Observe.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.store.Pools;
import dev.vouch.support.Snapshots;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestDatabase;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ReadStateCacheTest {

  static Vertx vertx;
  static Pool pool;
  static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");
  final AtomicLong nanos = new AtomicLong();

  @BeforeAll
  static void start() {
    vertx = Vertx.vertx();
    pool = Pools.create(vertx, TestDatabase.fresh(), 2);
  }

  @AfterAll
  static void stop() {
    vertx.close();
  }

  private static String wallet(char c) {
    return "0x" + String.valueOf(c).repeat(40);
  }

  private ReadStateCache cache(long ttlMillis) {
    return new ReadStateCache(new WalletReads(pool), ttlMillis, 1000, state -> true, nanos::get);
  }

  @Test
  void aRepeatedReadWithinTheTtlIsServedFromMemoryAndALaterOneFromTheDatabase() {
    ReadStateCache cache = cache(1000);
    String w = wallet('1');
    assertThat(await(cache.read(w)).snapshot()).isEmpty();
    Snapshots.commit(pool, Snapshots.of(w, Snapshots.strong(), NOW, Snapshots.healthyCoverage(NOW)));
    nanos.addAndGet(999_000_000L);
    assertThat(await(cache.read(w)).snapshot()).as("within the TTL").isEmpty();
    nanos.addAndGet(1_000_000L);
    assertThat(await(cache.read(w)).snapshot()).as("TTL over").isPresent();
  }

  @Test
  void anInvalidationOrAClearIsSeenOnTheNextRead() {
    ReadStateCache cache = cache(60_000);
    String a = wallet('2');
    String b = wallet('3');
    await(cache.read(a));
    await(cache.read(b));
    Snapshots.commit(pool, Snapshots.of(a, Snapshots.strong(), NOW, Snapshots.healthyCoverage(NOW)));
    Snapshots.commit(pool, Snapshots.of(b, Snapshots.strong(), NOW, Snapshots.healthyCoverage(NOW)));
    cache.invalidate(a);
    assertThat(await(cache.read(a)).snapshot()).isPresent();
    assertThat(await(cache.read(b)).snapshot()).isEmpty();
    cache.clear();
    assertThat(await(cache.read(b)).snapshot()).isPresent();
  }

  @Test
  void ttlZeroNeverCaches() {
    ReadStateCache cache = cache(0);
    String w = wallet('4');
    await(cache.read(w));
    Snapshots.commit(pool, Snapshots.of(w, Snapshots.strong(), NOW, Snapshots.healthyCoverage(NOW)));
    assertThat(await(cache.read(w)).snapshot()).isPresent();
    assertThat(cache.size()).isZero();
  }

  @Test
  void onlySettledStatesAreKept() {
    String w = wallet('6');
    ReadStateCache cache = new ReadStateCache(new WalletReads(pool), 60_000, 1000,
        state -> state.snapshot().isPresent(), nanos::get);
    await(cache.read(w));
    assertThat(cache.size()).as("a baseline reads through").isZero();
    Snapshots.commit(pool, Snapshots.of(w, Snapshots.strong(), NOW, Snapshots.healthyCoverage(NOW)));
    await(cache.read(w));
    assertThat(cache.size()).isEqualTo(1);
  }

  @Test
  void theServiceDropsACachedWalletWhenItsCommitNotificationArrives() throws Exception {
    // A minute-long cache: a new commit can only show this quickly through the NOTIFY.
    try (TestApp app = TestApp.start(Map.of("VOUCH_DATABASE_READ_CACHE_MILLIS", "60000",
        "VOUCH_BUDGETS_ANONYMOUS_PER_MINUTE", "1000000"))) {
      String w = wallet('5');
      Instant first = app.clock.instant().minusSeconds(3600);
      Snapshots.commit(app.app.pool(), Snapshots.of(w, Snapshots.strong(), first, Snapshots.healthyCoverage(first)));
      assertThat(lastIndexedAt(app, w)).isEqualTo(first.toString());
      Instant second = app.clock.instant().minusSeconds(60);
      Snapshots.commit(app.app.pool(), Snapshots.of(w, Snapshots.strong(), second, Snapshots.healthyCoverage(second)));
      assertThat(lastIndexedAt(app, w)).as("no notification yet: still the cached state").isEqualTo(first.toString());
      await(app.app.pool().preparedQuery("SELECT pg_notify('vouch_snapshot', $1)").execute(Tuple.of(w)));
      long deadline = System.nanoTime() + 20_000_000_000L;
      String seen = lastIndexedAt(app, w);
      while (!seen.equals(second.toString()) && System.nanoTime() < deadline) {
        Thread.sleep(20);
        seen = lastIndexedAt(app, w);
      }
      assertThat(seen).isEqualTo(second.toString());
    }
  }

  private static String lastIndexedAt(TestApp app, String wallet) {
    JsonObject data = TestApp.data(app.get("/api/v1/decision/" + wallet));
    return data.getJsonObject("freshness").getString("lastIndexedAt");
  }
}
