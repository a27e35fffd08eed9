package dev.vouch.graph.model;

import java.math.BigInteger;
import java.time.Instant;

/**
 * One verified, accepted, unrevoked attestation seen from the wallet being read, with what the
 * anomaly model needs about its transaction and the peer. Unknown facts are null and never count
 * against anyone.
 *
 * @param peer the other wallet
 * @param acceptedAt when the counterparty accepted it (the edge exists from then on)
 * @param outgoing true when the wallet being read made the attestation
 * @param value native value of the attested transaction in base units, or null
 * @param peerFirstActivityAt the peer's first on-chain activity per its latest snapshot, or null
 * @param peerFunder the peer's funding source per its latest snapshot, or null
 * @param peerSeasoned the peer's seasoned counterparties per its latest snapshot, or null
 */
public record TrustEdge(String peer, Instant acceptedAt, boolean outgoing, BigInteger value,
    Instant peerFirstActivityAt, String peerFunder, Integer peerSeasoned) {

  /** An edge with nothing known about its transaction or peer. */
  public TrustEdge(String peer, Instant acceptedAt, boolean outgoing) {
    this(peer, acceptedAt, outgoing, null, null, null, null);
  }

  /** An edge whose peer's seasoned history is unknown. */
  public TrustEdge(String peer, Instant acceptedAt, boolean outgoing, BigInteger value, Instant peerFirstActivityAt,
      String peerFunder) {
    this(peer, acceptedAt, outgoing, value, peerFirstActivityAt, peerFunder, null);
  }

  /**
   * Fewer seasoned counterparties than this is no seasoned history (identity_score_v2). It lives
   * here, below the score model that reads it too, so trust and score share one rule.
   */
  public static final int SEASONED_MIN = 2;

  /** Known to lack seasoned history; an unknown count (null) is not. */
  public static boolean unseasoned(Integer seasonedCounterparties) {
    return seasonedCounterparties != null && seasonedCounterparties < SEASONED_MIN;
  }

  /** The peer is known to lack seasoned history; unknown is not. */
  public boolean peerUnseasoned() {
    return unseasoned(peerSeasoned);
  }
}
