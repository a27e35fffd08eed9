package dev.vouch.graph.model;

import java.math.BigInteger;
import java.time.Instant;

/**
 * One peer of the wallet as the trust model sees it: all edges with that peer folded together.
 *
 * @param edges accepted attestations in either direction
 * @param young how young both wallets were at the latest acceptance (0..1; the smaller of the two)
 * @param tiny how small the largest attested transaction was (0..1)
 * @param selfFunded one of the two funded the other
 * @param commonFunder both were funded from the same source
 * @param burst accepted in a burst of other suspect relationships
 * @param suspicion the peer's contribution to the anomaly score (0..1)
 * @param trustWeight what the relationship is worth (0..1)
 */
public record PeerAssessment(
    String peer, int edges, int outgoing, int incoming, Instant firstAt, Instant lastAt,
    BigInteger largestValue, double young, double tiny, boolean selfFunded, boolean commonFunder,
    boolean burst, double suspicion, double trustWeight) {

  public boolean reciprocal() {
    return outgoing > 0 && incoming > 0;
  }
}
