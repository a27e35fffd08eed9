package dev.vouch.budget.model;

import java.util.List;

/**
 * A store's answer to an all-or-nothing set of draws: {@code refused} is the index of the first
 * draw that did not fit (-1 when all were taken); {@code used} holds each counter's value after
 * (taken) or as found (refused); {@code atMillis} is the store's clock when it decided, which
 * picked the windows. {@code degraded}: answered by the per-instance fallback.
 */
public record Take(int refused, List<Long> used, long atMillis, boolean degraded) {

  public boolean taken() {
    return refused < 0;
  }

  public Take asDegraded() {
    return new Take(refused, used, atMillis, true);
  }
}
