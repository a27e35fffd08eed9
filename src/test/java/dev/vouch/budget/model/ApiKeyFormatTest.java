package dev.vouch.budget.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.SecureRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class ApiKeyFormatTest {

  private static final SecureRandom RANDOM = new SecureRandom();

  @Test
  void generatedKeyHasPrefixSecretAndChecksumOfWhatPrecedesIt() {
    String key = ApiKeyFormat.generate(RANDOM);
    assertThat(key).hasSize(11 + 32 + 6).startsWith("vouch_live_").matches("vouch_live_[0-9A-Za-z]{38}");
    assertThat(key.substring(43)).isEqualTo(ApiKeyFormat.checksum(key.substring(0, 43)));
    assertThat(ApiKeyFormat.isWellFormed(key)).isTrue();
  }

  @Test
  void checksumIsBase62OfTheUnsignedCrc32() {
    // CRC32("vouch_live_" + 32 zeros), computed independently and written in base62 by hand below.
    java.util.zip.CRC32 crc = new java.util.zip.CRC32();
    String body = "vouch_live_" + "0".repeat(32);
    crc.update(body.getBytes());
    long v = crc.getValue();
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < 6; i++) {
      b.insert(0, "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".charAt((int) (v % 62)));
      v /= 62;
    }
    assertThat(ApiKeyFormat.isWellFormed(body + b)).isTrue();
  }

  @Property(tries = 300)
  void anySingleCharacterChangeIsRejected(@ForAll @IntRange(min = 11, max = 48) int position,
      @ForAll @IntRange(min = 1, max = 61) int shift) {
    String key = ApiKeyFormat.generate(RANDOM);
    String alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    char replaced = alphabet.charAt((alphabet.indexOf(key.charAt(position)) + shift) % 62);
    String mutated = key.substring(0, position) + replaced + key.substring(position + 1);
    assertThat(ApiKeyFormat.isWellFormed(mutated)).isFalse();
  }

  @Test
  void wrongPrefixLengthOrAlphabetIsRejected() {
    String key = ApiKeyFormat.generate(RANDOM);
    assertThat(ApiKeyFormat.isWellFormed(null)).isFalse();
    assertThat(ApiKeyFormat.isWellFormed("")).isFalse();
    assertThat(ApiKeyFormat.isWellFormed("vouch_test_" + key.substring(11))).isFalse();
    assertThat(ApiKeyFormat.isWellFormed(key + "0")).isFalse();
    assertThat(ApiKeyFormat.isWellFormed(key.substring(0, 48))).isFalse();
    assertThat(ApiKeyFormat.isWellFormed(key.substring(0, 20) + "-" + key.substring(21))).isFalse();
  }

  @Test
  void hashIsSha256AndHintShowsOnlyFourSecretCharacters() {
    String key = ApiKeyFormat.generate(RANDOM);
    assertThat(ApiKeyFormat.sha256(key)).hasSize(32);
    assertThat(ApiKeyFormat.sha256(key)).isEqualTo(ApiKeyFormat.sha256(new String(key)));
    String hint = ApiKeyFormat.hint(key);
    assertThat(hint).isEqualTo("vouch_live_" + key.substring(11, 15) + "..." + key.substring(45));
    assertThat(hint).doesNotContain(key.substring(15, 43));
  }
}
