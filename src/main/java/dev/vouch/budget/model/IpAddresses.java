package dev.vouch.budget.model;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * IP literals only, parsed here to their bytes (4 for IPv4, 16 for IPv6): no InetAddress, so
 * nothing can ever resolve a host name, and this is safe on an event loop. Text comes out as the
 * JDK writes it (IPv6 as eight groups without zero compression; IPv4-mapped IPv6 as IPv4).
 */
public final class IpAddresses {

  private static final Pattern V4_PORT = Pattern.compile("^(\\d{1,3}(?:\\.\\d{1,3}){3}):\\d{1,5}$");
  private static final Pattern V6 = Pattern.compile("^[0-9a-fA-F:.]*:[0-9a-fA-F:.]*$");
  private static final Pattern V6_BRACKETED = Pattern.compile("^\\[([0-9a-fA-F:.]+)\\](?::\\d{1,5})?$");
  private static final Pattern HEX_GROUP = Pattern.compile("^[0-9a-fA-F]{1,4}$");
  /** The longest IPv6 text: eight full groups, or six and a dotted IPv4 tail. */
  private static final int MAX_V6_LENGTH = 45;

  private IpAddresses() {}

  /**
   * Parses an address as proxies write it (optionally with a port, IPv6 optionally bracketed)
   * into its bytes. Empty for anything that is not an IP literal.
   */
  public static Optional<byte[]> parse(String raw) {
    if (raw == null) {
      return Optional.empty();
    }
    String s = raw.trim();
    // A port or brackets need a ':' or a '['; the common bare dotted quad skips both patterns.
    if (s.indexOf(':') >= 0 || s.indexOf('[') >= 0) {
      Matcher withPort = V4_PORT.matcher(s);
      if (withPort.matches()) {
        s = withPort.group(1);
      }
      Matcher bracketed = V6_BRACKETED.matcher(s);
      if (bracketed.matches()) {
        s = bracketed.group(1);
      }
    }
    byte[] v4 = v4(s);
    if (v4 != null) {
      return Optional.of(v4);
    }
    if (V6.matcher(s).matches()) {
      return Optional.ofNullable(v6(s)).map(IpAddresses::unmapped);
    }
    return Optional.empty();
  }

  /** Canonical text of a literal, or the input unchanged when it is not one. */
  public static String canonical(String raw) {
    return parse(raw).map(IpAddresses::text).orElse(raw);
  }

  /**
   * The budget owner of an address: IPv4 as is, IPv6 by its /64, since one subscriber usually
   * holds a whole /64 and could otherwise rotate through it to multiply the anonymous budget.
   */
  public static String bucketOf(String ip) {
    Optional<byte[]> parsed = parse(ip);
    if (parsed.isPresent() && parsed.get().length == 16) {
      return HexFormat.of().formatHex(parsed.get(), 0, 8) + "::/64";
    }
    return parsed.map(IpAddresses::text).orElse(ip);
  }

  /** Dotted IPv4, or eight hex groups for IPv6. */
  static String text(byte[] b) {
    StringBuilder out = new StringBuilder();
    if (b.length == 4) {
      for (int i = 0; i < 4; i++) {
        out.append(i == 0 ? "" : ".").append(b[i] & 0xff);
      }
      return out.toString();
    }
    for (int i = 0; i < 16; i += 2) {
      out.append(i == 0 ? "" : ":").append(Integer.toHexString(((b[i] & 0xff) << 8) | (b[i + 1] & 0xff)));
    }
    return out.toString();
  }

  /**
   * A dotted quad of 1-3 ASCII digits per octet, each at most 255, checked by hand rather than by
   * a regex: the socket's own address comes through here on every request.
   */
  private static byte[] v4(String s) {
    byte[] b = new byte[4];
    int part = 0;
    int value = 0;
    int digits = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c >= '0' && c <= '9' && digits < 3) {
        value = value * 10 + (c - '0');
        digits++;
      } else if (c == '.' && digits > 0 && part < 3 && value <= 255) {
        b[part++] = (byte) value;
        value = 0;
        digits = 0;
      } else {
        return null;
      }
    }
    if (part != 3 || digits == 0 || value > 255) {
      return null;
    }
    b[3] = (byte) value;
    return b;
  }

  /** RFC 4291 text: up to eight groups, at most one "::", optionally a dotted IPv4 tail. */
  private static byte[] v6(String s) {
    if (s.length() > MAX_V6_LENGTH) {
      return null;
    }
    int gap = s.indexOf("::");
    if (gap >= 0 && s.indexOf("::", gap + 1) >= 0) {
      return null;
    }
    int[] head = groups(gap < 0 ? s : s.substring(0, gap), gap < 0);
    int[] tail = gap < 0 ? new int[0] : groups(s.substring(gap + 2), true);
    if (head == null || tail == null || (gap < 0 ? head.length != 8 : head.length + tail.length > 7)) {
      return null;
    }
    byte[] b = new byte[16];
    for (int i = 0; i < head.length; i++) {
      b[2 * i] = (byte) (head[i] >> 8);
      b[2 * i + 1] = (byte) head[i];
    }
    for (int i = 0; i < tail.length; i++) {
      int at = 8 - tail.length + i;
      b[2 * at] = (byte) (tail[i] >> 8);
      b[2 * at + 1] = (byte) tail[i];
    }
    return b;
  }

  /** The 16-bit groups of one side of "::"; a dotted IPv4 may end the last side only. */
  private static int[] groups(String part, boolean last) {
    if (part.isEmpty()) {
      return new int[0];
    }
    String[] tokens = part.split(":", -1);
    int[] out = new int[tokens.length + 1];
    int n = 0;
    for (int i = 0; i < tokens.length; i++) {
      String t = tokens[i];
      if (t.indexOf('.') >= 0) {
        byte[] v4 = last && i == tokens.length - 1 ? v4(t) : null;
        if (v4 == null) {
          return null;
        }
        out[n++] = ((v4[0] & 0xff) << 8) | (v4[1] & 0xff);
        out[n++] = ((v4[2] & 0xff) << 8) | (v4[3] & 0xff);
      } else if (HEX_GROUP.matcher(t).matches()) {
        out[n++] = Integer.parseInt(t, 16);
      } else {
        return null;
      }
    }
    return Arrays.copyOf(out, n);
  }

  /** An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is that IPv4 address, as the JDK reads it. */
  private static byte[] unmapped(byte[] b) {
    for (int i = 0; i < 10; i++) {
      if (b[i] != 0) {
        return b;
      }
    }
    if ((b[10] & 0xff) != 0xff || (b[11] & 0xff) != 0xff) {
      return b;
    }
    return new byte[] {b[12], b[13], b[14], b[15]};
  }
}
