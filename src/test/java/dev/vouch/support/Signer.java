package dev.vouch.support;

import io.vertx.core.json.JsonObject;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Locale;
import org.web3j.crypto.ECKeyPair;
import org.web3j.crypto.Keys;
import org.web3j.crypto.Sign;

/** A key held by the test: signs EIP-191 messages and EIP-712 typed data as a wallet would. */
public final class Signer {

  private final ECKeyPair key;
  public final String address;

  private Signer(ECKeyPair key) {
    this.key = key;
    this.address = "0x" + Keys.getAddress(key.getPublicKey()).toLowerCase(Locale.ROOT);
  }

  public static Signer random() {
    return from(new SecureRandom());
  }

  /** A key drawn from the given generator: seeded generators give the same wallets every run. */
  public static Signer from(java.util.Random rng) {
    byte[] b = new byte[32];
    rng.nextBytes(b);
    b[0] &= 0x7f;
    b[0] |= 0x01;
    return new Signer(ECKeyPair.create(new BigInteger(1, b)));
  }

  public String personalSign(String message) {
    return hex(Sign.signPrefixedMessage(message.getBytes(StandardCharsets.UTF_8), key));
  }

  public String signTyped(JsonObject typedData) {
    try {
      return hex(Sign.signTypedData(typedData.encode(), key));
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  static String hex(Sign.SignatureData s) {
    return "0x" + HexFormat.of().formatHex(s.getR()) + HexFormat.of().formatHex(s.getS())
        + HexFormat.of().formatHex(s.getV());
  }
}
