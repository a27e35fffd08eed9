package dev.vouch.identity.model;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Username rules: a name of 2 to 32 characters from a-z, 0-9 and inner hyphens, stored lowercase
 * as {@code <name>.<suffix>}. Input is case-insensitive and may carry the suffix or not.
 */
public final class Usernames {

  public static final int NAME_MIN = 2;
  public static final int NAME_MAX = 32;
  private static final Pattern NAME = Pattern.compile("^[a-z0-9](?:[a-z0-9-]{0," + (NAME_MAX - 2) + "}[a-z0-9])$");
  /** Any {@code <name>.<suffix>} a lookup may name (CONTRACT 2: 2 to 64 characters). */
  private static final Pattern LOOKUP = Pattern.compile("^[A-Za-z0-9_-]+\\.[A-Za-z0-9]+$");

  private Usernames() {}

  /** The stored form of a name to claim ("Alice", "alice.vouch"), or empty when it breaks the rules. */
  public static Optional<String> claimable(String raw, String suffix) {
    if (raw == null) {
      return Optional.empty();
    }
    String s = raw.trim().toLowerCase(Locale.ROOT);
    String tail = "." + suffix.toLowerCase(Locale.ROOT);
    String name = s.endsWith(tail) ? s.substring(0, s.length() - tail.length()) : s;
    return NAME.matcher(name).matches() ? Optional.of(name + tail) : Optional.empty();
  }

  /** The lowercase form of a username to look up, or empty when it is not {@code <name>.<suffix>}. */
  public static Optional<String> lookup(String raw) {
    if (raw == null || raw.length() < 2 || raw.length() > 64 || !LOOKUP.matcher(raw).matches()) {
      return Optional.empty();
    }
    return Optional.of(raw.toLowerCase(Locale.ROOT));
  }

  /** The name part of a stored username. */
  public static String name(String username) {
    int dot = username.lastIndexOf('.');
    return dot < 0 ? username : username.substring(0, dot);
  }
}
