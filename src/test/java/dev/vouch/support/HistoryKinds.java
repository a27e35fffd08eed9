package dev.vouch.support;

import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;

/**
 * A wallet whose history holds each kind of top-level transaction the history readers tell
 * apart, sent 10 to 13 days after t0: one out to a peer, one in from it (twice the value), the
 * creation of a contract that always reverts, and a failed call to that contract.
 */
public record HistoryKinds(String wallet, String peer, String reverter) {

  /** Top-level transactions of the wallet that {@link #seed} sends. */
  public static final int COUNT = 4;

  public static HistoryKinds seed(Anvil chain, Instant t0, BigInteger value) {
    String wallet = Anvil.randomAddress();
    String peer = Anvil.randomAddress();
    chain.fund(wallet);
    chain.fund(peer);
    chain.sendAt(t0.plus(Duration.ofDays(10)), wallet, peer, value);
    chain.sendAt(t0.plus(Duration.ofDays(11)), peer, wallet, value.multiply(BigInteger.TWO));
    String reverter = chain.deployReverterAt(t0.plus(Duration.ofDays(12)), wallet);
    chain.callAt(t0.plus(Duration.ofDays(13)), wallet, reverter);
    return new HistoryKinds(wallet, peer, reverter);
  }
}
