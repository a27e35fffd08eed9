package dev.vouch.monitoring;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Standard Webhooks signatures: {@code v1,<base64 HMAC-SHA256 of "id.timestamp.body">} keyed with
 * the base64-decoded part of the {@code whsec_} secret (as standard-webhooks' Webhook.sign does).
 */
final class WebhookSigner {

  private WebhookSigner() {}

  static String sign(String secret, String msgId, long timestampSeconds, String body) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(WebhookSecrets.signingKey(secret), "HmacSHA256"));
      byte[] sig = mac.doFinal((msgId + "." + timestampSeconds + "." + body).getBytes(StandardCharsets.UTF_8));
      return "v1," + Base64.getEncoder().encodeToString(sig);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 unavailable", e);
    }
  }
}
