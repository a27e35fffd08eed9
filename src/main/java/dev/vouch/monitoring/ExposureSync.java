package dev.vouch.monitoring;

import dev.vouch.exposure.ExposureStore;
import dev.vouch.exposure.model.Reach;
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
 * <p>The labels are the label store's (V124), the same for every process; each queued row names
 * the version it is to be computed with (a switch retags every pending row), and chunks are taken
 * of the stored version (exposure_label_state) only. Every read looks up the labels of the
 * addresses it meets, level by level: no process holds the label set.
 *
 * <p>Issue 33 item 1: a summary also reads other wallets' snapshots (its intermediaries, up to
 * {@link Reach#maxHops()} away), so each snapshot commit writes a starting point of the dependents
 * walk (exposure_dependents_work, V108), which this sweep runs the same way: bounded steps, each in
 * one transaction, queueing the readers (cause reindex) in the same exposure_refresh the drain
 * empties. Hubs stop the walk as they stop the model's paths.
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
  private final Reach reach;
  private boolean busy;

  public ExposureSync(Gateway db, DecisionWatch watch, Clock clock, long everyMillis) {
    this(db, watch, clock, everyMillis, Reach.DEFAULTS);
  }

  public ExposureSync(Gateway db, DecisionWatch watch, Clock clock, long everyMillis, Reach reach) {
    this.reach = reach;
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
        LOG.fine(() -> n + " wallets queued for an exposure refresh");
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

  /**
   * Runs label walk steps, then dependents steps (which label steps may add), until none is left
   * (or every one left is another process's); wallets queued.
   */
  public Future<Integer> walk() {
    return labelWalk().compose(n -> walkDependents().map(m -> n + m));
  }

  private Future<Integer> labelWalk() {
    return repeat(this::step, true);
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
                  (long) WALK_PAGE, now, reach.hubCounterparties()))
              .map(q -> q.iterator().next().getLong("queued").intValue());
        }), SYNC_DEADLINE_MS);
  }

  /**
   * Runs {@code step} until it reports nothing left (-1 when {@code negativeEnds}, else 0); the
   * sum of what it reported. A loop on one promise, not a chain of futures: a walk of 10,000 steps
   * nested 10,000 completions deep and overflowed the stack.
   */
  private static Future<Integer> repeat(java.util.function.Supplier<Future<Integer>> step, boolean negativeEnds) {
    io.vertx.core.Promise<Integer> done = io.vertx.core.Promise.promise();
    next(step, negativeEnds, 0, done);
    return done.future();
  }

  private static void next(java.util.function.Supplier<Future<Integer>> step, boolean negativeEnds, int sum,
      io.vertx.core.Promise<Integer> done) {
    step.get().onComplete(ar -> {
      if (ar.failed()) {
        done.fail(ar.cause());
      } else if (negativeEnds ? ar.result() < 0 : ar.result() == 0) {
        done.complete(sum);
      } else {
        next(step, negativeEnds, sum + ar.result(), done);
      }
    });
  }

  /** Dependents steps taken per transaction: most steps find no reader, so one each would be a transaction per wallet. */
  static final int STEPS_PER_TRANSACTION = 100;

  /** Runs dependents steps until none is left (or every one left is another process's); wallets queued. */
  Future<Integer> walkDependents() {
    return repeat(this::dependentsSteps, true);
  }

  /**
   * Up to {@link #STEPS_PER_TRANSACTION} dependents steps in one transaction holding the label
   * lock shared (the rows they queue name the stored labels version, which must not change under
   * them), one after the other on its connection; -1 when there is none to take.
   */
  private Future<Integer> dependentsSteps() {
    OffsetDateTime now = clock.instant().atOffset(ZoneOffset.UTC);
    return db.transaction(conn -> conn.query(ExposureSyncQueries.LOCK_SHARED).execute()
        .compose(v -> conn.preparedQuery(ExposureSyncQueries.TAKE_DEPENDENTS_STEPS)
            .execute(Tuple.of(STEPS_PER_TRANSACTION)))
        .compose(rows -> {
          if (rows.size() == 0) {
            return Future.succeededFuture(-1);
          }
          Future<Integer> sum = Future.succeededFuture(0);
          for (Row r : rows) {
            Tuple args = Tuple.tuple().addString(r.getString("address")).addShort(r.getShort("level"))
                .addLong(r.getLong("after_snapshot")).addLong((long) WALK_PAGE).addOffsetDateTime(now)
                .addInteger(reach.hubCounterparties()).addShort((short) reach.maxHops());
            sum = sum.compose(n -> conn.preparedQuery(ExposureSyncQueries.DEPENDENTS_STEP).execute(args)
                .map(q -> n + q.iterator().next().getLong("queued").intValue()));
          }
          return sum;
        }), SYNC_DEADLINE_MS);
  }

  /** Drains the rows of the stored labels' version chunk by chunk; how many summaries were recomputed. */
  public Future<Integer> drain() {
    return repeat(this::chunk, false);
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
          List<String> screening = new ArrayList<>();
          List<String> reindex = new ArrayList<>();
          rows.forEach(r -> {
            wallets.add(r.getString("wallet"));
            ("reindex".equals(r.getString("cause")) ? reindex : screening).add(r.getString("wallet"));
          });
          if (wallets.isEmpty()) {
            return Future.succeededFuture(0);
          }
          // Each wallet's event names why it was queued: a label change, or another wallet's new snapshot.
          Future<Void> labelled = screening.isEmpty() ? Future.succeededFuture()
              : watch.around(conn, screening, DecisionWatch.Cause.screening, now,
                  () -> recompute(conn, screening, reach));
          return labelled
              .compose(v -> reindex.isEmpty() ? Future.<Void>succeededFuture()
                  : watch.around(conn, reindex, DecisionWatch.Cause.reindex, now,
                      () -> recompute(conn, reindex, reach)))
              .compose(v -> conn.preparedQuery(ExposureSyncQueries.DONE)
                  .execute(Tuple.of(wallets.toArray(String[]::new))))
              .map(wallets.size());
        }), SYNC_DEADLINE_MS);
  }

  /**
   * The chunk's reads sent together on its connection (the client pipelines them: one round trip,
   * not one per wallet), then every changed summary in one batch.
   */
  private static Future<Void> recompute(SqlConnection conn, List<String> wallets, Reach reach) {
    List<Future<java.util.Optional<ExposureStore.Recomputed>>> reads = new ArrayList<>(wallets.size());
    for (String w : wallets) {
      reads.add(ExposureStore.latest(conn, w, reach));
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
