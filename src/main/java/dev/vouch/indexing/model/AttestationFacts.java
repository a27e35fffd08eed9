package dev.vouch.indexing.model;

/**
 * What the attestations table says about a wallet when its snapshot commits.
 *
 * @param accepted verified and accepted attestations involving the wallet
 * @param counterparties distinct wallets on the other side of them
 * @param peerScoreSum sum of those peers' latest committed scores
 */
public record AttestationFacts(int accepted, int counterparties, long peerScoreSum) {

  public static final AttestationFacts NONE = new AttestationFacts(0, 0, 0);
}
