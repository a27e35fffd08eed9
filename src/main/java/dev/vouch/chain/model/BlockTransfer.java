package dev.vouch.chain.model;

import java.math.BigInteger;

/**
 * A value transfer found in a scanned block that touches a watched wallet: a successful
 * transaction's top-level native value, or a registered token's ERC-20 Transfer log. Checked for
 * form; not interpreted (who is watched on which side is the transfer model's business).
 *
 * @param logIndex the log's index; null for the native value
 * @param token the token contract; null for the native value
 * @param amount base units, above zero
 */
public record BlockTransfer(long block, String txHash, Long logIndex, String token, String from, String to,
    BigInteger amount) {}
