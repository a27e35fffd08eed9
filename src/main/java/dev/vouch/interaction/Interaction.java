package dev.vouch.interaction;

import dev.vouch.config.AppConfig;
import dev.vouch.interaction.model.ChainInfo;
import dev.vouch.interaction.model.Cursors;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import dev.vouch.store.Gateway;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;

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

  public static Future<?> deploy(Vertx vertx, Gateway db, AppConfig config, Clock clock, Cursors cursors,
      int instances) {
    List<ChainInfo> catalogue = config.chains().stream()
        .map(c -> new ChainInfo(c.chainId(), c.name(), c.symbol(), c.explorer()))
        .toList();
    InteractionStore store = new InteractionStore(db);
    Duration staleAfter = Duration.ofHours(config.models().staleAfterHours());
    return vertx.deployVerticle(() -> new InteractionGraphVerticle(store, catalogue, cursors, clock, staleAfter),
        new DeploymentOptions().setInstances(instances));
  }
}
