package dev.vouch.budget.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * CONTRACT 4: X-Forwarded-For counts only when the direct peer is a trusted proxy; then it is
 * read right to left, skipping trusted hops, and the first untrusted address is the client.
 */
public final class TrustedProxies {

  private record Network(byte[] base, int prefix) {
    boolean contains(byte[] b) {
      if (b.length != base.length) {
        return false;
      }
      int full = prefix / 8;
      for (int i = 0; i < full; i++) {
        if (b[i] != base[i]) {
          return false;
        }
      }
      int rest = prefix % 8;
      if (rest == 0) {
        return true;
      }
      int mask = (0xff << (8 - rest)) & 0xff;
      return (b[full] & mask) == (base[full] & mask);
    }
  }

  private final List<Network> networks;

  private TrustedProxies(List<Network> networks) {
    this.networks = networks;
  }

  private static final String SETTING = "http.trustedProxies (VOUCH_HTTP_TRUSTED_PROXIES)";
  private static final String EXPECTED = "; expected comma-separated CIDRs of the proxies in front of Vouch, e.g. 10.0.0.0/8,fd00::/8";

  /** CIDRs such as 10.0.0.0/8 or fd00::/8; a bare address is a single host. */
  public static TrustedProxies parse(List<String> cidrs) {
    List<Network> out = new ArrayList<>();
    for (String cidr : cidrs == null ? List.<String>of() : cidrs) {
      String[] parts = cidr.trim().split("/", 2);
      byte[] base = IpAddresses.parse(parts[0])
          .orElseThrow(() -> new IllegalArgumentException(SETTING + ": '" + cidr + "' is not an IP network" + EXPECTED));
      int max = base.length * 8;
      int prefix = parts.length == 2 ? parsePrefix(parts[1], cidr) : max;
      if (prefix < 0 || prefix > max) {
        throw new IllegalArgumentException(SETTING + ": bad prefix length in '" + cidr + "'" + EXPECTED);
      }
      out.add(new Network(base, prefix));
    }
    return new TrustedProxies(List.copyOf(out));
  }

  private static int parsePrefix(String s, String cidr) {
    try {
      return Integer.parseInt(s.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(SETTING + ": bad prefix length in '" + cidr + "'" + EXPECTED, e);
    }
  }

  public boolean trusts(String ip) {
    Optional<byte[]> a = IpAddresses.parse(ip);
    return a.isPresent() && networks.stream().anyMatch(n -> n.contains(a.get()));
  }

  /**
   * The client address for a request from {@code peer} carrying these X-Forwarded-For header
   * values (in arrival order). An entry that is not an IP literal stops the walk: the hop to its
   * right, which a trusted proxy vouched for, is used instead.
   */
  public String clientIp(String peer, List<String> forwardedFor) {
    String client = IpAddresses.canonical(peer);
    if (networks.isEmpty() || !trusts(peer) || forwardedFor == null) {
      return client;
    }
    List<String> hops = new ArrayList<>();
    for (String header : forwardedFor) {
      for (String hop : header.split(",")) {
        if (!hop.isBlank()) {
          hops.add(hop.trim());
        }
      }
    }
    for (int i = hops.size() - 1; i >= 0; i--) {
      Optional<byte[]> hop = IpAddresses.parse(hops.get(i));
      if (hop.isEmpty()) {
        return client;
      }
      client = IpAddresses.text(hop.get());
      if (!trusts(client)) {
        return client;
      }
    }
    return client;
  }
}
