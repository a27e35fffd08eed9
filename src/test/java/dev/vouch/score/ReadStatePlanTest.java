package dev.vouch.score;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.store.Pools;
import dev.vouch.support.Observe;
import dev.vouch.support.Snapshots;
import dev.vouch.support.TestDatabase;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The hot single-wallet read is planned once per connection, and answers as the batch form does. */
class ReadStatePlanTest {

  static Vertx vertx;
  static Pool pool;
  static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");
  static final String WALLET = "0x" + "4".repeat(40);

  @BeforeAll
  static void start() {
    vertx = Vertx.vertx();
    pool = Pools.create(vertx, TestDatabase.fresh(), 2);
    Observe.await(new SnapshotCommits(pool).commit(Snapshots.of(WALLET, Snapshots.strong(), NOW,
        Snapshots.healthyCoverage(NOW))));
  }

  @AfterAll
  static void stop() {
    vertx.close();
  }

  @Test
  void theSingleWalletStatementSettlesOnACachedGenericPlan() {
    Row stats = Observe.await(pool.withConnection(conn -> executeTimes(conn, WalletReadQueries.READ_ONE,
            Tuple.of(WALLET), 12)
        .compose(v -> conn.preparedQuery("SELECT generic_plans, custom_plans FROM pg_prepared_statements"
            + " WHERE statement = $1").execute(Tuple.of(WalletReadQueries.READ_ONE)))
        .map(rows -> rows.iterator().next())));
    // Postgres tries five custom plans, then keeps the generic one when it is no costlier.
    assertThat(stats.getLong("custom_plans")).isLessThanOrEqualTo(5);
    assertThat(stats.getLong("generic_plans")).isGreaterThanOrEqualTo(7);
  }

  @Test
  void theSingleAndManyWalletReadsAgree() {
    WalletReads store = new WalletReads(pool);
    String unknown = "0x" + "5".repeat(40);
    for (String w : new String[] {WALLET, unknown}) {
      WalletState one = Observe.await(store.read(w));
      WalletState many = Observe.await(store.resolve(java.util.List.of(Lookup.wallet(w)))).get(0).state();
      assertThat(one).isEqualTo(many);
    }
    assertThat(Observe.await(store.read(WALLET)).snapshot()).isPresent();
    assertThat(Observe.await(store.read(unknown)).snapshot()).isEmpty();
  }

  private static Future<Void> executeTimes(SqlConnection conn, String sql, Tuple args, int n) {
    Future<Void> chain = Future.succeededFuture();
    for (int i = 0; i < n; i++) {
      chain = chain.compose(v -> conn.preparedQuery(sql).execute(args).mapEmpty());
    }
    return chain;
  }
}
