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
 * Where webhooks may go: http(s) URLs with a host, no credentials or fragment, and (unless
 * {@code monitoring.webhooks.allowPrivateAddresses}) no loopback, private, link-local, CGNAT,
 * unique-local, multicast or unspecified address, checked on the URL at registration and on
 * every address the name resolves to at each attempt (so a name re-pointed inward is refused).
 */
public final class OutboundAddresses {

  static final int MAX_URL = 2048;

  private OutboundAddresses() {}

  /** The URL as registered, or INVALID_REQUEST saying what is wrong. */
  public static URI parse(String raw, boolean allowPrivate) {
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
    if (uri.getRawUserInfo() != null || uri.getRawFragment() != null) {
      throw ApiError.invalidRequest("url must not carry credentials or a fragment.");
    }
    String host = uri.getHost().toLowerCase(Locale.ROOT);
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
      return (b[0] & 0xfe) == 0xfc;
    }
    return true;
  }

  /** Resolves the host (blocking: call from a worker thread) to the address to connect to. */
  static InetAddress resolve(String host, boolean allowPrivate) throws UnknownHostException {
    String h = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    InetAddress[] all = InetAddress.getAllByName(h);
    if (!allowPrivate) {
      for (InetAddress a : all) {
        if (refused(a)) {
          throw new UnknownHostException(host + " resolves to a refused address " + a.getHostAddress());
        }
      }
    }
    return all[0];
  }
}
