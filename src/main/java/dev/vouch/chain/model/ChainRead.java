package dev.vouch.chain.model;

import java.util.List;

/**
 * The outcome of one chain of the catalogue for one indexing run; mode is the configured one.
 *
 * @param source the provider whose answer this is: otterscan, etherscan, blockscout, or rpc
 *     (standard JSON-RPC figures of an aggregate read); for a failure, the last one tried
 * @param fallbackFrom sources tried first in this run that failed, in order (empty when the
 *     first choice answered)
 * @param tokens the wallet's token transfers (null when the chain reads none: no registry, an
 *     aggregate chain, or a failed read)
 */
public record ChainRead(long chainId, String chain, String mode, ChainOutcome outcome, String source,
    List<String> fallbackFrom, TokenOutcome tokens) {

  public static final String RPC = "rpc";
  public static final String OTTERSCAN = "otterscan";

  public ChainRead {
    fallbackFrom = fallbackFrom == null ? List.of() : List.copyOf(fallbackFrom);
    if (source == null) {
      source = outcome instanceof ChainOutcome.Aggregate || "aggregate".equals(mode) ? RPC : OTTERSCAN;
    }
  }

  public ChainRead(long chainId, String chain, String mode, ChainOutcome outcome, String source,
      List<String> fallbackFrom) {
    this(chainId, chain, mode, outcome, source, fallbackFrom, null);
  }

  /** A read from the chain's JSON-RPC nodes alone (Otterscan for history). */
  public ChainRead(long chainId, String chain, String mode, ChainOutcome outcome) {
    this(chainId, chain, mode, outcome, null, List.of());
  }
}
