package dev.vouch.budget.model;

import java.time.Instant;
import java.util.List;

/**
 * Outcome of one admission. {@code limit} and {@code remaining} describe the first limit of the
 * request (the per-minute budget, which the rate headers report); {@code retryAfterSeconds} is
 * set when refused, from the limit that refused. A refused admission spent nothing.
 */
public record Admission(
    boolean admitted, long limit, long remaining, long retryAfterSeconds, int refusedBy, Ticket ticket) {

  /**
   * What was taken and from which windows ({@code atMillis}), so exactly that can be given back.
   * {@code leased}: spent from this instance's lease (budget/Leases), so it goes back there.
   */
  public record Ticket(List<Draw> draws, long atMillis, boolean degraded, boolean leased) {
    public Ticket(List<Draw> draws, long atMillis, boolean degraded) {
      this(draws, atMillis, degraded, false);
    }
  }

  /** Retry-After comes from the store's clock, the one that picked the windows. */
  public static Admission of(List<Limit> limits, List<Draw> draws, Take take) {
    Limit first = limits.get(0);
    long remaining = Math.max(0, first.limit() - take.used().get(0));
    if (take.taken()) {
      return new Admission(true, first.limit(), remaining, 0, -1, new Ticket(draws, take.atMillis(), take.degraded()));
    }
    Instant now = Instant.ofEpochMilli(take.atMillis());
    long retry = limits.get(take.refused()).retryAfterSeconds(now);
    return new Admission(false, first.limit(), remaining, retry, take.refused(), null);
  }

  /** Nothing to charge (a zero-cost operation): no rate headers, nothing to refund. */
  public static Admission free() {
    return new Admission(true, 0, 0, 0, -1, null);
  }

  /** Units were taken: the answer is a charged one and carries rate headers. */
  public boolean charged() {
    return ticket != null;
  }
}
