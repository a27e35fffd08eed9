package dev.vouch.screening;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vouch.config.ScreeningSource;
import dev.vouch.screening.model.Category;
import dev.vouch.screening.model.Label;
import dev.vouch.screening.model.Listing;
import io.vertx.core.Vertx;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Label lists beside the screening lists: parsed strictly, merged with sanctions, versioned by hash. */
class LabelListsTest {

  static final String MIXER = "0x" + "11".repeat(20);
  static final String SANCTIONED = "0x" + "5a".repeat(20);
  static final String EXCHANGE = "0x" + "e0".repeat(20);
  static Vertx vertx;

  @BeforeAll
  static void start() {
    vertx = Vertx.vertx();
  }

  @AfterAll
  static void stop() {
    vertx.close();
  }

  static Path file(String text) throws Exception {
    Path f = Files.createTempFile("labels", ".csv");
    f.toFile().deleteOnExit();
    Files.writeString(f, text);
    return f;
  }

  static Screening load(List<ScreeningSource> sources) throws Exception {
    return Screening.start(vertx, sources, 0).toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  static final String GOOD = """
      address,chain,category,name,source
      # mixers and exchanges
      %s,,mixer,Tornado Cash Router,TRM
      %s,1,exchange,Example Exchange hot wallet,
      %s,,sanctioned,"Lazarus, via label list",OFAC
      """.formatted(MIXER, EXCHANGE, SANCTIONED.toUpperCase().replace("0X", "0x"));

  @Test
  void labelsLoadWithChainCategoryNameSourceAndSanctionedOnesJoinTheScreeningSet() throws Exception {
    Path csv = file("address,label\n0x" + "cc".repeat(20) + ",drainer\n");
    Screening s = load(List.of(new ScreeningSource("LABELS", ScreeningSource.Type.labels, file(GOOD).toString(), null),
        new ScreeningSource("LOCAL", ScreeningSource.Type.csv, csv.toString(), null)));
    assertThat(s.labels().lookup(MIXER, 5)).containsExactly(
        new Label(MIXER, null, Category.mixer, "Tornado Cash Router", "TRM"));
    // An empty source is the list's name; a chain-specific label holds only on its chain.
    assertThat(s.labels().lookup(EXCHANGE, 1)).containsExactly(
        new Label(EXCHANGE, 1L, Category.exchange, "Example Exchange hot wallet", "LABELS"));
    assertThat(s.labels().lookup(EXCHANGE, 10)).isEmpty();
    // Sanctioned labels are screening entries (the wallet itself blocks); mixers are not.
    assertThat(s.current().lookup(SANCTIONED)).containsExactly(new Listing("LABELS", "Lazarus, via label list"));
    assertThat(s.current().contains(MIXER)).isFalse();
    // Screening list entries are labels of category sanctioned.
    assertThat(s.labels().lookup("0x" + "cc".repeat(20), 1)).containsExactly(
        new Label("0x" + "cc".repeat(20), null, Category.sanctioned, "drainer", "LOCAL"));
    assertThat(s.labels().version()).startsWith("sha256:");
  }

  @Test
  void theVersionIsAHashOfTheContentsAndMovesWithAChange() throws Exception {
    Path f = file(GOOD);
    Screening a = load(List.of(new ScreeningSource("LABELS", ScreeningSource.Type.labels, f.toString(), null)));
    Screening b = load(List.of(new ScreeningSource("LABELS", ScreeningSource.Type.labels, file(GOOD).toString(), null)));
    assertThat(a.labels().version()).isEqualTo(b.labels().version());
    String before = a.labels().version();
    Files.writeString(f, GOOD.replace("Tornado Cash Router", "Tornado Cash Proxy"));
    a.reload(false);
    assertThat(a.labels().version()).isNotEqualTo(before);
    assertThat(a.labels().lookup(MIXER, 1).get(0).name()).isEqualTo("Tornado Cash Proxy");
  }

  @Test
  void aBadFileIsRefusedWithItsLineAndThePreviousSetStaysInForce() throws Exception {
    Path f = file(GOOD);
    Screening s = load(List.of(new ScreeningSource("LABELS", ScreeningSource.Type.labels, f.toString(), null)));
    String version = s.labels().version();
    List<String[]> bad = List.of(
        new String[] {MIXER + ",,casino,Some casino,X", "line 2: category casino is not one of"},
        new String[] {"0x123,,mixer,Short,X", "line 2: address is not a 0x address"},
        new String[] {MIXER + ",zero,mixer,Bad chain,X", "line 2: chain must be a positive chain id"},
        new String[] {MIXER + ",,mixer,,X", "line 2: name is empty"},
        new String[] {MIXER + ",,mixer,Too few", "line 2: expected 5 cells"},
        new String[] {MIXER + ",,mixer,A,X\n" + MIXER.toUpperCase().replace("0X", "0x") + ",,mixer,B,X",
            "line 3: duplicate label for " + MIXER});
    for (String[] b : bad) {
      Files.writeString(f, "address,chain,category,name,source\n" + b[0] + "\n");
      s.reload(false);
      assertThat(s.labels().version()).isEqualTo(version);
      assertThat(s.labels().lookup(MIXER, 1)).extracting(Label::name).containsExactly("Tornado Cash Router");
      assertThatThrownBy(() -> load(List.of(new ScreeningSource("LABELS", ScreeningSource.Type.labels, f.toString(),
          null)))).hasStackTraceContaining("label list LABELS " + b[1]);
    }
  }

  /** Issue 34 item 10: a spreadsheet's "CSV UTF-8" export starts with a byte order mark. */
  @Test
  void aListThatStartsWithAByteOrderMarkLoads() throws Exception {
    Path labels = file("\uFEFF" + GOOD);
    Path headerless = file("\uFEFF0x" + "ab".repeat(20) + ",,mixer,Headerless mixer,\n");
    Path csv = file("\uFEFFaddress,label\n0x" + "cc".repeat(20) + ",drainer\n");
    Path csvHeaderless = file("\uFEFF0x" + "dd".repeat(20) + ",drainer\n");
    Screening s = load(List.of(new ScreeningSource("LABELS", ScreeningSource.Type.labels, labels.toString(), null),
        new ScreeningSource("MORE", ScreeningSource.Type.labels, headerless.toString(), null),
        new ScreeningSource("LOCAL", ScreeningSource.Type.csv, csv.toString(), null),
        new ScreeningSource("OTHER", ScreeningSource.Type.csv, csvHeaderless.toString(), null)));
    assertThat(s.labels().lookup(EXCHANGE, 1)).extracting(Label::name).containsExactly("Example Exchange hot wallet");
    assertThat(s.labels().lookup("0x" + "ab".repeat(20), 1)).extracting(Label::name).containsExactly("Headerless mixer");
    assertThat(s.current().contains("0x" + "cc".repeat(20))).isTrue();
    assertThat(s.current().contains("0x" + "dd".repeat(20))).isTrue();
  }

  /** Issue 34 item 10: a list gone at a refresh is logged as not found, not as its bare path. */
  @Test
  void aListGoneAtARefreshIsLoggedAsNotFoundAndThePreviousSetStays() throws Exception {
    Path f = file(GOOD);
    Screening s = load(List.of(new ScreeningSource("LABELS", ScreeningSource.Type.labels, f.toString(), null)));
    Files.delete(f);
    try (dev.vouch.support.LogCapture logs = new dev.vouch.support.LogCapture(java.util.logging.Level.WARNING)) {
      s.reload(false);
      assertThat(logs.from(Screening.class.getName())).extracting(java.util.logging.LogRecord::getMessage)
          .containsExactly("screening list LABELS could not be read from " + f + ": not found"
              + "; keeping the previous version");
    }
    assertThat(s.labels().lookup(MIXER, 1)).extracting(Label::name).containsExactly("Tornado Cash Router");
  }

  /**
   * Issue 35 item 3: one load's screening set and labels are published as one value, and the
   * labels carry when their lists were read (what orders two processes' versions). A list that
   * fails keeps its last good contents and its read time, so the set is not passed off as newer.
   */
  @Test
  void oneLoadPublishesItsListsTogetherAndTheLabelsSayWhenTheyWereRead() throws Exception {
    Path f = file(GOOD);
    java.time.Instant before = java.time.Instant.now();
    Screening s = load(List.of(new ScreeningSource("LABELS", ScreeningSource.Type.labels, f.toString(), null)));
    Screening.Lists first = s.lists();
    assertThat(first.screening().contains(SANCTIONED)).isTrue();
    assertThat(first.labels().lookup(SANCTIONED)).isNotEmpty();
    assertThat(first.labels().asOf()).isAfterOrEqualTo(before);

    Files.writeString(f, GOOD.replace(SANCTIONED.toUpperCase().replace("0X", "0x") + ",,sanctioned", MIXER + ",2,scam"));
    s.reload(false);
    Screening.Lists second = s.lists();
    assertThat(second.screening().contains(SANCTIONED)).isFalse();
    assertThat(second.labels().lookup(SANCTIONED)).isEmpty();
    assertThat(second.labels().asOf()).isAfterOrEqualTo(first.labels().asOf());

    Files.writeString(f, "not,a,label,list\n");
    s.reload(false);
    assertThat(s.lists().labels().version()).isEqualTo(second.labels().version());
    assertThat(s.lists().labels().asOf()).isEqualTo(second.labels().asOf());
  }
}
