package dev.vouch.identity;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import org.web3j.crypto.Keys;
import org.web3j.crypto.Sign;
import org.web3j.crypto.StructuredDataEncoder;

/** Signer recovery with web3j: EIP-191 personal_sign and EIP-712 typed data. */
final class Signatures {

  private static final Pattern HEX_65 = Pattern.compile("^0x[0-9a-fA-F]{130}$");
  /** Contract wallets (EIP-1271) may sign with any byte string; this bounds it. */
  private static final Pattern HEX_ANY = Pattern.compile("^0x(?:[0-9a-fA-F]{2}){1,4096}$");

  private Signatures() {}

  static boolean wellFormed(String signature) {
    return signature != null && HEX_ANY.matcher(signature).matches();
  }

  /** EIP-191 hash of a text message (what personal_sign signs and EIP-1271 wallets check). */
  static byte[] personalHash(String message) {
    return Sign.getEthereumMessageHash(message.getBytes(StandardCharsets.UTF_8));
  }

  /** EIP-712 hash of typed data JSON. */
  static byte[] typedHash(String typedDataJson) {
    try {
      return new StructuredDataEncoder(typedDataJson).hashStructuredData();
    } catch (Exception e) {
      throw new IllegalStateException("typed data the service built does not encode", e);
    }
  }

  /** Lowercase address that signed the 32-byte hash, or empty for a signature that recovers nothing. */
  static Optional<String> recover(byte[] hash, String signature) {
    if (signature == null || !HEX_65.matcher(signature).matches()) {
      return Optional.empty();
    }
    try {
      Sign.SignatureData data = Sign.signatureDataFromHex(signature);
      byte v = data.getV()[0];
      if (v == 0 || v == 1) {
        data = new Sign.SignatureData((byte) (v + 27), data.getR(), data.getS());
      }
      return Optional.of("0x" + Keys.getAddress(Sign.signedMessageHashToKey(hash, data)).toLowerCase(Locale.ROOT));
    } catch (Exception e) {
      return Optional.empty();
    }
  }
}
