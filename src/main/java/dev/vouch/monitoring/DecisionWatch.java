package dev.vouch.monitoring;

import dev.vouch.decision.Decisions;
import dev.vouch.decision.model.UseCase;
import dev.vouch.indexing.CommitWatch;
import dev.vouch.monitoring.model.DecisionSummary;
import dev.vouch.ops.Tracing;
import dev.vouch.score.WalletReads;
import dev.vouch.score.WalletState;
import dev.vouch.screening.model.Listing;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * The transactional outbox hook: every write that can change a watched wallet's decision runs
 * inside {@link #around}, on its own transaction's connection. When nobody watches the wallets it
 * costs one indexed query; otherwise it locks the watched wallets, reads their state (and the
 * screening listings) before and after the write, decides both with the real DecisionModel at
 * the same instant, and writes one event per (watchlist, wallet) whose summary changed, with its
 * webhook deliveries, before the transaction commits. Both reads are at {@code now}, so only what
 * the write changed is announced, never the passing of time.
 */
public final class DecisionWatch {

  /** Event type of a decision change (the other type is {@link Outbox#TRANSFER_SCREENED}). */
  public static final String DECISION_CHANGED = "decision.changed";

  /** Why an event was written; {@code transfer}: a transfer screening got its verdict ({@link Outbox}). */
  public enum Cause { reindex, identity, trust, screening, transfer }

  private final String homeChain;
  private final Duration staleAfter;

  public DecisionWatch(String homeChain, Duration staleAfter) {
    this.homeChain = homeChain;
    this.staleAfter = staleAfter;
  }

  private record Watcher(String wallet, long watchlist, long apiKey, UseCase useCase) {}

  private record View(Map<String, WalletState> states, Map<String, List<Listing>> listings) {}

  /** This watch as the snapshot commit of a reindex runs it (indexing knows only the shape). */
  public CommitWatch reindexing() {
    return new CommitWatch() {
      @Override
      public <T> Future<T> around(SqlConnection conn, Collection<String> wallets, Instant now,
          Supplier<Future<T>> write) {
        return DecisionWatch.this.around(conn, wallets, Cause.reindex, now, write);
      }
    };
  }

  /** Runs {@code write} on {@code conn} and records the decision changes it made to watched wallets. */
  public <T> Future<T> around(SqlConnection conn, Collection<String> wallets, Cause cause, Instant now,
      Supplier<Future<T>> write) {
    String[] given = new TreeSet<>(wallets).toArray(String[]::new);
    return conn.preparedQuery(MonitorQueries.WATCHERS).execute(Tuple.of(given, cause == Cause.reindex))
        .compose(rows -> {
          if (rows.size() == 0) {
            return write.get();
          }
          List<Watcher> watchers = new ArrayList<>(rows.size());
          TreeSet<String> watched = new TreeSet<>();
          for (Row r : rows) {
            watchers.add(new Watcher(r.getString("wallet"), r.getLong("watchlist_id"), r.getLong("api_key_id"),
                UseCase.valueOf(r.getString("use_case"))));
            watched.add(r.getString("wallet"));
          }
          List<String> list = List.copyOf(watched);
          return conn.preparedQuery(MonitorQueries.LOCK_WALLETS).execute(Tuple.of(list.toArray(String[]::new)))
              .compose(locked -> view(conn, list))
              .compose(before -> write.get().compose(result -> view(conn, list)
                  .compose(after -> record(conn, watchers, before, after, cause, now))
                  .map(result)));
        });
  }

  private static Future<View> view(SqlConnection conn, List<String> wallets) {
    Future<Map<String, WalletState>> states = WalletReads.readFresh(conn, wallets);
    Future<Map<String, List<Listing>>> listings = listings(conn, wallets);
    return Future.all(states, listings).map(v -> new View(states.result(), listings.result()));
  }

  static Future<Map<String, List<Listing>>> listings(SqlConnection conn, List<String> wallets) {
    return conn.preparedQuery(MonitorQueries.LISTINGS_OF).execute(Tuple.of(wallets.toArray(String[]::new)))
        .map(rows -> {
          Map<String, List<Listing>> out = new HashMap<>();
          for (Row r : rows) {
            out.computeIfAbsent(r.getString("address"), k -> new ArrayList<>()).add(new Listing(r.getString("list"),
                r.getString("label")));
          }
          return out;
        });
  }

  private Future<Void> record(SqlConnection conn, List<Watcher> watchers, View before, View after, Cause cause,
      Instant now) {
    List<Long> keys = new ArrayList<>();
    List<Long> lists = new ArrayList<>();
    List<String> wallets = new ArrayList<>();
    List<String> useCases = new ArrayList<>();
    List<String> previous = new ArrayList<>();
    List<String> current = new ArrayList<>();
    for (Watcher w : watchers) {
      DecisionSummary old = summary(before, w, now);
      DecisionSummary neu = summary(after, w, now);
      DecisionSummary.change(old, neu).ifPresent(c -> {
        keys.add(w.apiKey());
        lists.add(w.watchlist());
        wallets.add(w.wallet());
        useCases.add(w.useCase().name());
        previous.add(json(c.previous()).encode());
        current.add(json(c.current()).encode());
      });
    }
    if (keys.isEmpty()) {
      return Future.succeededFuture();
    }
    Tuple args = Tuple.tuple().addArrayOfLong(keys.toArray(Long[]::new)).addArrayOfLong(lists.toArray(Long[]::new))
        .addArrayOfString(wallets.toArray(String[]::new)).addArrayOfString(useCases.toArray(String[]::new))
        .addArrayOfString(previous.toArray(String[]::new)).addArrayOfString(current.toArray(String[]::new))
        .addString(DECISION_CHANGED).addString(cause.name()).addOffsetDateTime(now.atOffset(ZoneOffset.UTC))
        .addString(Tracing.traceparent());
    return conn.query(MonitorQueries.LOCK_EVENTS).execute()
        .compose(v -> conn.preparedQuery(MonitorQueries.INSERT_EVENTS).execute(args))
        .onSuccess(rows -> MonitorMetrics.events(cause, rows.iterator().next().getLong("events")))
        .mapEmpty();
  }

  private DecisionSummary summary(View view, Watcher w, Instant now) {
    WalletState state = view.states().get(w.wallet());
    return DecisionSummary.of(Decisions.decide(state, w.useCase(), now, homeChain, staleAfter,
        view.listings().getOrDefault(w.wallet(), List.of())));
  }

  static JsonObject json(DecisionSummary s) {
    return new JsonObject()
        .put("decision", s.decision().name())
        .put("recommendedLimitUsdc", s.recommendedLimitUsdc())
        .put("scoreBand", s.scoreBand())
        .put("reasonCodes", new JsonArray(new ArrayList<>(s.reasonCodes())));
  }
}
