package dev.vouch.clients;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Command;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * openapi.yaml is what clients are generated from: Redocly CLI's recommended rules find no error
 * in it (an unquoted flow-mapping description with a comma once turned its tail into a bogus
 * schema keyword). Warnings are allowed; the build installs the linter (npm ci in tools/openapi).
 */
class OpenApiLintTest {

  static final Path TOOLS = Path.of("tools/openapi").toAbsolutePath();
  /** No telemetry and no update check: the lint itself needs no network. */
  static final Map<String, String> OFFLINE = Map.of("REDOCLY_TELEMETRY", "off",
      "REDOCLY_SUPPRESS_UPDATE_NOTICE", "true", "NO_UPDATE_NOTIFIER", "1", "NO_COLOR", "1");

  @Test
  void theDocumentHasNoLintErrorUnderTheRecommendedRules() {
    Path redocly = TOOLS.resolve("node_modules/.bin/redocly");
    assertThat(redocly).as("npm ci in tools/openapi (the build runs it when node_modules is missing)").exists();
    Command.Result r = Command.run(Path.of("").toAbsolutePath(), OFFLINE, 120,
        List.of(redocly.toString(), "lint", "src/main/resources/openapi.yaml", "--extends=recommended",
            "--format=json"));
    String out = r.output();
    JsonObject report = new JsonObject(out.substring(out.indexOf('{'), out.lastIndexOf('}') + 1));
    assertThat(report.getJsonObject("totals").getInteger("errors")).as(out).isZero();
    assertThat(r.exit()).as(out).isZero();
  }

  @Test
  void theLinterCatchesTheCommaInAnUnquotedFlowDescription() throws Exception {
    // The check above could pass by linting nothing: the same rules on the old mistake must fail.
    Path bad = Files.createTempFile("openapi-bad", ".yaml");
    try {
      Files.writeString(bad, Files.readString(Path.of("src/main/resources/openapi.yaml")).replace(
          "description: 'unix seconds, the one signed'", "description: unix seconds, the one signed"));
      Command.Result r = Command.run(Path.of("").toAbsolutePath(), OFFLINE, 120,
          List.of(TOOLS.resolve("node_modules/.bin/redocly").toString(), "lint", bad.toString(),
              "--extends=recommended", "--format=json"));
      assertThat(r.exit()).as(r.output()).isNotZero();
      assertThat(r.output()).contains("the one signed").contains("\"severity\": \"error\"");
    } finally {
      Files.deleteIfExists(bad);
    }
  }
}
