package dev.vouch.transfer;

import dev.vouch.monitoring.DecisionWatch;
import dev.vouch.monitoring.Outbox;
import dev.vouch.store.Gateway;
import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Cursors, watchers and the step commit of watched deposit addresses (V119). */
final class TransferWatchStore {

  /** A key watching a wallet for transfers, through one of its lists. */
  record Watcher(long apiKey, long watchlistId, String plan) {}

  /** One screening a step writes, with the keys to tell. */
  record Item(TransferStore.Key key, dev.vouch.transfer.model.Moved moved, long block, long confirmations,
      int required, dev.vouch.transfer.model.TransferVerdict verdict, dev.vouch.decision.model.PolicyRef policy,
      boolean queueIntake, List<Watcher> watchers) {}

  /** Another worker committed this range first: nothing of this step was written. */
  static final class Lost extends RuntimeException {
    Lost(long chainId) {
      super("chain " + chainId + ": another worker moved the transfer watch cursor first", null, false, false);
    }
  }

  private final Gateway db;

  TransferWatchStore(Gateway db) {
    this.db = db;
  }

  Future<Optional<Long>> cursor(long chainId) {
    return db.readPrimary(c -> c.preparedQuery(TransferWatchQueries.CURSOR).execute(Tuple.of(chainId)))
        .map(rows -> rows.size() == 0 ? Optional.empty() : Optional.of(rows.iterator().next().getLong(0)));
  }

  Future<Void> startCursor(long chainId, long next, Instant now) {
    return db.write(c -> c.preparedQuery(TransferWatchQueries.START_CURSOR).execute(Tuple.of(chainId, next, utc(now))))
        .mapEmpty();
  }

  /** Up to {@code limit} watched wallets (any; the scanner only needs them all when there are few). */
  Future<List<String>> watchedSample(int limit) {
    return db.readPrimary(c -> c.preparedQuery(TransferWatchQueries.WATCHED_SAMPLE).execute(Tuple.of(limit)))
        .map(rows -> {
          List<String> out = new ArrayList<>(rows.size());
          rows.forEach(r -> out.add(r.getString(0)));
          return out;
        });
  }

  /** The watchers of those of {@code wallets} that are watched for transfers, oldest list first. */
  Future<Map<String, List<Watcher>>> watchersOf(List<String> wallets) {
    if (wallets.isEmpty()) {
      return Future.succeededFuture(Map.of());
    }
    return db.readPrimary(c -> c.preparedQuery(TransferWatchQueries.WATCHERS_OF)
            .execute(Tuple.of(wallets.toArray(String[]::new))))
        .map(rows -> {
          Map<String, List<Watcher>> out = new LinkedHashMap<>();
          for (Row r : rows) {
            out.computeIfAbsent(r.getString("wallet"), w -> new ArrayList<>())
                .add(new Watcher(r.getLong("api_key_id"), r.getLong("watchlist_id"), r.getString("plan")));
          }
          return out;
        });
  }

  /**
   * Blocks [from, to) done: the cursor moves to {@code to} and every screening of the range is
   * written with its intake and events, in one transaction; {@link Lost} (and nothing written)
   * when another worker moved the cursor first. Answers how many screenings were new.
   */
  Future<Integer> commit(long chainId, long from, long to, List<Item> items, Instant now, int deadlineMs) {
    return db.transaction(conn -> conn.preparedQuery(TransferWatchQueries.ADVANCE)
        .execute(Tuple.of(chainId, from, to, utc(now)))
        .compose(rows -> {
          if (rows.size() == 0) {
            return Future.failedFuture(new Lost(chainId));
          }
          Future<Integer> done = Future.succeededFuture(0);
          for (Item item : items) {
            done = done.compose(n -> save(conn, item, now).map(inserted -> inserted ? n + 1 : n));
          }
          return done;
        }), deadlineMs);
  }

  /** One screening: the shared row (owned, when new, by the oldest watching list's key) and its watchers. */
  private static Future<Boolean> save(SqlConnection conn, Item item, Instant now) {
    long owner = item.watchers().get(0).apiKey();
    return TransferStore.saveOn(conn, item.key(), item.moved(), item.block(), item.confirmations(), item.required(),
            item.verdict(), item.policy(), item.queueIntake(), owner, now)
        .compose(stored -> {
          Map<Long, Long> keys = new LinkedHashMap<>();
          item.watchers().forEach(w -> keys.putIfAbsent(w.apiKey(), w.watchlistId()));
          Tuple args = Tuple.tuple().addLong(stored.record().id()).addArrayOfLong(keys.keySet().toArray(Long[]::new))
              .addArrayOfLong(keys.values().toArray(Long[]::new)).addValue(utc(now));
          return conn.preparedQuery(TransferWatchQueries.ADD_WATCHERS).execute(args).compose(added -> {
            // A watcher new to a screening that already has its verdict is told now; one added to a
            // pending screening is told when it leaves pending (TransferStore.announce). The owner
            // has its own event.
            if (!"screened".equals(stored.record().status())) {
              return Future.succeededFuture(stored.inserted());
            }
            Future<Void> told = Future.succeededFuture();
            for (Row r : added) {
              long key = r.getLong(0);
              if (stored.apiKey() == null || key != stored.apiKey()) {
                told = told.compose(v -> Outbox.append(conn, key, stored.record().address(), Outbox.TRANSFER_SCREENED,
                    DecisionWatch.Cause.transfer, TransferStore.event(stored.record()), now));
              }
            }
            return told.map(stored.inserted());
          });
        });
  }

  /**
   * The events of a screening's watchers other than its owner (who has its own), on the
   * transaction that gives the screening its verdict.
   */
  static Future<Void> announceWatchers(SqlConnection conn, TransferRecord t, Long owner, Instant now) {
    return conn.preparedQuery(TransferWatchQueries.WATCHERS).execute(Tuple.of(t.id(), owner)).compose(rows -> {
      Future<Void> told = Future.succeededFuture();
      for (Row r : rows) {
        long key = r.getLong(0);
        told = told.compose(v -> Outbox.append(conn, key, t.address(), Outbox.TRANSFER_SCREENED,
            DecisionWatch.Cause.transfer, TransferStore.event(t), now));
      }
      return told;
    });
  }

  /** {@link #announceWatchers} for many screenings (a batch's write): one read, one outbox statement. */
  static Future<Void> announceWatchersOfAll(SqlConnection conn, List<TransferRecord> screenings, List<Long> owners,
      Instant now) {
    Map<Long, TransferRecord> byId = new java.util.HashMap<>(screenings.size() * 2);
    screenings.forEach(t -> byId.put(t.id(), t));
    Tuple args = Tuple.tuple().addArrayOfLong(screenings.stream().map(TransferRecord::id).toArray(Long[]::new))
        .addArrayOfLong(owners.toArray(Long[]::new));
    return conn.preparedQuery(TransferWatchQueries.WATCHERS_OF_ALL).execute(args).compose(rows -> {
      List<Outbox.Event> events = new java.util.ArrayList<>(rows.size());
      for (Row r : rows) {
        TransferRecord t = byId.get(r.getLong(0));
        events.add(new Outbox.Event(r.getLong(1), t.address(), TransferStore.event(t)));
      }
      return events.isEmpty() ? Future.succeededFuture()
          : Outbox.appendAll(conn, events, Outbox.TRANSFER_SCREENED, DecisionWatch.Cause.transfer, now);
    });
  }

  private static OffsetDateTime utc(Instant i) {
    return i.atOffset(ZoneOffset.UTC);
  }
}
