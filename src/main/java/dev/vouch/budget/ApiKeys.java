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
 * Key lookups on the request path: by SHA-256 through the reactive pool, remembered for the
 * configured time (unknown keys too), so a revoke or suspension takes effect within it.
 */
final class ApiKeys {

  /** A stored key as the edge needs it. */
  record Found(long id, Plan plan, boolean revoked, boolean suspended) {}

  private static final int MAX_ENTRIES = 10_000;

  private final Gateway db;
  private final Counter lookups;
  /**
   * Bounded by size (least recently and frequently used go first, so a flood of distinct keys
   * never empties it) and by age on the injected clock; maintenance runs on the caller's thread.
   */
  private final Cache<String, Optional<Found>> cache;

  ApiKeys(Gateway db, Clock clock, Duration ttl, Counter lookups) {
    this(db, clock, ttl, lookups, MAX_ENTRIES);
  }

  ApiKeys(Gateway db, Clock clock, Duration ttl, Counter lookups, int maxEntries) {
    this.db = db;
    this.lookups = lookups;
    this.cache = Caffeine.newBuilder()
        .maximumSize(ttl.isZero() ? 0 : maxEntries)
        .expireAfterWrite(ttl)
        .ticker(() -> clock.millis() * 1_000_000L)
        .executor(Runnable::run)
        .build();
  }

  /** The key must already be well-formed: malformed keys never reach the database. */
  Future<Optional<Found>> find(String key) {
    byte[] hash = ApiKeyFormat.sha256(key);
    String id = HexFormat.of().formatHex(hash);
    Optional<Found> cached = cache.getIfPresent(id);
    if (cached != null) {
      return Future.succeededFuture(cached);
    }
    lookups.increment();
    // A key just created is never refused because a replica has not replayed it yet.
    return db.read(c -> c.preparedQuery(ApiKeyQueries.FIND_BY_HASH).execute(Tuple.of(Buffer.buffer(hash))),
            rows -> rows.size() > 0)
        .map(rows -> map(rows, hash))
        .onSuccess(found -> cache.put(id, found));
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
