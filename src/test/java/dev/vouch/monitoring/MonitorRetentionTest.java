package dev.vouch.monitoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vouch.config.AppConfig;
import dev.vouch.config.ConfigLoader;
import dev.vouch.store.DatabaseUrl;
import dev.vouch.store.Gateway;
import dev.vouch.store.Pools;
import dev.vouch.support.Sql;
import dev.vouch.support.TestDatabase;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The outbox pruner over real Postgres, with batches smaller than what it deletes: finished
 * deliveries past their retention go, pending and running ones (and their events) stay whatever
 * their age, events go only once no delivery refers to them, recent rows stay, and a second pass
 * finds nothing.
 */
class MonitorRetentionTest {

  static final Instant NOW = Instant.parse("2026-11-26T12:00:00Z");
  static Vertx vertx;
  static Pool pool;
  static DatabaseUrl database;
  static SimpleMeterRegistry registry = new SimpleMeterRegistry();

  @BeforeAll
  static void start() {
    vertx = Vertx.vertx();
    database = TestDatabase.fresh();
    pool = Pools.create(vertx, database, 2);
    Sql.exec(database, "INSERT INTO api_keys (id, key_hash, key_hint, plan, label) "
        + "VALUES (1, decode(repeat('ab', 32), 'hex'), 'vk_t', 'developer', 't')");
    Sql.exec(database, "INSERT INTO webhook_endpoints (id, api_key_id, url, event_types, secret_sealed, created_at) "
        + "VALUES (1, 1, 'https://example.com/h', '{decision.changed}', '\\x00', now())");
  }

  @AfterAll
  static void stop() throws Exception {
    pool.close();
    vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  /** {@code n} events of wallets {@code tag<i>} a second apart from {@code at}, each with a delivery in {@code state} (or none). */
  static void seed(String tag, int n, Instant at, String state) {
    seed(tag, n, at, state, 1);
  }

  static void seed(String tag, int n, Instant at, String state, long endpoint) {
    Sql.exec(database, "INSERT INTO monitor_events (api_key_id, watchlist_id, wallet, use_case, type, cause, previous, current,"
        + " created_at) SELECT 1, 1, ? || g, 'payment', 'decision.changed', 'reindex', '{}', '{}',"
        + " ?::timestamptz + g * interval '1 second' FROM generate_series(1, ?) g", tag, at.toString(), n);
    if (state != null) {
      Sql.exec(database, "INSERT INTO webhook_deliveries (endpoint_id, event_id, wallet, state, attempts, next_attempt_at,"
          + " delivered_at, created_at) SELECT ?, id, wallet, ?, 1, created_at, CASE WHEN ? = 'delivered' THEN created_at END,"
          + " created_at FROM monitor_events WHERE wallet LIKE ? || '%'", endpoint, state, state, tag);
    }
  }

  static long events(String tag) {
    return Sql.count(database, "SELECT count(*) FROM monitor_events WHERE wallet LIKE ? || '%'", tag);
  }

  static long deliveries(String tag) {
    return Sql.count(database, "SELECT count(*) FROM webhook_deliveries WHERE wallet LIKE ? || '%'", tag);
  }

  @Test
  void retentionIsConfiguredFromTheFileAndTheEnvironmentAndRefusesNonsense() {
    assertThat(ConfigLoader.load(Map.of()).monitoring().retention()).isEqualTo(new AppConfig.Retention(30, 30, 60, 5000));
    assertThat(ConfigLoader.load(Map.of("VOUCH_MONITORING_RETENTION_EVENT_DAYS", "7")).monitoring().retention().eventDays())
        .isEqualTo(7);
    assertThatThrownBy(() -> ConfigLoader.load(Map.of("VOUCH_MONITORING_RETENTION_BATCH_SIZE", "0")))
        .hasMessageContaining("monitoring.retention");
  }

  @Test
  void finishedDeliveriesAndUnreferencedEventsGoInBatchesAndNothingAnyoneWaitsOnDoes() throws Exception {
    Instant old = NOW.minus(Duration.ofDays(40));
    // The oldest are held by a pending and a running delivery: every batch
    // of events starts past them rather than stopping at them.
    seed("pend", 9, old.minusSeconds(600), "pending");
    seed("run", 2, old.minusSeconds(300), "running");
    seed("done", 20, old, "delivered");
    seed("gave", 5, old.plusSeconds(100), "failed");
    seed("none", 10, old.plusSeconds(200), null);
    // Past the delivery retention (10 days) but not the event retention (30): the delivery goes, the event stays.
    seed("mid", 3, NOW.minus(Duration.ofDays(20)), "delivered");
    seed("new", 4, NOW.minus(Duration.ofDays(1)), "delivered");

    MonitorRetention retention = new MonitorRetention(Gateway.direct(pool), java.time.Clock.systemUTC(),
        new AppConfig.Retention(30, 10, 60, 4), registry);
    MonitorRetention.Pruned pruned = retention.prune(NOW).toCompletionStage().toCompletableFuture()
        .get(30, TimeUnit.SECONDS);

    assertThat(pruned).isEqualTo(new MonitorRetention.Pruned(20 + 5 + 3, 20 + 5 + 10));
    assertThat(events("pend")).isEqualTo(9);
    assertThat(deliveries("pend")).isEqualTo(9);
    assertThat(events("run")).isEqualTo(2);
    assertThat(deliveries("run")).isEqualTo(2);
    assertThat(events("done") + deliveries("done") + events("gave") + deliveries("gave") + events("none")).isZero();
    assertThat(events("mid")).isEqualTo(3);
    assertThat(deliveries("mid")).isZero();
    assertThat(events("new")).isEqualTo(4);
    assertThat(deliveries("new")).isEqualTo(4);
    assertThat(registry.counter(MonitorMetrics.PRUNED, "table", "events").count()).isEqualTo(35);
    assertThat(registry.counter(MonitorMetrics.PRUNED, "table", "deliveries").count()).isEqualTo(28);

    // Once the pending ones are given up, the next pass takes them and their events.
    Sql.exec(database, "UPDATE webhook_deliveries SET state = 'failed' WHERE wallet LIKE 'pend%'");
    assertThat(retention.prune(NOW).toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS))
        .isEqualTo(new MonitorRetention.Pruned(9, 9));
    assertThat(retention.prune(NOW).toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS))
        .isEqualTo(new MonitorRetention.Pruned(0, 0));
    assertThat(events("run")).isEqualTo(2);
  }

  @Test
  void openDeliveriesOfADisabledEndpointAreGivenUpAndThenPrunedLikeAnyFailedOne() throws Exception {
    Sql.exec(database, "INSERT INTO webhook_endpoints (id, api_key_id, url, event_types, secret_sealed, created_at,"
        + " disabled_at, disabled_reason) VALUES (2, 1, 'https://example.com/off', '{decision.changed}', '\\x00', now(),"
        + " now(), 'Disabled after 50 failed attempts')");
    Instant old = NOW.minus(Duration.ofDays(40));
    seed("offold", 6, old, "pending", 2);
    seed("offnew", 3, NOW.minus(Duration.ofDays(1)), "pending", 2);
    // Running when the endpoint was disabled, and its worker died: the lease ran out.
    seed("offrun", 2, old.plusSeconds(50), "running", 2);
    Sql.exec(database, "UPDATE webhook_deliveries SET lease_owner = 'gone', lease_expires_at = ?::timestamptz,"
        + " last_error = 'HTTP 503' WHERE wallet LIKE 'offrun%'", NOW.minusSeconds(60).toString());
    // One still leased (its attempt is out): it finishes first, so it is left alone.
    seed("offlease", 1, old.plusSeconds(90), "running", 2);
    Sql.exec(database, "UPDATE webhook_deliveries SET lease_owner = 'alive', lease_expires_at = ?::timestamptz"
        + " WHERE wallet LIKE 'offlease%'", NOW.plusSeconds(60).toString());

    SimpleMeterRegistry own = new SimpleMeterRegistry(); // the other test counts pruned rows exactly
    MonitorRetention retention = new MonitorRetention(Gateway.direct(pool), java.time.Clock.systemUTC(),
        new AppConfig.Retention(30, 10, 60, 4), own);
    retention.prune(NOW).toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);

    assertThat(deliveries("offold") + events("offold") + deliveries("offrun") + events("offrun"))
        .as("old ones given up, then pruned in the same pass with their events").isZero();
    assertThat(Sql.count(database, "SELECT count(*) FROM webhook_deliveries WHERE wallet LIKE 'offnew%'"
        + " AND state = 'failed' AND last_error = 'endpoint disabled; ' AND lease_owner IS NULL")).isEqualTo(3);
    assertThat(events("offnew")).as("recent: kept until their retention").isEqualTo(3);
    assertThat(Sql.count(database, "SELECT count(*) FROM webhook_deliveries WHERE wallet LIKE 'offlease%'"
        + " AND state = 'running'")).isEqualTo(1);
    assertThat(own.counter(MonitorMetrics.GIVEN_UP).count()).isEqualTo(6 + 3 + 2);
  }
}
