package dev.vouch.interaction;

import com.github.benmanes.caffeine.cache.Cache;
import dev.vouch.interaction.model.GraphOrder;
import dev.vouch.interaction.model.GraphRows;
import dev.vouch.score.ReadStateCache;
import dev.vouch.store.StoreException;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;
import io.vertx.core.Future;
import java.time.Duration;
import java.util.function.Predicate;

/**
 * Per-process cache of interaction graph first pages (issue 26 item 1): the rows one page read
 * found ({@link GraphRows}), per wallet, order and page size; the answer is still built per
 * request, so freshness and staleness follow the request's own time.
 *
 * <p>Kept true by the read cache's announcements ({@link ReadStateCache}, V91), nothing of its
 * own: what a first page shows changes only with a wallet_reads row that is rewritten (and so
 * announced) with it. The wallet's own row covers its latest snapshot (whose graph rows are
 * written before the pointer moves and never pruned while latest), its run in flight
 * ("indexing") and its trust edges (verified peers); each node's row covers the node's username.
 * An entry is served only while none of those addresses was announced or dropped since its read
 * ({@link ReadStateCache#unchangedSince}), so a gap or a lost listener drops every page too, and
 * this instance's own writes (WalletsChanged) are seen at once. Off when the read cache is off.
 */
public final class GraphPageCache {

  static final String NAME = "interaction_graph";

  private final InteractionStore store;
  private final InteractionStore fills;
  private final ReadStateCache reads;
  private final boolean enabled;
  private final Predicate<GraphRows> settled;
  private final Cache<Key, Entry> entries;

  private record Key(String wallet, GraphOrder order, int fetch) {}

  /**
   * The rows, the read's stamp, every address whose announcement would change them, and the
   * answer's bytes once encoded.
   */
  private record Entry(GraphRows rows, long stamp, String[] addresses, Rendered rendered) {}

  /**
   * A kept page's encoded answer. While the page is served (settled: not stale, no run in flight)
   * nothing in its answer depends on the request (the envelope is fixed, the cursor is a keyed hash
   * of the page), so it is encoded once, by the edge, and sent as is afterwards.
   */
  public static final class Rendered {
    private volatile byte[] bytes;

    public byte[] bytes() {
      return bytes;
    }

    public void keep(byte[] encoded) {
      bytes = encoded;
    }
  }

  /** A first page's rows, and the slot of its encoded answer when the page is kept (else null). */
  public record Page(GraphRows rows, Rendered rendered) {}

  /**
   * @param store reads when nothing may be kept
   * @param fills reads that are kept: on the primary when replicas serve reads (a replica behind
   *     an announced commit would keep the page from before it)
   * @param maxEntries pages at most; 0 turns the cache off
   * @param maxBytes estimated bytes of the pages at most
   * @param maxAge longest a page is kept (0: until announced or evicted), the read cache's backstop
   * @param settled which pages are kept and served, tested at both, as the read cache's rows are:
   *     a snapshot, fresh at the request's time, and no run in flight (those change soon)
   */
  public GraphPageCache(InteractionStore store, InteractionStore fills, ReadStateCache reads, int maxEntries,
      long maxBytes, Duration maxAge, Predicate<GraphRows> settled) {
    this.store = store;
    this.settled = settled;
    this.fills = fills;
    this.reads = reads;
    this.enabled = maxEntries > 0 && maxBytes > 0;
    this.entries = ReadStateCache.bounded(maxEntries, maxBytes, maxAge, (Entry v) -> bytes(v.rows()));
  }

  /** Reads straight through, keeps nothing. */
  public static GraphPageCache off(InteractionStore store, ReadStateCache reads) {
    return new GraphPageCache(store, store, reads, 0, 0, Duration.ZERO, rows -> false);
  }

  /** Hits, misses, evictions, size and weight (cache_* tagged cache=interaction_graph). */
  public GraphPageCache bind(MeterRegistry registry) {
    CaffeineCacheMetrics.monitor(registry, entries, NAME);
    return this;
  }

  /** A first page (the wallet's latest snapshot, from the start), {@code fetch} nodes at most. */
  public Future<Page> firstPage(String wallet, GraphOrder order, int fetch) {
    long stamp = enabled ? reads.stamp() : -1;
    if (stamp < 0) {
      return store.page(wallet, null, order, "", fetch).map(rows -> new Page(rows, null));
    }
    Key key = new Key(wallet, order, fetch);
    Entry known = entries.getIfPresent(key);
    if (known != null) {
      if (settled.test(known.rows()) && unchanged(known.addresses(), known.stamp())) {
        return Future.succeededFuture(new Page(known.rows(), known.rendered()));
      }
      entries.asMap().remove(key, known);   // announced since, or gone stale with time: read again
    }
    Future<Page> filled = fills.page(wallet, null, order, "", fetch).map(rows -> {
      Entry e = new Entry(rows, stamp, addresses(wallet, rows), new Rendered());
      // A drop that overlapped the read may mean the rows are from before it: answered, not kept.
      if (settled.test(rows) && unchanged(e.addresses(), stamp)) {
        entries.put(key, e);
        return new Page(rows, e.rendered());
      }
      return new Page(rows, null);
    });
    if (fills == store) {
      return filled;
    }
    // The primary cannot answer (a failover): read as any read, where a replica may serve it.
    return filled.recover(t -> t instanceof StoreException se && se.kind() == StoreException.Kind.UNAVAILABLE
        ? store.page(wallet, null, order, "", fetch).map(rows -> new Page(rows, null)) : Future.failedFuture(t));
  }

  private boolean unchanged(String[] addresses, long stamp) {
    for (String a : addresses) {
      if (!reads.unchangedSince(a, stamp)) {
        return false;
      }
    }
    return true;
  }

  private static String[] addresses(String wallet, GraphRows rows) {
    String[] out = new String[rows.nodes().size() + 1];
    out[0] = wallet;
    for (int i = 0; i < rows.nodes().size(); i++) {
      out[i + 1] = rows.nodes().get(i).address();
    }
    return out;
  }

  long size() {
    entries.cleanUp();
    return entries.estimatedSize();
  }

  /** A rough estimate of a page's heap bytes (the weight bound): its records, strings and numbers. */
  static long bytes(GraphRows rows) {
    // The rows, and about as much again for the encoded answer.
    long b = 300 + 160L * rows.coverage().size();
    for (GraphRows.NodeRow n : rows.nodes()) {
      b += 200 + (n.username() == null ? 0 : 48 + n.username().length()) + 200L * n.chains().size()
          + 320L * n.assets().size();
    }
    return 2 * b;
  }
}
