package dev.vouch.graph.model;

import java.time.Instant;

/**
 * The wallet whose graph is read, as its latest snapshot saw it.
 *
 * @param firstActivityAt first on-chain activity, or null when unknown
 * @param funder funding source (earliest counterparty that sent to it), or null when unknown
 */
public record TrustSubject(String wallet, Instant firstActivityAt, String funder) {

  public static TrustSubject unknown(String wallet) {
    return new TrustSubject(wallet, null, null);
  }
}
