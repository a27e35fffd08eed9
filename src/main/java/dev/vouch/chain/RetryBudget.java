package dev.vouch.chain;

import java.util.Arrays;
import java.util.function.LongSupplier;

/**
 * One provider's retry budget: over a sliding window (ten slices), retries may number at most
 * {@code floor + ratio x first tries}. Parallel batch chunks and concurrent runs that fail at
 * once share it, so an outage costs the provider a fraction more calls, not rpcRetries times as
 * many. The floor lets a lone call on a quiet provider use all its retries. Thread-safe.
 */
final class RetryBudget {

  private static final int SLICES = 10;

  private final double ratio;
  private final int floor;
  private final long sliceNanos;
  private final LongSupplier nanoTime;
  private final long[] epochs = new long[SLICES];
  private final long[] calls = new long[SLICES];
  private final long[] retries = new long[SLICES];

  RetryBudget(double ratio, int floor, long windowMs, LongSupplier nanoTime) {
    this.ratio = ratio;
    this.floor = floor;
    this.sliceNanos = Math.max(1, windowMs * 1_000_000 / SLICES);
    this.nanoTime = nanoTime;
    Arrays.fill(epochs, Long.MIN_VALUE);
  }

  /** A first try went out. */
  synchronized void deposit() {
    calls[slice()]++;
  }

  /** Whether one more retry fits the budget; if it does, it is counted. */
  synchronized boolean tryWithdraw() {
    int now = slice();
    long epoch = epochs[now];
    long c = 0;
    long r = 0;
    for (int i = 0; i < SLICES; i++) {
      if (epochs[i] > epoch - SLICES) {
        c += calls[i];
        r += retries[i];
      }
    }
    if (r + 1 > floor + ratio * c) {
      return false;
    }
    retries[now]++;
    return true;
  }

  /** The current slice, emptied when its epoch has passed. */
  private int slice() {
    long epoch = Math.floorDiv(nanoTime.getAsLong(), sliceNanos);
    int i = (int) Math.floorMod(epoch, (long) SLICES);
    if (epochs[i] != epoch) {
      epochs[i] = epoch;
      calls[i] = 0;
      retries[i] = 0;
    }
    return i;
  }
}
