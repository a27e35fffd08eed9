package dev.vouch.bus;

/** Event-bus addresses; request/reply carries the records named beside each. */
public final class Addresses {

  /** DecisionQuery -> Decision */
  public static final String DECISION_READ = "vouch.decision.read";
  /** The exposure read (issue 24), hosted like the decision read. */
  public static final String EXPOSURE_READ = "vouch.exposure.read";
  /** DecisionLookup -> Decision; failure 404 NOT_FOUND for an unregistered username */
  public static final String DECISION_LOOKUP = "vouch.decision.lookup";
  /** BatchQuery -> BatchResult: every row in one round trip (SPEC 4.2) */
  public static final String DECISION_BATCH = "vouch.decision.batch";
  /** ScoreQuery -> ScoreReport */
  public static final String SCORE_READ = "vouch.score.read";

  /** GraphQuery -> GraphReply (SPEC 4.9) */
  public static final String INTERACTION_GRAPH_READ = "vouch.interaction.graph-read";

  /** ScanRequests.Intake -> ScanRequests.Answer (SPEC 3.2) */
  public static final String INTAKE = "vouch.indexing.intake";
  /** ScanRequests.Refresh -> ScanRequests.Answer (SPEC 3.3) */
  public static final String REFRESH = "vouch.indexing.refresh";
  /** score.RescanRequest -> Boolean: whether the score read's background rescan started (SPEC 3.1) */
  public static final String RESCAN = "vouch.indexing.rescan";
  /** Published on every instance (String job id) when a job is queued anywhere: workers look for work. */
  public static final String JOBS_QUEUED = "vouch.indexing.jobs-queued";
  /**
   * Published on every instance (String wallet) when any instance commits a snapshot of that
   * wallet: per-instance caches of the wallet drop it.
   */
  public static final String SNAPSHOT_COMMITTED = "vouch.indexing.snapshot-committed";

  /** String wallet -> RunState: the wallet's latest run, for its progress stream. */
  public static final String RUN_STATE = "vouch.indexing.run-state";
  /**
   * Published on every instance (String, the JSON of the vouch_progress notification) when a
   * worker anywhere read one chain of a run or failed a run: progress streams pass it on.
   */
  public static final String RUN_PROGRESS = "vouch.indexing.run-progress";

  /**
   * Published on this instance (String wallet) when this instance queued a job for the wallet:
   * the read cache drops it so the next read shows the run in progress.
   */
  public static final String WALLET_CHANGED = "vouch.indexing.wallet-changed";

  /**
   * Published on this instance (no body) when the notification listener (re)subscribed: any
   * notification sent while it was away is lost, so per-instance caches drop everything.
   */
  /** An API key was created (any process): remembered unknown keys are dropped. */
  public static final String API_KEY_CREATED = "vouch.budget.api-key-created";

  /** A key created ("+hash") or revoked ("-hash") in any process (V103), for the in-memory key index. */
  public static final String API_KEY_ANNOUNCED = "vouch.budget.api-key-announced";

  /** The key channel is listened to again (no body): the key index loads the live keys anew. */
  public static final String API_KEYS_LISTENING = "vouch.budget.api-keys-listening";

  /** A customer policy changed (V121 NOTIFY, body: the policy id), for the in-memory policy index. */
  public static final String POLICY_ANNOUNCED = "vouch.policy.announced";

  /** The policy channel is listened to again (no body): the policy index loads anew. */
  public static final String POLICIES_LISTENING = "vouch.policy.listening";

  public static final String NOTIFICATIONS_RESUMED = "vouch.indexing.notifications-resumed";

  /**
   * Published on this instance (String payload of channel vouch_reads, V91) when a commit
   * anywhere rewrote read-model rows: the read cache drops those wallets.
   */
  public static final String READS_ANNOUNCED = "vouch.score.reads-announced";

  /**
   * Published on this instance (no body) when LISTEN vouch_reads holds again and a heartbeat came
   * back on it: the read cache starts over.
   */
  public static final String READS_LISTENING = "vouch.score.reads-listening";

  /**
   * Published on this instance when the listening connection was lost (no body) or its heartbeat
   * did not come back in time ({@link #LOST_HEARTBEAT}): the read cache drops everything and pauses.
   */
  public static final String READS_LOST = "vouch.score.reads-lost";

  /** The body of {@link #READS_LOST} when the heartbeat missed its bound. */
  public static final String LOST_HEARTBEAT = "heartbeat";

  /**
   * ReceiptRequests.Create -> ReceiptRequests.Minted: mint from the live decision (not charged
   * here). Failure 404 NOT_FOUND for an unknown username.
   */
  public static final String RECEIPT_CREATE = "vouch.receipt.create";
  /** ReceiptRequests.Read -> Receipt; failure 404 NOT_FOUND for an unknown id. */
  public static final String RECEIPT_READ = "vouch.receipt.read";
  /** Receipt -> ReceiptSignatures.Verification against the published keys (the JWKS). */
  public static final String RECEIPT_VERIFY = "vouch.receipt.verify";
  /** any body (null) -> ReceiptRequests.Jwks: the public JWK set of /.well-known/jwks.json. */
  public static final String RECEIPT_JWKS = "vouch.receipt.jwks";

  /** TransferRequests.Screen -> TransferRequests.Answer (issue 32, docs/transfers.md). */
  public static final String TRANSFER_SCREEN = "vouch.transfer.screen";
  /** TransferRequests.Read -> TransferRequests.Answer; failure 404 NOT_FOUND for an unknown id. */
  public static final String TRANSFER_READ = "vouch.transfer.read";

  /** any body (null) -> JsonObject: the stats_v0.1 figures of GET /api/v1/stats. */
  public static final String STATS_READ = "vouch.stats.read";

  private Addresses() {}
}
