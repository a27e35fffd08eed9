package dev.vouch.chain.model;

import java.math.BigInteger;
import java.util.List;

/** What reading one chain for one wallet gave: full history, aggregate figures, or a failure. */
public sealed interface ChainOutcome {

  /** Transactions newest first; capped when more existed than the chain's history cap. */
  record History(List<ChainTx> txs, boolean capped) implements ChainOutcome {
    public History {
      txs = List.copyOf(txs);
    }
  }

  /**
   * Standard-method figures only (CONTRACT.md 6). fallback is true when the chain is configured
   * for history but its nodes do not serve the Otterscan methods.
   */
  record Aggregate(long nonce, BigInteger balance, boolean contract, boolean fallback)
      implements ChainOutcome {}

  /** Nothing usable; standing failures (wrong chain id, refused requests) need an operator. */
  record Failed(boolean standing, String reason) implements ChainOutcome {}
}
