package dev.vouch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.ChildJvm;
import dev.vouch.support.Command;
import dev.vouch.support.TestApp;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The README's shell snippets, as a newcomer pastes them, against a live service with the
 * anonymous budget as shipped (20 units a minute; the test clock keeps every call in one window).
 * `java -jar target/vouch.jar` runs this build's command line on the same database. A snippet
 * passes when bash runs it to the end and no `jq '.data ...'` filter met an error envelope.
 */
class ReadmeSnippetsTest {

  static TestApp app;
  static String readme;

  @BeforeAll
  static void start() throws Exception {
    app = TestApp.start(Map.of());
    readme = Files.readString(Path.of("README.md"));
  }

  @AfterAll
  static void stop() {
    if (app != null) {
      app.close();
    }
  }

  /** The fenced sh blocks of the section whose heading is {@code heading}. */
  static List<String> blocks(String heading) {
    int at = readme.indexOf("\n" + heading + "\n");
    assertThat(at).as("README section " + heading).isNotNegative();
    int end = readme.indexOf("\n## ", at + heading.length() + 2);
    String section = readme.substring(at, end < 0 ? readme.length() : end);
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile("(?s)```sh\n(.*?)```").matcher(section);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  static Command.Result run(String snippet) throws Exception {
    String script = "set -euo pipefail\n"
        // The jar of the walk-through is this build's command line, on the test's database.
        + "java() { if [ \"${1:-}\" = -jar ] && [ \"${2:-}\" = target/vouch.jar ]; then shift 2;"
        + " command java " + String.join(" ", ChildJvm.FLAGS) + " -cp \"$VOUCH_TEST_CP\" dev.vouch.cli.Main \"$@\"; else command java \"$@\"; fi; }\n"
        + snippet.replace("localhost:8080", "127.0.0.1:" + app.port);
    Path file = Files.createTempFile("readme", ".sh");
    try {
      Files.writeString(file, script);
      return Command.run(Path.of("."), Map.of("VOUCH_TEST_CP", System.getProperty("java.class.path"),
          "DATABASE_URL", app.database.toUrl(), "VOUCH_CONFIG", "config/application.yaml"), 300,
          List.of("bash", file.toString()));
    } finally {
      Files.deleteIfExists(file);
    }
  }

  static void assertRanClean(Command.Result r) {
    assertThat(r.exit()).as(r.output()).isZero();
    assertThat(r.output()).as("a jq filter met an error envelope").doesNotContain("jq: error")
        .doesNotContain("\"ok\": false").doesNotContainPattern("(?m)^null$");
  }

  @Test
  void theWalkThroughAnswersWhatItsCommentsSayWithinTheAnonymousBudget() throws Exception {
    Command.Result r = run(blocks("## Walk-through").get(0));
    assertThat(r.exit()).as(r.output()).isZero();
    assertThat(r.output()).doesNotContain("jq: error").contains("\"decision\": \"caution\"")
        .contains("\"amountUsdc\": 50").contains("DATA_LIMITED").contains("indexing_required")
        .contains("\"code\":\"INVALID_WALLET\"");
  }

  @Test
  void batchScreeningAndReceiptsRunAsWritten() throws Exception {
    Command.Result r = run(blocks("## Batch screening and receipts").get(0));
    assertRanClean(r);
    assertThat(r.output()).contains("\"total\": 3").contains("\"status\": \"invalid\"").contains("\"url\": \"/check/r/rcp_");
  }

  @Test
  void theMonitoringSnippetUsesAKeyThatWorks() throws Exception {
    Command.Result r = run(blocks("## Continuous monitoring (watchlists, events, webhooks)").get(0));
    assertRanClean(r);
    assertThat(r.output()).contains("whsec_").doesNotContain("INVALID_KEY");
  }
}
