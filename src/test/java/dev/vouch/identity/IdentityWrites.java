package dev.vouch.identity;

import static dev.vouch.support.Observe.await;

import dev.vouch.monitoring.DecisionWatch;
import dev.vouch.support.Snapshots;
import io.vertx.sqlclient.Pool;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The identity writes through {@link IdentityStore}, the transactions the claim and attestation
 * routes run after their signature and chain checks; for tests of what those writes change.
 */
public final class IdentityWrites {

  private static final AtomicLong NONCES = new AtomicLong();

  private IdentityWrites() {}

  /** Registers the username for the wallet as a claim does; false when the store refused it. */
  public static boolean claim(Pool pool, String wallet, String username, Instant now) {
    IdentityStore store = new IdentityStore(dev.vouch.store.Gateway.direct(pool), new DecisionWatch(Snapshots.ARC, Duration.ofHours(24)));
    String nonce = "n" + Long.toString(System.nanoTime(), 36) + "x" + NONCES.incrementAndGet() + "abcdefghij";
    IdentityStore.Challenge c = new IdentityStore.Challenge(nonce, wallet, username, "Name " + username,
        "message for " + wallet, now.plus(Duration.ofMinutes(10)), null);
    await(store.insertChallenge(c, now));
    try {
      await(store.register(c, "0x" + "ab".repeat(65), "eoa", now));
      return true;
    } catch (RuntimeException refused) {
      return false;
    }
  }

  /** A verified attestation from -> to (both wallets known); its id, empty when a duplicate. */
  public static Optional<Long> attest(Pool pool, String from, String to, String txHash, BigInteger value, Instant now) {
    IdentityStore.Verified v = new IdentityStore.Verified(from, to, value, 100, now.minus(Duration.ofDays(1)));
    return await(new IdentityStore(dev.vouch.store.Gateway.direct(pool), new DecisionWatch(Snapshots.ARC, Duration.ofHours(24))).insertAttestation(from, to, 5042002, txHash, v, "0x" + "cd".repeat(65), now))
        .map(IdentityStore.Attestation::id);
  }

  /** accept, reject or revoke, as the decision route applies it; false when no longer open to it. */
  public static boolean decide(Pool pool, long id, String action, Instant now) {
    IdentityStore store = new IdentityStore(dev.vouch.store.Gateway.direct(pool), new DecisionWatch(Snapshots.ARC, Duration.ofHours(24)));
    IdentityStore.Attestation a = await(store.attestation(id)).orElseThrow();
    Attestations.Action d = Attestations.Action.valueOf(action);
    String signer = d == Attestations.Action.revoke ? a.from() : a.to();
    return await(store.decide(d, a, signer, "0x" + "ef".repeat(65), now)).isPresent();
  }
}
