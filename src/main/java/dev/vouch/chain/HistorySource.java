package dev.vouch.chain;

import dev.vouch.chain.model.ChainOutcome;
import dev.vouch.chain.model.TokenOutcome;
import io.vertx.core.Future;

/**
 * One provider of a chain's wallet history (otterscan, etherscan, blockscout). Every provider
 * answers with the same {@link ChainOutcome.History}: transactions newest first, at most cap,
 * capped when more existed; failures are {@link RpcException}s classified by kind.
 */
interface HistorySource {

  String name();

  Future<ChainOutcome.History> history(String wallet, int cap);

  /**
   * The wallet's ERC-20 transfers from the same provider, matched to the chain's registry; asked
   * only when the chain registers tokens.
   */
  Future<TokenOutcome> tokens(String wallet, int cap);
}
