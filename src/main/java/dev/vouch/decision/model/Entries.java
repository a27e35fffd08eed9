package dev.vouch.decision.model;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What a client-supplied identifier is (CONTRACT 2 and 5): anything starting with {@code 0x} is
 * read as an address; otherwise a string of 2 to 64 characters of the form
 * {@code <name>.<suffix>} is a username to look up. The format check is deliberately lenient:
 * the identities table, not this pattern, decides which usernames exist.
 */
public final class Entries {

  public enum Kind { address, username, invalid }

  private static final Pattern NAME = Pattern.compile("^[^\\s./\\\\?#%]+$");

  private Entries() {}

  public static Kind classify(String trimmed, String suffix) {
    if (trimmed.regionMatches(true, 0, "0x", 0, 2)) {
      return isAddress(trimmed) ? Kind.address : Kind.invalid;
    }
    return isUsername(trimmed, suffix) ? Kind.username : Kind.invalid;
  }

  /** 0x and 40 hex digits, checked by hand: this runs for every row of a batch. */
  public static boolean isAddress(String s) {
    if (s.length() != 42 || s.charAt(0) != '0' || s.charAt(1) != 'x') {
      return false;
    }
    for (int i = 2; i < 42; i++) {
      char c = s.charAt(i);
      if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) {
        return false;
      }
    }
    return true;
  }

  public static boolean isUsername(String raw, String suffix) {
    if (raw == null || raw.length() < 2 || raw.length() > 64) {
      return false;
    }
    String tail = "." + suffix;
    if (raw.length() <= tail.length() || !raw.regionMatches(true, raw.length() - tail.length(), tail, 0, tail.length())) {
      return false;
    }
    return NAME.matcher(raw.substring(0, raw.length() - tail.length())).matches();
  }

  /** The dedupe and lookup key: entries compare case-insensitively. */
  public static String key(String trimmed) {
    return trimmed.toLowerCase(Locale.ROOT);
  }
}
