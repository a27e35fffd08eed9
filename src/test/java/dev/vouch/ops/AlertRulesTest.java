package dev.vouch.ops;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.vouch.support.Command;
import dev.vouch.support.Kustomize;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The PrometheusRule as an overlay renders it is valid for Prometheus ({@code promtool check
 * rules}) and every alert passes its unit tests ({@code promtool test rules} on
 * k8s/tests/rules-test.yaml: when it fires, when it stays quiet, its labels and annotations).
 * Every alert has such a test and a runbook paragraph in docs/operations.md.
 */
class AlertRulesTest {

  static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  /** The rules groups (the PrometheusRule's spec) of the rendered production overlay. */
  static JsonNode ruleGroups() {
    return Kustomize.find(Kustomize.objects("production"), "PrometheusRule", "vouch").path("spec");
  }

  static List<JsonNode> alerts() {
    List<JsonNode> alerts = new ArrayList<>();
    ruleGroups().path("groups").forEach(g -> g.path("rules").forEach(r -> {
      if (r.has("alert")) {
        alerts.add(r);
      }
    }));
    return alerts;
  }

  /** A directory with rules.yaml (the groups) and the unit tests beside it, as promtool reads them. */
  static Path promtoolDir(JsonNode groups) throws IOException {
    Path dir = Files.createTempDirectory("vouch-rules");
    YAML.writeValue(dir.resolve("rules.yaml").toFile(), groups);
    Files.copy(Path.of("k8s/tests/rules-test.yaml"), dir.resolve("rules-test.yaml"));
    return dir;
  }

  static Command.Result promtool(Path dir, String... args) {
    List<String> cmd = new ArrayList<>(List.of("promtool"));
    cmd.addAll(List.of(args));
    return Command.run(dir, Map.of(), 120, cmd);
  }

  static void delete(Path dir) throws IOException {
    try (var files = Files.walk(dir)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }

  @Test
  void promtoolAcceptsTheRulesAndEveryAlertPassesItsUnitTests() throws IOException {
    Path dir = promtoolDir(ruleGroups());
    try {
      Command.Result check = promtool(dir, "check", "rules", "rules.yaml");
      assertThat(check.exit()).as(check.output()).isZero();
      assertThat(check.output()).contains("SUCCESS: " + alerts().size() + " rules found");
      Command.Result test = promtool(dir, "test", "rules", "rules-test.yaml");
      assertThat(test.exit()).as(test.output()).isZero();
      assertThat(test.output()).contains("SUCCESS");
    } finally {
      delete(dir);
    }
  }

  /**
   * k8s/tests/rules.yaml is the PrometheusRule's groups as promtool reads them, committed, so that
   * {@code promtool test rules k8s/tests/rules-test.yaml} runs from a clean checkout; it must be
   * what the rendered rule holds (on a difference the rendered groups are written to
   * target/rules.yaml: copy that file over it).
   */
  @Test
  void theCommittedRulesFileIsTheRenderedRuleAndPromtoolRunsFromTheCheckoutAsItIs() throws IOException {
    JsonNode rendered = ruleGroups();
    Path file = Path.of("k8s/tests/rules.yaml");
    JsonNode committed = Files.exists(file) ? YAML.readTree(file.toFile()) : null;
    if (!rendered.equals(committed)) {
      Files.createDirectories(Path.of("target"));
      YAML.writeValue(Path.of("target/rules.yaml").toFile(), rendered);
    }
    assertThat(committed).as("k8s/tests/rules.yaml differs from the PrometheusRule: copy target/rules.yaml over it")
        .isEqualTo(rendered);
    Command.Result test = promtool(Path.of("").toAbsolutePath(), "test", "rules", "k8s/tests/rules-test.yaml");
    assertThat(test.exit()).as(test.output()).isZero();
    assertThat(test.output()).contains("SUCCESS");
  }

  @Test
  void aRuleThatFiresTooLateFailsItsUnitTest() throws IOException {
    // The unit tests could pass by testing nothing: a backlog alert waiting 20 minutes must fail them.
    JsonNode groups = ruleGroups().deepCopy();
    groups.path("groups").forEach(g -> g.path("rules").forEach(r -> {
      if (r.path("alert").asText().equals("VouchJobBacklog")) {
        ((com.fasterxml.jackson.databind.node.ObjectNode) r).put("for", "20m");
      }
    }));
    Path dir = promtoolDir(groups);
    try {
      Command.Result test = promtool(dir, "test", "rules", "rules-test.yaml");
      assertThat(test.exit()).isNotZero();
      assertThat(test.output()).contains("FAILED").contains("alertname: VouchJobBacklog, time: 21m");
    } finally {
      delete(dir);
    }
  }

  @Test
  void everyAlertHasAUnitTestThatSeesItFireAndARunbookParagraph() throws IOException {
    JsonNode tests = YAML.readTree(Path.of("k8s/tests/rules-test.yaml").toFile());
    Set<String> firedInTests = new LinkedHashSet<>();
    tests.path("tests").forEach(t -> t.path("alert_rule_test").forEach(a -> {
      if (!a.path("exp_alerts").isEmpty()) {
        firedInTests.add(a.path("alertname").asText());
      }
    }));
    String operations = Files.readString(Path.of("docs/operations.md"));
    List<String> names = new ArrayList<>();
    for (JsonNode alert : alerts()) {
      String name = alert.path("alert").asText();
      names.add(name);
      assertThat(firedInTests).as(name + " fires in k8s/tests/rules-test.yaml").contains(name);
      assertThat(alert.path("labels").path("severity").asText()).as(name).isIn("critical", "warning", "info");
      assertThat(alert.path("annotations").path("runbook").asText()).as(name)
          .isEqualTo("docs/operations.md#" + name.toLowerCase());
      // GitHub's anchor of a heading "#### VouchJobBacklog" is #vouchjobbacklog.
      assertThat(operations).as(name + " runbook paragraph").containsPattern("(?m)^#### " + name + "\\R\\R\\S");
    }
    assertThat(names).contains("VouchUnavailable", "VouchHigh503Rate", "VouchDatabaseBreakerOpen",
        "VouchReplicaLagging", "VouchJobBacklog", "VouchWebhooksFailing", "VouchWebhookEndpointsDisabled",
        "VouchBudgetsDegraded", "VouchReadModelDrift");
  }
}
