package dev.vouch.interaction;

import dev.vouch.bus.Addresses;
import dev.vouch.bus.Colocation;
import dev.vouch.bus.Failures;
import dev.vouch.interaction.model.ChainInfo;
import dev.vouch.interaction.model.Cursors;
import dev.vouch.interaction.model.GraphModel;
import dev.vouch.interaction.model.GraphRows;
import dev.vouch.interaction.model.InteractionGraph;
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
        : store.page(q.wallet(), snapshot, q.order(), after, q.limit() + 1).map(rows -> new GraphPageCache.Page(rows, null)))
        .map(page -> reply(q, page))
        .onSuccess(msg::reply)
        .onFailure(t -> Failures.reply(msg, t));
  }

  private GraphReply reply(GraphQuery q, GraphPageCache.Page page) {
    GraphPageCache.Rendered rendered = page.rendered();
    if (rendered != null && rendered.bytes() != null) {
      return new GraphReply(null, false, rendered);   // a kept page, served while settled: same bytes
    }
    GraphRows rows = page.rows();
    if (q.cursor() != null && !rows.hasSnapshot()) {
      return new GraphReply(null, true);
    }
    // Built at the request's own time (staleness); a kept page is only kept while not stale.
    InteractionGraph.Data data = GraphModel.build(new GraphModel.Request(q.wallet(), q.order(), q.limit()), rows,
        catalogue, cursors, clock.instant(), staleAfter, assetDetails);
    InteractionGraph.Coverage coverage = data.interactionGraph().coverage();
    boolean fixed = rendered != null && !coverage.stale() && !coverage.indexing();
    return new GraphReply(data, false, fixed ? rendered : null);
  }
}
