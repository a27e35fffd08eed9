package dev.vouch.ops;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vouch.support.Command;
import dev.vouch.support.Kustomize;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every overlay renders offline with {@code kubectl kustomize}, and every object it renders
 * validates against the schemas of npm's kubernetes-models and @kubernetes-models/prometheus-operator
 * (tools/k8s/validate.mjs; the build runs npm ci there). The overlays differ as documented, the
 * dashboard and the rules are labelled for kube-prometheus-stack, and the documented apply
 * sequence names nothing kubectl cannot read.
 */
class KubernetesSchemasTest {

  static final Path TOOLS = Path.of("tools/k8s").toAbsolutePath();

  /** The validator's report on one file; its exit code says whether every object passed. */
  record Report(int exit, JsonArray objects, String output) {}

  static Report validate(String yaml) throws Exception {
    assertThat(TOOLS.resolve("node_modules/kubernetes-models"))
        .as("npm ci in tools/k8s (the build runs it when node_modules is missing)").exists();
    Path file = Files.createTempFile("vouch-rendered", ".yaml");
    try {
      Files.writeString(file, yaml);
      Command.Result r = Command.run(TOOLS, Map.of("NO_COLOR", "1"), 120,
          List.of("node", "validate.mjs", file.toString()));
      String out = r.output();
      JsonObject report = new JsonObject(out.substring(out.indexOf('{'), out.lastIndexOf('}') + 1));
      return new Report(r.exit(), report.getJsonArray("objects"), out);
    } finally {
      Files.deleteIfExists(file);
    }
  }

  @Test
  void everyObjectOfEveryOverlayValidatesAgainstTheKubernetesAndPrometheusOperatorSchemas() throws Exception {
    assertThat(Kustomize.overlays()).containsExactly("production", "small");
    for (String overlay : Kustomize.overlays()) {
      String rendered = Kustomize.render(overlay);
      Report report = validate(rendered);
      assertThat(report.objects().size()).as(overlay).isEqualTo(Kustomize.documents(rendered).size()).isGreaterThan(15);
      List<String> kinds = new ArrayList<>();
      for (int i = 0; i < report.objects().size(); i++) {
        JsonObject o = report.objects().getJsonObject(i);
        assertThat(o.getJsonArray("errors")).as(overlay + ": " + o.getString("kind") + " " + o.getString("name")).isEmpty();
        kinds.add(o.getString("kind"));
      }
      assertThat(kinds).as(overlay).contains("Deployment", "Job", "Service", "Ingress", "NetworkPolicy",
          "HorizontalPodAutoscaler", "PodDisruptionBudget", "ConfigMap", "ServiceMonitor", "PrometheusRule");
      assertThat(report.exit()).as(report.output()).isZero();
    }
  }

  @Test
  void theValidatorRejectsAWrongTypeAMissingRuleExpressionAndAnUnknownKind() throws Exception {
    // The check above could pass by validating nothing: the same validator on broken objects must fail.
    String rendered = Kustomize.render("small");
    Report wrongType = validate(rendered.replaceFirst("(?m)^  replicas: 1$", "  replicas: one"));
    assertThat(wrongType.exit()).isEqualTo(1);
    assertThat(wrongType.output()).contains("/spec/replicas must be integer");
    Report noExpr = validate(rendered.replaceFirst("(?m)^(\\s+)expr: max by \\(namespace\\) \\(vouch_budget_degraded\\) == 1$",
        "$1exp: vouch_budget_degraded"));
    assertThat(noExpr.exit()).isEqualTo(1);
    assertThat(noExpr.output()).contains("must have required property expr");
    Report unknown = validate("apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n");
    assertThat(unknown.exit()).isEqualTo(1);
    assertThat(unknown.output()).contains("no schema for example.com/v1 Widget");
  }

  @Test
  void theOverlaysSizeTheDeploymentAsDocumented() {
    List<JsonNode> small = Kustomize.objects("small");
    assertThat(Kustomize.find(small, "Deployment", "vouch-api").path("spec").path("replicas").asInt()).isEqualTo(1);
    assertThat(Kustomize.find(small, "Deployment", "vouch-worker").path("spec").path("replicas").asInt()).isEqualTo(1);
    assertThat(Kustomize.find(small, "HorizontalPodAutoscaler", "vouch-api").path("spec").path("minReplicas").asInt())
        .isEqualTo(1);
    JsonNode smallPdb = Kustomize.find(small, "PodDisruptionBudget", "vouch-api").path("spec");
    assertThat(smallPdb.has("minAvailable")).as("minAvailable 1 of one pod blocks every drain").isFalse();
    assertThat(smallPdb.path("maxUnavailable").asInt()).isEqualTo(1);

    List<JsonNode> production = Kustomize.objects("production");
    assertThat(Kustomize.find(production, "Deployment", "vouch-api").path("spec").path("replicas").asInt()).isEqualTo(3);
    assertThat(Kustomize.find(production, "HorizontalPodAutoscaler", "vouch-api").path("spec").path("maxReplicas").asInt())
        .isEqualTo(20);
    assertThat(Kustomize.find(production, "PodDisruptionBudget", "vouch-api").path("spec").path("minAvailable").asInt())
        .isEqualTo(2);
    for (String role : List.of("vouch-api", "vouch-worker")) {
      JsonNode envFrom = Kustomize.find(production, "Deployment", role).path("spec").path("template").path("spec")
          .path("containers").get(0).path("envFrom");
      JsonNode replicas = null;
      for (JsonNode e : envFrom) {
        if (e.path("secretRef").path("name").asText().equals("vouch-database-replicas")) {
          replicas = e.path("secretRef");
        }
      }
      assertThat(replicas).as(role + " reads the replicas' Secret").isNotNull();
      assertThat(replicas.path("optional").asBoolean(true)).as(role + ": replicas required in production").isFalse();
    }
  }

  @Test
  void theDashboardAndTheRulesAreLabelledForKubePrometheusStack() throws Exception {
    for (String overlay : Kustomize.overlays()) {
      List<JsonNode> objects = Kustomize.objects(overlay);
      JsonNode dashboard = Kustomize.find(objects, "ConfigMap", "vouch-grafana-dashboard");
      assertThat(dashboard.path("metadata").path("labels").path("grafana_dashboard").asText()).isEqualTo("1");
      JsonNode fromFile = new ObjectMapper().readTree(Path.of("k8s/base/grafana-dashboard.json").toFile());
      assertThat(new ObjectMapper().readTree(dashboard.path("data").path("vouch.json").asText())).isEqualTo(fromFile);
      JsonNode rule = Kustomize.find(objects, "PrometheusRule", "vouch");
      JsonNode monitor = Kustomize.find(objects, "ServiceMonitor", "vouch");
      assertThat(rule.path("metadata").path("labels").path("release").asText())
          .as("the ruleSelector of kube-prometheus-stack, like the ServiceMonitor's")
          .isEqualTo(monitor.path("metadata").path("labels").path("release").asText()).isEqualTo("kube-prometheus-stack");
    }
  }

  @Test
  void theDocumentedApplySequenceNamesOnlyWhatKubectlCanRead() throws Exception {
    // Every "kubectl apply" in the docs: -k names a kustomization, -f a manifest file (never the
    // JSON dashboard or a directory holding it, which kubectl once read as a manifest and failed).
    Pattern apply = Pattern.compile("kubectl apply((?:[ \\t]+-[kf][ \\t]+[^\\s`;&|)]+)+)");
    Pattern arg = Pattern.compile("-([kf])[ \\t]+([^\\s`;&|)]+)");
    int seen = 0;
    for (Path doc : List.of(Path.of("README.md"), Path.of("docs/operations.md"))) {
      Matcher m = apply.matcher(Files.readString(doc));
      while (m.find()) {
        Matcher a = arg.matcher(m.group(1));
        while (a.find()) {
          Path target = Path.of(a.group(2).replaceAll("/$", ""));
          if (!target.startsWith("k8s")) {
            continue; // a copy outside the repository, e.g. the filled-in secret template
          }
          seen++;
          if (a.group(1).equals("k")) {
            assertThat(target.resolve("kustomization.yaml")).as(doc + ": " + m.group()).exists();
            Kustomize.render(target);
          } else {
            assertThat(target.toString()).as(doc + ": " + m.group()).endsWith(".yaml");
            assertThat(target).as(doc + ": " + m.group()).isRegularFile();
          }
        }
      }
    }
    assertThat(seen).as("apply commands found in the docs").isPositive();
  }
}
