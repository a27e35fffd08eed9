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

  /**
   * CRC-32 (IEEE 802.3) values computed outside this codebase (zlib), written as 6 base62 digits
   * (0-9, A-Z, a-z), most significant first.
   */
  @Test
  void checksumIsTheUnsignedCrc32InSixBase62Digits() {
    assertThat(ApiKeyFormat.checksum("123456789")).as("the CRC-32 check value 0xCBF43926").isEqualTo("3jZRME");
    assertThat(ApiKeyFormat.checksum("")).isEqualTo("000000");
    assertThat(ApiKeyFormat.checksum("vouch_live_" + "0".repeat(32))).as("0x04E124D3").isEqualTo("05XUXL");
    assertThat(ApiKeyFormat.checksum("vouch_live_" + "z".repeat(32))).as("0x52AA1F49").isEqualTo("1VrD3p");
    assertThat(Base62.encode(0xFFFFFFFFL, 6)).as("the largest CRC-32 fits").isEqualTo("4gfFC3");
    assertThat(Base62.encode(61, 6)).isEqualTo("00000z");
    assertThat(Base62.encode(62, 6)).isEqualTo("000010");
  }

  @Test
  void literalKeysAreAcceptedOrRefusedByTheirChecksum() {
    assertThat(ApiKeyFormat.isWellFormed("vouch_live_3kQ9xT7bLmN2pR5sV8wY0aC4eG6iK1oq3ss1vZ")).isTrue();
    assertThat(ApiKeyFormat.isWellFormed("vouch_live_0000000000000000000000000000005900KSYc"))
        .as("a checksum with leading zeros").isTrue();
    assertThat(ApiKeyFormat.isWellFormed("vouch_live_3kQ9xT7bLmN2pR5sV8wY0aC4eG6iK1oq3ss1va"))
        .as("checksum digit changed").isFalse();
    assertThat(ApiKeyFormat.isWellFormed("vouch_live_3kQ9xT7bLmN2pR5sV8wY0aC4eG6iK1oQ3ss1vZ"))
        .as("secret character's case flipped").isFalse();
    assertThat(ApiKeyFormat.hint("vouch_live_3kQ9xT7bLmN2pR5sV8wY0aC4eG6iK1oq3ss1vZ")).isEqualTo("vouch_live_3kQ9...s1vZ");
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
