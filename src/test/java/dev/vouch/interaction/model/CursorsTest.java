package dev.vouch.interaction.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class CursorsTest {

  static final String WALLET = "0x" + "12".repeat(20);
  static final String OTHER = "0x" + "34".repeat(20);
  static final Cursors CURSORS = new Cursors(new byte[32]);

  @Test
  void aCursorRoundTripsForItsWalletOnly() {
    Cursors.Cursor c = new Cursors.Cursor(42, "0x" + "ff".repeat(20));
    String text = CURSORS.encode(WALLET, c);
    assertThat(text).matches("^[A-Za-z0-9_-]+$");
    assertThat(CURSORS.decode(WALLET, text)).contains(c);
    assertThat(CURSORS.decode(OTHER, text)).isEmpty();
    byte[] key = new byte[32];
    key[0] = 1;
    assertThat(new Cursors(key).decode(WALLET, text)).as("another key").isEmpty();
  }

  @Test
  void everyChangedByteIsRefused() {
    String text = CURSORS.encode(WALLET, new Cursors.Cursor(7, "0x" + "0a".repeat(20)));
    byte[] bytes = Base64.getUrlDecoder().decode(text);
    for (int i = 0; i < bytes.length; i++) {
      byte[] changed = Arrays.copyOf(bytes, bytes.length);
      changed[i] ^= 1;
      assertThat(CURSORS.decode(WALLET, Base64.getUrlEncoder().withoutPadding().encodeToString(changed)))
          .as("byte " + i).isEmpty();
    }
    assertThat(CURSORS.decode(WALLET, text.substring(1))).isEmpty();
    assertThat(CURSORS.decode(WALLET, "%%%")).isEmpty();
    assertThat(CURSORS.decode(WALLET, "")).isEmpty();
    assertThat(CURSORS.decode(WALLET, "A".repeat(500))).isEmpty();
  }

  @Test
  void weiBecomesExactNativeDecimals() {
    assertThat(GraphModel.decimal(BigInteger.ZERO)).isEqualTo("0");
    assertThat(GraphModel.decimal(BigInteger.ONE)).isEqualTo("0.000000000000000001");
    assertThat(GraphModel.decimal(new BigInteger("1500000000000000000"))).isEqualTo("1.5");
    assertThat(GraphModel.decimal(BigInteger.TEN.pow(30))).isEqualTo("1000000000000");
    assertThat(GraphModel.decimal(new BigInteger("115792089237316195423570985008687907853269984665640564039457584007913129639935")))
        .isEqualTo("115792089237316195423570985008687907853269984665640564039457.584007913129639935");
  }
}
