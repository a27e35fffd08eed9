package dev.vouch.monitoring;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signing secrets of webhook endpoints: {@code whsec_<base64 of 32 random bytes>} (Standard
 * Webhooks), shown once at creation and stored sealed with AES-256-GCM (a random 12-byte nonce
 * first, then ciphertext and tag), under the configured key or the one the V30 migration kept in
 * the database. The endpoint id is the associated data, so a sealed secret moved to another row
 * does not open.
 */
final class WebhookSecrets {

  static final String PREFIX = "whsec_";
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final int NONCE = 12;

  private final SecretKeySpec key;

  WebhookSecrets(byte[] key) {
    if (key.length != 32) {
      throw new IllegalArgumentException("the webhook secret key must be 32 bytes");
    }
    this.key = new SecretKeySpec(key.clone(), "AES");
  }

  static String generate() {
    byte[] raw = new byte[32];
    RANDOM.nextBytes(raw);
    return PREFIX + Base64.getEncoder().encodeToString(raw);
  }

  /** The HMAC key a secret stands for: the bytes after the prefix. */
  static byte[] signingKey(String secret) {
    return Base64.getDecoder().decode(secret.substring(PREFIX.length()));
  }

  byte[] seal(String secret, long endpointId) {
    try {
      byte[] nonce = new byte[NONCE];
      RANDOM.nextBytes(nonce);
      Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
      c.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, nonce));
      c.updateAAD(Long.toString(endpointId).getBytes(StandardCharsets.US_ASCII));
      byte[] body = c.doFinal(secret.getBytes(StandardCharsets.US_ASCII));
      byte[] out = new byte[NONCE + body.length];
      System.arraycopy(nonce, 0, out, 0, NONCE);
      System.arraycopy(body, 0, out, NONCE, body.length);
      return out;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot seal a webhook secret", e);
    }
  }

  String open(byte[] sealed, long endpointId) {
    try {
      Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
      c.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(128, sealed, 0, NONCE));
      c.updateAAD(Long.toString(endpointId).getBytes(StandardCharsets.US_ASCII));
      return new String(c.doFinal(sealed, NONCE, sealed.length - NONCE), StandardCharsets.US_ASCII);
    } catch (GeneralSecurityException | IllegalArgumentException e) { // a wrong key, or a truncated value
      throw new IllegalStateException("cannot open the secret of webhook endpoint " + endpointId
          + " (was monitoring.webhooks.secretKey changed?)", e);
    }
  }
}
