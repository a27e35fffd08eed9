package dev.vouch.interaction;

import dev.vouch.config.AppConfig;
import dev.vouch.config.TokenRegistry;
import dev.vouch.interaction.model.ChainInfo;
import dev.vouch.interaction.model.Cursors;
import dev.vouch.score.ReadStateCache;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import dev.vouch.store.Gateway;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Supplier;

/** Wires the interaction graph read (roles api and all). */
public final class Interaction {

  /** Records this capability sends over the event bus (local codec). */
  public static final List<Class<?>> BUS_TYPES = List.of(GraphQuery.class, GraphReply.class);

  private Interaction() {}

  /** The cursor codec: the configured key, else the one the V4 migration generated in the database. */
  public static Future<Cursors> cursors(Gateway db, AppConfig config) {
    String key = config.graph().cursorKey();
    if (key != null && !key.isEmpty()) {
      return Future.succeededFuture(new Cursors(HexFormat.of().parseHex(key)));
    }
    return new InteractionStore(db).generatedCursorKey().map(Cursors::new);
  }

  /**
   * The graph read, one per HTTP verticle on its event loop (bus/Colocation), all sharing one
   * first-page cache kept true by the read cache's announcements (off when that cache is off).
   */
  public static Supplier<InteractionGraphVerticle> reader(Gateway db, AppConfig config, Clock clock, Cursors cursors,
      ReadStateCache reads, MeterRegistry registry) {
    List<ChainInfo> catalogue = config.chains().stream()
        .map(c -> new ChainInfo(c.chainId(), c.name(), c.symbol(), c.explorer()))
        .toList();
    InteractionStore store = new InteractionStore(db);
    Duration staleAfter = Duration.ofHours(config.models().staleAfterHours());
    int cacheMillis = config.database().readCacheMillis();
    // Kept as the read cache keeps rows: a fresh snapshot and no run in flight.
    GraphPageCache firstPages = new GraphPageCache(store,
        new InteractionStore(db, !config.database().replicaUrls().isEmpty()), reads,
        cacheMillis > 0 ? config.readModel().graphCacheEntries() : 0,
        config.readModel().graphCacheMegabytes() * 1024L * 1024L, Duration.ofMillis(Math.max(0, cacheMillis)),
        rows -> rows.hasSnapshot() && !rows.indexing() && !rows.committedAt().plus(staleAfter).isBefore(clock.instant()))
        .bind(registry);
    boolean assetDetails = TokenRegistry.hash(config.chains()) != null;
    return () -> new InteractionGraphVerticle(store, firstPages, catalogue, cursors, clock, staleAfter, assetDetails);
  }
}
