package dev.vouch.score;

import io.vertx.core.Future;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * A short-lived per-process cache of wallets' read state in front of {@link SnapshotStore}, for
 * callers that read the same wallets over and over (an exchange re-screening its counterparties).
 * Only settled states are kept ({@code cacheable}: a fresh committed snapshot and no run in
 * flight); a baseline or stale wallet, where reads start scans, always reads through.
 * An entry lives at most {@code ttlMillis} of elapsed time: that bounds how late anything is seen
 * (a job queued by another instance, an attestation accepted, a notification lost while the
 * listener reconnects). A commit of the wallet is seen sooner: its NOTIFY drops the entry
 * ({@link #invalidate}), as does a job queued on this instance; a listener reconnect drops them
 * all ({@link #clear}). ttlMillis 0 turns the cache off.
 */
public final class ReadStateCache {

  private record Entry(WalletState state, long expiresNanos) {}

  private final SnapshotStore store;
  private final long ttlNanos;
  private final int maxEntries;
  private final LongSupplier nanos;
  private final Predicate<WalletState> cacheable;
  private final ConcurrentHashMap<String, Entry> entries = new ConcurrentHashMap<>();
  /** Bumped by every invalidation: a read that overlapped one is not cached (it may predate the commit). */
  private final AtomicLong epoch = new AtomicLong();

  public ReadStateCache(SnapshotStore store, long ttlMillis, int maxEntries, Predicate<WalletState> cacheable) {
    this(store, ttlMillis, maxEntries, cacheable, System::nanoTime);
  }

  ReadStateCache(SnapshotStore store, long ttlMillis, int maxEntries, Predicate<WalletState> cacheable,
      LongSupplier nanos) {
    this.store = store;
    this.ttlNanos = ttlMillis * 1_000_000;
    this.maxEntries = maxEntries;
    this.cacheable = cacheable;
    this.nanos = nanos;
  }

  public Future<WalletState> read(String wallet) {
    if (ttlNanos <= 0) {
      return store.read(wallet);
    }
    long now = nanos.getAsLong();
    Entry e = entries.get(wallet);
    if (e != null && now - e.expiresNanos < 0) {
      return Future.succeededFuture(e.state);
    }
    long seen = epoch.get();
    return store.read(wallet).onSuccess(state -> {
      if (epoch.get() == seen && cacheable.test(state)) {
        put(wallet, state, now);
      }
    });
  }

  private void put(String wallet, WalletState state, long readAt) {
    if (entries.size() >= maxEntries) {
      entries.clear(); // bounded; a miss only costs the round trip the cache saves
    }
    entries.put(wallet, new Entry(state, readAt + ttlNanos));
  }

  /** A snapshot of the wallet was committed somewhere. */
  public void invalidate(String wallet) {
    epoch.incrementAndGet();
    entries.remove(wallet);
  }

  /** Notifications may have been missed. */
  public void clear() {
    epoch.incrementAndGet();
    entries.clear();
  }

  int size() {
    return entries.size();
  }
}
