package dev.vouch.interaction;

import dev.vouch.bus.Addresses;
import dev.vouch.bus.Colocation;
import dev.vouch.bus.Failures;
import dev.vouch.interaction.model.ChainInfo;
import dev.vouch.interaction.model.Cursors;
import dev.vouch.interaction.model.GraphModel;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.Message;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * Answers interaction graph reads (the graph's pages) from committed snapshots; database only,
 * never starts indexing. One is hosted on each HTTP verticle's event loop (bus/Colocation).
 */
public final class InteractionGraphVerticle extends VerticleBase {

  private final InteractionStore store;
  private final GraphPageCache firstPages;
  private final List<ChainInfo> catalogue;
  private final Cursors cursors;
  private final Clock clock;
  private final Duration staleAfter;
  private final boolean assetDetails;

  /**
   * @param firstPages first pages (no cursor) through the page cache, shared by every instance
   * @param assetDetails a token registry is configured, so snapshots carry registered-token evidence
   */
  public InteractionGraphVerticle(InteractionStore store, GraphPageCache firstPages, List<ChainInfo> catalogue,
      Cursors cursors, Clock clock, Duration staleAfter, boolean assetDetails) {
    this.store = store;
    this.firstPages = firstPages;
    this.catalogue = catalogue;
    this.cursors = cursors;
    this.clock = clock;
    this.staleAfter = staleAfter;
    this.assetDetails = assetDetails;
  }

  @Override
  public Future<?> start() {
    return Colocation.<GraphQuery>consumer(vertx, Addresses.INTERACTION_GRAPH_READ, this::read).completion();
  }

  private void read(Message<GraphQuery> msg) {
    GraphQuery q = msg.body();
    Long snapshot = q.cursor() == null ? null : q.cursor().snapshotId();
    String after = q.cursor() == null ? "" : q.cursor().after();
    // One node more than the page tells whether another page exists.
    (q.cursor() == null ? firstPages.firstPage(q.wallet(), q.order(), q.limit() + 1)
        : store.page(q.wallet(), snapshot, q.order(), after, q.limit() + 1))
        // Built per request: freshness and staleness are the request's own time.
        .map(rows -> q.cursor() != null && !rows.hasSnapshot()
            ? new GraphReply(null, true)
            : new GraphReply(GraphModel.build(new GraphModel.Request(q.wallet(), q.order(), q.limit()), rows,
                catalogue, cursors, clock.instant(), staleAfter, assetDetails), false))
        .onSuccess(msg::reply)
        .onFailure(t -> Failures.reply(msg, t));
  }
}
