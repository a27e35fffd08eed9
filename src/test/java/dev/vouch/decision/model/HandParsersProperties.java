package dev.vouch.decision.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.budget.model.IpAddresses;
import java.util.Optional;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The per-request checks written by hand (no regex on the hot path) accept exactly what the
 * patterns they replaced accepted, including near misses: other lengths, an upper-case X,
 * non-ASCII digits, four-digit octets.
 */
class HandParsersProperties {

  private static final Pattern ADDRESS = Pattern.compile("^0x[a-fA-F0-9]{40}$");
  private static final Pattern V4 = Pattern.compile("^(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})$");

  @Provide
  Arbitrary<String> addressLike() {
    Arbitrary<String> body = Arbitraries.strings().withChars("0123456789abcdefABCDEFxXg\u0663\uff10").ofMinLength(38).ofMaxLength(42);
    return Arbitraries.oneOf(body.map(b -> "0x" + b), body.map(b -> "0X" + b), body);
  }

  @Property(tries = 3000)
  void addressCheckMatchesThePattern(@ForAll("addressLike") String s) {
    assertThat(Entries.isAddress(s)).isEqualTo(ADDRESS.matcher(s).matches());
  }

  @Provide
  Arbitrary<String> quadLike() {
    return Arbitraries.strings().withChars("0123456789.\u0663:").ofMinLength(1).ofMaxLength(18);
  }

  @Property(tries = 5000)
  void dottedQuadMatchesThePattern(@ForAll("quadLike") String s) {
    Optional<byte[]> parsed = IpAddresses.parse(s);
    var m = V4.matcher(s);
    boolean valid = m.matches() && octetsFit(m);
    if (valid) {
      assertThat(parsed).isPresent();
      assertThat(IpAddresses.canonical(s)).isEqualTo(canonical(m));
    } else if (!s.contains(":")) {
      assertThat(parsed).isEmpty();
    }
  }

  @Example
  void examples() {
    assertThat(Entries.isAddress("0x" + "aB".repeat(20))).isTrue();
    assertThat(Entries.isAddress("0X" + "ab".repeat(20))).isFalse();
    assertThat(Entries.isAddress("0x" + "ab".repeat(19) + "a\u0663")).isFalse();
    assertThat(IpAddresses.canonical("001.002.003.004")).isEqualTo("1.2.3.4");
    assertThat(IpAddresses.canonical("1.2.3.4:8080")).isEqualTo("1.2.3.4");
    assertThat(IpAddresses.parse("1.2.3.0004")).isEmpty();
    assertThat(IpAddresses.parse("1.2.3.256")).isEmpty();
    assertThat(IpAddresses.parse("1.2.3.")).isEmpty();
    assertThat(IpAddresses.parse(".1.2.3")).isEmpty();
  }

  private static boolean octetsFit(java.util.regex.Matcher m) {
    for (int i = 1; i <= 4; i++) {
      if (Integer.parseInt(m.group(i)) > 255) {
        return false;
      }
    }
    return true;
  }

  private static String canonical(java.util.regex.Matcher m) {
    StringBuilder b = new StringBuilder();
    for (int i = 1; i <= 4; i++) {
      b.append(i > 1 ? "." : "").append(Integer.parseInt(m.group(i)));
    }
    return b.toString();
  }
}
