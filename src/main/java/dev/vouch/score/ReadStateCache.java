package dev.vouch.score;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;
import io.vertx.core.Future;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import java.util.logging.Logger;

/**
 * Per-process cache of read-model rows ({@code wallet_reads}, as {@link WalletState}) in front of
 * {@link WalletReads}, kept true by the write side (issue 26): a statement that rewrites rows
 * announces their addresses on channel {@code vouch_reads} when its transaction commits (V91), the
 * listener hands each batch to {@link #announced}, and those wallets are dropped. A hole in a
 * writer session's announcement numbers, or the listening connection lost or silent (its heartbeat
 * not back within the bound: indexing/SnapshotNotifications), drops everything: from {@link #lost}
 * until {@link #listening} reads go straight to the database and nothing is kept.
 * Wallets this instance changed itself are dropped by the writer before it answers
 * ({@link #invalidate}), so the committing instance sees its own commit at once.
 *
 * <p>The state is the row, not a decision: the decision model and screening still run per request
 * with the request's own time. Bounded by entries and by an estimate of their bytes (Caffeine
 * evicts one by one, never the whole cache); {@code maxAge} is a backstop (0: none).
 *
 * <p>A read that overlapped a drop of its wallet (or of everything) is answered but not kept: it
 * may carry the row from before the commit. Drops are marked by stripe, so the check is a fixed
 * array, not a map that grows with the write rate; two wallets sharing a stripe only cost a fill.
 */
public final class ReadStateCache {

  private static final Logger LOG = Logger.getLogger(ReadStateCache.class.getName());

  /** Micrometer names (Prometheus: vouch_read_cache_drops_total and the cache_* series tagged cache=wallet_reads). */
  public static final String DROPS = "vouch.read_cache.drops";
  public static final String ANNOUNCED = "vouch.read_cache.announced";
  static final String NAME = "wallet_reads";

  private static final int STRIPES = 1 << 14;
  /** Sessions whose numbers are followed; past this the record restarts (a hole then goes unseen once). */
  private static final int MAX_SESSIONS = 10_000;

  private final WalletReads store;
  private final WalletReads fills;
  private final boolean enabled;
  private final Predicate<WalletState> settled;
  private final Cache<String, WalletState> entries;
  private final AtomicLong epoch = new AtomicLong();
  private final AtomicLong clearedAt = new AtomicLong();
  private final AtomicLongArray droppedAt = new AtomicLongArray(STRIPES);
  private volatile boolean listening;
  /** Last announcement number per writer session (guarded by this). */
  private final Map<String, Long> sequences = new HashMap<>();
  private Counter lostDrops;
  private Counter heartbeatDrops;
  private Counter gapDrops;
  private Counter resumedDrops;
  private Counter announcedWallets;

  /**
   * @param store reads for callers outside the cache (off, or not listening)
   * @param fills reads that fill the cache: they must see every commit already announced (the
   *     primary when replicas serve reads)
   * @param maxEntries entries at most; 0 turns the cache off
   * @param maxBytes estimated bytes of the entries at most
   * @param maxAge longest an entry is kept (0: until dropped or evicted)
   * @param settled which states are kept and served, tested at both (a fresh snapshot and no run
   *     in flight: a baseline or stale wallet starts scans and changes soon, so it reads through)
   */
  public ReadStateCache(WalletReads store, WalletReads fills, int maxEntries, long maxBytes, Duration maxAge,
      Predicate<WalletState> settled) {
    this(store, fills, maxEntries, maxBytes, maxAge, settled, System::nanoTime);
  }

  ReadStateCache(WalletReads store, WalletReads fills, int maxEntries, long maxBytes, Duration maxAge,
      Predicate<WalletState> settled, LongSupplier nanos) {
    this.store = store;
    this.fills = fills;
    this.settled = settled;
    this.enabled = maxEntries > 0 && maxBytes > 0;
    this.entries = bounded(maxEntries, maxBytes, maxAge, nanos, ReadStateCache::bytes);
  }

  /**
   * A cache bounded by entries and by bytes at once (this one, and the graph's first pages): each
   * entry weighs at least {@code maxBytes / maxEntries}, so the weight bound also bounds the
   * count; maintenance runs on the caller, so no pool thread sits behind an event loop.
   */
  public static <K, V> Cache<K, V> bounded(int maxEntries, long maxBytes, Duration maxAge, ToLongFunction<V> bytes) {
    return bounded(maxEntries, maxBytes, maxAge, System::nanoTime, bytes);
  }

  static <K, V> Cache<K, V> bounded(int maxEntries, long maxBytes, Duration maxAge, LongSupplier nanos,
      ToLongFunction<V> bytes) {
    long floor = Math.max(1, maxBytes / Math.max(1, maxEntries));
    Caffeine<Object, Object> builder = Caffeine.newBuilder()
        .maximumWeight(Math.max(1, maxBytes))
        .ticker(nanos::getAsLong)
        .executor(Runnable::run)
        .recordStats();
    if (!maxAge.isZero()) {
      builder.expireAfterWrite(maxAge);
    }
    return builder
        .<K, V>weigher((k, v) -> (int) Math.min(Integer.MAX_VALUE, Math.max(floor, bytes.applyAsLong(v))))
        .build();
  }

  /** Reads straight through, keeps nothing (tests, tools). */
  public static ReadStateCache off(WalletReads store) {
    return new ReadStateCache(store, store, 0, 0, Duration.ZERO, s -> false);
  }

  /** Hits, misses, evictions, size and weight (cache_* tagged cache=wallet_reads), and the drops by reason. */
  public ReadStateCache bind(MeterRegistry registry) {
    CaffeineCacheMetrics.monitor(registry, entries, NAME);
    lostDrops = drops(registry, "lost");
    heartbeatDrops = drops(registry, "heartbeat");
    gapDrops = drops(registry, "gap");
    resumedDrops = drops(registry, "resubscribed");
    announcedWallets = Counter.builder(ANNOUNCED)
        .description("wallets whose read-model rows other writers announced as rewritten").register(registry);
    return this;
  }

  private static Counter drops(MeterRegistry registry, String reason) {
    return Counter.builder(DROPS).tag("reason", reason)
        .description("times the whole read cache was dropped, by reason").register(registry);
  }

  public Future<WalletState> read(String wallet) {
    if (!enabled || !listening) {
      return store.read(wallet);
    }
    WalletState known = entries.getIfPresent(wallet);
    if (known != null) {
      if (settled.test(known)) {
        return Future.succeededFuture(known);
      }
      entries.invalidate(wallet);   // gone stale with time: read again, keep only if settled
    }
    long seen = epoch.get();
    return filling(fills.read(wallet).onSuccess(state -> keep(wallet, state, seen)), () -> store.read(wallet));
  }

  /**
   * A fill the primary cannot answer (frozen, stopped: a failover) is read as any read, where a
   * replica may serve it, and is not kept: only the primary's rows are known to follow every
   * announcement.
   */
  private <T> Future<T> filling(Future<T> filled, java.util.function.Supplier<Future<T>> through) {
    if (fills == store) {
      return filled;
    }
    return filled.recover(t -> t instanceof dev.vouch.store.StoreException se
        && se.kind() == dev.vouch.store.StoreException.Kind.UNAVAILABLE ? through.get() : Future.failedFuture(t));
  }

  /**
   * {@link WalletReads#resolve} through the cache: addresses found here are answered from memory,
   * the misses and every username are read in one statement (none when all addresses hit).
   */
  public Future<List<Resolved>> resolve(List<Lookup> lookups) {
    if (!enabled || !listening) {
      return store.resolve(lookups);
    }
    Resolved[] out = new Resolved[lookups.size()];
    List<Lookup> missed = new ArrayList<>();
    List<Integer> at = new ArrayList<>();
    for (int i = 0; i < out.length; i++) {
      Lookup l = lookups.get(i);
      WalletState known = l.wallet() == null ? null : entries.getIfPresent(l.wallet());
      if (known != null && settled.test(known)) {
        out[i] = Resolved.found(known);
      } else {
        missed.add(l);
        at.add(i);
      }
    }
    if (missed.isEmpty()) {
      return Future.succeededFuture(List.of(out));
    }
    long seen = epoch.get();
    Future<List<Resolved>> filled = fills.resolve(missed).map(found -> {
      for (int j = 0; j < found.size(); j++) {
        Resolved r = found.get(j);
        out[at.get(j)] = r;
        if (r.failure() == null && !r.unknownUsername()) {
          keep(r.state().wallet(), r.state(), seen);
        }
      }
      return List.of(out);
    });
    return filling(filled, () -> store.resolve(missed).map(found -> {
      for (int j = 0; j < found.size(); j++) {
        out[at.get(j)] = found.get(j);
      }
      return List.of(out);
    }));
  }

  /** {@link WalletReads#resolve} past the cache, on the servers that fill it; keeps nothing. */
  public Future<List<Resolved>> resolveFresh(List<Lookup> lookups) {
    return enabled ? filling(fills.resolve(lookups), () -> store.resolve(lookups)) : store.resolve(lookups);
  }

  /** Keeps a state read when the epoch was {@code seen}, unless a drop overlapped the read. */
  void keep(String wallet, WalletState state, long seen) {
    if (!settled.test(state) || !current(wallet, seen)) {
      return;
    }
    entries.put(wallet, state);
    // A drop that marked after the check above removes this entry itself; one that marked before
    // it but was not seen there is seen here, and the entry goes.
    if (!current(wallet, seen)) {
      entries.invalidate(wallet);
    }
  }

  /**
   * For caches of other reads kept true by the same announcements (interaction/GraphPageCache):
   * the point a read that may be kept starts at, or -1 when nothing may be kept (off, or not
   * listening). Pass it to {@link #unchangedSince} when the read is kept and whenever it is served.
   */
  public long stamp() {
    return enabled && listening ? epoch.get() : -1;
  }

  /**
   * No announcement or drop of the address (nor of everything) came after {@code stamp}, and the
   * cache still listens: what was read at the stamp about this address still holds.
   */
  public boolean unchangedSince(String address, long stamp) {
    return stamp >= 0 && current(address, stamp);
  }

  private boolean current(String wallet, long seen) {
    return listening && clearedAt.get() <= seen && droppedAt.get(stripe(wallet)) <= seen;
  }

  private static int stripe(String wallet) {
    return (wallet.hashCode() & 0x7fffffff) % STRIPES;
  }

  /** This instance changed the wallet (its writer calls this after the commit, before answering). */
  public void invalidate(String wallet) {
    dropped(wallet, nextEpoch());
  }

  long nextEpoch() {
    return epoch.incrementAndGet();
  }

  /**
   * Marks the wallet's stripe dropped at {@code at}, then drops its entry (keep relies on that
   * order). The mark only rises: two drops may store their numbers out of the order they took
   * them, and an older number stored last would pass a fill that overlapped the newer drop.
   */
  void dropped(String wallet, long at) {
    droppedAt.accumulateAndGet(stripe(wallet), at, Math::max);
    entries.invalidate(wallet);
  }

  /** Marks everything dropped at {@code at} (only rising, as {@link #dropped}), then drops the entries. */
  void cleared(long at) {
    clearedAt.accumulateAndGet(at, Math::max);
    entries.invalidateAll();
  }

  /**
   * A notification on vouch_reads: {@code <session>:<seq>:<address>,...} (V91). Its wallets are
   * dropped; a number out of turn for a session seen before drops everything. Synchronized with
   * {@link #listening} and {@link #lost}: their bus consumers may run on different event loops.
   */
  public synchronized void announced(String payload) {
    int first = payload.indexOf(':');
    int second = first < 0 ? -1 : payload.indexOf(':', first + 1);
    if (second < 0) {
      LOG.warning(() -> "unreadable read-model announcement; dropping the read cache: " + payload);
      dropAll(gapDrops);
      return;
    }
    String session = payload.substring(0, first);
    long seq;
    try {
      seq = Long.parseLong(payload.substring(first + 1, second));
    } catch (NumberFormatException e) {
      dropAll(gapDrops);
      return;
    }
    if (sequences.size() >= MAX_SESSIONS && !sequences.containsKey(session)) {
      sequences.clear();
    }
    Long last = sequences.put(session, seq);
    if (last != null && seq != last + 1) {
      LOG.warning(() -> "read-model announcement " + seq + " of session " + session + " after " + last
          + ": some were lost; dropping the read cache");
      dropAll(gapDrops);
    }
    int n = 0;
    int from = second + 1;
    while (from < payload.length()) {
      int comma = payload.indexOf(',', from);
      int end = comma < 0 ? payload.length() : comma;
      invalidate(payload.substring(from, end));
      n++;
      from = end + 1;
    }
    if (announcedWallets != null) {
      announcedWallets.increment(n);
    }
  }

  /** The listener (re)subscribed: anything announced while it was away is unknown. */
  public synchronized void listening() {
    sequences.clear();
    dropAll(resumedDrops);
    listening = true;
  }

  /** The listening connection is gone: drop everything and keep nothing until it is back. */
  public void lost() {
    lost(false);
  }

  /**
   * The same, {@code silent}: the connection did not bring its heartbeat back in time (half-open:
   * nothing closed it, and announcements may be stuck in it).
   */
  public synchronized void lost(boolean silent) {
    listening = false;
    dropAll(silent ? heartbeatDrops : lostDrops);
  }

  /** Everything may be out of date. */
  public void clear() {
    dropAll(null);
  }

  private void dropAll(Counter reason) {
    cleared(nextEpoch());
    if (reason != null) {
      reason.increment();
    }
  }

  boolean isListening() {
    return listening;
  }

  long size() {
    entries.cleanUp();
    return entries.estimatedSize();
  }

  /**
   * A rough estimate of an entry's heap bytes (the weight bound): the objects of a state, its
   * strings, edges and lists; coverage records are shared across wallets and not counted.
   */
  static long bytes(WalletState s) {
    long b = 200 + str(s.wallet()) + str(s.username()) + 120 + str(s.trustSubject().funder());
    if (s.snapshot().isPresent()) {
      var snap = s.snapshot().get();
      b += 400 + str(snap.scoreModelVersion()) + 16L * snap.coverage().size();
      for (String c : snap.activeChains()) {
        b += 16 + str(c);
      }
      b += 90L * snap.flaggedLists().size();
    }
    b += 280L * s.trustEdges().size();
    return b;
  }

  private static long str(String s) {
    return s == null ? 0 : 48 + s.length();
  }
}
