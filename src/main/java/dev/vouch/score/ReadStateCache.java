package dev.vouch.score;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.vertx.core.Future;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * A short-lived per-process cache of wallets' read state in front of {@link WalletReads}, for
 * callers that read the same wallets over and over (an exchange re-screening its counterparties):
 * a hit spares the primary-key lookup's round trip. Only settled states are kept
 * ({@code cacheable}: a fresh committed snapshot and no run in flight); a baseline or stale
 * wallet, where reads start scans, always reads through.
 * An entry lives at most {@code ttlMillis} of elapsed time: that bounds how late anything is seen
 * (a job queued by another instance, an attestation accepted, a notification lost while the
 * listener reconnects). A commit of the wallet is seen sooner: its NOTIFY drops the entry
 * ({@link #invalidate}), as does a job queued on this instance; a listener reconnect drops them
 * all ({@link #clear}). ttlMillis 0 turns the cache off. Caffeine bounds the size and evicts
 * entries one by one (no cliff where a full cache empties).
 */
public final class ReadStateCache {

  private final WalletReads store;
  private final boolean enabled;
  private final Predicate<WalletState> cacheable;
  private final Cache<String, WalletState> entries;
  /** Bumped by every invalidation: a read that overlapped one is not cached (it may predate the commit). */
  private final AtomicLong epoch = new AtomicLong();

  public ReadStateCache(WalletReads store, long ttlMillis, int maxEntries, Predicate<WalletState> cacheable) {
    this(store, ttlMillis, maxEntries, cacheable, System::nanoTime);
  }

  ReadStateCache(WalletReads store, long ttlMillis, int maxEntries, Predicate<WalletState> cacheable,
      LongSupplier nanos) {
    this.store = store;
    this.enabled = ttlMillis > 0;
    this.cacheable = cacheable;
    this.entries = Caffeine.newBuilder()
        .maximumSize(maxEntries)
        .expireAfterWrite(Duration.ofMillis(Math.max(1, ttlMillis)))
        .ticker(nanos::getAsLong)
        .executor(Runnable::run)   // maintenance on the caller: no pool thread, no surprise in tests
        .build();
  }

  public Future<WalletState> read(String wallet) {
    if (!enabled) {
      return store.read(wallet);
    }
    WalletState known = entries.getIfPresent(wallet);
    if (known != null) {
      return Future.succeededFuture(known);
    }
    long seen = epoch.get();
    return store.read(wallet).onSuccess(state -> {
      if (epoch.get() == seen && cacheable.test(state)) {
        entries.put(wallet, state);
      }
    });
  }

  /** A snapshot of the wallet was committed somewhere. */
  public void invalidate(String wallet) {
    epoch.incrementAndGet();
    entries.invalidate(wallet);
  }

  /** Notifications may have been missed. */
  public void clear() {
    epoch.incrementAndGet();
    entries.invalidateAll();
  }

  long size() {
    entries.cleanUp();
    return entries.estimatedSize();
  }
}
