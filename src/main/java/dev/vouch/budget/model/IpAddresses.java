package dev.vouch.budget.model;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.regex.Pattern;

/** IP literals only: nothing here ever resolves a host name, so it is safe on an event loop. */
public final class IpAddresses {

  private static final Pattern V4 = Pattern.compile("^(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})$");
  private static final Pattern V4_PORT = Pattern.compile("^(\\d{1,3}(?:\\.\\d{1,3}){3}):\\d{1,5}$");
  private static final Pattern V6 = Pattern.compile("^[0-9a-fA-F:.]*:[0-9a-fA-F:.]*$");
  private static final Pattern V6_BRACKETED = Pattern.compile("^\\[([0-9a-fA-F:.]+)\\](?::\\d{1,5})?$");

  private IpAddresses() {}

  /**
   * Parses an address as proxies write it (optionally with a port, IPv6 optionally bracketed).
   * Empty for anything that is not an IP literal.
   */
  public static Optional<InetAddress> parse(String raw) {
    if (raw == null) {
      return Optional.empty();
    }
    String s = raw.trim();
    byte[] quad = dottedQuad(s);
    if (quad != null) {
      return byAddress(quad);
    }
    var withPort = V4_PORT.matcher(s);
    if (withPort.matches()) {
      s = withPort.group(1);
    }
    var bracketed = V6_BRACKETED.matcher(s);
    if (bracketed.matches()) {
      s = bracketed.group(1);
    }
    var v4 = V4.matcher(s);
    if (v4.matches()) {
      byte[] b = new byte[4];
      for (int i = 0; i < 4; i++) {
        int octet = Integer.parseInt(v4.group(i + 1));
        if (octet > 255) {
          return Optional.empty();
        }
        b[i] = (byte) octet;
      }
      return byAddress(b);
    }
    if (V6.matcher(s).matches()) {
      try {
        // Only hex digits, colons and dots reach here, which the JDK parses as a literal, never via DNS.
        return Optional.of(InetAddress.getByName(s));
      } catch (UnknownHostException e) {
        return Optional.empty();
      }
    }
    return Optional.empty();
  }

  /**
   * The common case, a bare dotted quad as the socket reports it, without a regex: this runs for
   * every request. Null when the text is anything else (the patterns then decide).
   */
  private static byte[] dottedQuad(String s) {
    byte[] b = new byte[4];
    int part = 0;
    int value = 0;
    int digits = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c >= '0' && c <= '9' && digits < 3) {
        value = value * 10 + (c - '0');
        digits++;
      } else if (c == '.' && digits > 0 && part < 3) {
        if (value > 255) {
          return null;
        }
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

  /** Canonical text of a literal, or the input unchanged when it is not one. */
  public static String canonical(String raw) {
    return parse(raw).map(InetAddress::getHostAddress).orElse(raw);
  }

  /**
   * The budget owner of an address: IPv4 as is, IPv6 by its /64, since one subscriber usually
   * holds a whole /64 and could otherwise rotate through it to multiply the anonymous budget.
   */
  public static String bucketOf(String ip) {
    Optional<InetAddress> parsed = parse(ip);
    if (parsed.isPresent() && parsed.get() instanceof Inet6Address v6) {
      byte[] b = v6.getAddress();
      return HexFormat.of().formatHex(b, 0, 8) + "::/64";
    }
    return parsed.map(InetAddress::getHostAddress).orElse(ip);
  }

  private static Optional<InetAddress> byAddress(byte[] b) {
    try {
      return Optional.of(InetAddress.getByAddress(b));
    } catch (UnknownHostException e) {
      return Optional.empty();
    }
  }
}
