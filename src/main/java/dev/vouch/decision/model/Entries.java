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

  private static final Pattern ADDRESS = Pattern.compile("^0x[a-fA-F0-9]{40}$");
  private static final Pattern NAME = Pattern.compile("^[^\\s./\\\\?#%]+$");

  private Entries() {}

  public static Kind classify(String trimmed, String suffix) {
    if (trimmed.regionMatches(true, 0, "0x", 0, 2)) {
      return ADDRESS.matcher(trimmed).matches() ? Kind.address : Kind.invalid;
    }
    return isUsername(trimmed, suffix) ? Kind.username : Kind.invalid;
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
