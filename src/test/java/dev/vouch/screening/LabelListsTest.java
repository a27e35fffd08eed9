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

  /** Each test's own label store: lists of one name do not meet across tests. */
  dev.vouch.store.DatabaseUrl db;

  @org.junit.jupiter.api.BeforeEach
  void database() {
    db = dev.vouch.support.TestDatabase.fresh();
  }

  Screening load(List<ScreeningSource> sources) throws Exception {
    return dev.vouch.support.TestLists.start(vertx, db, sources);
  }

  /** The labels and screening entries the store answers for {@code addresses}. */
  static Screening.Scope scope(Screening s, String... addresses) {
    return dev.vouch.support.Observe.await(s.scope(List.of(addresses)));
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
    Screening.Scope got = scope(s, MIXER, EXCHANGE, SANCTIONED, "0x" + "cc".repeat(20));
    assertThat(got.labels().lookup(MIXER, 5)).containsExactly(
        new Label(MIXER, null, Category.mixer, "Tornado Cash Router", "TRM"));
    // An empty source is the list's name; a chain-specific label holds only on its chain.
    assertThat(got.labels().lookup(EXCHANGE, 1)).containsExactly(
        new Label(EXCHANGE, 1L, Category.exchange, "Example Exchange hot wallet", "LABELS"));
    assertThat(got.labels().lookup(EXCHANGE, 10)).isEmpty();
    // Sanctioned labels are screening entries (the wallet itself blocks); mixers are not.
    assertThat(got.screening().lookup(SANCTIONED)).containsExactly(new Listing("LABELS", "Lazarus, via label list"));
    assertThat(got.screening().contains(MIXER)).isFalse();
    // Screening list entries are labels of category sanctioned.
    assertThat(got.labels().lookup("0x" + "cc".repeat(20), 1)).containsExactly(
        new Label("0x" + "cc".repeat(20), null, Category.sanctioned, "drainer", "LOCAL"));
    assertThat(got.labels().version()).startsWith("sha256:");
    // The decisions' listings say the same.
    assertThat(dev.vouch.support.Observe.await(s.listings(List.of(SANCTIONED, MIXER))))
        .containsEntry(SANCTIONED, List.of(new Listing("LABELS", "Lazarus, via label list")))
        .containsEntry(MIXER, List.of());
  }

  @Test
  void theVersionIsAHashOfTheContentsAndMovesWithAChange() throws Exception {
    Path f = file(GOOD);
    Screening a = load(List.of(new ScreeningSource("LABELS", ScreeningSource.Type.labels, f.toString(), null)));
    String before = scope(a, MIXER).labels().version();
    // The same bytes again (another process starting): nothing is loaded, the version stays.
    Screening b = load(List.of(new ScreeningSource("LABELS", ScreeningSource.Type.labels, file(GOOD).toString(), null)));
    assertThat(scope(b, MIXER).labels().version()).isEqualTo(before);
    assertThat(dev.vouch.support.Sql.count(db, "SELECT count(*) FROM label_versions")).isEqualTo(1);
    Files.writeString(f, GOOD.replace("Tornado Cash Router", "Tornado Cash Proxy"));
    a.reload(false);
    assertThat(scope(a, MIXER).labels().version()).isNotEqualTo(before);
    assertThat(scope(a, MIXER).labels().lookup(MIXER, 1).get(0).name()).isEqualTo("Tornado Cash Proxy");
  }

  @Test
  void aBadFileIsRefusedWithItsLineAndThePreviousSetStaysInForce() throws Exception {
    Path f = file(GOOD);
    Screening s = load(List.of(new ScreeningSource("LABELS", ScreeningSource.Type.labels, f.toString(), null)));
    String version = scope(s, MIXER).labels().version();
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
      assertThat(scope(s, MIXER).labels().version()).isEqualTo(version);
      assertThat(scope(s, MIXER).labels().lookup(MIXER, 1)).extracting(Label::name).containsExactly("Tornado Cash Router");
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
    Screening.Scope got = scope(s, EXCHANGE, "0x" + "ab".repeat(20), "0x" + "cc".repeat(20), "0x" + "dd".repeat(20));
    assertThat(got.labels().lookup(EXCHANGE, 1)).extracting(Label::name).containsExactly("Example Exchange hot wallet");
    assertThat(got.labels().lookup("0x" + "ab".repeat(20), 1)).extracting(Label::name).containsExactly("Headerless mixer");
    assertThat(got.screening().contains("0x" + "cc".repeat(20))).isTrue();
    assertThat(got.screening().contains("0x" + "dd".repeat(20))).isTrue();
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
    assertThat(scope(s, MIXER).labels().lookup(MIXER, 1)).extracting(Label::name).containsExactly("Tornado Cash Router");
  }

  /**
   * Issue 35 item 3, now the store's: one statement reads the labels with the version they are
   * of, and a list that fails keeps its last good version (and that version's id).
   */
  @Test
  void oneReadGivesTheScreeningEntriesAndLabelsOfOneVersion() throws Exception {
    Path f = file(GOOD);
    Screening s = load(List.of(new ScreeningSource("LABELS", ScreeningSource.Type.labels, f.toString(), null)));
    Screening.Scope first = scope(s, SANCTIONED, MIXER);
    assertThat(first.screening().contains(SANCTIONED)).isTrue();
    assertThat(first.labels().lookup(SANCTIONED)).isNotEmpty();
    assertThat(first.labels().asOf()).isNotNull();

    Files.writeString(f, GOOD.replace(SANCTIONED.toUpperCase().replace("0X", "0x") + ",,sanctioned", MIXER + ",2,scam"));
    s.reload(false);
    Screening.Scope second = scope(s, SANCTIONED, MIXER);
    assertThat(second.screening().contains(SANCTIONED)).isFalse();
    assertThat(second.labels().lookup(SANCTIONED)).isEmpty();
    assertThat(second.labels().version()).isNotEqualTo(first.labels().version());

    Files.writeString(f, "not,a,label,list\n");
    s.reload(false);
    assertThat(scope(s, SANCTIONED, MIXER).labels().version()).isEqualTo(second.labels().version());
  }
}
