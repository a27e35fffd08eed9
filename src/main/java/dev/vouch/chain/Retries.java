package dev.vouch.chain;

import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The one retry policy of provider calls (RPC and explorers), on Resilience4j Retry: the library
 * counts attempts against {@code retries} and asks {@link Backoff} for each wait (full jitter,
 * a 429's Retry-After as a floor); the provider's retry budget ({@link ProviderGuard#mayRetry})
 * has the last word, asked only when the library would retry, so a spent call costs it nothing.
 */
final class Retries {

  private static final Map<Long, Retry> POLICIES = new ConcurrentHashMap<>();

  private Retries() {}

  /** The attempts of one call. */
  static Retry.AsyncContext<Object> start(int retries, int backoffMs) {
    return POLICIES.computeIfAbsent(((long) retries << 32) | backoffMs, k -> Retry.of("provider", RetryConfig.custom()
        .maxAttempts(retries + 1)
        // Every failure counts as an attempt; which ones are worth waiting for is decided by the caller.
        .retryOnException(t -> true)
        .failAfterMaxAttempts(false)
        .intervalBiFunction((attempt, outcome) -> Backoff.delayMs(backoffMs, attempt - 1,
            outcome.isLeft() && outcome.getLeft() instanceof RpcException e ? e.retryAfterMs() : 0,
            ThreadLocalRandom.current()))
        .build())).asyncContext();
  }

  /** Counts a failure that moves on without waiting (an answer that rotates to another URL). */
  static void moveOn(Retry.AsyncContext<Object> attempts, RpcException e) {
    attempts.onError(e);
  }

  /**
   * The wait before trying a retryable failure again (at least 1 ms), or -1: attempts spent, or
   * the provider's retry budget refused.
   */
  static long next(Retry.AsyncContext<Object> attempts, RpcException e, ProviderGuard guard) {
    long delay = attempts.onError(e);
    if (delay < 0 || !guard.mayRetry()) {
      return -1;
    }
    return Math.max(1, delay);
  }
}
