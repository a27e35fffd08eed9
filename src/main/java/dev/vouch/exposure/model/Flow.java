package dev.vouch.exposure.model;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.List;

/**
 * The transfers between a wallet and one counterparty on one chain in one asset, as a snapshot
 * committed them: native (token null, never valued in USD) or a registered token (USD value set
 * for USD stablecoins only).
 *
 * @param token lower-case token contract; null for the chain's native coin
 * @param usdIn USD value of valueIn; null when the asset is not valued
 * @param txHashes a bounded list of the transfers' hashes, newest first (empty when not kept)
 */
public record Flow(String counterparty, long chainId, String token, String symbol, int txIn, int txOut,
    BigInteger valueIn, BigInteger valueOut, BigDecimal usdIn, BigDecimal usdOut, Instant firstAt, Instant lastAt,
    List<String> txHashes) {

  public Flow {
    valueIn = valueIn == null ? BigInteger.ZERO : valueIn;
    valueOut = valueOut == null ? BigInteger.ZERO : valueOut;
    txHashes = txHashes == null ? List.of() : List.copyOf(txHashes);
    if (txIn < 0 || txOut < 0 || valueIn.signum() < 0 || valueOut.signum() < 0) {
      throw new IllegalArgumentException("flow figures are never negative");
    }
  }

  /** A native flow: counts and wei, no USD value, no hashes. */
  public static Flow nativeFlow(String counterparty, long chainId, String symbol, int txIn, int txOut,
      BigInteger weiIn, BigInteger weiOut, Instant firstAt, Instant lastAt) {
    return new Flow(counterparty, chainId, null, symbol, txIn, txOut, weiIn, weiOut, null, null, firstAt, lastAt,
        List.of());
  }

  public int transfers(Direction d) {
    return d == Direction.in ? txIn : txOut;
  }

  public BigInteger value(Direction d) {
    return d == Direction.in ? valueIn : valueOut;
  }

  /** USD value in that direction; zero when the asset is not valued. */
  public BigDecimal usd(Direction d) {
    BigDecimal v = d == Direction.in ? usdIn : usdOut;
    return v == null ? BigDecimal.ZERO : v;
  }

  public boolean valued() {
    return usdIn != null || usdOut != null;
  }
}
