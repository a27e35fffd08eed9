package dev.vouch.budget.model;

/**
 * The metered operations of SPEC section 4. Their unit costs are configuration
 * (budgets.costs), so this enum only names them.
 */
public enum Operation {
  decisionRead,
  /** Per unique batch row after dedupe. */
  batchRow,
  receiptCreate,
  receiptRead,
  scoreRead,
  /** The score read's background rescan, always from the anonymous per-IP budget (SPEC 3.1). */
  scoreRescan,
  trustRead,
  /** GET /api/v1/exposure/{wallet}. */
  exposureRead,
  profileRead,
  interactionGraphRead,
  /** GET /api/v1/stats. */
  statsRead,
  intakeAnonymous,
  intakeKeyed,
  refresh,
  directoryRead,
  claimChallenge,
  claim,
  attestationCreate,
  /** Accept, reject or revoke. */
  attestationDecision,
  attestationRead,
  /** Opening a progress stream (GET /api/v1/intake/{wallet}/events), charged once per stream. */
  intakeEventsRead,
  /** Monitoring (docs/monitoring.md): list and endpoint writes, reads of lists, events and delivery logs. */
  watchlistWrite,
  watchlistRead,
  eventsRead,
  webhookWrite,
  webhookRead,
  /** POST /api/v1/transfers (docs/transfers.md): one chain round trip, one counterparty read, one write. */
  transferScreen,
  /** GET /api/v1/transfers/{id}. */
  transferRead,
  /** POST /api/v1/transfers/batch, per unique row: the batch shares its chain reads, its one state read and its write. */
  transferBatchRow,
  /** Opening a screening's stream (GET /api/v1/transfers/{id}/events), once per stream. */
  transferEventsRead;

  /** Intake costs less with a key (SPEC 8.2). */
  public static Operation intake(Caller caller) {
    return caller.keyed() ? intakeKeyed : intakeAnonymous;
  }
}
