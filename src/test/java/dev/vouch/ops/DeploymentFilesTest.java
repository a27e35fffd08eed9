package dev.vouch.ops;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import dev.vouch.config.ConfigLoader;
import dev.vouch.support.Kustomize;
import io.vertx.core.json.JsonObject;
import io.vertx.json.schema.Draft;
import io.vertx.json.schema.JsonSchema;
import io.vertx.json.schema.JsonSchemaOptions;
import io.vertx.json.schema.OutputUnit;
import io.vertx.json.schema.Validator;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The deployment files an operator uses: every object that {@code kubectl kustomize} renders from
 * each overlay validates against the Kubernetes JSON schemas (schema/validation-schema.json of the
 * fabric8 model jars on the test classpath, checked strictly: unknown fields are errors;
 * {@link KubernetesSchemasTest} checks the same renderings against current upstream schemas), and
 * docker-compose.yml has the services, health checks and environment the docs promise, naming only
 * configuration that exists.
 */
class DeploymentFilesTest {

  static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  static final ObjectMapper JSON = new ObjectMapper();
  static ObjectNode definitions;
  /** apiVersion + "/" + kind -> definition name. */
  static final Map<String, String> KINDS = new HashMap<>();

  @BeforeAll
  static void loadSchemas() throws IOException {
    definitions = JsonNodeFactory.instance.objectNode();
    for (URL url : Collections.list(DeploymentFilesTest.class.getClassLoader().getResources("schema/validation-schema.json"))) {
      try (InputStream in = url.openStream()) {
        JsonNode schema = JSON.readTree(in);
        schema.path("definitions").fields().forEachRemaining(e -> definitions.set(e.getKey(), e.getValue()));
      }
    }
    assertThat(definitions.size()).as("schemas on the classpath").isGreaterThan(500);
    definitions.fields().forEachRemaining(e -> {
      JsonNode props = e.getValue().path("properties");
      String api = props.path("apiVersion").path("default").asText(null);
      String kind = props.path("kind").path("default").asText(null);
      if (api != null && kind != null) {
        KINDS.putIfAbsent(api + "/" + kind, e.getKey());
      }
    });
    // autoscaling/v2 is v2beta2 promoted to GA with the same schema; these model jars predate it.
    KINDS.putIfAbsent("autoscaling/v2/HorizontalPodAutoscaler", KINDS.get("autoscaling/v2beta2/HorizontalPodAutoscaler"));
    for (Iterator<Map.Entry<String, JsonNode>> it = definitions.fields(); it.hasNext(); ) {
      strict(it.next().getValue());
    }
    // Scalars the Kubernetes API accepts in two forms (fabric8 models them as Java objects).
    definitions.set("kubernetes_apimachinery_pkg_util_intstr_IntOrString",
        JSON.readTree("{\"type\":[\"integer\",\"string\"]}"));
    definitions.set("kubernetes_resource_Quantity",
        JSON.readTree("{\"type\":[\"string\",\"number\"]}"));
  }

  /** Draft-3 "required": true to draft-4 arrays; objects with named properties admit no others. */
  static void strict(JsonNode node) {
    if (node instanceof ObjectNode o) {
      JsonNode props = o.get("properties");
      if (props instanceof ObjectNode p) {
        List<String> required = new ArrayList<>();
        p.fields().forEachRemaining(f -> {
          if (f.getValue() instanceof ObjectNode fo && fo.path("required").isBoolean()) {
            if (fo.get("required").asBoolean()) {
              required.add(f.getKey());
            }
            fo.remove("required");
          }
        });
        required.remove("apiVersion");
        required.remove("kind");
        if (!required.isEmpty()) {
          ArrayNode r = o.putArray("required");
          required.forEach(r::add);
        }
        if (!o.has("additionalProperties") || o.get("additionalProperties").isBoolean()) {
          o.put("additionalProperties", false);
        }
      }
      o.fields().forEachRemaining(f -> strict(f.getValue()));
    } else if (node instanceof ArrayNode a) {
      a.forEach(DeploymentFilesTest::strict);
    }
  }

  static List<JsonNode> documents(Path file) throws IOException {
    List<JsonNode> docs = new ArrayList<>();
    try (YAMLParser parser = new YAMLFactory().createParser(file.toFile())) {
      YAML.readValues(parser, JsonNode.class).forEachRemaining(d -> {
        if (d != null && !d.isNull() && !d.isMissingNode()) {
          docs.add(d);
        }
      });
    }
    return docs;
  }

  /** Every object of every overlay's rendering (the same base object once per overlay). */
  static List<JsonNode> manifests() {
    List<JsonNode> all = new ArrayList<>();
    for (String overlay : Kustomize.overlays()) {
      all.addAll(Kustomize.objects(overlay));
    }
    return all;
  }

  static List<String> errors(JsonNode resource) {
    String key = resource.path("apiVersion").asText() + "/" + resource.path("kind").asText();
    String def = KINDS.get(key);
    if (def == null) {
      return List.of("no schema for " + key);
    }
    JsonObject schema = new JsonObject().put("$ref", "#/definitions/" + def)
        .put("definitions", new JsonObject(definitions.toString()));
    Validator v = Validator.create(JsonSchema.of(schema), new JsonSchemaOptions().setDraft(Draft.DRAFT4)
        .setBaseUri("https://vouch.dev/k8s").setOutputFormat(io.vertx.json.schema.OutputFormat.Basic));
    OutputUnit out = v.validate(new JsonObject(resource.toString()));
    if (Boolean.TRUE.equals(out.getValid())) {
      return List.of();
    }
    List<String> errors = new ArrayList<>();
    if (out.getErrors() != null) {
      out.getErrors().forEach(e -> errors.add(e.getInstanceLocation() + ": " + e.getError()));
    }
    return errors.isEmpty() ? List.of(String.valueOf(out)) : errors;
  }

  @Test
  void everyRenderedObjectOfEveryOverlayValidatesAgainstTheKubernetesSchemas() {
    for (String overlay : Kustomize.overlays()) {
      for (JsonNode r : Kustomize.objects(overlay)) {
        assertThat(errors(r)).as(overlay + ": " + r.path("kind").asText() + " " + r.path("metadata").path("name").asText())
            .isEmpty();
      }
    }
    List<JsonNode> all = manifests();
    Set<String> kinds = new HashSet<>();
    all.forEach(r -> kinds.add(r.path("kind").asText() + "/" + r.path("metadata").path("name").asText()));
    assertThat(kinds).contains("Deployment/vouch-api", "Deployment/vouch-worker", "Service/vouch-api",
        "Ingress/vouch-api", "HorizontalPodAutoscaler/vouch-api", "PodDisruptionBudget/vouch-api",
        "PodDisruptionBudget/vouch-worker", "ServiceMonitor/vouch", "NetworkPolicy/vouch", "ConfigMap/vouch-chains",
        "ConfigMap/vouch-config", "Job/vouch-migrate",
        "ConfigMap/vouch-database", "HorizontalPodAutoscaler/vouch-worker", "PrometheusRule/vouch",
        "ConfigMap/vouch-grafana-dashboard");
  }

  @Test
  void theSecretsAreTemplatesThatNoRenderingEverHolds() throws IOException {
    assertThat(Kustomize.overlays()).containsExactly("production", "small");
    for (String overlay : Kustomize.overlays()) {
      assertThat(Kustomize.objects(overlay)).as(overlay).noneMatch(d -> d.path("kind").asText().equals("Secret"));
    }
    // Nothing under k8s/ that kubectl apply -f would read holds a Secret either.
    try (Stream<Path> files = Files.walk(Path.of("k8s"))) {
      for (Path f : files.filter(p -> p.toString().matches(".*\\.(yaml|yml)$")).toList()) {
        assertThat(documents(f)).as(f.toString()).noneMatch(d -> d.path("kind").asText().equals("Secret"));
      }
    }
    List<JsonNode> template = documents(Path.of("k8s/secrets/secret.example.yaml.txt"));
    assertThat(template).hasSize(1);
    assertThat(errors(template.get(0))).isEmpty();
    assertThat(template.get(0).path("metadata").path("name").asText()).isEqualTo("vouch-secrets");
    assertThat(template.get(0).path("stringData").has("VOUCH_RECEIPTS_SIGNING_KEY")).isTrue();
    List<JsonNode> replicas = documents(Path.of("k8s/secrets/database-replicas.secret.example.yaml.txt"));
    assertThat(replicas).hasSize(1);
    assertThat(errors(replicas.get(0))).isEmpty();
    assertThat(replicas.get(0).path("metadata").path("name").asText()).isEqualTo("vouch-database-replicas");
    assertThat(replicas.get(0).path("stringData").has("DATABASE_REPLICA_URLS")).isTrue();
  }

  @Test
  void operatorSettingsAreExplicitWhereTheOperatorSetsThem() throws IOException {
    List<JsonNode> all = manifests();
    JsonNode config = all.stream().filter(r -> r.path("metadata").path("name").asText().equals("vouch-config"))
        .findFirst().orElseThrow();
    assertThat(config.path("data").has("VOUCH_HTTP_TRUSTED_PROXIES")).isTrue();
    assertThat(config.path("data").path("VOUCH_HTTP_TRUSTED_PROXIES").asText()).as("no silent 10.0.0.0/8").isEmpty();
    assertThat(Files.readString(Path.of("k8s/base/config.yaml"))).contains("SET THIS before the first deploy");
    assertThat(config.path("data").path("VOUCH_IDENTITY_URI").asText()).startsWith("https://");
    JsonNode monitor = all.stream().filter(r -> r.path("kind").asText().equals("ServiceMonitor")).findFirst().orElseThrow();
    assertThat(monitor.path("metadata").path("labels").path("release").asText())
        .as("kube-prometheus-stack selects ServiceMonitors on release").isEqualTo("kube-prometheus-stack");
  }

  @Test
  void aMisspelledFieldIsCaught() throws IOException {
    JsonNode deployment = manifests().stream().filter(r -> r.path("kind").asText().equals("Deployment")).findFirst().orElseThrow();
    ObjectNode broken = deployment.deepCopy();
    ((ObjectNode) broken.path("spec").path("template").path("spec").path("containers").get(0)).put("livenesProbe", "x");
    assertThat(errors(broken)).isNotEmpty();
    ObjectNode wrongType = deployment.deepCopy();
    ((ObjectNode) wrongType.path("spec")).put("replicas", "two");
    assertThat(errors(wrongType)).isNotEmpty();
  }

  @Test
  void deploymentsProbeLimitAndOutliveTheHttpGraceAndShareOneChainCatalogue() throws IOException {
    List<JsonNode> all = manifests();
    int httpGrace = all.stream().filter(r -> r.path("metadata").path("name").asText().equals("vouch-config"))
        .findFirst().orElseThrow().path("data").path("VOUCH_HTTP_SHUTDOWN_GRACE_SECONDS").asInt();
    for (JsonNode d : all.stream().filter(r -> r.path("kind").asText().equals("Deployment")).toList()) {
      String name = d.path("metadata").path("name").asText();
      JsonNode pod = d.path("spec").path("template").path("spec");
      assertThat(pod.path("terminationGracePeriodSeconds").asInt()).as(name).isGreaterThan(httpGrace + 5);
      JsonNode c = pod.path("containers").get(0);
      assertThat(c.path("image").asText()).as(name + ": a registry placeholder, README").isEqualTo("registry.example.com/vouch:0.1.0");
      for (String probe : List.of("startupProbe", "livenessProbe", "readinessProbe")) {
        assertThat(c.has(probe)).as(name + " " + probe).isTrue();
      }
      assertThat(c.path("resources").path("requests").has("cpu")).as(name).isTrue();
      assertThat(c.path("resources").path("limits").has("memory")).as(name).isTrue();
      assertThat(pod.path("volumes").toString()).as(name).contains("vouch-chains");
      assertThat(c.path("envFrom").toString()).as(name).contains("vouch-secrets").contains("vouch-config")
          .contains("vouch-database-replicas");
    }
    // One catalogue, the same chains as the built-in one.
    JsonNode chains = all.stream().filter(r -> r.path("metadata").path("name").asText().equals("vouch-chains"))
        .findFirst().orElseThrow();
    JsonNode mounted = YAML.readTree(chains.path("data").path("chains.yaml").asText()).path("chains");
    JsonNode builtIn = YAML.readTree(Path.of("config/chains.yaml").toFile()).path("chains");
    assertThat(mounted.size()).isEqualTo(builtIn.size());
    for (int i = 0; i < builtIn.size(); i++) {
      ObjectNode a = ((ObjectNode) mounted.get(i)).deepCopy();
      ObjectNode b = ((ObjectNode) builtIn.get(i)).deepCopy();
      assertThat(a.path("rpcUrls").size()).isPositive();
      a.remove("rpcUrls");
      b.remove("rpcUrls");
      assertThat(a).isEqualTo(b);
    }
  }

  @Test
  void composeHasEveryServiceHealthCheckedAndConfiguredOnlyByKnownVariables() throws IOException {
    JsonNode compose = YAML.readTree(Path.of("docker-compose.yml").toFile());
    JsonNode services = compose.path("services");
    List<String> names = new ArrayList<>();
    services.fieldNames().forEachRemaining(names::add);
    assertThat(names).containsExactlyInAnyOrder("postgres", "postgres-standby", "redis", "devnet", "api", "worker",
        "prometheus");
    assertThat(services.path("api").path("environment").path("DATABASE_REPLICA_URLS").asText()).contains("@postgres-standby:");
    assertThat(services.path("postgres-standby").path("command").toString()).contains("pg_basebackup").contains("-R");
    services.fields().forEachRemaining(s -> {
      assertThat(s.getValue().has("healthcheck")).as(s.getKey() + " healthcheck").isTrue();
      s.getValue().path("depends_on").fieldNames().forEachRemaining(dep ->
          assertThat(names).as(s.getKey() + " depends on").contains(dep));
    });
    Set<String> known = knownVariables();
    for (String role : List.of("api", "worker")) {
      JsonNode svc = services.path(role);
      assertThat(svc.path("command").toString()).contains("--role").contains(role);
      Map<String, String> env = new HashMap<>();
      svc.path("environment").fields().forEachRemaining(e -> env.put(e.getKey(), e.getValue().asText()));
      assertThat(env).containsKeys("DATABASE_URL", "REDIS_URL", "CHAINS_FILE");
      assertThat(known).as(role + " environment names configuration that exists").containsAll(env.keySet());
      assertThat(env.get("CHAINS_FILE")).startsWith("/shared/");
      // Configuration comes from the environment, not a mounted configuration file.
      assertThat(svc.path("volumes").toString()).doesNotContain("config/application");
    }
    assertThat(services.path("api").path("build").asText()).isEqualTo(".");
    assertThat(services.path("devnet").path("command").toString()).contains("devnet.mjs start")
        .contains("--host 0.0.0.0").contains("--public-host devnet").contains("/shared/chains.devnet.yaml");
    JsonNode prometheus = YAML.readTree(Path.of("config/prometheus/prometheus.yml").toFile());
    assertThat(prometheus.toString()).contains("api:8080").contains("worker:8080").contains("/metrics");
  }

  @Test
  void dockerfileBuildsWithMavenRunsAsNonRootOnAJreAndChecksHealth() throws IOException {
    String dockerfile = Files.readString(Path.of("Dockerfile"));
    assertThat(dockerfile).containsPattern("(?m)^FROM maven:[^ ]+ AS build$")
        .containsPattern("(?m)^FROM eclipse-temurin:17-jre")
        .containsPattern("(?m)^USER 10001")
        .containsPattern("(?m)^HEALTHCHECK .*")
        .contains("/health/live")
        .contains("mvn -B -ntp -q -DskipTests package");
  }

  /** PORT, DATABASE_URL, REDIS_URL, CHAINS_FILE, VOUCH_CONFIG and VOUCH_ + every path of application.yaml. */
  static Set<String> knownVariables() throws IOException {
    Set<String> names = new HashSet<>(List.of("PORT", "DATABASE_URL", "DATABASE_REPLICA_URLS", "REDIS_URL", "CHAINS_FILE",
        "VOUCH_CONFIG", "VOUCH_ROLE"));
    flatten("", YAML.readTree(Path.of("config/application.yaml").toFile()), names);
    return names;
  }

  static void flatten(String prefix, JsonNode node, Set<String> out) {
    if (node.isObject()) {
      node.fields().forEachRemaining(e -> flatten(prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey(), e.getValue(), out));
      if (!prefix.isEmpty()) {
        out.add(env(prefix));
      }
    } else {
      out.add(env(prefix));
    }
  }

  static String env(String path) {
    return ConfigLoader.envName(path);
  }

}
