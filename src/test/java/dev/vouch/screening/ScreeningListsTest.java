package dev.vouch.screening;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.vouch.config.ScreeningSource;
import dev.vouch.screening.model.Listing;
import dev.vouch.screening.model.ScreeningSet;
import io.vertx.core.Vertx;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Screening lists from a CSV file and the OFAC SDN XML (file and URL), loaded, refreshed, refused. */
class ScreeningListsTest {

  static final String SEMENOV = "0xdcbeffbecce100cce9e4b153c4e15cb885643193";
  static final String LAZARUS = "0x098b716b8aaf21512996dc57eb0615e2383e2f96";
  static final String PETROV = "0x1111111111111111111111111111111111111111";

  static Vertx vertx;

  @BeforeAll
  static void start() {
    vertx = Vertx.vertx();
  }

  @AfterAll
  static void stop() {
    vertx.close();
  }

  static Path sdnFile() throws Exception {
    Path file = Files.createTempFile("sdn", ".xml");
    file.toFile().deleteOnExit();
    try (InputStream in = ScreeningListsTest.class.getResourceAsStream("/screening/sdn.xml")) {
      Files.write(file, in.readAllBytes());
    }
    return file;
  }

  static Path csv(String text) throws Exception {
    Path file = Files.createTempFile("flagged", ".csv");
    file.toFile().deleteOnExit();
    Files.writeString(file, text);
    return file;
  }

  /** Each test's own label store: lists of one name do not meet across tests. */
  dev.vouch.store.DatabaseUrl db;

  @org.junit.jupiter.api.BeforeEach
  void database() {
    db = dev.vouch.support.TestDatabase.fresh();
  }

  Screening load(List<ScreeningSource> sources) throws Exception {
    return dev.vouch.support.TestLists.start(vertx, db, sources);
  }

  /** The screening entries the store answers for {@code addresses}. */
  static ScreeningSet set(Screening s, String... addresses) {
    return dev.vouch.support.Observe.await(s.scope(List.of(addresses))).screening();
  }

  static final String NOT_ETH = "0xa0e1c89ef1a489c9c7de96311ed5ce5d32c20e4b";
  static final String PASSPORT = "0x0000000000000000000000000000000000000bad";

  @Test
  void sdnXmlGivesOnlyItsEthDigitalCurrencyAddressesLabelledWithTheEntry() throws Exception {
    Screening s = load(List.of(new ScreeningSource("OFAC_SDN", ScreeningSource.Type.ofac_sdn, sdnFile().toString(), null)));
    ScreeningSet set = set(s, SEMENOV, LAZARUS, PETROV, NOT_ETH, PASSPORT);
    assertThat(set.addresses()).containsExactlyInAnyOrder(SEMENOV, LAZARUS, PETROV);
    assertThat(set.lookup(SEMENOV.toUpperCase().replace("0X", "0x")))
        .containsExactly(new Listing("OFAC_SDN", "SDN 36118 ROMAN SEMENOV"));
    assertThat(set.lookup(PETROV)).containsExactly(new Listing("OFAC_SDN", "SDN 7001 PETROV, Ivan"));
    // USDT ids and a passport number that looks like an address are not ETH addresses.
    assertThat(set.contains("0xa0e1c89ef1a489c9c7de96311ed5ce5d32c20e4b")).isFalse();
    assertThat(set.contains("0x0000000000000000000000000000000000000bad")).isFalse();
    assertThat(dev.vouch.support.Sql.count(db, "SELECT rows FROM label_versions WHERE list = 'OFAC_SDN'")).isEqualTo(3);
  }

  @Test
  void csvAndSdnMergeAndAReloadPicksUpAChangedFile() throws Exception {
    String a = "0x" + "a".repeat(40);
    String b = "0x" + "b".repeat(40);
    Path list = csv("address,label\n# local incident list\n" + a + ",phishing drainer\n" + LAZARUS + ",bridge exploit\n");
    Screening s = load(List.of(
        new ScreeningSource("LOCAL", ScreeningSource.Type.csv, list.toString(), null),
        new ScreeningSource("OFAC_SDN", ScreeningSource.Type.ofac_sdn, sdnFile().toString(), null),
        ScreeningSource.inline("0x" + "c".repeat(40))));
    String c = "0x" + "c".repeat(40);
    assertThat(set(s, a).lookup(a)).containsExactly(new Listing("LOCAL", "phishing drainer"));
    assertThat(set(s, LAZARUS).lookup(LAZARUS)).containsExactly(
        new Listing("LOCAL", "bridge exploit"), new Listing("OFAC_SDN", "SDN 36218 LAZARUS GROUP"));
    assertThat(set(s, c).lookup(c)).containsExactly(new Listing("CONFIG", ""));

    Files.writeString(list, b + ",mixer\n");
    s.reload(false);
    assertThat(set(s, a).contains(a)).isFalse();
    assertThat(set(s, b).lookup(b)).containsExactly(new Listing("LOCAL", "mixer"));
    assertThat(set(s, LAZARUS).lookup(LAZARUS)).containsExactly(new Listing("OFAC_SDN", "SDN 36218 LAZARUS GROUP"));

    // A broken file on refresh keeps the list's last good version.
    Files.writeString(list, "not-an-address,oops\n");
    s.reload(false);
    assertThat(set(s, b).lookup(b)).containsExactly(new Listing("LOCAL", "mixer"));
  }

  @Test
  void aTruncatedSdnDownloadNeverReplacesTheListAndFailsTheStart() throws Exception {
    Path file = sdnFile();
    Screening s = load(List.of(new ScreeningSource("OFAC_SDN", ScreeningSource.Type.ofac_sdn, file.toString(), null)));
    String whole = Files.readString(file);
    Files.writeString(file, whole.substring(0, whole.indexOf("LAZARUS")));
    s.reload(false);
    assertThat(set(s, SEMENOV, LAZARUS, PETROV).addresses()).hasSize(3);
    assertThatThrownBy(() -> load(List.of(new ScreeningSource("OFAC_SDN", ScreeningSource.Type.ofac_sdn,
        file.toString(), null)))).hasStackTraceContaining("OFAC_SDN").hasStackTraceContaining("not well-formed");
    assertThatThrownBy(() -> load(List.of(new ScreeningSource("LOCAL", ScreeningSource.Type.csv,
        "/nonexistent/flagged.csv", null)))).hasStackTraceContaining("LOCAL");
  }

  @Test
  void anSdnListIsReadFromTheConfiguredUrlAndARedirectIsRefused() throws Exception {
    byte[] xml = Files.readAllBytes(sdnFile());
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/sdn.xml", ex -> {
      ex.sendResponseHeaders(200, xml.length);
      try (OutputStream out = ex.getResponseBody()) {
        out.write(xml);
      }
    });
    server.createContext("/moved.xml", ex -> {
      ex.getResponseHeaders().set("Location", "/sdn.xml");
      ex.sendResponseHeaders(302, -1);
      ex.close();
    });
    server.start();
    try {
      String base = "http://127.0.0.1:" + server.getAddress().getPort();
      Screening s = load(List.of(new ScreeningSource("OFAC_SDN", ScreeningSource.Type.ofac_sdn, null, base + "/sdn.xml")));
      assertThat(set(s, SEMENOV, LAZARUS, PETROV).addresses()).containsExactlyInAnyOrder(SEMENOV, LAZARUS, PETROV);
      assertThatThrownBy(() -> load(List.of(new ScreeningSource("OFAC_SDN", ScreeningSource.Type.ofac_sdn, null,
          base + "/moved.xml")))).hasStackTraceContaining("HTTP 302");
    } finally {
      server.stop(0);
    }
  }
}
