package dev.vouch.interaction;

import dev.vouch.config.AppConfig;
import dev.vouch.config.TokenRegistry;
import dev.vouch.interaction.model.ChainInfo;
import dev.vouch.interaction.model.Cursors;
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

  /** The graph read, one per HTTP verticle on its event loop (bus/Colocation). */
  public static Supplier<InteractionGraphVerticle> reader(Gateway db, AppConfig config, Clock clock, Cursors cursors) {
    List<ChainInfo> catalogue = config.chains().stream()
        .map(c -> new ChainInfo(c.chainId(), c.name(), c.symbol(), c.explorer()))
        .toList();
    InteractionStore store = new InteractionStore(db);
    Duration staleAfter = Duration.ofHours(config.models().staleAfterHours());
    boolean assetDetails = TokenRegistry.hash(config.chains()) != null;
    return () -> new InteractionGraphVerticle(store, catalogue, cursors, clock, staleAfter, assetDetails);
  }
}
