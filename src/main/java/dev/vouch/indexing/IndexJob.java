package dev.vouch.indexing;

/**
 * A claimed job: kind intake|refresh|rescan|scheduled|claim|attestation|retry, mode
 * first_index|reindex; round counts the worker's own retries of one outage (0 for the rest);
 * traceparent is the W3C context of what queued it (null when untraced), the job span's parent.
 */
public record IndexJob(long id, String wallet, String kind, String mode, int attempts, int round, String traceparent) {

  public IndexJob(long id, String wallet, String kind, String mode, int attempts, int round) {
    this(id, wallet, kind, mode, attempts, round, null);
  }

  public IndexJob(long id, String wallet, String kind, String mode, int attempts) {
    this(id, wallet, kind, mode, attempts, 0);
  }
}
