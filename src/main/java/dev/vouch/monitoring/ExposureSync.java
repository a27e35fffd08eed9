package dev.vouch.monitoring;

import dev.vouch.exposure.ExposureStore;
import dev.vouch.exposure.model.SummaryJson;
import dev.vouch.ops.ThrottledLog;
import dev.vouch.store.Gateway;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Logger;

/**
 * Keeps stored exposure summaries (V82) honest when the labels change (roles worker and all).
 * A snapshot's summary is computed at commit with the labels then in force; when a list's new
 * version changes what a labelled address is (added, removed, another category or chain), the
 * label sweep ({@link LabelSweep}, from the version switch's label_diffs) makes each changed
 * address that appears in any flow a starting point of the walk (exposure_label_work). This walks
 * from those to every wallet whose latest snapshot has a flow with that address, or with an
 * indexed intermediary that has one, queues them (V83 exposure_refresh) and recomputes them from
 * the stored flows in chunks, each in one transaction inside {@link DecisionWatch}, so a watched
 * wallet's changed verdict is announced as a screening refresh's is (cause screening). Wallets
 * whose snapshot has no summary (committed before V82) are left as they are.
 *
 * <p>The labels are the label store's (V110), the same for every process; each queued row names
 * the version it is to be computed with (a switch retags every pending row), and chunks are taken
 * of the stored version (exposure_label_state) only.
 */
public final class ExposureSync extends VerticleBase {

  private static final Logger LOG = Logger.getLogger(ExposureSync.class.getName());
  private static final ThrottledLog FAILURES = new ThrottledLog(LOG, Duration.ofSeconds(30));

  /** Wallets recomputed per transaction: a chunk's locks and work stay short. */
  static final int CHUNK = 100;
  /** Flow rows read per table in one walk step. */
  static final int WALK_PAGE = 1000;
  static final int SYNC_DEADLINE_MS = 60_000;

  private final Gateway db;
  private final DecisionWatch watch;
  private final Clock clock;
  private final long everyMillis;
  private boolean busy;

  public ExposureSync(Gateway db, DecisionWatch watch, Clock clock, long everyMillis) {
    this.db = db;
    this.watch = watch;
    this.clock = clock;
    this.everyMillis = everyMillis;
  }

  @Override
  public Future<?> start() {
    vertx.setPeriodic(1, everyMillis, id -> check());
    return Future.succeededFuture();
  }

  private void check() {
    if (busy) {
      return;
    }
    busy = true;
    // The walk runs every time: it resumes steps another process (or a crash) left.
    walk().compose(n -> {
      if (n > 0) {
        LOG.info(() -> "labels changed: " + n + " wallets queued for an exposure refresh");
      }
      return drain();
    }).onComplete(ar -> {
      busy = false;
      if (ar.failed()) {
        FAILURES.warn(() -> "exposure label sync failed (retried): " + ar.cause());
      } else if (ar.result() > 0) {
        LOG.info(() -> "exposure summaries recomputed for " + ar.result() + " wallets");
      }
    });
  }

  /** Runs walk steps until none is left (or every one left is another process's); wallets queued. */
  Future<Integer> walk() {
    return step().compose(n -> n < 0 ? Future.succeededFuture(0) : walk().map(m -> n + m));
  }

  /** One step in one transaction holding the label lock shared; -1 when there is none to take. */
  private Future<Integer> step() {
    OffsetDateTime now = clock.instant().atOffset(ZoneOffset.UTC);
    return db.transaction(conn -> conn.query(ExposureSyncQueries.LOCK_SHARED).execute()
        .compose(v -> conn.query(ExposureSyncQueries.TAKE_STEP).execute())
        .compose(rows -> {
          if (rows.size() == 0) {
            return Future.succeededFuture(-1);
          }
          Row r = rows.iterator().next();
          return conn.preparedQuery(ExposureSyncQueries.WALK_STEP)
              .execute(Tuple.of(r.getString("address"), r.getBoolean("hop"), r.getLong("after_snapshot"),
                  (long) WALK_PAGE, now))
              .map(q -> q.iterator().next().getLong("queued").intValue());
        }), SYNC_DEADLINE_MS);
  }

  /** Drains the rows of the stored version chunk by chunk; how many summaries were recomputed. */
  Future<Integer> drain() {
    return chunk().compose(n -> n == 0 ? Future.succeededFuture(0) : drain().map(m -> n + m));
  }

  /**
   * One chunk in one transaction; 0 when no row of that version is left (or every one is another
   * worker's). No label lock (it would order against the commit's wallet locks the other way): a
   * version switch cannot commit while the chunk holds its rows, as its retag waits for their row
   * locks, so the labels the chunk reads stay of the rows' version.
   */
  private Future<Integer> chunk() {
    Instant now = clock.instant();
    return db.transaction(conn -> conn.preparedQuery(ExposureSyncQueries.TAKE).execute(Tuple.of(CHUNK))
        .compose(rows -> {
          List<String> wallets = new ArrayList<>(rows.size());
          rows.forEach(r -> wallets.add(r.getString("wallet")));
          if (wallets.isEmpty()) {
            return Future.succeededFuture(0);
          }
          return watch.around(conn, wallets, DecisionWatch.Cause.screening, now,
                  () -> recompute(conn, wallets))
              .compose(v -> conn.preparedQuery(ExposureSyncQueries.DONE)
                  .execute(Tuple.of(wallets.toArray(String[]::new))))
              .map(wallets.size());
        }), SYNC_DEADLINE_MS);
  }

  /**
   * The chunk's reads sent together on its connection (the client pipelines them: one round trip,
   * not one per wallet), then every changed summary in one batch.
   */
  private static Future<Void> recompute(SqlConnection conn, List<String> wallets) {
    List<Future<java.util.Optional<ExposureStore.Recomputed>>> reads = new ArrayList<>(wallets.size());
    for (String w : wallets) {
      reads.add(ExposureStore.latest(conn, w));
    }
    return Future.all(reads).compose(all -> {
      List<Tuple> updates = new ArrayList<>(wallets.size());
      for (Future<java.util.Optional<ExposureStore.Recomputed>> f : reads) {
        f.result().ifPresent(r -> updates.add(Tuple.of(r.snapshotId(), SummaryJson.write(r.summary()))));
      }
      return updates.isEmpty() ? Future.succeededFuture()
          : conn.preparedQuery(ExposureSyncQueries.SET_EXPOSURE).executeBatch(updates).mapEmpty();
    });
  }
}
