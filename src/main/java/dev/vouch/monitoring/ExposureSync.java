package dev.vouch.monitoring;

import dev.vouch.exposure.ExposureStore;
import dev.vouch.exposure.model.Reach;
import dev.vouch.exposure.model.SummaryJson;
import dev.vouch.ops.ThrottledLog;
import dev.vouch.screening.Screening;
import dev.vouch.screening.model.Label;
import dev.vouch.screening.model.LabelSet;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.logging.Logger;

/**
 * Keeps stored exposure summaries (V82) honest when the labels change (roles worker and all).
 * A snapshot's summary is computed at commit with the labels then in force; when a refresh changes
 * what a labelled address is (added, removed, another category or chain), every wallet whose
 * latest snapshot has a flow with that address, or with an indexed intermediary that has one, is
 * queued (V83 exposure_refresh) and recomputed from the stored flows in chunks, each in one
 * transaction inside {@link DecisionWatch}, so a watched wallet's changed verdict is announced as a
 * screening refresh's is (cause screening). Wallets whose snapshot has no summary (committed
 * before V82) are left as they are.
 *
 * <p>Processes refresh their lists at different times, so the stored labels (exposure_labels and
 * its version, V98) are the one truth. A process whose labels differ from them stores its own only
 * if its lists were read later than theirs; one that is behind writes nothing. Each queued row
 * names the version it must be computed with (a change retags every pending row), and a process
 * drains only rows of its own version: one that has not refreshed yet leaves them to one that has
 * (or to itself, once it has). The change itself is short (the label rows, the version, the walk's
 * starting points, under the label lock); the affected wallets are then found by a walk in bounded
 * steps from the changed addresses (exposure_label_work), which any process resumes.
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
  private final Screening screening;
  private final DecisionWatch watch;
  private final Clock clock;
  private final long everyMillis;
  private final Reach reach;
  private LabelSet announced;
  private boolean busy;

  public ExposureSync(Gateway db, Screening screening, DecisionWatch watch, Clock clock, long everyMillis) {
    this(db, screening, watch, clock, everyMillis, Reach.DEFAULTS);
  }

  public ExposureSync(Gateway db, Screening screening, DecisionWatch watch, Clock clock, long everyMillis,
      Reach reach) {
    this.reach = reach;
    this.db = db;
    this.screening = screening;
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
    LabelSet now = screening.labels();
    // The walk runs every time: it resumes steps another process (or a crash) left.
    Future<Integer> queued = now == announced ? walk() : queue(now);
    queued.compose(n -> {
      announced = now;
      if (n > 0) {
        LOG.fine(() -> n + " wallets queued for an exposure refresh");
      }
      return drain(now);
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
   * Stores {@code labels} if they are newer than the stored ones, then walks to the wallets the
   * differences may affect; how many wallets it queued.
   */
  public Future<Integer> queue(LabelSet labels) {
    return record(labels).compose(v -> walk());
  }

  /**
   * Under the label lock: with the stored version equal, only its as_of moves forward; with the
   * stored labels read later than {@code labels} (this process is behind), nothing; otherwise the
   * differences from the stored label rows are written, with the new version, every pending row
   * retagged to it and each changed address made a starting point of the walk.
   */
  private Future<Void> record(LabelSet labels) {
    OffsetDateTime asOf = labels.asOf() == null ? null : labels.asOf().atOffset(ZoneOffset.UTC);
    return db.transaction(conn -> conn.query(ExposureSyncQueries.LOCK).execute()
        .compose(v -> conn.query(ExposureSyncQueries.STATE).execute())
        .compose(state -> {
          Row stored = state.size() == 0 ? null : state.iterator().next();
          if (stored != null && labels.version().equals(stored.getString("version"))) {
            return asOf == null ? Future.<Void>succeededFuture()
                : conn.preparedQuery(ExposureSyncQueries.TOUCH_STATE).execute(Tuple.of(labels.version(), asOf))
                    .<Void>mapEmpty();
          }
          OffsetDateTime storedAsOf = stored == null ? null : stored.getOffsetDateTime("as_of");
          if (asOf != null && storedAsOf != null && asOf.isBefore(storedAsOf)) {
            LOG.fine(() -> "labels " + labels.version() + " are older than the stored " + stored.getString("version")
                + ": left to a process that has those");
            return Future.<Void>succeededFuture();
          }
          return change(conn, labels, asOf);
        }), SYNC_DEADLINE_MS);
  }

  private static Future<Void> change(SqlConnection conn, LabelSet labels, OffsetDateTime asOf) {
    Map<String, Set<String>> current = rows(labels);
    return conn.query(ExposureSyncQueries.ALL_LABELS).execute().compose(rows -> {
      Map<String, Set<String>> stored = new HashMap<>();
      for (Row r : rows) {
        stored.computeIfAbsent(r.getString("address"), k -> new TreeSet<>())
            .add(r.getLong("chain_id") + ":" + r.getString("category"));
      }
      TreeSet<String> changed = new TreeSet<>();
      current.forEach((a, set) -> {
        if (!Objects.equals(stored.get(a), set)) {
          changed.add(a);
        }
      });
      stored.keySet().stream().filter(a -> !current.containsKey(a)).forEach(changed::add);
      Future<Void> written = changed.isEmpty() ? Future.succeededFuture()
          : replace(conn, changed, current)
              .compose(v -> conn.preparedQuery(ExposureSyncQueries.WALK_FROM)
                  .execute(Tuple.of(changed.toArray(String[]::new))))
              .mapEmpty();
      return written
          .compose(v -> conn.preparedQuery(ExposureSyncQueries.SET_STATE).execute(Tuple.of(labels.version(), asOf)))
          .compose(v -> conn.preparedQuery(ExposureSyncQueries.RETAG).execute(Tuple.of(labels.version())))
          .mapEmpty();
    });
  }

  /**
   * Runs label walk steps, then dependents steps (which label steps may add), until none is left
   * (or every one left is another process's); wallets queued.
   */
  Future<Integer> walk() {
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

  /** Drains the rows of {@code labels}' version chunk by chunk; how many summaries were recomputed. */
  public Future<Integer> drain(LabelSet labels) {
    return repeat(() -> chunk(labels), false);
  }

  /**
   * One chunk in one transaction; 0 when no row of that version is left (or every one is another
   * worker's). No label lock (it would order against the commit's wallet locks the other way): a
   * label change cannot commit while the chunk holds its rows, as its retag waits for their row
   * locks, so the stored labels the hops are read for stay of the rows' version.
   */
  private Future<Integer> chunk(LabelSet labels) {
    Instant now = clock.instant();
    return db.transaction(conn -> conn.preparedQuery(ExposureSyncQueries.TAKE).execute(Tuple.of(CHUNK, labels.version()))
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
                  () -> recompute(conn, screening, labels, reach));
          return labelled
              .compose(v -> reindex.isEmpty() ? Future.<Void>succeededFuture()
                  : watch.around(conn, reindex, DecisionWatch.Cause.reindex, now,
                      () -> recompute(conn, reindex, labels, reach)))
              .compose(v -> conn.preparedQuery(ExposureSyncQueries.DONE)
                  .execute(Tuple.of(wallets.toArray(String[]::new))))
              .map(wallets.size());
        }), SYNC_DEADLINE_MS);
  }

  /**
   * The chunk's reads sent together on its connection (the client pipelines them: one round trip,
   * not one per wallet), then every changed summary in one batch.
   */
  private static Future<Void> recompute(SqlConnection conn, List<String> wallets, LabelSet labels, Reach reach) {
    List<Future<java.util.Optional<ExposureStore.Recomputed>>> reads = new ArrayList<>(wallets.size());
    for (String w : wallets) {
      reads.add(ExposureStore.latest(conn, w, labels, reach));
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

  private static Future<Void> replace(SqlConnection conn, Set<String> changed, Map<String, Set<String>> current) {
    List<String> addresses = new ArrayList<>();
    List<Long> chains = new ArrayList<>();
    List<String> categories = new ArrayList<>();
    for (String a : changed) {
      for (String row : current.getOrDefault(a, Set.of())) {
        int colon = row.indexOf(':');
        addresses.add(a);
        chains.add(Long.parseLong(row.substring(0, colon)));
        categories.add(row.substring(colon + 1));
      }
    }
    return conn.preparedQuery(ExposureSyncQueries.DELETE_LABELS).execute(Tuple.of(changed.toArray(String[]::new)))
        .compose(v -> addresses.isEmpty() ? Future.succeededFuture()
            : conn.preparedQuery(ExposureSyncQueries.INSERT_LABELS).execute(Tuple.tuple()
                .addArrayOfString(addresses.toArray(String[]::new)).addArrayOfLong(chains.toArray(Long[]::new))
                .addArrayOfString(categories.toArray(String[]::new))))
        .mapEmpty();
  }

  /** What a summary reads of each labelled address: "chain:category" (chain 0 = every chain). */
  static Map<String, Set<String>> rows(LabelSet labels) {
    Map<String, Set<String>> out = new HashMap<>();
    for (String a : labels.addresses()) {
      Set<String> set = new TreeSet<>();
      for (Label l : labels.lookup(a)) {
        set.add((l.chainId() == null ? 0 : l.chainId()) + ":" + l.category().name());
      }
      out.put(a, set);
    }
    return out;
  }
}
