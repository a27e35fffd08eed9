package dev.vouch.bus;

/** Event-bus addresses; request/reply carries the records named beside each. */
public final class Addresses {

  /** DecisionQuery -> Decision */
  public static final String DECISION_READ = "vouch.decision.read";
  /** ScoreQuery -> ScoreReport */
  public static final String SCORE_READ = "vouch.score.read";

  private Addresses() {}
}
