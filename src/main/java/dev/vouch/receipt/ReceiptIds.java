package dev.vouch.receipt;

import java.security.SecureRandom;
import java.util.regex.Pattern;

/** {@code rcp_} + 16 characters of [A-Za-z0-9_-] from a CSPRNG (CONTRACT 7): 96 random bits. */
public final class ReceiptIds {

  private static final char[] ALPHABET =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".toCharArray();
  private static final Pattern ID = Pattern.compile("^rcp_[A-Za-z0-9_-]{16}$");
  private static final SecureRandom RANDOM = new SecureRandom();

  private ReceiptIds() {}

  public static String next() {
    return next("rcp_");
  }

  /** The same 96 random bits behind another prefix (a transfer receipt's {@code trc_}). */
  public static String next(String prefix) {
    byte[] bytes = new byte[16];
    RANDOM.nextBytes(bytes);
    StringBuilder id = new StringBuilder(prefix);
    for (byte b : bytes) {
      id.append(ALPHABET[b & 63]); // 64 symbols: every byte maps without bias
    }
    return id.toString();
  }

  public static boolean isWellFormed(String id) {
    return id != null && ID.matcher(id).matches();
  }
}
