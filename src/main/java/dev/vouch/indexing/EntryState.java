package dev.vouch.indexing;

import java.time.Duration;
import java.time.Instant;

/**
 * What the entry points know about a wallet before deciding (SPEC 3.1-3.3).
 *
 * @param known a wallets row exists (seen by an earlier intake, refresh or registration)
 * @param lastIndexedAt the latest committed snapshot's time, null when none
 * @param lastState state of the latest job, null when none
 * @param lastAttemptAt when the latest job last moved (finished, started or was queued)
 * @param ledger the refresh_ledger table exists on this deployment
 * @param inFlightSince when the job in flight was queued, null when none
 * @param evidenceReadAt when the snapshot's oldest evidence was read (a chain carried from an
 *     earlier snapshot keeps its own time); null when no snapshot
 */
public record EntryState(
    boolean known, Instant lastIndexedAt, boolean inFlight, String lastState, Instant lastAttemptAt,
    boolean registered, boolean ledger, Instant inFlightSince, Instant evidenceReadAt) {

  /** D6 for the score read's rescan: no snapshot, or some of its evidence older than staleAfter. */
  public boolean staleAt(Instant now, Duration staleAfter) {
    Instant read = evidenceReadAt != null ? evidenceReadAt : lastIndexedAt;
    return read == null || read.plus(staleAfter).isBefore(now);
  }

  /** The latest attempt failed less than the cooldown ago: seconds until the next may start, else 0. */
  public long cooldownSeconds(Instant now, Duration cooldown) {
    if (!"failed".equals(lastState) || lastAttemptAt == null) {
      return 0;
    }
    return secondsUntil(lastAttemptAt.plus(cooldown), now);
  }

  /** Any attempt (whatever its outcome) within the window. */
  public boolean attemptedWithin(Instant now, Duration window) {
    return lastAttemptAt != null && lastAttemptAt.plus(window).isAfter(now);
  }

  static long secondsUntil(Instant at, Instant now) {
    long ms = at.toEpochMilli() - now.toEpochMilli();
    return ms <= 0 ? 0 : (ms + 999) / 1000;
  }
}
