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
 * registered transfers of value become evidence; the rest are only counted. Unregistered tokens
 * cost nothing to spoof, and a zero-value transfer of a registered token is what anyone may make
 * in a victim's name ({@code transferFrom(victim, x, 0)} passes on DAI, USDT and most ERC-20s),
 * so neither ever becomes evidence nor takes a place under the cap.
 */
final class TokenTransfers {

  /** One transfer as a provider reported it, before the registry is consulted. */
  record Raw(String hash, long block, long logIndex, Instant at, String token, String from, String to,
      BigInteger value) {}

  /**
   * A walk reads at most this many times the cap of transfers in all (zero-value ones included)
   * before it stops capped: what bounds a read that a flood of zero-value transfers would
   * otherwise make endless.
   */
  static final int READ_FACTOR = 4;

  private static final Comparator<Raw> NEWEST_FIRST = Comparator.comparingLong(Raw::block)
      .thenComparingLong(Raw::logIndex).reversed();

  private TokenTransfers() {}

  /** The transfer can be evidence: a registered token and a value above zero (the cap counts only these). */
  static boolean counts(Map<String, ChainConfig.Token> registry, Raw r) {
    return registry.containsKey(r.token()) && (r.value() == null || r.value().signum() != 0);
  }

  /**
   * The newest cap registered transfers of value, matched to the registry; capped when more were
   * read, or when the reader says more existed than it read ({@code more}).
   */
  static TokenOutcome outcome(ChainConfig chain, String wallet, List<Raw> raws, boolean more, int cap) {
    Map<String, ChainConfig.Token> registry = chain.tokensByAddress();
    List<Raw> evidence = new ArrayList<>();
    long unverified = 0;
    long zero = 0;
    for (Raw r : raws) {
      if (!registry.containsKey(r.token())) {
        unverified++;
      } else if (r.value().signum() == 0) {
        zero++;
      } else {
        evidence.add(r);
      }
    }
    evidence.sort(NEWEST_FIRST);
    boolean capped = more || evidence.size() > cap;
    List<TokenTransfer> out = new ArrayList<>();
    for (Raw r : evidence.subList(0, Math.min(cap, evidence.size()))) {
      ChainConfig.Token t = registry.get(r.token());
      if (!wallet.equals(r.from()) && !wallet.equals(r.to())) {
        throw RpcShapes.malformed("token transfer does not name the wallet");
      }
      out.add(new TokenTransfer(r.hash(), r.block(), r.logIndex(), r.at(), r.token(), t.symbol(), t.decimals(),
          t.usd(), r.from(), r.to(), r.value()));
    }
    return new TokenOutcome(out, unverified, capped, zero);
  }
}
