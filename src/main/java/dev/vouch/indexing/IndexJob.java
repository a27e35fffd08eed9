package dev.vouch.indexing;

/**
 * A claimed job: kind intake|refresh|rescan|scheduled|claim|attestation|retry, mode
 * first_index|reindex; round counts the worker's own retries of one outage (0 for the rest).
 */
public record IndexJob(long id, String wallet, String kind, String mode, int attempts, int round) {

  public IndexJob(long id, String wallet, String kind, String mode, int attempts) {
    this(id, wallet, kind, mode, attempts, 0);
  }
}
