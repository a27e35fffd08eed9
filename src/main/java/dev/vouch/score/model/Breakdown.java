package dev.vouch.score.model;

/** The eight score components of SPEC 2.3; all but riskPenalty are 0..cap, riskPenalty is 0 or negative. */
public record Breakdown(
    int globalWalletAge,
    int crossChainActivity,
    int arcActivity,
    int counterpartyDiversity,
    int verifiedAttestations,
    int propagatedTrust,
    int transactionActivity,
    int riskPenalty) {

  public static final Breakdown ZERO = new Breakdown(0, 0, 0, 0, 0, 0, 0, 0);

  public int sum() {
    return globalWalletAge + crossChainActivity + arcActivity + counterpartyDiversity
        + verifiedAttestations + propagatedTrust + transactionActivity + riskPenalty;
  }
}
