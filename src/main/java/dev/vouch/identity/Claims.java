package dev.vouch.identity;

import dev.vouch.chain.ChainCheck;
import dev.vouch.chain.RpcException;
import dev.vouch.config.AppConfig;
import dev.vouch.config.ChainConfig;
import dev.vouch.error.ApiError;
import dev.vouch.identity.model.SiweMessage;
import dev.vouch.identity.model.Usernames;
import io.vertx.core.Future;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import org.web3j.crypto.Keys;

/**
 * Username claims: an EIP-4361 challenge with a stored single-use nonce, then the signed message
 * back; EIP-191 recovery, or EIP-1271 for contract wallets on the home chain.
 */
public final class Claims {

  private static final char[] NONCE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".toCharArray();
  private static final int NONCE_LENGTH = 24;
  private static final int MESSAGE_MAX = 2048;

  private final IdentityStore store;
  private final ChainCheck chains;
  private final Clock clock;
  private final AppConfig.Identity cfg;
  private final String suffix;
  private final long homeChainId;
  private final ChainConfig home;
  private final SecureRandom random = new SecureRandom();

  Claims(IdentityStore store, ChainCheck chains, Clock clock, AppConfig config) {
    this.store = store;
    this.chains = chains;
    this.clock = clock;
    this.cfg = config.identity();
    this.suffix = config.models().usernameSuffix();
    this.homeChainId = config.models().homeChainId();
    this.home = config.chains().stream().filter(c -> c.chainId() == homeChainId).findFirst().orElse(null);
  }

  /** The stored form of a username to claim, or INVALID_USERNAME. */
  public String username(String raw) {
    return Usernames.claimable(raw, suffix).orElseThrow(() -> ApiError.badRequest("INVALID_USERNAME",
        "Choose a name of " + Usernames.NAME_MIN + " to " + Usernames.NAME_MAX + " characters from a-z, 0-9 and "
            + "inner hyphens (\"alice\" or \"alice." + suffix + "\")."));
  }

  public Future<IdentityViews.Challenge> challenge(String wallet, String username, String displayName) {
    Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
    return store.claimState(wallet, username).compose(state -> {
      if (state.walletUsername() != null) {
        return Future.failedFuture(walletRegistered());
      }
      if (state.usernameTaken()) {
        return Future.failedFuture(usernameTaken());
      }
      String nonce = nonce();
      Instant expires = now.plusSeconds(cfg.challengeTtlSeconds());
      String message = new SiweMessage(cfg.domain(), Keys.toChecksumAddress(wallet), username, cfg.uri(), homeChainId,
          nonce, now, expires).text();
      return store.insertChallenge(new IdentityStore.Challenge(nonce, wallet, username, displayName, message, expires,
              null), now)
          .map(v -> new IdentityViews.Challenge(wallet, username, nonce, message, now, expires));
    });
  }

  /** Verifies the signed challenge and registers the username; nothing is kept when any check fails. */
  public Future<IdentityViews.Identity> claim(String message, String signature) {
    if (message == null || message.isEmpty() || message.length() > MESSAGE_MAX || !Signatures.wellFormed(signature)) {
      return Future.failedFuture(ApiError.badRequest("INVALID_REQUEST",
          "Send {\"message\": the challenge text exactly as issued, \"signature\": 0x-hex personal_sign signature}."));
    }
    String nonce = SiweMessage.nonceOf(message);
    if (nonce == null) {
      return Future.failedFuture(unknownChallenge());
    }
    Instant now = clock.instant();
    return store.challenge(nonce).compose(found -> {
      if (found.isEmpty() || !found.get().message().equals(message)) {
        return Future.failedFuture(unknownChallenge());
      }
      IdentityStore.Challenge c = found.get();
      if (c.usedAt() != null) {
        return Future.failedFuture(nonceUsed());
      }
      if (!now.isBefore(c.expiresAt())) {
        return Future.failedFuture(ApiError.badRequest("CHALLENGE_EXPIRED",
            "This challenge expired at " + c.expiresAt() + "; ask for a new one (POST /api/v1/identities/challenge)."));
      }
      byte[] hash = Signatures.personalHash(message);
      Optional<String> signer = Signatures.recover(hash, signature);
      Future<String> kind = signer.isPresent() && signer.get().equals(c.wallet()) ? Future.succeededFuture("eoa")
          : contractSigned(c.wallet(), hash, signature).map(ok -> {
            if (!ok) {
              throw ApiError.badRequest("SIGNATURE_INVALID", "The signature was not made by " + c.wallet()
                  + " over this message (EIP-191 personal_sign, or EIP-1271 for a contract wallet).");
            }
            return "eip1271";
          });
      return kind.compose(k -> store.register(c, signature, k, now)
          .map(v -> new IdentityViews.Identity(c.username(), c.wallet(), c.displayName(), profileUrl(c.username()),
              true, k, now)));
    });
  }

  /** EIP-1271 on the home chain; a chain that cannot answer is UNAVAILABLE (nothing recorded). */
  private Future<Boolean> contractSigned(String wallet, byte[] hash, String signature) {
    if (home == null || !home.indexed()) {
      return Future.succeededFuture(false);
    }
    return chains.contractAccepts(home, wallet, hash, signature)
        .recover(t -> Future.failedFuture(t instanceof RpcException ? chainUnavailable(home) : t));
  }

  static String profileUrl(String username) {
    return "/u/" + username;
  }

  private String nonce() {
    char[] out = new char[NONCE_LENGTH];
    for (int i = 0; i < out.length; i++) {
      out[i] = NONCE_CHARS[random.nextInt(NONCE_CHARS.length)];
    }
    return new String(out);
  }

  static ApiError chainUnavailable(ChainConfig chain) {
    return new ApiError(503, "CHAIN_UNAVAILABLE", "The " + chain.name()
        + " node did not answer; nothing was recorded. Retry shortly.");
  }

  static ApiError nonceUsed() {
    return ApiError.conflict("NONCE_USED", "This challenge was already used; ask for a new one.");
  }

  static ApiError unknownChallenge() {
    return ApiError.badRequest("CHALLENGE_UNKNOWN",
        "The message is not a challenge this service issued (or it was altered); sign the message exactly as issued.");
  }

  static ApiError usernameTaken() {
    return ApiError.conflict("USERNAME_TAKEN", "This username is already registered; choose another.");
  }

  static ApiError walletRegistered() {
    return ApiError.conflict("WALLET_ALREADY_REGISTERED", "This wallet already has a username (one per wallet).");
  }
}
