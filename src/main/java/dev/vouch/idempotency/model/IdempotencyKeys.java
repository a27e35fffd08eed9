package dev.vouch.idempotency.model;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.Optional;

/**
 * The rules of Idempotency-Key, apart from any I/O: what a well-formed key is, what makes two
 * requests "the same", and which answers are kept for replay.
 */
public final class IdempotencyKeys {

  public static final String HEADER = "Idempotency-Key";
  public static final String REPLAYED = "Idempotent-Replayed";
  public static final int MAX_LENGTH = 255;

  private IdempotencyKeys() {}

  /** Why a key was refused; empty when the header values hold one well-formed key. */
  public static Optional<String> refusal(List<String> values) {
    if (values.size() != 1) {
      return Optional.of("Send one Idempotency-Key header, not " + values.size() + ".");
    }
    String key = values.get(0);
    if (key.isEmpty() || key.length() > MAX_LENGTH) {
      return Optional.of("Idempotency-Key must be 1 to " + MAX_LENGTH + " characters (a UUID is a good key).");
    }
    for (int i = 0; i < key.length(); i++) {
      char c = key.charAt(i);
      if (c < 0x21 || c > 0x7e) {
        return Optional.of("Idempotency-Key may hold only visible ASCII characters, no spaces (a UUID is a good key).");
      }
    }
    return Optional.empty();
  }

  /**
   * What "the same request" means: SHA-256 over the method, the request URI and the body bytes,
   * exactly as sent (a body re-serialized with other spacing or field order is another request).
   */
  public static byte[] fingerprint(String method, String uri, byte[] body) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(method.getBytes(StandardCharsets.US_ASCII));
      sha.update((byte) ' ');
      sha.update(uri.getBytes(StandardCharsets.UTF_8));
      sha.update((byte) '\n');
      sha.update(body);
      return sha.digest();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JVM", e);
    }
  }

  /**
   * Whether an answer is kept and replayed. 5xx are not (nothing may have happened, or the outcome
   * is unknown: a retry runs the request again); nor 401, 403 and 429, which refuse the caller
   * rather than answer the request (a retry with a key, a lifted suspension or a fresh budget
   * may succeed). Every other answer, 4xx included, is the request's answer and is replayed.
   */
  public static boolean kept(int status) {
    return status < 500 && status != 401 && status != 403 && status != 429;
  }
}
