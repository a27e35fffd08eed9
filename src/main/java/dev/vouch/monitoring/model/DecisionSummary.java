package dev.vouch.monitoring.model;

import dev.vouch.decision.model.Decision;
import dev.vouch.decision.model.LimitTable;
import dev.vouch.decision.model.Verdict;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The parts of a decision a watcher is told about: verdict, recommended limit, score band (null
 * without committed evidence) and the set of reason codes (sorted, so order never counts as a
 * change). Messages, warnings and freshness are left out on purpose: they move with time alone.
 */
public record DecisionSummary(Verdict decision, long recommendedLimitUsdc, String scoreBand, List<String> reasonCodes) {

  public DecisionSummary {
    reasonCodes = List.copyOf(reasonCodes);
  }

  public static DecisionSummary of(Decision d) {
    TreeSet<String> codes = new TreeSet<>();
    d.reasons().forEach(r -> codes.add(r.code()));
    String band = d.freshness().lastIndexedAt() == null ? null : LimitTable.Band.of(d.score()).name();
    return new DecisionSummary(d.decision(), d.recommendedLimit().amountUsdc(), band, List.copyOf(codes));
  }

  /** The change a write made, or empty when the watcher would see the same decision. */
  public static Optional<Change> change(DecisionSummary before, DecisionSummary after) {
    return before.equals(after) ? Optional.empty() : Optional.of(new Change(before, after));
  }

  public record Change(DecisionSummary previous, DecisionSummary current) {}
}
