package dev.vouch.support;

import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;

/**
 * The time line of the chain-backed API tests: Anvil nodes start at GENESIS, 1000 days before
 * NOW (old enough for any wallet-age rule), and transactions are backdated in between.
 */
public final class Backdated {

  /** The moment the tests' expectations are written against. */
  public static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");
  public static final Instant GENESIS = NOW.minus(Duration.ofDays(1000));
  /** One whole coin (18 decimals) in base units. */
  public static final BigInteger E18 = BigInteger.TEN.pow(18);

  private Backdated() {}

  /** n days after genesis. */
  public static Instant days(long n) {
    return GENESIS.plus(Duration.ofDays(n));
  }
}
