package dev.vouch.transfer.model;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * The transfer of a transaction that touches the caller's address.
 *
 * @param logIndex the token log's index; null for the transaction's native value
 * @param token the token contract; null for the native value
 * @param symbol the registry's symbol, the chain's native symbol, or null for an unregistered token
 * @param decimals null for an unregistered token
 * @param valued native value or a registered token: Vouch trusts what it says moved; an
 *     unregistered contract can log any Transfer it likes
 * @param usd the registry marks the token a USD stablecoin (1.00 per whole token)
 * @param counterparty the other side: the sender of a received transfer, the recipient of a sent one
 * @param amount base units, above zero
 */
public record Moved(Long logIndex, String token, String symbol, Integer decimals, boolean valued, boolean usd,
    String counterparty, BigInteger amount) {

  /** The USD value of a registered stablecoin transfer, exact; null otherwise. */
  public BigDecimal usdValue() {
    return usd && decimals != null ? new BigDecimal(amount, decimals) : null;
  }
}
