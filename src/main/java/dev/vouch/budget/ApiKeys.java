package dev.vouch.budget;

import dev.vouch.budget.model.ApiKeyFormat;
import dev.vouch.budget.model.Plan;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.vouch.store.Gateway;
import io.micrometer.core.instrument.Counter;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Key lookups on the request path: by SHA-256 through the reactive pool. Keys found are
 * remembered for the configured time, so a revoke or suspension takes effect within it; keys
 * not found (made up, or not created yet) in a bounded cache of their own for at most
 * {@link #MISS_TTL}, emptied when any key is created ({@link #forgetMisses}), so a key created
 * after a caller tried it works at once.
 */
final class ApiKeys {

  /** A stored key as the edge needs it. */
  record Found(long id, Plan plan, boolean revoked, boolean suspended) {}

  private static final int MAX_ENTRIES = 10_000;
  /** Misses: many distinct made-up keys must not push known keys out, so they have their own bound. */
  private static final int MAX_MISSES = 100_000;
  static final Duration MISS_TTL = Duration.ofSeconds(10);

  private final Gateway db;
  private final Counter found;
  private final Counter missing;
  private final Cache<String, Optional<Found>> misses;
  /**
   * Bounded by size (least recently and frequently used go first, so a flood of distinct keys
   * never empties it) and by age on the injected clock; maintenance runs on the caller's thread.
   */
  private final Cache<String, Optional<Found>> cache;
  /**
   * Keys this process has found to exist (ids only, a day at most): when one falls out of the
   * revocation-bounded cache it is looked up again without a charge to its caller's IP, so a real
   * key is never refused because others behind the same address spent the anonymous budget.
   * Only keys the database returned get here: made-up keys cannot.
   */
  private final Cache<String, Boolean> seen;
  static final Duration SEEN_TTL = Duration.ofHours(24);

  ApiKeys(Gateway db, Clock clock, Duration ttl, Counter found, Counter missing) {
    this(db, clock, ttl, found, missing, MAX_ENTRIES);
  }

  /** Every live key's hash in memory (issue 34 item 7); consulted only while it is ready. */
  private final KeyIndex index = new KeyIndex();

  ApiKeys(Gateway db, Clock clock, Duration ttl, Counter found, Counter missing, int maxEntries) {
    this.db = db;
    this.found = found;
    this.missing = missing;
    this.cache = cache(clock, ttl, ttl.isZero() ? 0 : maxEntries);
    Duration missTtl = ttl.compareTo(MISS_TTL) < 0 ? ttl : MISS_TTL;
    this.misses = cache(clock, missTtl, missTtl.isZero() ? 0 : MAX_MISSES);
    this.seen = Caffeine.newBuilder().maximumSize(MAX_ENTRIES).expireAfterWrite(SEEN_TTL)
        .ticker(() -> clock.millis() * 1_000_000L).executor(Runnable::run).build();
  }

  /**
   * What the in-memory index says of the key: TRUE it exists and is not revoked, FALSE it does
   * not (refused with no lookup), null when the index is not complete (a charged lookup decides).
   */
  Boolean indexed(String key) {
    return index.ready() ? index.contains(id(key)) : null;
  }

  /**
   * Loads the index anew from the primary (a standby may not have replayed a key created a moment
   * ago); announcements heard meanwhile are applied over the rows.
   */
  Future<Void> loadIndex() {
    index.loading();
    return db.readPrimary(c -> c.query(ApiKeyQueries.LIVE_HASHES).execute())
        .onSuccess(rows -> {
          java.util.List<String> hashes = new java.util.ArrayList<>(rows.size());
          rows.forEach(r -> hashes.add(r.getString("hash")));
          index.loaded(hashes);
        })
        .onFailure(t -> index.failed())
        .mapEmpty();
  }

  /**
   * Whether the key becomes live within {@code waitMs}: a key created a moment ago in another
   * process may be refused by the index only because its announcement is still on its way. A
   * made-up key waits the whole bound (a tarpit), with no database lookup.
   */
  Future<Boolean> liveWithin(io.vertx.core.Vertx vertx, String key, long waitMs) {
    String id = id(key);
    io.vertx.core.Promise<Boolean> answer = io.vertx.core.Promise.promise();
    java.util.function.Consumer<Boolean> then = answer::tryComplete;
    index.whenLive(id, then);
    if (!answer.future().isComplete()) {
      vertx.setTimer(Math.max(1, waitMs), t -> index.gaveUp(id, then));
    }
    return answer.future();
  }

  /** Live keys in the index, -1 while it is not complete (a gauge). */
  int indexSize() {
    return index.size();
  }

  /** An announcement of V103: a key created or revoked; a revoked key's cached lookup is dropped at once. */
  void announced(String payload) {
    index.announced(payload, cache::invalidate);
  }

  /** The announcements' connection is gone: the index may go stale, so lookups decide again. */
  void indexLost() {
    index.lost();
  }

  /** Whether this process has found the key in the database before (see {@link #seen}). */
  boolean seenBefore(String key) {
    return seen.getIfPresent(id(key)) != null;
  }

  private static Cache<String, Optional<Found>> cache(Clock clock, Duration ttl, int size) {
    return Caffeine.newBuilder()
        .maximumSize(size)
        .expireAfterWrite(ttl)
        .ticker(() -> clock.millis() * 1_000_000L)
        .executor(Runnable::run)
        .build();
  }

  /** What is remembered of the key without asking the database; null when nothing is. */
  Optional<Found> cached(String key) {
    String id = id(key);
    Optional<Found> known = cache.getIfPresent(id);
    return known != null ? known : misses.getIfPresent(id);
  }

  /** A key was created somewhere: what was remembered as unknown may exist now. */
  void forgetMisses() {
    misses.invalidateAll();
  }

  private static String id(String key) {
    return HexFormat.of().formatHex(ApiKeyFormat.sha256(key));
  }

  /** The key must already be well-formed: malformed keys never reach the database. */
  Future<Optional<Found>> find(String key) {
    Optional<Found> cached = cached(key);
    if (cached != null) {
      return Future.succeededFuture(cached);
    }
    byte[] hash = ApiKeyFormat.sha256(key);
    String id = HexFormat.of().formatHex(hash);
    // A key just created is never refused because a replica has not replayed it yet.
    return db.read(c -> c.preparedQuery(ApiKeyQueries.FIND_BY_HASH).execute(Tuple.of(Buffer.buffer(hash))),
            rows -> rows.size() > 0)
        .map(rows -> map(rows, hash))
        .onSuccess(result -> {
          (result.isPresent() ? found : missing).increment();
          (result.isPresent() ? cache : misses).put(id, result);
          if (result.isPresent()) {
            seen.put(id, Boolean.TRUE);
          }
        });
  }

  private static Optional<Found> map(RowSet<Row> rows, byte[] hash) {
    for (Row row : rows) {
      // The database matched on the hash already; compare again in constant time anyway.
      if (MessageDigest.isEqual(row.getBuffer("key_hash").getBytes(), hash)) {
        return Optional.of(new Found(row.getLong("id"), Plan.valueOf(row.getString("plan")),
            row.getBoolean("revoked"), row.getBoolean("suspended")));
      }
    }
    return Optional.empty();
  }
}
