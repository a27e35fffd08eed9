package dev.vouch.monitoring;

import dev.vouch.exposure.ExposureStore;
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
 * queued (V83 exposure_refresh, in the transaction that records the new label rows, so a crash
 * loses nothing), and the queue is drained in chunks: each chunk recomputes the summaries from
 * the stored flows with the current labels, in one transaction inside {@link DecisionWatch}, so a
 * watched wallet's changed verdict is announced as a screening refresh's is (cause screening).
 * Wallets whose snapshot has no summary (committed before V82) are left as they are.
 */
public final class ExposureSync extends VerticleBase {

  private static final Logger LOG = Logger.getLogger(ExposureSync.class.getName());
  private static final ThrottledLog FAILURES = new ThrottledLog(LOG, Duration.ofSeconds(30));

  /** Wallets recomputed per transaction: a chunk's locks and work stay short. */
  static final int CHUNK = 100;
  static final int SYNC_DEADLINE_MS = 60_000;

  private final Gateway db;
  private final Screening screening;
  private final DecisionWatch watch;
  private final Clock clock;
  private final long everyMillis;
  private LabelSet announced;
  private boolean busy;

  public ExposureSync(Gateway db, Screening screening, DecisionWatch watch, Clock clock, long everyMillis) {
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
    Future<Integer> queued = now == announced ? Future.succeededFuture(0) : queue(now);
    queued.compose(n -> {
      announced = now;
      if (n > 0) {
        LOG.info(() -> "labels changed: " + n + " wallets queued for an exposure refresh");
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
   * Records {@code labels}' differences from the stored label rows and queues the wallets they
   * may affect, in one transaction under one lock over all processes; how many wallets it queued.
   */
  Future<Integer> queue(LabelSet labels) {
    Map<String, Set<String>> current = rows(labels);
    return db.transaction(conn -> conn.query(ExposureSyncQueries.LOCK).execute()
        .compose(v -> conn.query(ExposureSyncQueries.ALL_LABELS).execute())
        .compose(rows -> {
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
          if (changed.isEmpty()) {
            return Future.succeededFuture(0);
          }
          String[] addresses = changed.toArray(String[]::new);
          return conn.preparedQuery(ExposureSyncQueries.QUEUE_AFFECTED)
              .execute(Tuple.of(addresses, clock.instant().atOffset(ZoneOffset.UTC)))
              .compose(queued -> replace(conn, changed, current).map(queued.rowCount()));
        }), SYNC_DEADLINE_MS);
  }

  /** Drains the queue chunk by chunk with {@code labels}; how many summaries were recomputed. */
  Future<Integer> drain(LabelSet labels) {
    return chunk(labels).compose(n -> n == 0 ? Future.succeededFuture(0) : drain(labels).map(m -> n + m));
  }

  /** One chunk in one transaction; 0 when the queue is empty (or every row is another worker's). */
  private Future<Integer> chunk(LabelSet labels) {
    Instant now = clock.instant();
    return db.transaction(conn -> conn.preparedQuery(ExposureSyncQueries.TAKE).execute(Tuple.of(CHUNK))
        .compose(rows -> {
          List<String> wallets = new ArrayList<>(rows.size());
          rows.forEach(r -> wallets.add(r.getString("wallet")));
          if (wallets.isEmpty()) {
            return Future.succeededFuture(0);
          }
          return watch.around(conn, wallets, DecisionWatch.Cause.screening, now,
                  () -> recompute(conn, wallets, labels))
              .compose(v -> conn.preparedQuery(ExposureSyncQueries.DONE)
                  .execute(Tuple.of(wallets.toArray(String[]::new))))
              .map(wallets.size());
        }), SYNC_DEADLINE_MS);
  }

  /**
   * The chunk's reads sent together on its connection (the client pipelines them: one round trip,
   * not one per wallet), then every changed summary in one batch.
   */
  private static Future<Void> recompute(SqlConnection conn, List<String> wallets, LabelSet labels) {
    List<Future<java.util.Optional<ExposureStore.Recomputed>>> reads = new ArrayList<>(wallets.size());
    for (String w : wallets) {
      reads.add(ExposureStore.latest(conn, w, labels));
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
