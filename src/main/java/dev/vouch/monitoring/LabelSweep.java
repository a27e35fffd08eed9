package dev.vouch.monitoring;

import dev.vouch.ops.ThrottledLog;
import dev.vouch.store.Gateway;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.VerticleBase;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.logging.Logger;

/**
 * Sweeps each label version switch's differences (V124 label_diffs; roles worker and all), a
 * page of addresses per transaction, so no step grows with the lists: the changed addresses that
 * appear in any flow start the exposure walk ({@link ExposureSync}), and those whose screening
 * entries changed are rewritten in {@code screening_listings} inside {@link DecisionWatch}, so a
 * watched wallet that became (or stopped being) listed has its event written. Any process resumes
 * a sweep another left (the page cursor is stored with the switch).
 */
public final class LabelSweep extends VerticleBase {

  private static final Logger LOG = Logger.getLogger(LabelSweep.class.getName());
  private static final ThrottledLog FAILURES = new ThrottledLog(LOG, Duration.ofSeconds(30));

  /** Addresses of each version read per page. */
  static final int PAGE = 1000;
  static final int DEADLINE_MS = 60_000;

  private final Gateway db;
  private final DecisionWatch watch;
  private final Clock clock;
  private final long everyMillis;
  private boolean busy;

  public LabelSweep(Gateway db, DecisionWatch watch, Clock clock, long everyMillis) {
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
    sweep().onComplete(ar -> {
      busy = false;
      if (ar.failed()) {
        FAILURES.warn(() -> "label sweep failed (retried): " + ar.cause());
      } else if (ar.result() > 0) {
        LOG.info(() -> "screening lists changed for " + ar.result() + " addresses; watchers' events written");
      }
    });
  }

  /**
   * Pages until no switch is left to sweep (or every one is another process's); screening changes
   * seen. A loop of callbacks, not a chain of composed futures: a first load of ten million
   * addresses is 10,000 pages, and a chain that long overflows the stack when it completes.
   */
  Future<Integer> sweep() {
    Promise<Integer> done = Promise.promise();
    next(0, done);
    return done.future();
  }

  private void next(int seen, Promise<Integer> done) {
    page().onComplete(ar -> {
      if (ar.failed()) {
        done.fail(ar.cause());
      } else if (ar.result() < 0) {
        done.complete(seen);
      } else {
        next(seen + ar.result(), done);
      }
    });
  }

  /** One page in one transaction; -1 when there is nothing to take, else the screening changes. */
  private Future<Integer> page() {
    return db.transaction(conn -> conn.query(LabelSweepQueries.TAKE).execute().compose(rows -> {
      if (rows.size() == 0) {
        return Future.succeededFuture(-1);
      }
      Row d = rows.iterator().next();
      long id = d.getLong("id");
      return conn.preparedQuery(LabelSweepQueries.PAGE)
          .execute(Tuple.of(d.getLong("old_version"), d.getLong("new_version"), d.getString("after_address"), PAGE))
          .compose(page -> {
            Row p = page.iterator().next();
            String upto = p.getString("upto");
            List<String> changed = Arrays.asList(p.getArrayOfStrings("changed"));
            List<String> screened = Arrays.asList(p.getArrayOfStrings("screened"));
            Future<Void> walk = changed.isEmpty() ? Future.succeededFuture()
                : conn.preparedQuery(ExposureSyncQueries.WALK_FROM).execute(Tuple.of(changed.toArray(String[]::new)))
                    .mapEmpty();
            return walk
                .compose(v -> screened.isEmpty() ? Future.<Void>succeededFuture() : listings(conn, screened))
                .compose(v -> upto == null
                    ? conn.preparedQuery(LabelSweepQueries.DONE).execute(Tuple.of(id))
                    : conn.preparedQuery(LabelSweepQueries.ADVANCE).execute(Tuple.of(id, upto)))
                .map(screened.size());
          });
    }), DEADLINE_MS);
  }

  private Future<Void> listings(SqlConnection conn, List<String> wallets) {
    String[] given = wallets.toArray(String[]::new);
    return conn.query(MonitorQueries.LOCK_SCREENING).execute()
        .compose(v -> watch.around(conn, wallets, DecisionWatch.Cause.screening, clock.instant(),
            () -> conn.preparedQuery(LabelSweepQueries.DELETE_LISTINGS).execute(Tuple.of((Object) given))
                .compose(x -> conn.preparedQuery(LabelSweepQueries.INSERT_LISTINGS).execute(Tuple.of((Object) given)))
                .<Void>mapEmpty()));
  }
}
