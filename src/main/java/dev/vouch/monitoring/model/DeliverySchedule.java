package dev.vouch.monitoring.model;

import java.time.Duration;
import java.time.Instant;

/**
 * When a failed webhook delivery is tried again, when it is given up, and when its endpoint is
 * disabled. Pure: every instant is passed in.
 *
 * @param base wait after the first failure; doubles per attempt
 * @param max longest wait between two attempts
 * @param giveUpAfter a delivery failing this long after its event was written is marked failed
 * @param disableAfterFailures consecutive failures of an endpoint, and
 * @param disableAfter how long it has been failing, before it is disabled
 */
public record DeliverySchedule(Duration base, Duration max, Duration giveUpAfter, int disableAfterFailures,
    Duration disableAfter) {

  /** Next attempt after the given number of attempts (1 = the first one failed). */
  public Instant retryAt(Instant now, int attempts) {
    int doublings = Math.max(0, Math.min(attempts - 1, 30));
    Duration wait = base.multipliedBy(1L << Math.min(doublings, 20));
    if (wait.compareTo(max) > 0 || doublings > 20) {
      wait = max;
    }
    return now.plus(wait);
  }

  /** True when no attempt should follow: the next one would start past the give-up time. */
  public boolean givesUp(Instant eventAt, Instant nextAttempt) {
    return nextAttempt.isAfter(eventAt.plus(giveUpAfter));
  }

  public boolean disables(int consecutiveFailures, Instant failingSince, Instant now) {
    return consecutiveFailures >= disableAfterFailures && failingSince != null
        && !now.isBefore(failingSince.plus(disableAfter));
  }
}
