package dev.vouch.chain.model;

import java.math.BigInteger;
import java.time.Instant;

/**
 * One transaction of a wallet's history as a node reported it, already validated.
 *
 * @param to null for a contract creation
 * @param createdContract the created contract's address for a creation, else null
 * @param value native value in base units (wei)
 * @param success receipt status 1
 */
public record ChainTx(
    String hash,
    long blockNumber,
    long txIndex,
    Instant timestamp,
    String from,
    String to,
    String createdContract,
    BigInteger value,
    boolean success) {}
