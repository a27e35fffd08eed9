package dev.vouch.monitoring;

import dev.vouch.error.ApiError;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Where webhooks may go: https URLs (http too with {@code monitoring.webhooks.allowHttp}) with a
 * host, a port from 1 to 65535, no credentials or fragment, and (unless
 * {@code monitoring.webhooks.allowPrivateAddresses}) no loopback, private, link-local, CGNAT,
 * unique-local, multicast, unspecified or reserved address, nor an IPv6 transition address that
 * reaches one (NAT64 and IPv4-compatible refused whole; 6to4 and Teredo judged by the IPv4
 * inside). Checked on the URL and the addresses its name resolves to at registration, and on
 * every address the name resolves to at each attempt (so a name re-pointed inward is refused).
 */
public final class OutboundAddresses {

  static final int MAX_URL = 2048;

  private OutboundAddresses() {}

  /** What a delivery refused by address records: never the address (a DNS oracle for any keyed caller). */
  static final String REFUSED = "refused: the URL's host resolves to an address webhooks may not reach";

  /** The resolved address is not one webhooks may reach; the message says nothing of it. */
  static final class RefusedAddress extends UnknownHostException {
    RefusedAddress() {
      super(REFUSED);
    }
  }

  /** The URL as registered, or INVALID_REQUEST saying what is wrong. */
  public static URI parse(String raw, boolean allowPrivate, boolean allowHttp) {
    if (raw == null || raw.isBlank() || raw.length() > MAX_URL) {
      throw ApiError.invalidRequest("url is required: an http or https URL of at most " + MAX_URL + " characters.");
    }
    URI uri;
    try {
      uri = new URI(raw.trim());
    } catch (URISyntaxException e) {
      throw ApiError.invalidRequest("url is not a valid URL.");
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null || uri.getHost().isBlank()) {
      throw ApiError.invalidRequest("url must be an absolute http or https URL with a host.");
    }
    if (scheme.equals("http") && !allowHttp) {
      throw ApiError.invalidRequest("url must be an https URL: this service delivers webhooks over https only.");
    }
    if (uri.getRawUserInfo() != null || uri.getRawFragment() != null) {
      throw ApiError.invalidRequest("url must not carry credentials or a fragment.");
    }
    if (uri.getPort() == 0 || uri.getPort() > 65535) {
      throw ApiError.invalidRequest("url has port " + uri.getPort() + "; a port is 1 to 65535.");
    }
    String host = uri.getHost().toLowerCase(Locale.ROOT).replaceAll("\\.+$", ""); // "localhost." is localhost
    if (!allowPrivate && (host.equals("localhost") || host.endsWith(".localhost") || literalRefused(host))) {
      throw ApiError.invalidRequest("url points at a loopback, private or link-local address; webhooks go to "
          + "public addresses only.");
    }
    return uri;
  }

  private static boolean literalRefused(String host) {
    String h = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    if (!h.matches("^[0-9.]+$") && !h.contains(":")) {
      return false;
    }
    try {
      return refused(InetAddress.getByName(h));
    } catch (UnknownHostException e) {
      return true;
    }
  }

  /**
   * At registration, a name (not a literal) is resolved (blocking: call from a worker thread): one
   * that resolves to a refused address (a hosts-file entry, say) is INVALID_REQUEST. A name that
   * does not resolve yet is accepted; each delivery attempt judges it again.
   */
  public static void checkName(URI uri, boolean allowPrivate) {
    if (allowPrivate) {
      return;
    }
    try {
      resolve(uri.getHost(), false);
    } catch (RefusedAddress e) {
      throw ApiError.invalidRequest("url's host resolves to a loopback, private or link-local address; webhooks go "
          + "to public addresses only.");
    } catch (UnknownHostException e) {
      // not resolvable now: judged at each attempt
    }
  }

  /** True for every address a webhook must not reach. */
  static boolean refused(InetAddress a) {
    if (a.isLoopbackAddress() || a.isLinkLocalAddress() || a.isSiteLocalAddress() || a.isAnyLocalAddress()
        || a.isMulticastAddress()) {
      return true;
    }
    byte[] b = a.getAddress();
    if (a instanceof Inet4Address) {
      int first = b[0] & 0xff;
      int second = b[1] & 0xff;
      return first == 0 || first == 100 && second >= 64 && second < 128 || first >= 240
          || first == 192 && second == 0 && (b[2] & 0xff) == 0 || first == 198 && (second == 18 || second == 19);
    }
    if (a instanceof Inet6Address) {
      return refused6(b);
    }
    return true;
  }

  private static boolean refused6(byte[] b) {
    int w0 = (b[0] & 0xff) << 8 | b[1] & 0xff;
    int w1 = (b[2] & 0xff) << 8 | b[3] & 0xff;
    if ((b[0] & 0xfe) == 0xfc || zero(b, 0, 12)) {
      return true; // unique-local; IPv4-compatible ::a.b.c.d (deprecated), :: and ::1
    }
    if (zero(b, 0, 10) && b[10] == (byte) 0xff && b[11] == (byte) 0xff) {
      return refused(v4(b, 12, false)); // IPv4-mapped, when not already parsed as IPv4
    }
    if (w0 == 0x64 && w1 == 0xff9b) {
      return true; // NAT64 64:ff9b::/96 and 64:ff9b:1::/48: a translator may reach anything inside
    }
    if (w0 == 0x2002) {
      return refused(v4(b, 2, false)); // 6to4
    }
    if (w0 == 0x2001 && w1 == 0) {
      return refused(v4(b, 12, true)); // Teredo: the client's address, inverted
    }
    return w0 == 0x2001 && w1 == 0x0db8 // documentation
        || w0 == 0x100 && zero(b, 2, 8); // discard-only 100::/64
  }

  private static boolean zero(byte[] b, int from, int to) {
    for (int i = from; i < to; i++) {
      if (b[i] != 0) {
        return false;
      }
    }
    return true;
  }

  private static InetAddress v4(byte[] b, int at, boolean inverted) {
    byte[] v4 = new byte[4];
    for (int i = 0; i < 4; i++) {
      v4[i] = (byte) (inverted ? ~b[at + i] : b[at + i]);
    }
    try {
      return InetAddress.getByAddress(v4);
    } catch (UnknownHostException e) {
      throw new IllegalStateException(e); // four bytes are always an address
    }
  }

  /** Resolves the host (blocking: call from a worker thread) to the address to connect to. */
  static InetAddress resolve(String host, boolean allowPrivate) throws UnknownHostException {
    String h = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    InetAddress[] all = InetAddress.getAllByName(h);
    if (!allowPrivate) {
      for (InetAddress a : all) {
        if (refused(a)) {
          throw new RefusedAddress();
        }
      }
    }
    return all[0];
  }
}
