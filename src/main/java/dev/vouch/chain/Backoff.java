package dev.vouch.chain;

import java.util.random.RandomGenerator;

/** Full-jitter exponential backoff: uniform in [0, min(cap, base * 2^attempt)]. */
final class Backoff {

  static final long CAP_MS = 5_000;

  private Backoff() {}

  static long delayMs(long baseMs, int attempt, long retryAfterMs, RandomGenerator random) {
    long ceiling = Math.min(CAP_MS, baseMs << Math.min(attempt, 20));
    long jittered = ceiling <= 0 ? 0 : random.nextLong(ceiling + 1);
    // A 429's Retry-After is a floor, bounded so one slow provider cannot stall a run.
    return Math.max(jittered, Math.min(retryAfterMs, CAP_MS));
  }
}
