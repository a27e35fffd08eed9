package dev.vouch.monitoring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.score.SnapshotCommits;
import dev.vouch.score.model.Evidence;
import dev.vouch.support.Anvil;
import dev.vouch.support.Snapshots;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestKeys;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The outbox hook over real Postgres and the real DecisionModel: an accepted (then revoked)
 * trust edge and a re-index each write their event in the transaction of the change, a change
 * that rolls back leaves none, and a write that changes nothing a watcher sees writes nothing.
 */
class DecisionWatchTest {

  static final Instant AT = Instant.parse("2026-11-22T12:00:00Z");
  static TestApp app;
  static Pool pool;
  static DecisionWatch watch = new DecisionWatch(Snapshots.ARC, Duration.ofHours(24));
  static String a;
  static String b;

  @BeforeAll
  static void start() {
    app = TestApp.start();
    pool = app.app.pool();
    a = Anvil.randomAddress();
    b = Anvil.randomAddress();
    Snapshots.commit(pool, Snapshots.of(a, Snapshots.strong(), AT, Snapshots.healthyCoverage(AT)));
    Snapshots.commit(pool, Snapshots.of(b, Snapshots.strong(), AT, Snapshots.healthyCoverage(AT)));
    TestKeys.Key key = TestKeys.create(app.app.config(), "developer");
    Sql.exec(app.database, "INSERT INTO watchlists (api_key_id, name, use_case, created_at) VALUES (?, 'w', 'payment', now())",
        key.id());
    Sql.exec(app.database, "INSERT INTO watchlist_members (watchlist_id, wallet, added_at) "
        + "SELECT id, ?, now() FROM watchlists", a);
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  static <T> T await(Future<T> f) throws Exception {
    return f.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  static <T> Future<T> inTransaction(List<String> wallets, DecisionWatch.Cause cause,
      Function<io.vertx.sqlclient.SqlConnection, Future<T>> write) {
    Instant now = AT.plus(Duration.ofHours(1));
    return pool.withTransaction(conn -> watch.around(conn, wallets, cause, now, () -> write.apply(conn)));
  }

  static List<Map<String, Object>> events() {
    return Sql.rows(app.database, "SELECT wallet, cause, previous::text AS previous, current::text AS current "
        + "FROM monitor_events ORDER BY id");
  }

  static List<Object> codes(Object json) {
    return new JsonObject((String) json).getJsonArray("reasonCodes", new JsonArray()).getList();
  }

  @Test
  void trustEdgesAndReindexesWriteTheirEventsInTheirOwnTransactionAndRollbacksWriteNone() throws Exception {
    // A rolled-back change announces nothing.
    try {
      await(inTransaction(List.of(a, b), DecisionWatch.Cause.trust, conn -> accept(conn)
          .compose(v -> Future.failedFuture(new IllegalStateException("rolled back")))));
    } catch (Exception expected) {
      assertThat(expected).hasRootCauseMessage("rolled back");
    }
    assertThat(events()).isEmpty();

    await(inTransaction(List.of(a, b), DecisionWatch.Cause.trust, DecisionWatchTest::accept));
    assertThat(events()).hasSize(1);
    Map<String, Object> accepted = events().get(0);
    assertThat(accepted).containsEntry("wallet", a).containsEntry("cause", "trust");
    assertThat(codes(accepted.get("previous"))).contains("VOUCH_TRUST_GRAPH_MISSING");
    assertThat(codes(accepted.get("current"))).doesNotContain("VOUCH_TRUST_GRAPH_MISSING");

    // Nothing a watcher sees changes: no event.
    await(inTransaction(List.of(a), DecisionWatch.Cause.identity,
        conn -> conn.preparedQuery("UPDATE wallets SET first_seen_at = first_seen_at WHERE address = $1")
            .execute(Tuple.of(a))));
    assertThat(events()).hasSize(1);

    await(inTransaction(List.of(a, b), DecisionWatch.Cause.trust,
        conn -> conn.preparedQuery("UPDATE attestations SET revoked_at = $1 WHERE from_wallet = $2")
            .execute(Tuple.of(AT.atOffset(ZoneOffset.UTC), a))));
    assertThat(events()).hasSize(2);
    assertThat(events().get(1).get("previous")).isEqualTo(accepted.get("current"));
    assertThat(events().get(1).get("current")).isEqualTo(accepted.get("previous"));

    // A re-index that lowers the score changes the band: the event is in the commit's transaction.
    Evidence weak = new Evidence(20, 1, 3, 1, 1, 0, 0, 0, 0, 0);
    await(inTransaction(List.of(a), DecisionWatch.Cause.reindex,
        conn -> SnapshotCommits.commit(conn, Snapshots.of(a, weak, AT.plusSeconds(60), Snapshots.healthyCoverage(AT)))));
    assertThat(events()).hasSize(3);
    Map<String, Object> reindex = events().get(2);
    assertThat(reindex).containsEntry("cause", "reindex");
    assertThat(new JsonObject((String) reindex.get("current")).getString("scoreBand"))
        .isNotEqualTo(new JsonObject((String) reindex.get("previous")).getString("scoreBand"));
    assertThat(reindex.get("previous")).isEqualTo(events().get(1).get("current"));
  }

  private static Future<Void> accept(io.vertx.sqlclient.SqlConnection conn) {
    return conn.preparedQuery("INSERT INTO attestations (from_wallet, to_wallet, chain_id, tx_hash, created_at, "
            + "verified_at, accepted_at, tx_value) VALUES ($1, $2, 5042002, $3, $4, $4, $4, 1000000000000000000)")
        .execute(Tuple.of(a, b, "0x" + "ab".repeat(32), AT.atOffset(ZoneOffset.UTC))).mapEmpty();
  }
}
