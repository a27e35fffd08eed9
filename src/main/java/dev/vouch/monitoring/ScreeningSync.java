package dev.vouch.monitoring;

import dev.vouch.ops.ThrottledLog;
import dev.vouch.screening.Screening;
import dev.vouch.screening.model.Listing;
import dev.vouch.screening.model.ScreeningSet;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import dev.vouch.store.Gateway;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.logging.Logger;

/**
 * Announces screening list refreshes (roles worker and all). The lists live in each process's
 * memory; this writes a reloaded set's differences to {@code screening_listings} and, through
 * {@link DecisionWatch}, the decision changes they make for watched wallets, in one transaction
 * under one lock over all processes. It checks every {@code monitoring.screeningCheckMillis}
 * whether the process's set was reloaded, so a flagged watched wallet's event is written within
 * one refresh interval (plus that check).
 */
public final class ScreeningSync extends VerticleBase {

  private static final Logger LOG = Logger.getLogger(ScreeningSync.class.getName());
  private static final ThrottledLog FAILURES = new ThrottledLog(LOG, Duration.ofSeconds(30));

  private final Gateway db;
  private final Screening screening;
  private final DecisionWatch watch;
  private final Clock clock;
  private final long everyMillis;
  private ScreeningSet announced;
  private boolean busy;

  public ScreeningSync(Gateway db, Screening screening, DecisionWatch watch, Clock clock, long everyMillis) {
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
    ScreeningSet now = screening.current();
    if (busy || now == announced) {
      return;
    }
    busy = true;
    sync(now).onComplete(ar -> {
      busy = false;
      if (ar.succeeded()) {
        announced = now;
        if (ar.result() > 0) {
          LOG.info(() -> "screening lists changed for " + ar.result() + " addresses; watchers' events written");
        }
      } else {
        FAILURES.warn(() -> "screening sync failed (retried): " + ar.cause());
      }
    });
  }

  /**
   * A refresh may change thousands of watched wallets in one transaction: a worker's deadline
   * (as a snapshot commit's), not an API request's.
   */
  static final int SYNC_DEADLINE_MS = 60_000;

  /** Writes the differences of {@code set} from the stored listings; how many addresses changed. */
  Future<Integer> sync(ScreeningSet set) {
    return db.transaction(conn -> conn.query(MonitorQueries.LOCK_SCREENING).execute()
        .compose(v -> conn.query(MonitorQueries.ALL_LISTINGS).execute())
        .compose(rows -> {
          Map<String, Set<Listing>> stored = new HashMap<>();
          for (Row r : rows) {
            stored.computeIfAbsent(r.getString("address"), k -> new HashSet<>())
                .add(new Listing(r.getString("list"), r.getString("label")));
          }
          TreeSet<String> changed = new TreeSet<>();
          for (String a : set.addresses()) {
            if (!Objects.equals(stored.get(a), new HashSet<>(set.lookup(a)))) {
              changed.add(a);
            }
          }
          for (String a : stored.keySet()) {
            if (!set.contains(a)) {
              changed.add(a);
            }
          }
          if (changed.isEmpty()) {
            return Future.succeededFuture(0);
          }
          List<String> wallets = List.copyOf(changed);
          return watch.around(conn, wallets, DecisionWatch.Cause.screening, clock.instant(),
              () -> replace(conn, wallets, set)).map(wallets.size());
        }), SYNC_DEADLINE_MS);
  }

  private static Future<Void> replace(SqlConnection conn, List<String> wallets, ScreeningSet set) {
    List<String> addresses = new ArrayList<>();
    List<String> lists = new ArrayList<>();
    List<String> labels = new ArrayList<>();
    for (String a : wallets) {
      for (Listing l : set.lookup(a)) {
        addresses.add(a);
        lists.add(l.list());
        labels.add(l.label() == null ? "" : l.label());
      }
    }
    return conn.preparedQuery(MonitorQueries.DELETE_LISTINGS).execute(Tuple.of(wallets.toArray(String[]::new)))
        .compose(v -> addresses.isEmpty() ? Future.succeededFuture()
            : conn.preparedQuery(MonitorQueries.INSERT_LISTINGS).execute(Tuple.of(addresses.toArray(String[]::new),
                lists.toArray(String[]::new), labels.toArray(String[]::new))))
        .mapEmpty();
  }
}
