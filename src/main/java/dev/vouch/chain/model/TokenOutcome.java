package dev.vouch.chain.model;

import java.util.List;

/**
 * The wallet's token transfers on one chain: registered ones as evidence, the rest only counted
 * (anyone can deploy a contract that emits Transfer events, so they are never valued).
 *
 * @param capped more Transfer logs existed than the chain's history cap; the newest were kept
 */
public record TokenOutcome(List<TokenTransfer> transfers, long unverified, boolean capped) {

  public TokenOutcome {
    transfers = List.copyOf(transfers);
  }

  public static final TokenOutcome NONE = new TokenOutcome(List.of(), 0, false);
}
