package dev.vouch.indexing;

import java.time.Instant;

/**
 * Where a wallet's latest indexing run stands, for its progress stream (GET
 * /api/v1/intake/{wallet}/events). Every field may be null: no job yet, no snapshot yet.
 *
 * @param job id of the wallet's latest job
 * @param state queued, running, done or failed
 * @param lastIndexedAt the latest committed snapshot's time
 */
public record RunState(Long job, String state, Instant queuedAt, Instant startedAt, Instant finishedAt,
    Instant lastIndexedAt) {

  public boolean inFlight() {
    return "queued".equals(state) || "running".equals(state);
  }

  public boolean failed() {
    return "failed".equals(state);
  }

  /** Never indexed and nothing queued: a stream has nothing to follow. */
  public boolean nothing() {
    return job == null && lastIndexedAt == null;
  }
}
