package dev.vouch.bus;

/** Event-bus addresses; request/reply carries the records named beside each. */
public final class Addresses {

  /** DecisionQuery -> Decision */
  public static final String DECISION_READ = "vouch.decision.read";
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
  /** ScanRequests.Rescan -> Boolean: whether the score read's background rescan started (SPEC 3.1) */
  public static final String RESCAN = "vouch.indexing.rescan";
  /** Published on every instance (String job id) when a job is queued anywhere: workers look for work. */
  public static final String JOBS_QUEUED = "vouch.indexing.jobs-queued";
  /**
   * Published on every instance (String wallet) when any instance commits a snapshot of that
   * wallet: per-instance caches of the wallet drop it.
   */
  public static final String SNAPSHOT_COMMITTED = "vouch.indexing.snapshot-committed";

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

  private Addresses() {}
}
