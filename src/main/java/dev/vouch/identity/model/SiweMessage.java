package dev.vouch.identity.model;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The EIP-4361 (Sign-In with Ethereum) message a wallet signs to claim a username. The service
 * writes the text and stores it with its nonce; a claim must post back exactly this text.
 *
 * @param address the wallet in EIP-55 mixed case, as EIP-4361 requires
 */
public record SiweMessage(String domain, String address, String username, String uri, long chainId, String nonce,
    Instant issuedAt, Instant expiresAt) {

  public String text() {
    return domain + " wants you to sign in with your Ethereum account:\n"
        + address + "\n\n"
        + "Claim the Vouch username " + username + " for this wallet.\n\n"
        + "URI: " + uri + "\n"
        + "Version: 1\n"
        + "Chain ID: " + chainId + "\n"
        + "Nonce: " + nonce + "\n"
        + "Issued At: " + issuedAt.truncatedTo(ChronoUnit.SECONDS) + "\n"
        + "Expiration Time: " + expiresAt.truncatedTo(ChronoUnit.SECONDS);
  }

  /** The nonce line of a posted message, or null when there is none. */
  public static String nonceOf(String text) {
    for (String line : text.split("\n", 64)) {
      if (line.startsWith("Nonce: ")) {
        return line.substring("Nonce: ".length()).trim();
      }
    }
    return null;
  }
}
