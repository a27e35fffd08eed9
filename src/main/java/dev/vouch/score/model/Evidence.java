package dev.vouch.score.model;

/**
 * Everything identity_score_v1 reads about a wallet, as committed by an indexing run.
 *
 * @param walletAgeDays days since the first activity seen on any chain
 * @param activeChains chains with at least one transaction
 * @param totalTxCount transactions seen across all chains
 * @param arcTxCount transactions seen on the home chain (Arc)
 * @param uniqueCounterparties distinct counterparties across chains
 * @param flaggedCounterparties distinct counterparties on the configured risk list
 * @param failedTxCount transactions the wallet sent that reverted
 * @param acceptedAttestations verified and accepted attestations involving the wallet
 * @param attestationCounterparties distinct wallets on the other side of those attestations
 * @param peerScoreSum sum of the committed scores of verified trust peers
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
    long peerScoreSum) {

  public Evidence {
    if (walletAgeDays < 0 || activeChains < 0 || totalTxCount < 0 || arcTxCount < 0
        || uniqueCounterparties < 0 || flaggedCounterparties < 0 || failedTxCount < 0
        || acceptedAttestations < 0 || attestationCounterparties < 0 || peerScoreSum < 0) {
      throw new IllegalArgumentException("evidence counts are never negative");
    }
  }

  public static final Evidence NONE = new Evidence(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
}
