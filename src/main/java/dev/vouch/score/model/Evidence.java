package dev.vouch.score.model;

/**
 * Everything identity_score_v4 reads about a wallet, as committed by an indexing run (counterparties,
 * seasoned counterparties and transactions include registered stablecoin flows from v3: TokenStanding).
 *
 * @param walletAgeDays days since the first activity seen on any chain
 * @param activeChains chains with at least one transaction
 * @param totalTxCount transactions seen across all chains
 * @param arcTxCount transactions seen on the home chain (Arc)
 * @param uniqueCounterparties distinct counterparties across chains
 * @param flaggedCounterparties distinct counterparties on the configured risk list
 * @param failedTxCount transactions the wallet sent that reverted
 * @param acceptedAttestations verified and accepted attestations involving the wallet
 * @param attestationCounterparties distinct wallets on the other side of those attestations, counting
 *     only wallets with seasoned history or none known (identity_score_v2)
 * @param peerScoreSum sum of the committed scores of verified trust peers with seasoned history
 * @param seasonedCounterparties distinct counterparties first met at least 90 days before the
 *     evidence was read (identity_score_v2); null when unknown (snapshots committed before it)
 * @param flaggedDustCounterparties the part of flaggedCounterparties that only ever pushed
 *     unsolicited dust onto the wallet (identity_score_v4, indexing.model.ListedDust): they cost
 *     no points; null when unknown (snapshots committed before it, and the read model), read as 0
 */
public record Evidence(
    int walletAgeDays,
    int activeChains,
    long totalTxCount,
    long arcTxCount,
    int uniqueCounterparties,
    int flaggedCounterparties,
    long failedTxCount,
    int acceptedAttestations,
    int attestationCounterparties,
    long peerScoreSum,
    Integer seasonedCounterparties,
    Integer flaggedDustCounterparties) {

  public Evidence {
    if (flaggedDustCounterparties != null
        && (flaggedDustCounterparties < 0 || flaggedDustCounterparties > flaggedCounterparties)) {
      throw new IllegalArgumentException("flagged dust counterparties are some of the flagged ones");
    }
    if ((seasonedCounterparties != null && seasonedCounterparties < 0) || walletAgeDays < 0 || activeChains < 0 || totalTxCount < 0 || arcTxCount < 0
        || uniqueCounterparties < 0 || flaggedCounterparties < 0 || failedTxCount < 0
        || acceptedAttestations < 0 || attestationCounterparties < 0 || peerScoreSum < 0) {
      throw new IllegalArgumentException("evidence counts are never negative");
    }
  }

  /** Evidence without the flagged-dust count (unknown: every flagged counterparty costs points). */
  public Evidence(int walletAgeDays, int activeChains, long totalTxCount, long arcTxCount, int uniqueCounterparties,
      int flaggedCounterparties, long failedTxCount, int acceptedAttestations, int attestationCounterparties,
      long peerScoreSum, Integer seasonedCounterparties) {
    this(walletAgeDays, activeChains, totalTxCount, arcTxCount, uniqueCounterparties, flaggedCounterparties,
        failedTxCount, acceptedAttestations, attestationCounterparties, peerScoreSum, seasonedCounterparties, null);
  }

  /** Evidence without the seasoned-history count (unknown: the rules that read it do not apply). */
  public Evidence(int walletAgeDays, int activeChains, long totalTxCount, long arcTxCount, int uniqueCounterparties,
      int flaggedCounterparties, long failedTxCount, int acceptedAttestations, int attestationCounterparties,
      long peerScoreSum) {
    this(walletAgeDays, activeChains, totalTxCount, arcTxCount, uniqueCounterparties, flaggedCounterparties,
        failedTxCount, acceptedAttestations, attestationCounterparties, peerScoreSum, null);
  }

  /** The same evidence with the seasoned-history count. */
  public Evidence seasoned(Integer counterparties) {
    return new Evidence(walletAgeDays, activeChains, totalTxCount, arcTxCount, uniqueCounterparties,
        flaggedCounterparties, failedTxCount, acceptedAttestations, attestationCounterparties, peerScoreSum,
        counterparties, flaggedDustCounterparties);
  }

  /** Flagged counterparties that cost points: all but the unsolicited dust ones. */
  public int chargedFlaggedCounterparties() {
    return flaggedCounterparties - (flaggedDustCounterparties == null ? 0 : flaggedDustCounterparties);
  }

  public static final Evidence NONE = new Evidence(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
}
