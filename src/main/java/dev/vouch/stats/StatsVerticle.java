package dev.vouch.stats;

import dev.vouch.bus.Addresses;
import dev.vouch.bus.Failures;
import dev.vouch.config.ChainConfig;
import dev.vouch.stats.model.ChainHealth;
import dev.vouch.store.Gateway;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * GET /api/v1/stats (stats_v0.1): one query, kept for a minute per instance so a busy dashboard
 * costs the database one round trip a minute.
 */
public final class StatsVerticle extends VerticleBase {

  public static final String VERSION = "stats_v0.1";
  static final Duration KEEP = Duration.ofSeconds(60);

  private final Gateway db;
  private final Clock clock;
  private final List<ChainConfig> catalogue;
  private JsonObject cached;
  private Instant cachedAt;
  private Future<JsonObject> loading;

  public StatsVerticle(Gateway db, Clock clock, List<ChainConfig> catalogue) {
    this.db = db;
    this.clock = clock;
    this.catalogue = catalogue;
  }

  @Override
  public Future<?> start() {
    return vertx.eventBus().<Object>consumer(Addresses.STATS_READ, msg -> read()
        .onSuccess(msg::reply)
        .onFailure(t -> Failures.reply(msg, t))).completion();
  }

  private Future<JsonObject> read() {
    Instant now = clock.instant();
    if (cached != null && cachedAt.plus(KEEP).isAfter(now)) {
      return Future.succeededFuture(cached);
    }
    if (loading == null) {
      loading = query(now).onComplete(ar -> {
        loading = null;
        if (ar.succeeded()) {
          cached = ar.result();
          cachedAt = now;
        }
      });
    }
    return loading;
  }

  private Future<JsonObject> query(Instant now) {
    Instant dayAgo = now.minus(Duration.ofDays(1));
    return db.read(c -> c.preparedQuery(StatsQueries.STATS)
            .execute(Tuple.of(OffsetDateTime.ofInstant(dayAgo, ZoneOffset.UTC))))
        .map(rows -> render(rows.iterator().next(), now));
  }

  private JsonObject render(Row r, Instant now) {
    Map<Long, JsonObject> byChain = new HashMap<>();
    Object chains = r.getValue("chains");
    JsonArray rows = chains instanceof JsonArray a ? a : new JsonArray(String.valueOf(chains));
    for (Object o : rows) {
      JsonObject c = (JsonObject) o;
      byChain.put(c.getLong("chain_id"), c);
    }
    JsonArray out = new JsonArray();
    for (ChainConfig chain : catalogue) {
      JsonObject c = byChain.getOrDefault(chain.chainId(), new JsonObject());
      long indexed = c.getLong("indexed", 0L);
      long error = c.getLong("error", 0L);
      long limited = c.getLong("limited", 0L);
      String last = c.getString("last_indexed_at");
      out.add(new JsonObject()
          .put("chain", chain.name())
          .put("chainId", chain.chainId())
          .put("configured", !chain.rpcUrls().isEmpty())
          .put("health", ChainHealth.of(indexed, error, limited).name())
          .put("lastIndexedAt", last == null ? null : OffsetDateTime.parse(last).toInstant().toString())
          .put("indexed", indexed)
          .put("error", error)
          .put("limited", limited));
    }
    return new JsonObject()
        .put("statsVersion", VERSION)
        .put("generatedAt", now.toString())
        .put("wallets", new JsonObject().put("indexed", r.getLong("wallets_indexed")))
        .put("identities", new JsonObject().put("registered", r.getLong("identities")))
        .put("trust", new JsonObject().put("verifiedEdges", r.getLong("trust_edges")))
        .put("receipts", new JsonObject().put("minted", r.getLong("receipts")))
        .put("jobs", new JsonObject()
            .put("queued", r.getLong("jobs_queued"))
            .put("running", r.getLong("jobs_running"))
            .put("failedLastDay", r.getLong("jobs_failed")))
        .put("chains", out);
  }
}
