package dev.vouch.budget;

import static dev.vouch.support.Observe.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.store.Pools;
import dev.vouch.support.MutableClock;
import dev.vouch.support.TestDatabase;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The key cache is bounded without a cliff: a flood of distinct keys evicts some entries, never
 * all of them (the hand-rolled cache emptied itself when full), and entries still expire by age.
 * Lookups against a real database, counted by the lookup meter (cache misses).
 */
class ApiKeysCacheTest {

  static Vertx vertx;
  static Pool pool;

  @BeforeAll
  static void start() {
    vertx = Vertx.vertx();
    pool = Pools.create(vertx, TestDatabase.fresh(), 2);
  }

  @AfterAll
  static void stop() {
    await(vertx.close());
  }

  @Test
  void aFloodOfDistinctKeysDoesNotEmptyTheCache() {
    MutableClock clock = new MutableClock(Instant.parse("2026-11-22T12:00:00Z"));
    Counter lookups = new SimpleMeterRegistry().counter("lookups");
    ApiKeys keys = new ApiKeys(dev.vouch.store.Gateway.direct(pool), clock, Duration.ofSeconds(30), lookups, lookups, 100);
    String regular = "vouch_live_regular";
    for (int i = 0; i < 5; i++) {
      await(keys.find(regular));
    }
    assertThat(lookups.count()).as("one lookup, then cached").isEqualTo(1.0);

    // Three times the cache's size in keys seen once each, while the regular key stays in use:
    // the cache passes its bound many times, and the key in use is never dropped with the rest.
    for (int i = 0; i < 300; i++) {
      await(keys.find("vouch_live_flood_" + i));
      if (i % 5 == 4) {
        await(keys.find(regular));
      }
    }
    assertThat(lookups.count()).as("one lookup per flood key, none more for the key in use").isEqualTo(301.0);
    double before = lookups.count();

    clock.advance(Duration.ofSeconds(31));
    await(keys.find(regular));
    assertThat(lookups.count()).as("and still expires by age").isEqualTo(before + 1);
  }
}
