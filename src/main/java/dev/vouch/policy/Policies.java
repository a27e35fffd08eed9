package dev.vouch.policy;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.vouch.decision.model.Policy;
import dev.vouch.decision.model.PolicyRef;
import dev.vouch.error.ApiError;
import dev.vouch.store.Gateway;
import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Customer policies (issue 32 item 3): which version each API key decides with, held in memory
 * the way KeyIndex holds the keys (loaded whole when the channel is listened to, kept by the
 * V121 triggers' NOTIFY, not trusted while the connection is down), and each version compiled
 * once into a {@link Policy} in a Caffeine cache (versions never change, so never invalidated).
 * A caller without a policy costs a map probe; with one, a map probe and a cache hit. Only while
 * the index is not complete does a keyed read ask the database (one primary-key join).
 */
public final class Policies {

  /** The policy a caller decides with: the default (ref null) or a customer's version. */
  public record Effective(Policy policy, PolicyRef ref) {
    public static final Effective DEFAULT = new Effective(Policy.DEFAULT, null);

    /** The policy's numeric id; 0 for the default (how transfer screenings store it, V122). */
    public long id() {
      return ref == null ? 0 : idOf(ref);
    }

    public int version() {
      return ref == null ? 0 : ref.version();
    }
  }

  /** One stored version as GET answers it. */
  public record Stored(PolicyRef ref, String body, Instant createdAt) {}

  /** What a PUT did: a new version, or none when the body equals the version in force. */
  public record Put(Stored stored, boolean created) {}

  private record Held(long policyId, int version, String hash) {}

  private final Gateway db;
  private volatile Map<Long, Held> byKey = new ConcurrentHashMap<>();
  private volatile boolean ready;
  /** Announcements heard while a load runs (policy ids), read again after it; null when none runs. */
  private List<Long> pending;
  private final Cache<String, Policy> compiled = Caffeine.newBuilder().maximumSize(10_000)
      .executor(Runnable::run).build();

  public Policies(Gateway db) {
    this.db = db;
  }

  public static String publicId(long id) {
    return "pol_" + id;
  }

  public static long idOf(PolicyRef ref) {
    return Long.parseLong(ref.id().substring(4));
  }

  /**
   * One stored version, as a screening requested under it names it (null: the default): a
   * pending transfer screening completes with it, whatever the key uses now. Compiled once.
   */
  public Future<Effective> at(PolicyRef ref) {
    if (ref == null) {
      return Future.succeededFuture(Effective.DEFAULT);
    }
    long id = idOf(ref);
    Policy p = compiled.getIfPresent(id + ":" + ref.version());
    if (p != null) {
      return Future.succeededFuture(new Effective(p, ref));
    }
    return version(id, ref.version()).map(s -> new Effective(compile(s), s.ref()));
  }

  static PolicyRef ref(long id, int version, String hash) {
    return new PolicyRef(publicId(id), version, hash);
  }

  /** The policy of a key (null: anonymous, always the default). */
  public Future<Effective> forKey(Long keyId) {
    if (keyId == null) {
      return Future.succeededFuture(Effective.DEFAULT);
    }
    if (ready) {
      Held h = byKey.get(keyId);
      if (h == null) {
        return Future.succeededFuture(Effective.DEFAULT);
      }
      Policy p = compiled.getIfPresent(h.policyId + ":" + h.version);
      if (p != null) {
        return Future.succeededFuture(new Effective(p, ref(h.policyId, h.version, h.hash)));
      }
      return version(h.policyId, h.version).map(s -> new Effective(compile(s), s.ref()));
    }
    return db.read(c -> c.preparedQuery(PolicyQueries.FOR_KEY).execute(Tuple.of(keyId)))
        .map(rows -> stored(rows).map(s -> new Effective(compile(s), s.ref())).orElse(Effective.DEFAULT));
  }

  private Policy compile(Stored s) {
    String key = s.ref().id().substring(4) + ":" + s.ref().version();
    return compiled.get(key, k -> PolicyJson.read(s.body()));
  }

  /** One version by id (cached compiled by the caller). */
  private Future<Stored> version(long policyId, int version) {
    return db.read(c -> c.preparedQuery(PolicyQueries.VERSION).execute(Tuple.of(policyId, version)))
        .map(rows -> stored(rows).orElseThrow(() -> new IllegalStateException("policy version missing")));
  }

  /** GET: the key's policy in force, or {@code version} of it; empty when the key has none. */
  public Future<Optional<Stored>> current(long keyId, Integer version) {
    return version == null
        ? db.readPrimary(c -> c.preparedQuery(PolicyQueries.FOR_KEY).execute(Tuple.of(keyId))).map(Policies::stored)
        : db.readPrimary(c -> c.preparedQuery(PolicyQueries.KEY_VERSION).execute(Tuple.of(keyId, version)))
            .map(Policies::stored);
  }

  /** PUT: a new version of the key's policy (a new policy on its first PUT). */
  public Future<Put> put(long keyId, PolicyJson.Parsed p) {
    return db.transaction(c -> c.preparedQuery(PolicyQueries.LOCK_FOR_KEY).execute(Tuple.of(keyId))
        .compose(rows -> {
          if (rows.size() > 0) {
            Row r = rows.iterator().next();
            return Future.succeededFuture(new Held(r.getLong("id"), r.getInteger("version"), r.getString("hash")));
          }
          return c.query(PolicyQueries.NEW_POLICY).execute()
              .compose(made -> c.preparedQuery(PolicyQueries.ATTACH)
                  .execute(Tuple.of(keyId, made.iterator().next().getLong("id"))))
              .compose(attached -> attached.size() == 0
                  ? Future.failedFuture(ApiError.conflict("CONFLICT", "Another change to this key's policy is"
                      + " running; send it again."))
                  : Future.succeededFuture(new Held(attached.iterator().next().getLong("policy_id"), 0, null)));
        })
        .compose(h -> {
          if (p.hash().equals(h.hash)) {
            return c.preparedQuery(PolicyQueries.VERSION).execute(Tuple.of(h.policyId, h.version))
                .map(rows -> new Put(stored(rows).orElseThrow(), false));
          }
          int next = h.version + 1;
          return c.preparedQuery(PolicyQueries.INSERT_VERSION)
              .execute(Tuple.of(h.policyId, next, p.body(), p.hash(), keyId))
              .compose(rows -> c.preparedQuery(PolicyQueries.MOVE).execute(Tuple.of(h.policyId, next))
                  .map(v -> new Put(new Stored(ref(h.policyId, next, p.hash()), p.body(),
                      rows.iterator().next().getOffsetDateTime("created_at").toInstant()), true)));
        }))
        .onSuccess(put -> held(keyId, put.stored().ref()));
  }

  /** This process's own change is in force here at once (the announcement follows). */
  private void held(long keyId, PolicyRef r) {
    byKey.put(keyId, new Held(Long.parseLong(r.id().substring(4)), r.version(), r.hash()));
  }

  private static Optional<Stored> stored(RowSet<Row> rows) {
    if (rows.size() == 0) {
      return Optional.empty();
    }
    Row r = rows.iterator().next();
    return Optional.of(new Stored(ref(r.getLong("id"), r.getInteger("version"), r.getString("hash")),
        r.getString("body"), r.getOffsetDateTime("created_at").withOffsetSameInstant(ZoneOffset.UTC).toInstant()));
  }

  // The in-memory index: loaded when the channel is listened to, kept by its announcements.

  public Future<Void> load() {
    synchronized (this) {
      ready = false;
      pending = new ArrayList<>();
    }
    return db.readPrimary(c -> c.query(PolicyQueries.ALL_KEYS).execute())
        .compose(rows -> {
          Map<Long, Held> next = new ConcurrentHashMap<>();
          rows.forEach(r -> next.put(r.getLong("key_id"),
              new Held(r.getLong("id"), r.getInteger("version"), r.getString("hash"))));
          List<Long> again;
          synchronized (this) {
            byKey = next;
            again = pending;
            pending = null;
          }
          List<Future<Void>> reread = new ArrayList<>();
          again.forEach(id -> reread.add(reload(id)));
          return Future.all(reread);
        })
        .onSuccess(v -> ready = true)
        .onFailure(t -> {
          synchronized (this) {
            pending = null;
            ready = false;
          }
        })
        .mapEmpty();
  }

  /** A policy changed (V121 NOTIFY payload: its id): its keys are read again. */
  public void announced(String payload) {
    long id;
    try {
      id = Long.parseLong(payload);
    } catch (NumberFormatException e) {
      return;
    }
    synchronized (this) {
      if (pending != null) {
        pending.add(id);
      }
    }
    reload(id).onFailure(t -> lost());
  }

  private Future<Void> reload(long policyId) {
    return db.readPrimary(c -> c.preparedQuery(PolicyQueries.KEYS_OF).execute(Tuple.of(policyId)))
        .map(rows -> {
          // Put before removing, so a key that keeps its policy is never seen without one; an
          // older answer arriving late never moves a key back to an earlier version.
          Map<Long, Held> now = byKey;
          java.util.Set<Long> keys = new java.util.HashSet<>();
          rows.forEach(r -> {
            Held h = new Held(r.getLong("id"), r.getInteger("version"), r.getString("hash"));
            keys.add(r.getLong("key_id"));
            now.merge(r.getLong("key_id"), h, (old, neu) -> old.policyId == neu.policyId && old.version > neu.version
                ? old : neu);
          });
          now.entrySet().removeIf(e -> e.getValue().policyId == policyId && !keys.contains(e.getKey()));
          return null;
        });
  }

  /** The announcements' connection is gone: keyed reads ask the database until the next load. */
  public void lost() {
    ready = false;
  }

  /** Whether the index is complete (tests and the bench wait on it). */
  public boolean ready() {
    return ready;
  }
}
