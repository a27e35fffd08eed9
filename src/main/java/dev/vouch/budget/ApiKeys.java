package dev.vouch.budget;

import dev.vouch.budget.model.ApiKeyFormat;
import dev.vouch.budget.model.Plan;
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
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Key lookups on the request path: by SHA-256 through the reactive pool, remembered for the
 * configured time (unknown keys too), so a revoke or suspension takes effect within it.
 */
final class ApiKeys {

  /** A stored key as the edge needs it. */
  record Found(long id, Plan plan, boolean revoked, boolean suspended) {}

  private record Cached(Optional<Found> found, Instant expires) {}

  private static final int MAX_ENTRIES = 10_000;

  private final Gateway db;
  private final Clock clock;
  private final Duration ttl;
  private final Counter lookups;
  private final Map<String, Cached> cache = new ConcurrentHashMap<>();

  ApiKeys(Gateway db, Clock clock, Duration ttl, Counter lookups) {
    this.db = db;
    this.clock = clock;
    this.ttl = ttl;
    this.lookups = lookups;
  }

  /** The key must already be well-formed: malformed keys never reach the database. */
  Future<Optional<Found>> find(String key) {
    byte[] hash = ApiKeyFormat.sha256(key);
    String id = HexFormat.of().formatHex(hash);
    Instant now = clock.instant();
    Cached cached = cache.get(id);
    if (cached != null && now.isBefore(cached.expires())) {
      return Future.succeededFuture(cached.found());
    }
    lookups.increment();
    // A key just created is never refused because a replica has not replayed it yet.
    return db.read(c -> c.preparedQuery(ApiKeyQueries.FIND_BY_HASH).execute(Tuple.of(Buffer.buffer(hash))),
            rows -> rows.size() > 0)
        .map(rows -> map(rows, hash))
        .onSuccess(found -> remember(id, found, now));
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

  private void remember(String id, Optional<Found> found, Instant now) {
    if (ttl.isZero()) {
      return;
    }
    if (cache.size() >= MAX_ENTRIES) {
      cache.values().removeIf(c -> !now.isBefore(c.expires()));
      if (cache.size() >= MAX_ENTRIES) {
        cache.clear(); // a flood of distinct keys; dropping the cache only costs lookups
      }
    }
    cache.put(id, new Cached(found, now.plus(ttl)));
  }
}
