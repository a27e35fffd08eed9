package dev.vouch.score.model;

import dev.vouch.graph.model.TrustEdge;

/**
 * identity_score_v4: identity_score_v3 whose penalty spares listed counterparties that only
 * pushed unsolicited dust onto the wallet (issue 35: anyone can send it, so it must not move the
 * score; Evidence.flaggedDustCounterparties). identity_score_v3 (identity_score_v2's rules over evidence that also reads registered
 * stablecoin flows, see indexing.model.TokenStanding): a sum of capped, monotone step functions of committed evidence plus a
 * non-positive risk penalty, clamped to 0..100. A wallet without seasoned history (fewer than
 * SEASONED_MIN counterparties first met SEASONED_DAYS or more before the run) gets capped age and
 * trust points: age without history is not history, and trust cannot lift what time has not
 * tested (issue 21's adversarial evaluation). Every threshold is documented in docs/models.md.
 */
public final class ScoreModel {

  public static final String VERSION = "identity_score_v4";

  public static final int CAP_WALLET_AGE = 20;
  public static final int CAP_CROSS_CHAIN = 10;
  public static final int CAP_ARC = 15;
  public static final int CAP_DIVERSITY = 15;
  public static final int CAP_ATTESTATIONS = 15;
  public static final int CAP_PROPAGATED = 10;
  public static final int CAP_TX_ACTIVITY = 15;

  /** Seasoned history: at least SEASONED_MIN counterparties first met SEASONED_DAYS or more before the run. */
  public static final int SEASONED_DAYS = 90;
  public static final int SEASONED_MIN = TrustEdge.SEASONED_MIN;
  /** Without seasoned history: globalWalletAge at most this (the 90-day step) ... */
  public static final int UNSEASONED_AGE_CAP = 8;
  /** ... and verifiedAttestations plus propagatedTrust together at most this. */
  public static final int UNSEASONED_TRUST_CAP = 10;

  /** Penalty per distinct flagged counterparty (not unsolicited dust), and the floor of the whole penalty. */
  public static final int PENALTY_PER_FLAGGED = -30;
  public static final int PENALTY_FAILED_TX = -10;
  public static final int PENALTY_FLOOR = -70;
  /** A high penalty is strong negative evidence (decision rule D3). */
  public static final int HIGH_PENALTY = -20;

  /**
   * Failed-transaction penalty: at least this many failures and more than this share of all
   * transactions. Keyed on the failure count (not the total) so more activity never adds it.
   */
  static final int FAILED_MIN = 10;
  static final double FAILED_SHARE = 0.5;

  // Step tables: {threshold, points}; the highest threshold reached wins.
  static final long[][] AGE_DAYS = {{1, 2}, {30, 5}, {90, 8}, {180, 12}, {365, 16}, {730, 20}};
  static final long[][] CHAINS = {{1, 3}, {2, 6}, {3, 8}, {4, 10}};
  static final long[][] ARC_TX = {{1, 5}, {5, 10}, {20, 15}};
  static final long[][] COUNTERPARTIES = {{1, 3}, {3, 7}, {10, 11}, {25, 15}};
  static final long[][] ATTESTATION_PEERS = {{1, 5}, {2, 9}, {4, 12}, {7, 15}};
  static final long[][] TX_COUNT = {{1, 3}, {10, 6}, {50, 10}, {200, 13}, {1000, 15}};
  /** propagatedTrust: one point per this many points of verified peers' scores. */
  static final int PEER_SCORE_PER_POINT = 50;

  private ScoreModel() {}

  public static ScoreResult score(Evidence e) {
    int age = step(AGE_DAYS, e.walletAgeDays());
    int attestations = step(ATTESTATION_PEERS, e.attestationCounterparties());
    int propagated = (int) Math.min(CAP_PROPAGATED, e.peerScoreSum() / PEER_SCORE_PER_POINT);
    if (unseasoned(e)) {
      age = Math.min(age, UNSEASONED_AGE_CAP);
      attestations = Math.min(attestations, UNSEASONED_TRUST_CAP);
      propagated = Math.min(propagated, UNSEASONED_TRUST_CAP - attestations);
    }
    Breakdown b = new Breakdown(
        age,
        step(CHAINS, e.activeChains()),
        step(ARC_TX, e.arcTxCount()),
        step(COUNTERPARTIES, e.uniqueCounterparties()),
        attestations,
        propagated,
        step(TX_COUNT, e.totalTxCount()),
        riskPenalty(e));
    int score = Math.max(0, Math.min(100, b.sum()));
    return new ScoreResult(score, b, riskLevel(score, b.riskPenalty()), VERSION);
  }

  /** Known to lack seasoned history; unknown (a snapshot from before the count) is not. */
  public static boolean unseasoned(Evidence e) {
    return TrustEdge.unseasoned(e.seasonedCounterparties());
  }

  static int riskPenalty(Evidence e) {
    long penalty = (long) PENALTY_PER_FLAGGED * e.chargedFlaggedCounterparties() + failedPenalty(e);
    return (int) Math.max(PENALTY_FLOOR, penalty);
  }

  /** The failed-transaction part of the penalty alone (decision_v0.6 judges listed counterparties by exposure). */
  public static int failedPenalty(Evidence e) {
    return e.failedTxCount() >= FAILED_MIN && e.failedTxCount() > FAILED_SHARE * e.totalTxCount() ? PENALTY_FAILED_TX : 0;
  }

  /** Label of a committed score; a high risk penalty overrides the score band. */
  public static RiskLevel riskLevel(int score, int riskPenalty) {
    if (riskPenalty <= HIGH_PENALTY) {
      return RiskLevel.HIGH_RISK;
    }
    if (score >= 80) {
      return RiskLevel.TRUSTED;
    }
    if (score >= 60) {
      return RiskLevel.RELIABLE;
    }
    if (score >= 40) {
      return RiskLevel.MODERATE;
    }
    if (score >= 20) {
      return RiskLevel.EMERGING;
    }
    return RiskLevel.UNPROVEN;
  }

  static int step(long[][] table, long value) {
    int points = 0;
    for (long[] row : table) {
      if (value >= row[0]) {
        points = (int) row[1];
      }
    }
    return points;
  }
}
