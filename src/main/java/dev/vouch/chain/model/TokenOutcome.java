package dev.vouch.chain.model;

import java.util.List;

/**
 * The wallet's token transfers on one chain: registered ones as evidence, the rest only counted
 * (anyone can deploy a contract that emits Transfer events, so they are never valued).
 *
 * @param capped more registered transfers of value existed than the chain's history cap (or the
 *     read stopped at a provider's window or size limit); the newest were kept
 * @param zeroValue registered-token transfers of value 0, dropped (issue 35: anyone may call
 *     {@code transferFrom(victim, x, 0)} on many tokens, so such a log says nothing about the wallet)
 */
public record TokenOutcome(List<TokenTransfer> transfers, long unverified, boolean capped, long zeroValue) {

  public TokenOutcome {
    transfers = List.copyOf(transfers);
  }

  public TokenOutcome(List<TokenTransfer> transfers, long unverified, boolean capped) {
    this(transfers, unverified, capped, 0);
  }

  public static final TokenOutcome NONE = new TokenOutcome(List.of(), 0, false, 0);
}
