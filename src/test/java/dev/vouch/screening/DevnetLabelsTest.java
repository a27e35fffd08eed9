package dev.vouch.screening;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.config.ConfigLoader;
import dev.vouch.screening.model.Category;
import dev.vouch.screening.model.Label;
import io.vertx.core.Vertx;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The label list the devnet ships (docs/devnet.md section 5), loaded the way the docs say
 * (VOUCH_LABELS_FILE), names the token scenario's sanctioned address and mixer exactly as
 * tools/devnet/tokens.mjs makes them: a renamed or renumbered scenario wallet fails here.
 */
class DevnetLabelsTest {

  /** SCENARIO entries of tokens.mjs: {@code name: a(0x...n),}. */
  static Map<String, String> scenario() throws Exception {
    String js = Files.readString(Path.of("tools/devnet/tokens.mjs"));
    Matcher m = Pattern.compile("(\\w+): a\\(0x([0-9a-f]+)n\\)").matcher(js);
    Map<String, String> out = new java.util.HashMap<>();
    while (m.find()) {
      out.put(m.group(1), "0x" + String.format("%40s", new BigInteger(m.group(2), 16).toString(16)).replace(' ', '0'));
    }
    return out;
  }

  @Test
  void theShippedDevnetLabelFileNamesTheScenariosSanctionedAddressAndMixer() throws Exception {
    Map<String, String> s = scenario();
    assertThat(s).containsKeys("sanctioned", "mixer", "victim");
    Vertx vertx = Vertx.vertx();
    dev.vouch.store.DatabaseUrl db = dev.vouch.support.TestDatabase.fresh();
    try {
      var sources = ConfigLoader.load(Map.of(ConfigLoader.LABELS_FILE, "tools/devnet/labels.csv"))
          .models().flaggedAddresses();
      Screening screening;
      try (dev.vouch.support.LogCapture logs = new dev.vouch.support.LogCapture(java.util.logging.Level.INFO)) {
        screening = dev.vouch.support.TestLists.start(vertx, db, sources);
        // What the README's walk-through shows: every row counted, by category (not "1 addresses").
        assertThat(logs.from(Screening.class.getName())).extracting(java.util.logging.LogRecord::getMessage)
            .contains("label list LABELS loaded from tools/devnet/labels.csv: 2 labels (1 sanctioned, 1 mixer)");
      }
      var labels = dev.vouch.support.Observe.await(screening.scope(java.util.List.of(s.get("sanctioned"),
          s.get("mixer"), s.get("victim")))).labels();
      assertThat(labels.lookup(s.get("sanctioned"))).extracting(Label::category)
          .containsExactly(Category.sanctioned);
      assertThat(labels.lookup(s.get("mixer"))).extracting(Label::category)
          .containsExactly(Category.mixer);
      assertThat(labels.lookup(s.get("victim"))).isEmpty();
      assertThat(dev.vouch.support.Sql.count(db, "SELECT count(*) FROM current_labels")).isEqualTo(2);
    } finally {
      vertx.close();
    }
  }
}
