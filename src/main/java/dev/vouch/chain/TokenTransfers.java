package dev.vouch.chain;

import dev.vouch.chain.model.TokenOutcome;
import dev.vouch.chain.model.TokenTransfer;
import dev.vouch.config.ChainConfig;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Matches a provider's token transfers to the chain's registry, the same way for every provider:
 * registered tokens become evidence, the rest are only counted (a spoofed Transfer costs nothing).
 */
final class TokenTransfers {

  /** One transfer as a provider reported it, before the registry is consulted. */
  record Raw(String hash, long block, long logIndex, Instant at, String token, String from, String to,
      BigInteger value) {}

  private static final Comparator<Raw> NEWEST_FIRST = Comparator.comparingLong(Raw::block)
      .thenComparingLong(Raw::logIndex).reversed();

  private TokenTransfers() {}

  /** The newest cap transfers (capped when more were read), matched to the registry. */
  static TokenOutcome outcome(ChainConfig chain, String wallet, List<Raw> raws, boolean more, int cap) {
    Map<String, ChainConfig.Token> registry = chain.tokensByAddress();
    List<Raw> all = new ArrayList<>(raws);
    all.sort(NEWEST_FIRST);
    boolean capped = more || all.size() > cap;
    List<TokenTransfer> out = new ArrayList<>();
    long unverified = 0;
    for (Raw r : all.subList(0, Math.min(cap, all.size()))) {
      ChainConfig.Token t = registry.get(r.token());
      if (t == null) {
        unverified++;
      } else if (wallet.equals(r.from()) || wallet.equals(r.to())) {
        out.add(new TokenTransfer(r.hash(), r.block(), r.logIndex(), r.at(), r.token(), t.symbol(), t.decimals(),
            t.usd(), r.from(), r.to(), r.value()));
      } else {
        throw RpcShapes.malformed("token transfer does not name the wallet");
      }
    }
    return new TokenOutcome(out, unverified, capped);
  }
}
