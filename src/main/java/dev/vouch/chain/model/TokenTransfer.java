package dev.vouch.chain.model;

import java.math.BigInteger;
import java.time.Instant;

/**
 * One ERC-20 Transfer of a registered token where the wallet is the sender or the recipient,
 * already validated and matched to the registry.
 *
 * @param value token base units
 * @param usd the registry marks the token as a USD stablecoin (1.00 per whole token)
 */
public record TokenTransfer(
    String hash,
    long blockNumber,
    long logIndex,
    Instant timestamp,
    String token,
    String symbol,
    int decimals,
    boolean usd,
    String from,
    String to,
    BigInteger value) {}
