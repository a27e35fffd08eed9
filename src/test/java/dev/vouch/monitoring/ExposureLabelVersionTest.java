package dev.vouch.monitoring;

import static dev.vouch.monitoring.ExposureSyncTest.AT;
import static dev.vouch.monitoring.ExposureSyncTest.paidBy;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.score.SnapshotCommits;
import dev.vouch.screening.Screening;
import dev.vouch.screening.model.Category;
import dev.vouch.screening.model.Label;
import dev.vouch.screening.model.LabelSet;
import dev.vouch.screening.model.ScreeningSet;
import dev.vouch.store.Gateway;
import dev.vouch.store.Pools;
import dev.vouch.support.Observe;
import dev.vouch.support.Snapshots;
import dev.vouch.support.TestDatabase;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Processes whose label lists were read at different times (issue 35 item 3): the stored labels
 * and their version decide what every summary is computed with. A process behind the stored
 * version neither drains the rows queued for it nor writes its labels back; a commit made with
 * labels of another version is queued for the sweep; a recomputation that changes only the
 * labels version rewrites nothing (item 10e). Each test on its own database.
 */
class ExposureLabelVersionTest {

  static final String X = "0x" + "e".repeat(40);          // sanctioned from NEW on
  static final String V = "0x" + "2".repeat(39) + "2";    // paid by X
  static final String W = "0x" + "2".repeat(39) + "3";    // paid by V: one hop from X
  static final String Y = "0x" + "2".repeat(39) + "4";    // paid by X, committed by a process behind
  static final Instant READ_OLD = AT.minus(Duration.ofHours(2));
  static final Instant READ_NEW = AT.minus(Duration.ofHours(1));
  static final LabelSet OLD = LabelSet.of(List.of(), "sha256:0000000000000old", READ_OLD);
  static final LabelSet NEW = LabelSet.of(List.of(new Label(X, null, Category.sanctioned, "Test entry", "OFAC")),
      "sha256:0000000000000new", READ_NEW);

  Vertx vertx;
  Pool pool;
  /** Two worker processes: A refreshed its lists, B has not yet. */
  ExposureSync a;
  ExposureSync b;
  SnapshotCommits commits;

  @BeforeEach
  void start() {
    vertx = Vertx.vertx();
    pool = Pools.create(vertx, TestDatabase.fresh(), 2);
    a = sync();
    b = sync();
    commits = new SnapshotCommits(pool);
    // Both processes started with OLD: it is the stored version, and V was committed with it.
    Observe.await(b.queue(OLD));
    Observe.await(commits.commit(paidBy(V, X), OLD));
    Observe.await(commits.commit(paidBy(W, V), OLD));
    // The commits' own follow-ups (issue 33: each commit's readers and the wallet itself) settle first.
    Observe.await(b.queue(OLD));
    Observe.await(b.drain(OLD));
    assertThat(sanctions(V)).isEqualTo("none");
  }

  ExposureSync sync() {
    return new ExposureSync(Gateway.direct(pool), Screening.fixed(ScreeningSet.EMPTY),
        new DecisionWatch(Snapshots.ARC, Duration.ofHours(24)), Clock.fixed(AT, ZoneOffset.UTC), 1000);
  }

  @AfterEach
  void stop() {
    pool.close();
    vertx.close();
  }

  String sanctions(String wallet) {
    return Observe.await(pool.preparedQuery("SELECT s.exposure ->> 'sanctions' AS s FROM wallets w"
        + " JOIN snapshots s ON s.id = w.latest_snapshot_id WHERE w.address = $1").execute(Tuple.of(wallet)))
        .iterator().next().getString("s");
  }

  @Test
  void aProcessWithOldLabelsLeavesTheQueueToTheNewVersionAndTheWalletReadsTheNewExposure() {
    assertThat(Observe.await(a.queue(NEW))).isEqualTo(2);
    // B has not refreshed: it drains with OLD and must not take A's rows.
    assertThat(Observe.await(b.drain(OLD))).isZero();
    // B refreshes to NEW: its diff against the stored labels is empty, yet the rows are its now.
    assertThat(Observe.await(b.queue(NEW))).isZero();
    assertThat(Observe.await(b.drain(NEW))).isEqualTo(2);
    assertThat(sanctions(V)).isEqualTo("direct");
    assertThat(sanctions(W)).isEqualTo("indirect");
  }

  @Test
  void aProcessBehindTheStoredLabelsDoesNotWriteItsOwnBack() {
    Observe.await(a.queue(NEW));
    Observe.await(a.drain(NEW));
    assertThat(sanctions(V)).isEqualTo("direct");
    // B's lists were read before A's: its periodic check must leave the stored labels and V alone.
    Observe.await(b.queue(OLD));
    Observe.await(b.drain(OLD));
    assertThat(sanctions(V)).isEqualTo("direct");
    assertThat(Observe.await(pool.query("SELECT version FROM exposure_label_state").execute())
        .iterator().next().getString("version")).isEqualTo(NEW.version());
    assertThat(Observe.await(pool.query("SELECT count(*) FROM exposure_labels").execute())
        .iterator().next().getLong(0)).isEqualTo(1);
  }

  @Test
  void aCommitWithLabelsOfAnotherVersionIsQueuedForTheStoredOne() {
    Observe.await(a.queue(NEW));
    Observe.await(a.drain(NEW));
    // B's indexer commits Y with the labels it holds (or captured before A's change committed).
    Observe.await(commits.commit(paidBy(Y, X), OLD));
    assertThat(sanctions(Y)).isEqualTo("none");
    assertThat(Observe.await(a.drain(NEW))).isEqualTo(1);
    assertThat(sanctions(Y)).isEqualTo("direct");
  }

  @Test
  void aRecomputationThatChangesOnlyTheLabelsVersionRewritesNothing() {
    Observe.await(a.queue(NEW));
    Observe.await(a.drain(NEW));
    long before = xmin(V);
    // X gains a label on another chain than its flows: V and W are queued, their summaries stay.
    LabelSet wider = LabelSet.of(List.of(new Label(X, null, Category.sanctioned, "Test entry", "OFAC"),
        new Label(X, 1L, Category.mixer, "Mixer", "Other")), "sha256:00000000000wider", READ_NEW.plusSeconds(60));
    assertThat(Observe.await(a.queue(wider))).isEqualTo(2);
    assertThat(Observe.await(a.drain(wider))).isEqualTo(2);
    assertThat(xmin(V)).isEqualTo(before);
    Row r = Observe.await(pool.preparedQuery("SELECT s.exposure ->> 'labelsVersion' AS v FROM wallets w"
        + " JOIN snapshots s ON s.id = w.latest_snapshot_id WHERE w.address = $1").execute(Tuple.of(V))).iterator().next();
    assertThat(r.getString("v")).isEqualTo(NEW.version());
  }

  long xmin(String wallet) {
    return Observe.await(pool.preparedQuery("SELECT s.xmin::text::bigint AS x FROM wallets w"
        + " JOIN snapshots s ON s.id = w.latest_snapshot_id WHERE w.address = $1").execute(Tuple.of(wallet)))
        .iterator().next().getLong("x");
  }
}
