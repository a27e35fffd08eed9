package dev.vouch.monitoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class WebhookSecretsTest {

  @Test
  void aSealedSecretOpensOnlyForItsOwnEndpointAndKey() {
    byte[] key = new byte[32];
    Arrays.fill(key, (byte) 7);
    WebhookSecrets secrets = new WebhookSecrets(key);
    String secret = WebhookSecrets.generate();
    assertThat(secret).matches("^whsec_[A-Za-z0-9+/]{43}=$");
    byte[] sealed = secrets.seal(secret, 12);
    assertThat(new String(sealed, java.nio.charset.StandardCharsets.ISO_8859_1)).doesNotContain(secret);
    assertThat(secrets.open(sealed, 12)).isEqualTo(secret);
    assertThatThrownBy(() -> secrets.open(sealed, 13)).hasMessageContaining("endpoint 13");
    byte[] other = key.clone();
    other[0] = 1;
    assertThatThrownBy(() -> new WebhookSecrets(other).open(sealed, 12)).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void theSignatureIsTheStandardWebhooksHmacOfIdTimestampAndBody() {
    // Vector of the Standard Webhooks specification's reference libraries.
    String secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    String body = "{\"test\": 2432232314}";
    assertThat(WebhookSigner.sign(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330L, body))
        .isEqualTo("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  }
}
