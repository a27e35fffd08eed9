package dev.vouch.monitoring;

import static dev.vouch.monitoring.ExposureSyncTest.AT;
import static dev.vouch.monitoring.ExposureSyncTest.paidBy;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.config.ScreeningSource;
import dev.vouch.score.SnapshotCommits;
import dev.vouch.screening.Screening;
import dev.vouch.store.DatabaseUrl;
import dev.vouch.store.Gateway;
import dev.vouch.store.Pools;
import dev.vouch.support.Observe;
import dev.vouch.support.Snapshots;
import dev.vouch.support.TestDatabase;
import dev.vouch.support.TestLists;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The labels version (issue 35 item 3) with the label store (issue 33 item 7): every process
 * reads one stored version, so two processes agree without comparing read times; a switch retags
 * every pending recompute to the new version and any process drains it; a recomputation that
 * changes only the labels version rewrites nothing (item 10e). Each test on its own database.
 */
class ExposureLabelVersionTest {

  static final String X = "0x" + "e".repeat(40);          // sanctioned from NEW on
  static final String V = "0x" + "2".repeat(39) + "2";    // paid by X
  static final String W = "0x" + "2".repeat(39) + "3";    // paid by V: one hop from X
  static final String OLD = "address,chain,category,name,source\n";
  static final String NEW = OLD + X + ",,sanctioned,Test entry,OFAC\n";

  Vertx vertx;
  DatabaseUrl db;
  Pool pool;
  /** Two worker processes over one database. */
  ExposureSync a;
  ExposureSync b;
  LabelSweep sweep;
  SnapshotCommits commits;
  Path file;
  Screening lists;

  @BeforeEach
  void start() throws Exception {
    vertx = Vertx.vertx();
    db = TestDatabase.fresh();
    pool = Pools.create(vertx, db, 2);
    a = sync();
    b = sync();
    sweep = new LabelSweep(Gateway.direct(pool), new DecisionWatch(Snapshots.ARC, Duration.ofHours(24)),
        Clock.fixed(AT, ZoneOffset.UTC), 1000);
    commits = new SnapshotCommits(pool);
    file = Files.createTempFile("labels", ".csv");
    file.toFile().deleteOnExit();
    Files.writeString(file, OLD);
    lists = TestLists.start(vertx, db, List.of(new ScreeningSource("OFAC", ScreeningSource.Type.labels,
        file.toString(), null)));
    Observe.await(commits.commit(paidBy(V, X), true));
    Observe.await(commits.commit(paidBy(W, V), true));
    // The commits' own follow-ups (issue 33: each commit's readers and the wallet itself) settle first.
    Observe.await(b.walk());
    Observe.await(b.drain());
    assertThat(sanctions(V)).isEqualTo("none");
  }

  ExposureSync sync() {
    return new ExposureSync(Gateway.direct(pool), new DecisionWatch(Snapshots.ARC, Duration.ofHours(24)),
        Clock.fixed(AT, ZoneOffset.UTC), 1000);
  }

  @AfterEach
  void stop() {
    pool.close();
    vertx.close();
  }

  /** The list becomes {@code text}, loaded and swept; wallets queued by A's walk. */
  int change(String text) throws Exception {
    Files.writeString(file, text);
    lists.reload(false);
    Observe.await(sweep.sweep());
    return Observe.await(a.walk());
  }

  String sanctions(String wallet) {
    return Observe.await(pool.preparedQuery("SELECT s.exposure ->> 'sanctions' AS s FROM wallets w"
        + " JOIN snapshots s ON s.id = w.latest_snapshot_id WHERE w.address = $1").execute(Tuple.of(wallet)))
        .iterator().next().getString("s");
  }

  String stored() {
    return Observe.await(pool.query("SELECT version FROM exposure_label_state").execute()).iterator().next()
        .getString("version");
  }

  @Test
  void aSecondProcessStartingWithTheSameListLoadsNothingAndEitherDrainsTheQueue() throws Exception {
    assertThat(change(NEW)).isEqualTo(2);
    String version = stored();
    // B starts with the same file: the same bytes are current, nothing is loaded, the version stays.
    Screening other = TestLists.start(vertx, db, List.of(new ScreeningSource("OFAC", ScreeningSource.Type.labels,
        file.toString(), null)));
    assertThat(Observe.await(other.check())).isEqualTo(version);
    assertThat(Observe.await(b.drain())).isEqualTo(2);
    assertThat(Observe.await(a.drain())).isZero();
    assertThat(sanctions(V)).isEqualTo("direct");
    assertThat(sanctions(W)).isEqualTo("indirect");
  }

  @Test
  void aSwitchRetagsThePendingRowsToTheNewVersion() throws Exception {
    // A row queued under an older version (a commit that raced a switch) is drained with the newest.
    Observe.await(pool.query("INSERT INTO exposure_refresh (wallet, queued_at, labels_version)"
        + " VALUES ('" + V + "', now(), 'sha256:0000000000000old')").execute());
    assertThat(Observe.await(a.drain())).isZero();
    assertThat(change(NEW)).isEqualTo(2);
    assertThat(Observe.await(pool.query("SELECT DISTINCT labels_version FROM exposure_refresh").execute())
        .iterator().next().getString(0)).isEqualTo(stored());
    assertThat(Observe.await(a.drain())).isEqualTo(2);
    assertThat(sanctions(V)).isEqualTo("direct");
  }

  @Test
  void aRecomputationThatChangesOnlyTheLabelsVersionRewritesNothing() throws Exception {
    change(NEW);
    Observe.await(a.drain());
    String version = stored();
    long before = xmin(V);
    // X gains a label on another chain than its flows: V and W are queued, their summaries stay.
    assertThat(change(NEW + X + ",1,mixer,Mixer,Other\n")).isEqualTo(2);
    assertThat(Observe.await(a.drain())).isEqualTo(2);
    assertThat(xmin(V)).isEqualTo(before);
    Row r = Observe.await(pool.preparedQuery("SELECT s.exposure ->> 'labelsVersion' AS v FROM wallets w"
        + " JOIN snapshots s ON s.id = w.latest_snapshot_id WHERE w.address = $1").execute(Tuple.of(V))).iterator().next();
    assertThat(r.getString("v")).isEqualTo(version);
  }

  long xmin(String wallet) {
    return Observe.await(pool.preparedQuery("SELECT s.xmin::text::bigint AS x FROM wallets w"
        + " JOIN snapshots s ON s.id = w.latest_snapshot_id WHERE w.address = $1").execute(Tuple.of(wallet)))
        .iterator().next().getLong("x");
  }
}
