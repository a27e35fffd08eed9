package dev.vouch.monitoring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.score.NewSnapshot;
import dev.vouch.score.SnapshotCommits;
import dev.vouch.score.model.Evidence;
import dev.vouch.score.model.ScoreModel;
import dev.vouch.screening.Screening;
import dev.vouch.store.Gateway;
import dev.vouch.store.Pools;
import dev.vouch.support.Observe;
import dev.vouch.support.Snapshots;
import dev.vouch.support.TestDatabase;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The label sweep over real snapshots: a label change queues exactly the wallets whose stored
 * summary may change (a flow with the changed address, or with an indexed wallet that has one),
 * the drain recomputes them with the new labels, an unchanged set queues nothing, snapshots
 * without a summary (before V82) stay without, and the read model follows.
 */
class ExposureSyncTest {

  static final Instant AT = Instant.parse("2026-11-22T12:00:00Z");
  static final String X = "0x" + "e".repeat(40);          // becomes sanctioned
  static final String V = "0x" + "1".repeat(39) + "2";    // paid by X: direct
  static final String W = "0x" + "1".repeat(39) + "3";    // paid by V: one hop from X
  static final String U = "0x" + "1".repeat(39) + "4";    // unrelated
  static final String P = "0x" + "1".repeat(39) + "5";    // paid by X, committed without a summary
  static final String NONE = "address,chain,category,name,source\n";
  static final String LISTED = NONE + X + ",,sanctioned,Test entry,OFAC\n";
  static Vertx vertx;
  static Pool pool;
  static dev.vouch.store.DatabaseUrl db;
  static ExposureSync sync;
  static LabelSweep sweep;
  static java.nio.file.Path file;
  static Screening lists;

  @BeforeAll
  static void start() throws Exception {
    vertx = Vertx.vertx();
    db = TestDatabase.fresh();
    pool = Pools.create(vertx, db, 2);
    DecisionWatch watch = new DecisionWatch(Snapshots.ARC, Duration.ofHours(24));
    sync = new ExposureSync(Gateway.direct(pool), watch, Clock.fixed(AT, ZoneOffset.UTC), 1000);
    sweep = new LabelSweep(Gateway.direct(pool), watch, Clock.fixed(AT, ZoneOffset.UTC), 1000);
    file = java.nio.file.Files.createTempFile("labels", ".csv");
    file.toFile().deleteOnExit();
    java.nio.file.Files.writeString(file, NONE);
    lists = dev.vouch.support.TestLists.start(vertx, db, List.of(new dev.vouch.config.ScreeningSource("OFAC",
        dev.vouch.config.ScreeningSource.Type.labels, file.toString(), null)));
  }

  /** The list file becomes {@code text}, is loaded, and its differences swept; wallets the walk queued. */
  static int change(String text) throws Exception {
    java.nio.file.Files.writeString(file, text);
    lists.reload(false);
    Observe.await(sweep.sweep());
    return Observe.await(sync.walk());
  }

  @AfterAll
  static void stop() {
    pool.close();
    vertx.close();
  }

  static NewSnapshot paidBy(String wallet, String payer) {
    Evidence e = Snapshots.strong();
    return new NewSnapshot(wallet, AT, ScoreModel.score(e), e, AT.minus(Duration.ofDays(900)), List.of(Snapshots.ARC),
        Snapshots.healthyCoverage(AT), List.of(new NewSnapshot.CounterpartyRow(payer, 5042002, true, 1, 0,
            AT.minus(Duration.ofDays(2)), AT.minus(Duration.ofDays(2)), BigInteger.TEN, BigInteger.ZERO)), null);
  }

  static String sanctions(String wallet) {
    Row r = Observe.await(pool.preparedQuery("SELECT s.exposure ->> 'sanctions' AS s, r.exposure AS read"
        + " FROM wallets w JOIN snapshots s ON s.id = w.latest_snapshot_id JOIN wallet_reads r ON r.address = w.address"
        + " WHERE w.address = $1").execute(Tuple.of(wallet))).iterator().next();
    String read = r.getString("read");
    // The read model carries what the snapshot holds.
    assertThat(read == null ? null : new io.vertx.core.json.JsonObject(read).getString("sanctions"))
        .isEqualTo(r.getString("s"));
    return r.getString("s");
  }

  static List<String> queued() {
    List<String> out = new ArrayList<>();
    Observe.await(pool.query("SELECT wallet FROM exposure_refresh ORDER BY wallet").execute())
        .forEach(r -> out.add(r.getString("wallet")));
    return out;
  }

  @Test
  void aLabelChangeQueuesAndRecomputesExactlyTheWalletsItMayChange() throws Exception {
    SnapshotCommits commits = new SnapshotCommits(pool);
    Observe.await(commits.commit(paidBy(V, X), true));
    Observe.await(commits.commit(paidBy(W, V), true));
    Observe.await(commits.commit(paidBy(U, "0x" + "f".repeat(40)), true));
    Observe.await(commits.commit(paidBy(P, X)));
    // The commits' follow-ups (issue 33: the readers of each committed wallet) settle first.
    Observe.await(sync.walk());
    Observe.await(sync.drain());
    assertThat(change(NONE)).isZero();
    assertThat(List.of(sanctions(V), sanctions(W), sanctions(U))).containsOnly("none");

    assertThat(change(LISTED)).isEqualTo(2);
    assertThat(queued()).containsExactly(V, W);
    assertThat(Observe.await(sync.drain())).isEqualTo(2);
    assertThat(queued()).isEmpty();
    assertThat(sanctions(V)).isEqualTo("direct");
    assertThat(sanctions(W)).isEqualTo("indirect");
    assertThat(sanctions(U)).isEqualTo("none");
    assertThat(sanctions(P)).isNull();

    // The same list again: nothing loaded, nothing queued.
    assertThat(change(LISTED)).isZero();
    // Delisted: the same wallets, back to none.
    assertThat(change(NONE)).isEqualTo(2);
    Observe.await(sync.drain());
    assertThat(List.of(sanctions(V), sanctions(W))).containsOnly("none");
    assertThat(Observe.await(pool.query("SELECT count(*) FROM (SELECT * FROM wallet_reads EXCEPT"
        + " SELECT * FROM wallet_reads_derived) d").execute()).iterator().next().getLong(0)).isZero();
  }
}
