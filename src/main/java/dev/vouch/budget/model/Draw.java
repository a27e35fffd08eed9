package dev.vouch.budget.model;

/**
 * Take {@code amount} from the counter at {@code key} unless that would pass {@code limit}; the
 * counter expires {@code ttlSeconds} after it is created (long after its window ends).
 */
public record Draw(String key, long limit, long amount, long ttlSeconds) {}
