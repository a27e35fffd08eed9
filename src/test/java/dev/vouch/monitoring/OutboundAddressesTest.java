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
        "http://224.0.0.1/", "http://[::ffff:127.0.0.1]/"}) {
      assertThatThrownBy(() -> OutboundAddresses.parse(url, false)).as(url).isInstanceOf(ApiError.class)
          .hasMessageContaining("public addresses only");
      assertThat(OutboundAddresses.parse(url, true).getHost()).as(url).isNotBlank();
    }
  }

  @Test
  void publicHttpAndHttpsUrlsPassAndMalformedOnesAreRefused() {
    assertThat(OutboundAddresses.parse("https://hooks.example.com/vouch?x=1", false).getHost())
        .isEqualTo("hooks.example.com");
    assertThat(OutboundAddresses.parse("http://93.184.216.34/", false).getPort()).isEqualTo(-1);
    for (String url : new String[] {"", "ftp://example.com/", "https://", "mailto:a@b.c", "https://u:p@example.com/",
        "https://example.com/#frag", "https://exa mple.com/", "https://example.com/" + "x".repeat(2100)}) {
      assertThatThrownBy(() -> OutboundAddresses.parse(url, false)).as(url).isInstanceOf(ApiError.class);
    }
  }

  @Test
  void aNameThatResolvesToALoopbackAddressIsRefusedAtDeliveryTime() throws Exception {
    assertThatThrownBy(() -> OutboundAddresses.resolve("localhost", false)).isInstanceOf(UnknownHostException.class)
        .hasMessageContaining("refused address");
    assertThat(OutboundAddresses.resolve("127.0.0.1", true)).isEqualTo(InetAddress.getByName("127.0.0.1"));
    assertThat(OutboundAddresses.refused(InetAddress.getByName("8.8.8.8"))).isFalse();
    assertThat(OutboundAddresses.refused(InetAddress.getByName("2001:4860:4860::8888"))).isFalse();
  }
}
