package dev.vouch.pathtrace.model;

/**
 * How complete a wallet's trace of intermediaries is (docs/models.md "Tracing"): the additive
 * {@code trace} of the exposure summary.
 *
 * @param status complete (every wanted intermediary is indexed), pending (some are queued or
 *     running, or the trace is still being planned), partial (nothing pending, but a budget skipped
 *     some or their traced run failed)
 * @param wanted intermediaries the trace wants: unlabelled counterparties with valued flow on the
 *     wallet's paths, up to the configured depth, at most the configured number per wallet
 * @param indexed wanted ones with a snapshot fresh when the trace was planned
 * @param pending wanted ones with a job queued or running
 * @param skippedByBudget wanted ones no job was queued for: the root's or the global budget was spent
 * @param unreached wanted ones neither indexed nor pending: their run failed
 */
public record TraceStatus(String status, int wanted, int indexed, int pending, int skippedByBudget, int unreached) {

  public static final String COMPLETE = "complete";
  public static final String PARTIAL = "partial";
  public static final String PENDING = "pending";

  /** From the counts; {@code planning} when a commit of the wallet (or of one of its intermediaries) waits to be traced. */
  public static TraceStatus of(boolean planning, int wanted, int indexed, int pending, int skippedByBudget,
      int unreached) {
    String status = planning || pending > 0 ? PENDING : skippedByBudget + unreached > 0 ? PARTIAL : COMPLETE;
    return new TraceStatus(status, wanted, indexed, pending, skippedByBudget, unreached);
  }
}
