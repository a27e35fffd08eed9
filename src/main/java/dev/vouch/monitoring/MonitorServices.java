package dev.vouch.monitoring;

import dev.vouch.budget.Metering;
import dev.vouch.budget.model.Caller;
import dev.vouch.config.AppConfig;
import dev.vouch.decision.Decisions;
import dev.vouch.decision.model.UseCase;
import dev.vouch.error.ApiError;
import dev.vouch.indexing.JobStore;
import dev.vouch.monitoring.MonitorViews.Deleted;
import dev.vouch.monitoring.MonitorViews.Deliveries;
import dev.vouch.monitoring.MonitorViews.Delivery;
import dev.vouch.monitoring.MonitorViews.Endpoint;
import dev.vouch.monitoring.MonitorViews.Endpoints;
import dev.vouch.monitoring.MonitorViews.Event;
import dev.vouch.monitoring.MonitorViews.EventPage;
import dev.vouch.monitoring.MonitorViews.Member;
import dev.vouch.monitoring.MonitorViews.MemberPage;
import dev.vouch.monitoring.MonitorViews.MembersChanged;
import dev.vouch.monitoring.MonitorViews.Watchlist;
import dev.vouch.monitoring.MonitorViews.Watchlists;
import dev.vouch.score.Resolved;
import dev.vouch.score.WalletReads;
import dev.vouch.store.Gateway;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Watchlists, the event feed and webhook endpoints for keyed callers, on the HTTP event loops
 * (through the gateway, which translates database failures). Every refusal is an ApiError the
 * edge maps once; a list or endpoint of another key answers 404 exactly like one that does not
 * exist.
 */
public final class MonitorServices {

  public static final int PAGE_MAX = 1000;
  public static final int PAGE_DEFAULT = 100;

  private final Gateway db;
  private final Clock clock;
  private final AppConfig.Monitoring config;
  private final Metering metering;
  private final Decisions decisions;
  private final WebhookSecrets secrets;
  private final Duration cooldown;

  MonitorServices(Gateway db, Clock clock, AppConfig config, Metering metering, Decisions decisions,
      WebhookSecrets secrets) {
    this.db = db;
    this.clock = clock;
    this.config = config.monitoring();
    this.metering = metering;
    this.decisions = decisions;
    this.secrets = secrets;
    this.cooldown = Duration.ofMinutes(config.indexing().cooldownMinutes());
  }

  public AppConfig.Monitoring config() {
    return config;
  }

  private static long key(Caller caller) {
    return caller.key().orElseThrow(() -> new IllegalStateException("monitoring needs a keyed caller")).id();
  }

  // ---- watchlists

  public Future<Watchlist> create(Caller caller, String name, UseCase useCase, boolean screenTransfers) {
    return db.write(c -> c.preparedQuery(MonitorQueries.CREATE_LIST)
            .execute(Tuple.of(key(caller), name, useCase.name(), utc(clock.instant()), config.maxLists(),
                screenTransfers)))
        .map(rows -> {
          if (rows.size() == 0) {
            throw ApiError.conflict("LIMIT_REACHED", "This key already has " + config.maxLists()
                + " watchlists; delete one first.");
          }
          Row r = rows.iterator().next();
          return new Watchlist(Long.toString(r.getLong("id")), r.getString("name"), r.getString("use_case"), 0,
              instant(r.getOffsetDateTime("created_at")), r.getBoolean("screen_transfers"));
        });
  }

  public Future<Watchlists> lists(Caller caller) {
    return db.readPrimary(c -> c.preparedQuery(MonitorQueries.LISTS).execute(Tuple.of(key(caller))))
        .map(rows -> {
          List<Watchlist> out = new ArrayList<>();
          rows.forEach(r -> out.add(watchlist(r)));
          return new Watchlists(out);
        });
  }

  /**
   * Turns transfer screening of a list on or off (PATCH): the scanner reads the flag at each step,
   * so a change holds from the next block range it commits.
   */
  public Future<Watchlist> update(Caller caller, long id, boolean screenTransfers) {
    long key = key(caller);
    return db.transaction(c -> c.preparedQuery(MonitorQueries.SET_SCREEN_TRANSFERS)
            .execute(Tuple.of(id, key, screenTransfers))
            .compose(rows -> {
              if (rows.size() == 0) {
                throw noList();
              }
              return c.preparedQuery(MonitorQueries.LIST).execute(Tuple.of(id, key));
            }))
        .map(rows -> watchlist(rows.iterator().next()));
  }

  public Future<Deleted> deleteList(Caller caller, long id) {
    return db.write(c -> c.preparedQuery(MonitorQueries.DELETE_LIST).execute(Tuple.of(id, key(caller))))
        .map(rows -> {
          if (rows.rowCount() == 0) {
            throw noList();
          }
          return new Deleted(Long.toString(id), true);
        });
  }

  /**
   * Adds wallets (deduplicated, lowercase) in one transaction under the key's lock, refusing the
   * whole request when the key's plan cap would be passed; then queues intake of the new wallets
   * that were never indexed, as many as the caller's scan cap and units allow.
   */
  public Future<MembersChanged> add(Caller caller, long id, List<String> wallets) {
    long key = key(caller);
    int max = config.maxWallets(caller.key().get().plan().name());
    Instant now = clock.instant();
    String[] given = wallets.toArray(String[]::new);
    return db.transaction(conn -> conn.preparedQuery(MonitorQueries.LOCK_KEY).execute(Tuple.of(Long.toString(key)))
            .compose(v -> conn.preparedQuery(MonitorQueries.KEY_USAGE).execute(Tuple.of(key, id)))
            .compose(usage -> {
              if (!usage.iterator().next().getBoolean("owned")) {
                return Future.failedFuture(noList());
              }
              return conn.preparedQuery(MonitorQueries.ADD_MEMBERS)
                  .execute(Tuple.of(id, given, utc(now), utc(now.minus(cooldown))));
            })
            .compose(added -> conn.preparedQuery(MonitorQueries.KEY_USAGE).execute(Tuple.of(key, id)).compose(after -> {
              long watched = after.iterator().next().getLong("watched");
              if (watched > max) {
                return Future.failedFuture(ApiError.conflict("LIMIT_REACHED", "This key may watch " + max
                    + " wallets over all its lists on its plan; the request would make " + watched
                    + ". Nothing was added."));
              }
              List<String> unindexed = new ArrayList<>();
              added.forEach(r -> {
                if (r.getBoolean("unindexed")) {
                  unindexed.add(r.getString("wallet"));
                }
              });
              return Future.succeededFuture(new Added(added.size(), unindexed));
            })))
        .compose(a -> intake(caller, a.unindexed(), now).compose(queued -> size(id)
            .map(size -> new MembersChanged(Long.toString(id), wallets.size(), a.count(), size, queued,
                a.unindexed().size() - queued, a.unindexed().size() > queued
                    ? "Wallets never indexed beyond the caller's scan cap and per-minute units were not queued; "
                        + "they are watched and announce a change once indexed." : null))));
  }

  private record Added(int count, List<String> unindexed) {}

  private Future<Integer> intake(Caller caller, List<String> unindexed, Instant now) {
    if (unindexed.isEmpty()) {
      return Future.succeededFuture(0);
    }
    return metering.startScans(caller, unindexed.size()).compose(start -> start.starts() == 0
        ? Future.succeededFuture(0)
        : db.write(c -> JobStore.queueIntakes(c, unindexed.subList(0, start.starts()), now))
            .recover(t -> metering.refund(start.admission()).transform(x -> Future.failedFuture(t))));
  }

  private Future<Long> size(long id) {
    return db.readPrimary(c -> c.preparedQuery(MonitorQueries.LIST_SIZE).execute(Tuple.of(id)))
        .map(rows -> rows.iterator().next().getLong(0));
  }

  public Future<MembersChanged> remove(Caller caller, long id, List<String> wallets) {
    long key = key(caller);
    return db.transaction(conn -> conn.preparedQuery(MonitorQueries.KEY_USAGE).execute(Tuple.of(key, id))
            .compose(usage -> usage.iterator().next().getBoolean("owned")
                ? conn.preparedQuery(MonitorQueries.REMOVE_MEMBERS)
                    .execute(Tuple.tuple().addLong(id).addArrayOfString(wallets.toArray(String[]::new)))
                : Future.failedFuture(noList())))
        .compose(rows -> size(id).map(size -> new MembersChanged(Long.toString(id), wallets.size(), rows.rowCount(),
            size, null, null, null)));
  }

  /**
   * One page of a list with each wallet's decision now: the list row and the state of every
   * wallet of the page are two statements pipelined on one connection (one round trip).
   */
  public Future<MemberPage> page(Caller caller, long id, String after, int limit) {
    long key = key(caller);
    return db.transaction(conn -> {
      Future<RowSet<Row>> list = conn.preparedQuery(MonitorQueries.LIST).execute(Tuple.of(id, key));
      Future<List<Resolved>> states = WalletReads.resolveEntries(conn, MonitorQueries.PAGE_STATES,
          Tuple.of(id, key, after == null ? "" : after, limit + 1));
      return Future.all(list, states).compose(v -> decisions.listings(states.result())).map(listed -> {
        if (list.result().size() == 0) {
          throw noList();
        }
        Watchlist w = watchlist(list.result().iterator().next());
        UseCase useCase = UseCase.valueOf(w.useCase());
        Instant now = clock.instant();
        List<Member> members = new ArrayList<>();
        for (Resolved r : states.result()) {
          if (r.unknownUsername()) {
            continue;
          }
          members.add(new Member(r.state().wallet(), r.failure() != null ? null : decisions.decide(r.state(), useCase, now, listed)));
        }
        String next = null;
        if (members.size() > limit) {
          members = members.subList(0, limit);
          next = members.get(limit - 1).wallet();
        }
        return new MemberPage(w, List.copyOf(members), next);
      });
    });
  }

  // ---- events

  public Future<EventPage> events(Caller caller, long after, int limit) {
    return db.read(c -> c.preparedQuery(MonitorQueries.EVENTS).execute(Tuple.of(key(caller), after, limit)))
        .map(rows -> {
          List<Event> out = new ArrayList<>();
          long last = after;
          for (Row r : rows) {
            out.add(event(r));
            last = r.getLong("id");
          }
          return new EventPage(out, Long.toString(last));
        });
  }

  static Event event(Row r) {
    return new Event(Long.toString(r.getLong("id")), r.getString("type"), text(r.getLong("watchlist_id")),
        r.getString("wallet"), r.getString("use_case"), r.getString("cause"),
        r.getString("previous") == null ? null : new JsonObject(r.getString("previous")).getMap(), new JsonObject(r.getString("current")).getMap(),
        instant(r.getOffsetDateTime("created_at")));
  }

  /** A transfer.screened event names no watchlist: null, not "null". */
  static String text(Long id) {
    return id == null ? null : Long.toString(id);
  }

  // ---- webhook endpoints

  public Future<Endpoint> createEndpoint(Caller caller, String url, List<String> types) {
    String secret = WebhookSecrets.generate();
    long key = key(caller);
    // The id is the sealing's associated data: take it first, then insert under it.
    return db.transaction(conn -> conn.query(MonitorQueries.NEXT_ENDPOINT_ID).execute()
            .compose(seq -> {
              long id = seq.iterator().next().getLong(0);
              return conn.preparedQuery(MonitorQueries.CREATE_ENDPOINT)
                  .execute(Tuple.of(key, url, types.toArray(String[]::new), io.vertx.core.buffer.Buffer.buffer(
                      secrets.seal(secret, id)), utc(clock.instant()), config.webhooks().maxEndpoints(), id));
            }))
        .map(rows -> {
          if (rows.size() == 0) {
            throw ApiError.conflict("LIMIT_REACHED", "This key already has " + config.webhooks().maxEndpoints()
                + " webhook endpoints; delete one first.");
          }
          return endpoint(rows.iterator().next(), secret);
        });
  }

  public Future<Endpoints> endpoints(Caller caller) {
    return db.readPrimary(c -> c.preparedQuery(MonitorQueries.ENDPOINTS).execute(Tuple.of(key(caller))))
        .map(rows -> {
          List<Endpoint> out = new ArrayList<>();
          rows.forEach(r -> out.add(endpoint(r, null)));
          return new Endpoints(out);
        });
  }

  public Future<Endpoint> endpoint(Caller caller, long id) {
    return db.readPrimary(c -> c.preparedQuery(MonitorQueries.ENDPOINT).execute(Tuple.of(id, key(caller))))
        .map(rows -> {
          if (rows.size() == 0) {
            throw noEndpoint();
          }
          return endpoint(rows.iterator().next(), null);
        });
  }

  public Future<Endpoint> enable(Caller caller, long id) {
    return db.write(c -> c.preparedQuery(MonitorQueries.ENABLE_ENDPOINT).execute(Tuple.of(id, key(caller))))
        .map(rows -> {
          if (rows.size() == 0) {
            throw noEndpoint();
          }
          return endpoint(rows.iterator().next(), null);
        });
  }

  public Future<Deleted> deleteEndpoint(Caller caller, long id) {
    return db.write(c -> c.preparedQuery(MonitorQueries.DELETE_ENDPOINT).execute(Tuple.of(id, key(caller))))
        .map(rows -> {
          if (rows.rowCount() == 0) {
            throw noEndpoint();
          }
          return new Deleted(Long.toString(id), true);
        });
  }

  public Future<Deliveries> deliveries(Caller caller, long endpoint, long before, int limit) {
    long key = key(caller);
    return db.transaction(conn -> {
      Future<RowSet<Row>> owner = conn.preparedQuery(MonitorQueries.ENDPOINT).execute(Tuple.of(endpoint, key));
      Future<RowSet<Row>> rows = conn.preparedQuery(MonitorQueries.DELIVERIES).execute(Tuple.of(endpoint, key, before,
          limit));
      return Future.all(owner, rows).map(v -> {
        if (owner.result().size() == 0) {
          throw noEndpoint();
        }
        List<Delivery> out = new ArrayList<>();
        for (Row r : rows.result()) {
          out.add(new Delivery(Long.toString(r.getLong("id")), Long.toString(r.getLong("event_id")),
              r.getString("wallet"), r.getString("state"), r.getInteger("attempts"),
              "pending".equals(r.getString("state")) ? instant(r.getOffsetDateTime("next_attempt_at")) : null,
              instant(r.getOffsetDateTime("last_attempt_at")), r.getInteger("last_status"), r.getString("last_error"),
              instant(r.getOffsetDateTime("delivered_at")), instant(r.getOffsetDateTime("created_at"))));
        }
        String next = out.size() == limit ? out.get(out.size() - 1).id() : null;
        return new Deliveries(out, next);
      });
    });
  }

  /** Sends one delivery again from now (same webhook-id), whatever became of it. */
  public Future<Delivery> replay(Caller caller, long endpoint, long delivery) {
    return db.write(c -> c.preparedQuery(MonitorQueries.REPLAY).execute(Tuple.of(delivery, endpoint, key(caller),
            utc(clock.instant()))))
        .map(rows -> {
          if (rows.size() == 0) {
            throw ApiError.notFound("No such delivery of this endpoint.");
          }
          return new Delivery(Long.toString(delivery), null, null, "pending", 0, clock.instant(), null, null, null,
              null, null);
        });
  }

  private static Endpoint endpoint(Row r, String secret) {
    boolean enabled = r.getOffsetDateTime("disabled_at") == null;
    return new Endpoint(Long.toString(r.getLong("id")), r.getString("url"), Arrays.asList(r.getArrayOfStrings("event_types")),
        instant(r.getOffsetDateTime("created_at")), enabled, instant(r.getOffsetDateTime("disabled_at")),
        r.getString("disabled_reason"), secret);
  }

  private static Watchlist watchlist(Row r) {
    return new Watchlist(Long.toString(r.getLong("id")), r.getString("name"), r.getString("use_case"),
        r.getLong("size"), instant(r.getOffsetDateTime("created_at")), r.getBoolean("screen_transfers"));
  }

  private static ApiError noList() {
    return ApiError.notFound("No such watchlist for this key.");
  }

  private static ApiError noEndpoint() {
    return ApiError.notFound("No such webhook endpoint for this key.");
  }

  static OffsetDateTime utc(Instant i) {
    return i == null ? null : i.atOffset(ZoneOffset.UTC);
  }

  static Instant instant(OffsetDateTime t) {
    return t == null ? null : t.toInstant();
  }

}
