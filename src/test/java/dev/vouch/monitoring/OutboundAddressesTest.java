package dev.vouch.monitoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vouch.error.ApiError;
import java.net.InetAddress;
import java.net.UnknownHostException;
import org.junit.jupiter.api.Test;

class OutboundAddressesTest {

  @Test
  void privateLoopbackLinkLocalAndReservedDestinationsAreRefusedUnlessAllowed() {
    for (String url : new String[] {"http://127.0.0.1/x", "http://localhost:8080/", "http://api.localhost/",
        "http://10.1.2.3/", "http://172.16.0.9/", "http://192.168.1.1/", "http://169.254.169.254/latest/meta-data",
        "http://100.64.0.1/", "http://0.0.0.0/", "http://[::1]/", "http://[fd00::1]/", "http://[fe80::1]/",
        "http://224.0.0.1/", "http://[::ffff:127.0.0.1]/",
        // IPv6 transition ranges (issue 25 item 8): NAT64, IPv4-compatible, 6to4 and Teredo of an inside IPv4
        "http://[64:ff9b::7f00:1]/", "http://[64:ff9b::808:808]/", "http://[64:ff9b:1::a00:1]/",
        "http://[::127.0.0.1]/", "http://[::8.8.8.8]/", "http://[2002:7f00:1::]/", "http://[2002:c0a8:101::1]/",
        "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/", "http://[2001:db8::1]/", "http://[100::1]/"}) {
      assertThatThrownBy(() -> OutboundAddresses.parse(url, false, true)).as(url).isInstanceOf(ApiError.class)
          .hasMessageContaining("public addresses only");
      assertThat(OutboundAddresses.parse(url, true, true).getHost()).as(url).isNotBlank();
    }
  }

  @Test
  void publicHttpAndHttpsUrlsPassAndMalformedOnesAreRefused() {
    assertThat(OutboundAddresses.parse("https://hooks.example.com/vouch?x=1", false, false).getHost())
        .isEqualTo("hooks.example.com");
    assertThat(OutboundAddresses.parse("http://93.184.216.34/", false, true).getPort()).isEqualTo(-1);
    for (String url : new String[] {"", "ftp://example.com/", "https://", "mailto:a@b.c", "https://u:p@example.com/",
        "https://example.com/#frag", "https://exa mple.com/", "https://example.com/" + "x".repeat(2100)}) {
      assertThatThrownBy(() -> OutboundAddresses.parse(url, false, true)).as(url).isInstanceOf(ApiError.class);
    }
  }

  @Test
  void aNameThatResolvesToALoopbackAddressIsRefusedAtDeliveryTime() throws Exception {
    assertThatThrownBy(() -> OutboundAddresses.resolve("localhost", false)).isInstanceOf(UnknownHostException.class)
        .isInstanceOf(OutboundAddresses.RefusedAddress.class)
        .hasMessage(OutboundAddresses.REFUSED).hasMessageNotContaining("127.0.0.1");
    assertThat(OutboundAddresses.resolve("127.0.0.1", true)).isEqualTo(InetAddress.getByName("127.0.0.1"));
    assertThat(OutboundAddresses.refused(InetAddress.getByName("8.8.8.8"))).isFalse();
    assertThat(OutboundAddresses.refused(InetAddress.getByName("2001:4860:4860::8888"))).isFalse();
    // Transition addresses of a public IPv4 are judged by it (6to4 of 8.8.8.8; Teredo of client 8.8.8.8).
    assertThat(OutboundAddresses.refused(InetAddress.getByName("2002:808:808::1"))).isFalse();
    assertThat(OutboundAddresses.refused(InetAddress.getByName("2001:0:4136:e378:8000:63bf:f7f7:f7f7"))).isFalse();
  }

  @Test
  void plainHttpNeedsTheOperatorsSettingAndPortsOutsideOneTo65535AreRefused() {
    assertThatThrownBy(() -> OutboundAddresses.parse("http://hooks.example.com/", false, false))
        .isInstanceOf(ApiError.class).hasMessageContaining("https only");
    assertThat(OutboundAddresses.parse("http://hooks.example.com/", false, true).getScheme()).isEqualTo("http");
    for (String url : new String[] {"https://hooks.example.com:0/", "https://hooks.example.com:65536/",
        "https://hooks.example.com:99999/", "https://[2606:4700::1111]:0/"}) {
      assertThatThrownBy(() -> OutboundAddresses.parse(url, false, false)).as(url).isInstanceOf(ApiError.class)
          .hasMessageContaining("port");
    }
    assertThat(OutboundAddresses.parse("https://hooks.example.com:65535/", false, false).getPort()).isEqualTo(65535);
  }

  @Test
  void aNameTheHostsFileResolvesInwardIsRefusedAtRegistration() throws Exception {
    // The machine's own name: the hosts file maps it to loopback or a private address.
    java.net.URI own = java.net.URI.create("https://" + hostsFileName() + "/x");
    assertThatThrownBy(() -> OutboundAddresses.checkName(own, false))
        .isInstanceOf(ApiError.class).hasMessageContaining("public addresses only");
    OutboundAddresses.checkName(own, true);
    assertThatThrownBy(() -> OutboundAddresses.parse("https://localhost./x", false, false))
        .isInstanceOf(ApiError.class).hasMessageContaining("public addresses only");
    OutboundAddresses.checkName(java.net.URI.create("https://no-such-host.invalid/x"), false); // judged at delivery
  }

  /** A name other than localhost that resolves inward on this machine (its own host name). */
  static String hostsFileName() throws Exception {
    String name = InetAddress.getLocalHost().getHostName();
    assertThat(OutboundAddresses.refused(InetAddress.getByName(name))).as(name + " resolves inward").isTrue();
    return name;
  }
}
