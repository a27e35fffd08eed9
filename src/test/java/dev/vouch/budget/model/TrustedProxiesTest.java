package dev.vouch.budget.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TrustedProxiesTest {

  private final TrustedProxies proxies = TrustedProxies.parse(List.of("10.0.0.0/8", "192.168.1.7", "fd00::/8"));

  @Test
  void forwardedForFromAnUntrustedPeerIsIgnored() {
    assertThat(proxies.clientIp("203.0.113.9", List.of("198.51.100.1"))).isEqualTo("203.0.113.9");
    assertThat(TrustedProxies.parse(List.of()).clientIp("10.1.1.1", List.of("198.51.100.1"))).isEqualTo("10.1.1.1");
  }

  @Test
  void trustedPeerYieldsTheRightmostUntrustedHop() {
    assertThat(proxies.clientIp("10.0.0.2", List.of("1.1.1.1, 198.51.100.1"))).isEqualTo("198.51.100.1");
  }

  @Test
  void trustedHopsAreSkippedRightToLeftAcrossHeaders() {
    assertThat(proxies.clientIp("10.0.0.2", List.of("6.6.6.6, 198.51.100.1", "192.168.1.7, 10.9.9.9")))
        .isEqualTo("198.51.100.1");
  }

  @Test
  void whenEveryHopIsTrustedTheLeftmostIsTheClient() {
    assertThat(proxies.clientIp("10.0.0.2", List.of("10.3.3.3, 10.2.2.2"))).isEqualTo("10.3.3.3");
  }

  @Test
  void garbageStopsTheWalkAtTheLastVouchedHop() {
    assertThat(proxies.clientIp("10.0.0.2", List.of("evil.example, 10.4.4.4"))).isEqualTo("10.4.4.4");
    assertThat(proxies.clientIp("10.0.0.2", List.of("not-an-ip"))).isEqualTo("10.0.0.2");
  }

  @Test
  void noHeaderMeansThePeer() {
    assertThat(proxies.clientIp("10.0.0.2", List.of())).isEqualTo("10.0.0.2");
  }

  @Test
  void portsAndBracketsAreUnderstoodAndIpv6NetworksMatch() {
    assertThat(proxies.clientIp("fd12::1", List.of("[2001:db8::5]:443"))).isEqualTo("2001:db8:0:0:0:0:0:5");
    assertThat(proxies.clientIp("10.0.0.2", List.of("198.51.100.1:5555"))).isEqualTo("198.51.100.1");
    assertThat(proxies.trusts("fe80::1")).isFalse();
    assertThat(proxies.trusts("11.0.0.1")).isFalse();
  }

  @Test
  void prefixBoundariesAreExact() {
    TrustedProxies p = TrustedProxies.parse(List.of("172.16.0.0/12"));
    assertThat(p.trusts("172.16.0.0")).isTrue();
    assertThat(p.trusts("172.31.255.255")).isTrue();
    assertThat(p.trusts("172.32.0.0")).isFalse();
    assertThat(p.trusts("172.15.255.255")).isFalse();
  }

  @Test
  void hostNamesAreNeverResolved() {
    assertThat(IpAddresses.parse("localhost")).isEmpty();
    assertThat(IpAddresses.parse("1.2.3.4.nip.io")).isEmpty();
    assertThat(IpAddresses.parse("300.1.1.1")).isEmpty();
    assertThatThrownBy(() -> TrustedProxies.parse(List.of("proxy.internal/8")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("http.trustedProxies (VOUCH_HTTP_TRUSTED_PROXIES): 'proxy.internal/8' is not an IP network;");
    assertThatThrownBy(() -> TrustedProxies.parse(List.of("10.0.0.0/33")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("http.trustedProxies (VOUCH_HTTP_TRUSTED_PROXIES): bad prefix length in '10.0.0.0/33'; expected");
  }

  @Test
  void ipv6CallersShareTheirSlash64Bucket() {
    assertThat(Caller.anonymousBucket("2001:db8:1:2:aaaa::1")).isEqualTo(Caller.anonymousBucket("2001:db8:1:2:bbbb::9"));
    assertThat(Caller.anonymousBucket("2001:db8:1:3::1")).isNotEqualTo(Caller.anonymousBucket("2001:db8:1:2::1"));
    assertThat(Caller.anonymousBucket("203.0.113.7")).isEqualTo("ip:203.0.113.7");
  }

  @Test
  void literalsParseToTheAddressesTheJdkReadsWithoutEverUsingIt() throws Exception {
    // The JDK reads literals without DNS; the parser must agree with it on every form it accepts.
    for (String literal : List.of("0.0.0.0", "203.0.113.7", "010.1.1.1", "255.255.255.255", "::", "::1", "1::",
        "2001:db8::5", "2001:DB8:0:0:8:800:200C:417A", "fe80::1:2", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7::",
        "::2:3:4:5:6:7:8", "1:2:3:4:5:6:1.2.3.4", "::1.2.3.4", "::ffff:1.2.3.4", "0:0:0:0:0:ffff:0102:0304",
        "::ffff:0:1.2.3.4", "64:ff9b::192.0.2.33")) {
      assertThat(IpAddresses.canonical(literal)).as(literal)
          .isEqualTo(java.net.InetAddress.getByName(literal).getHostAddress());
    }
    for (String garbage : List.of(":::", "1::2::3", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7", "12345::", "::1.2.3",
        "1.2.3.4::", "::1.2.3.4:5", ":1", "1:", "1:2:3:4:5:6:7:8::", "::256.1.1.1", "1.2.3.4.5", "")) {
      assertThat(IpAddresses.parse(garbage)).as(garbage).isEmpty();
    }
    assertThat(IpAddresses.parse("[::1]:8080")).hasValueSatisfying(b -> assertThat(b).hasSize(16));
    assertThat(IpAddresses.canonical("::ffff:10.1.2.3")).isEqualTo("10.1.2.3");
    assertThat(proxies.trusts("::ffff:10.1.2.3")).isTrue();
  }
}
