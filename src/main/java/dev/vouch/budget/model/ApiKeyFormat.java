package dev.vouch.budget.model;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.zip.CRC32;

/**
 * CONTRACT 4 key format: {@code vouch_live_} + 32 base62 secret characters + a 6-character base62
 * CRC32 of everything before it. The checksum lets the edge reject typos and junk without a
 * database lookup; it is not a secret and proves nothing about validity.
 */
public final class ApiKeyFormat {

  public static final String PREFIX = "vouch_live_";
  static final int SECRET_LENGTH = 32;
  static final int CHECKSUM_LENGTH = 6;
  public static final int LENGTH = PREFIX.length() + SECRET_LENGTH + CHECKSUM_LENGTH;

  private ApiKeyFormat() {}

  public static String generate(SecureRandom random) {
    StringBuilder b = new StringBuilder(LENGTH).append(PREFIX);
    for (int i = 0; i < SECRET_LENGTH; i++) {
      b.append(Base62.ALPHABET.charAt(random.nextInt(Base62.ALPHABET.length())));
    }
    return b.append(checksum(b)).toString();
  }

  /** Format and checksum; the checksum comparison is constant-time. */
  public static boolean isWellFormed(String key) {
    if (key == null || key.length() != LENGTH || !key.startsWith(PREFIX)) {
      return false;
    }
    for (int i = PREFIX.length(); i < LENGTH; i++) {
      if (!Base62.isDigit(key.charAt(i))) {
        return false;
      }
    }
    int body = LENGTH - CHECKSUM_LENGTH;
    byte[] expected = checksum(key.subSequence(0, body)).getBytes(StandardCharsets.US_ASCII);
    byte[] given = key.substring(body).getBytes(StandardCharsets.US_ASCII);
    return MessageDigest.isEqual(expected, given);
  }

  /** What the database keeps instead of the key. */
  public static byte[] sha256(String key) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.US_ASCII));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JRE", e);
    }
  }

  /** Enough for a person to recognise a key in a list: 4 secret characters and the checksum's last 4. */
  public static String hint(String key) {
    return PREFIX + key.substring(PREFIX.length(), PREFIX.length() + 4) + "..." + key.substring(LENGTH - 4);
  }

  static String checksum(CharSequence body) {
    CRC32 crc = new CRC32();
    crc.update(body.toString().getBytes(StandardCharsets.US_ASCII));
    return Base62.encode(crc.getValue(), CHECKSUM_LENGTH);
  }
}
