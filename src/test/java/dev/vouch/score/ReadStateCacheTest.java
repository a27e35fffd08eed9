package dev.vouch.score;

import static dev.vouch.support.Observe.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.store.Gateway;
import dev.vouch.store.Pools;
import dev.vouch.support.Snapshots;
import dev.vouch.support.TestDatabase;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The cache on its own, fed by hand what the listener would hand it (SnapshotNotifications):
 * nobody listens here, so a commit's own announcement never arrives unless a test passes it on.
 */
class ReadStateCacheTest {

  static Vertx vertx;
  static Pool pool;
  static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");
  final AtomicLong nanos = new AtomicLong();
  /** Statements the fills ran (prepared queries on the counting pool's connections). */
  final AtomicInteger statements = new AtomicInteger();

  @BeforeAll
  static void start() {
    vertx = Vertx.vertx();
    pool = Pools.create(vertx, TestDatabase.fresh(), 2);
  }

  @AfterAll
  static void stop() {
    vertx.close();
  }

  private static String wallet(int i) {
    return String.format("0x%040x", i);
  }

  private ReadStateCache cache(int maxEntries, long maxBytes, Duration maxAge) {
    WalletReads reads = new WalletReads(Gateway.direct(counting(pool)));
    ReadStateCache cache = new ReadStateCache(reads, reads, maxEntries, maxBytes, maxAge, state -> true, nanos::get);
    cache.bind(new SimpleMeterRegistry());
    cache.listening();
    return cache;
  }

  private ReadStateCache cache() {
    return cache(1000, 64L << 20, Duration.ZERO);
  }

  private static void commit(String w, Instant at) {
    Snapshots.commit(pool, Snapshots.of(w, Snapshots.strong(), at, Snapshots.healthyCoverage(at)));
  }

  private static Instant committedAt(WalletState s) {
    return s.snapshot().map(x -> x.committedAt()).orElse(null);
  }

  @Test
  void aRowIsServedFromMemoryUntilItsAnnouncementArrives() {
    ReadStateCache cache = cache();
    String w = wallet(1);
    Instant first = NOW.minusSeconds(3600);
    commit(w, first);
    assertThat(committedAt(await(cache.read(w)))).isEqualTo(first);
    commit(w, NOW);
    assertThat(committedAt(await(cache.read(w)))).as("not announced yet: from memory").isEqualTo(first);
    cache.announced("s1:1:" + wallet(999) + "," + w);
    assertThat(committedAt(await(cache.read(w)))).isEqualTo(NOW);
  }

  @Test
  void aHoleInASessionsNumbersDropsEverything() {
    ReadStateCache cache = cache();
    String a = wallet(11);
    String b = wallet(12);
    commit(a, NOW.minusSeconds(60));
    commit(b, NOW.minusSeconds(60));
    await(cache.read(a));
    await(cache.read(b));
    cache.announced("sx:7:" + wallet(13));
    cache.announced("sy:1:" + wallet(13));
    cache.announced("sx:8:" + wallet(13));
    assertThat(cache.size()).as("numbers in turn, other wallets: kept").isEqualTo(2);
    commit(a, NOW);
    commit(b, NOW);
    cache.announced("sx:10:" + wallet(13));
    assertThat(cache.size()).as("9 of session sx never came").isZero();
    assertThat(committedAt(await(cache.read(a)))).isEqualTo(NOW);
    assertThat(committedAt(await(cache.read(b)))).isEqualTo(NOW);
  }

  @Test
  void withoutItsListeningConnectionTheCacheDropsEverythingAndKeepsNothing() {
    ReadStateCache cache = cache();
    String w = wallet(21);
    commit(w, NOW.minusSeconds(60));
    await(cache.read(w));
    assertThat(cache.size()).isEqualTo(1);
    cache.lost();
    assertThat(cache.size()).isZero();
    commit(w, NOW);
    assertThat(committedAt(await(cache.read(w)))).isEqualTo(NOW);
    assertThat(cache.size()).as("nothing kept while no announcement can arrive").isZero();
    cache.listening();
    await(cache.read(w));
    assertThat(cache.size()).isEqualTo(1);
  }

  @Test
  void aBatchReadsOnlyItsMissesInOneStatement() {
    ReadStateCache cache = cache();
    String hot = wallet(31);
    String cold1 = wallet(32);
    String cold2 = wallet(33);
    commit(hot, NOW.minusSeconds(60));
    await(cache.read(hot));
    commit(hot, NOW);
    commit(cold1, NOW);
    statements.set(0);
    List<Resolved> found = await(cache.resolve(List.of(Lookup.wallet(cold1), Lookup.wallet(hot),
        Lookup.username("nobody"), Lookup.wallet(cold2))));
    assertThat(statements.get()).isEqualTo(1);
    assertThat(committedAt(found.get(0).state())).isEqualTo(NOW);
    assertThat(committedAt(found.get(1).state())).as("the hit, from memory").isEqualTo(NOW.minusSeconds(60));
    assertThat(found.get(2).unknownUsername()).isTrue();
    assertThat(found.get(3).state().snapshot()).isEmpty();
    statements.set(0);
    List<Resolved> again = await(cache.resolve(List.of(Lookup.wallet(cold1), Lookup.wallet(hot), Lookup.wallet(cold2))));
    assertThat(statements.get()).as("all hits: no statement").isZero();
    assertThat(again).extracting(r -> r.state().wallet()).containsExactly(cold1, hot, cold2);
  }

  @Test
  void theCacheIsBoundedByEntriesAndByWeight() {
    ReadStateCache byCount = cache(3, 64L << 20, Duration.ZERO);
    for (int i = 0; i < 10; i++) {
      await(byCount.read(wallet(40 + i)));
    }
    assertThat(byCount.size()).isLessThanOrEqualTo(3);
    String w = wallet(60);
    commit(w, NOW);
    long one = ReadStateCache.bytes(await(byCount.read(w)));
    ReadStateCache byWeight = cache(1000, one * 2, Duration.ZERO);
    for (int i = 0; i < 5; i++) {
      String x = wallet(61 + i);
      commit(x, NOW);
      await(byWeight.read(x));
    }
    assertThat(byWeight.size()).isBetween(1L, 2L);
  }

  @Test
  void maxAgeIsABackstopAndZeroEntriesTurnTheCacheOff() {
    ReadStateCache aged = cache(1000, 64L << 20, Duration.ofSeconds(10));
    String w = wallet(71);
    await(aged.read(w));
    commit(w, NOW);
    assertThat(await(aged.read(w)).snapshot()).isEmpty();
    nanos.addAndGet(Duration.ofSeconds(10).toNanos());
    assertThat(await(aged.read(w)).snapshot()).isPresent();

    ReadStateCache off = cache(0, 64L << 20, Duration.ZERO);
    await(off.read(w));
    assertThat(off.size()).isZero();
  }

  /**
   * Two drops of one wallet take their numbers in one order and store them in the other (two
   * threads: a writer's own drop and an announcement's); a fill started between the two numbers
   * read the row from before the second commit and must not be kept. Forced here step by step.
   */
  @Test
  void anOlderDropStoredAfterANewerOneDoesNotLetAFillThatOverlappedTheNewerBeKept() {
    ReadStateCache cache = cache();
    WalletReads direct = new WalletReads(pool);
    String w = wallet(91);
    commit(w, NOW.minusSeconds(60));
    long older = cache.nextEpoch();          // drop A has its number, not stored yet
    long seen = cache.stamp();               // a fill starts
    WalletState before = await(direct.read(w));
    commit(w, NOW);                          // the commit drop B stands for
    long newer = cache.nextEpoch();
    cache.dropped(w, newer);
    cache.dropped(w, older);                 // A's store lands last
    cache.keep(w, before, seen);             // the fill answers with the row from before B's commit
    assertThat(committedAt(await(cache.read(w)))).as("the fill overlapped drop B: not kept").isEqualTo(NOW);

    // The same with two drops of everything (a lost listener and a hole, or a clear).
    String v = wallet(92);
    commit(v, NOW.minusSeconds(60));
    older = cache.nextEpoch();
    seen = cache.stamp();
    before = await(direct.read(v));
    commit(v, NOW);
    newer = cache.nextEpoch();
    cache.cleared(newer);
    cache.cleared(older);
    cache.keep(v, before, seen);
    assertThat(committedAt(await(cache.read(v)))).as("the fill overlapped the newer drop of all: not kept")
        .isEqualTo(NOW);
  }

  /** The pool, counting the prepared statements run on its connections. */
  private Pool counting(Pool real) {
    return (Pool) Proxy.newProxyInstance(Pool.class.getClassLoader(), new Class<?>[] {Pool.class}, (p, m, args) -> {
      Object out = call(real, m, args);
      if (m.getName().equals("getConnection") && out instanceof Future<?> f) {
        return f.map(c -> countingConnection((SqlConnection) c));
      }
      if (m.getName().equals("preparedQuery")) {
        statements.incrementAndGet();
      }
      return out;
    });
  }

  private SqlConnection countingConnection(SqlConnection real) {
    return (SqlConnection) Proxy.newProxyInstance(SqlConnection.class.getClassLoader(), new Class<?>[] {SqlConnection.class},
        (p, m, args) -> {
          if (m.getName().equals("preparedQuery")) {
            statements.incrementAndGet();
          }
          return call(real, m, args);
        });
  }

  private static Object call(Object target, java.lang.reflect.Method m, Object[] args) throws Throwable {
    try {
      return m.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  @Test
  void anUnreadablePayloadDropsEverything() {
    ReadStateCache cache = cache();
    String w = wallet(81);
    await(cache.read(w));
    cache.announced("garbage");
    assertThat(cache.size()).isZero();
    await(pool.preparedQuery("SELECT 1").execute(Tuple.tuple()));
  }
}
