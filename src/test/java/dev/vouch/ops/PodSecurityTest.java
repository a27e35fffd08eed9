package dev.vouch.ops;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vouch.support.Kustomize;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What a cluster admin checks before applying k8s/: every pod of every overlay meets the Pod
 * Security Standard "restricted" (checked offline, field by field as the standard lists them), the
 * NetworkPolicy takes its namespaces, pod labels and ports from the overlay's settings, and the
 * Secret template and the documented create command name every secret a production pod needs.
 */
class PodSecurityTest {

  /** Volume types "restricted" allows. */
  static final Set<String> VOLUMES = Set.of("configMap", "csi", "downwardAPI", "emptyDir", "ephemeral",
      "persistentVolumeClaim", "projected", "secret");

  /** What the restricted profile refuses in one pod spec; empty when it is admitted. */
  static List<String> restrictedViolations(String where, JsonNode pod) {
    List<String> out = new ArrayList<>();
    JsonNode podCtx = pod.path("securityContext");
    for (String host : List.of("hostNetwork", "hostPID", "hostIPC")) {
      if (pod.path(host).asBoolean(false)) {
        out.add(where + ": " + host);
      }
    }
    pod.path("volumes").forEach(v -> v.fieldNames().forEachRemaining(f -> {
      if (!f.equals("name") && !VOLUMES.contains(f)) {
        out.add(where + ": volume type " + f);
      }
    }));
    List<JsonNode> containers = new ArrayList<>();
    pod.path("initContainers").forEach(containers::add);
    pod.path("containers").forEach(containers::add);
    pod.path("ephemeralContainers").forEach(containers::add);
    assertThat(containers).as(where).isNotEmpty();
    for (JsonNode c : containers) {
      String at = where + " container " + c.path("name").asText();
      JsonNode ctx = c.path("securityContext");
      if (ctx.path("privileged").asBoolean(false)) {
        out.add(at + ": privileged");
      }
      if (!ctx.path("allowPrivilegeEscalation").isBoolean() || ctx.path("allowPrivilegeEscalation").asBoolean()) {
        out.add(at + ": allowPrivilegeEscalation must be false");
      }
      List<String> drop = new ArrayList<>();
      ctx.path("capabilities").path("drop").forEach(d -> drop.add(d.asText()));
      if (!drop.contains("ALL")) {
        out.add(at + ": capabilities.drop must contain ALL");
      }
      ctx.path("capabilities").path("add").forEach(a -> {
        if (!a.asText().equals("NET_BIND_SERVICE")) {
          out.add(at + ": capability " + a.asText() + " added");
        }
      });
      boolean nonRoot = ctx.has("runAsNonRoot") ? ctx.path("runAsNonRoot").asBoolean() : podCtx.path("runAsNonRoot").asBoolean(false);
      if (!nonRoot) {
        out.add(at + ": runAsNonRoot must be true");
      }
      long uid = ctx.has("runAsUser") ? ctx.path("runAsUser").asLong() : podCtx.path("runAsUser").asLong(-1);
      if (uid == 0) {
        out.add(at + ": runAsUser 0");
      }
      String seccomp = ctx.path("seccompProfile").path("type").asText(podCtx.path("seccompProfile").path("type").asText(""));
      if (!seccomp.equals("RuntimeDefault") && !seccomp.equals("Localhost")) {
        out.add(at + ": seccompProfile must be RuntimeDefault or Localhost, is '" + seccomp + "'");
      }
      c.path("ports").forEach(p -> {
        if (p.has("hostPort") && p.path("hostPort").asInt() != 0) {
          out.add(at + ": hostPort");
        }
      });
    }
    return out;
  }

  static JsonNode podSpec(JsonNode o) {
    return switch (o.path("kind").asText()) {
      case "Deployment", "Job", "StatefulSet", "DaemonSet", "ReplicaSet" -> o.path("spec").path("template").path("spec");
      case "CronJob" -> o.path("spec").path("jobTemplate").path("spec").path("template").path("spec");
      case "Pod" -> o.path("spec");
      default -> null;
    };
  }

  @Test
  void everyPodOfEveryOverlayMeetsThePodSecurityStandardRestricted() {
    int pods = 0;
    for (String overlay : Kustomize.overlays()) {
      for (JsonNode o : Kustomize.objects(overlay)) {
        JsonNode pod = podSpec(o);
        if (pod != null) {
          pods++;
          assertThat(restrictedViolations(overlay + " " + o.path("kind").asText() + "/"
              + o.path("metadata").path("name").asText(), pod)).isEmpty();
        }
      }
    }
    assertThat(pods).isEqualTo(2 * 3);
  }

  @Test
  void theCheckRefusesWhatRestrictedRefuses() {
    JsonNode bare = Kustomize.documents("""
        spec:
          securityContext: {runAsUser: 0}
          hostNetwork: true
          volumes: [{name: h, hostPath: {path: /}}]
          containers:
            - name: c
              securityContext: {capabilities: {add: [SYS_ADMIN]}}
              ports: [{containerPort: 80, hostPort: 80}]
        """).get(0).path("spec");
    assertThat(restrictedViolations("pod", bare)).containsExactlyInAnyOrder("pod: hostNetwork",
        "pod: volume type hostPath", "pod container c: allowPrivilegeEscalation must be false",
        "pod container c: capabilities.drop must contain ALL", "pod container c: capability SYS_ADMIN added",
        "pod container c: runAsNonRoot must be true", "pod container c: runAsUser 0",
        "pod container c: seccompProfile must be RuntimeDefault or Localhost, is ''", "pod container c: hostPort");
  }

  static void copy(Path from, Path to) throws Exception {
    try (Stream<Path> all = Files.walk(from)) {
      for (Path p : all.toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
  }

  @Test
  void theNetworkPolicyTakesItsNamespacesPodLabelsPortsAndAnExternalDatabaseFromTheOverlaysSettings() throws Exception {
    Path dir = Files.createTempDirectory("vouch-k8s");
    try {
      copy(Path.of("k8s"), dir);
      Path overlay = dir.resolve("overlays/production");
      Files.writeString(overlay.resolve("network.yaml"), Files.readString(overlay.resolve("network.yaml"))
          .replace("ingressNamespace: ingress-nginx", "ingressNamespace: traefik")
          .replace("monitoringNamespace: monitoring", "monitoringNamespace: observability")
          .replace("postgresPodLabel: postgres", "postgresPodLabel: pg-main")
          .replace("postgresPort: \"5432\"", "postgresPort: \"6432\"")
          .replace("redisPodLabel: redis", "redisPodLabel: valkey")
          .replace("redisPort: \"6379\"", "redisPort: \"6380\"")
          .replace("databaseCidr: 192.0.2.0/32", "databaseCidr: 10.20.0.0/16"));
      Path kustomization = overlay.resolve("kustomization.yaml");
      Files.writeString(kustomization, Files.readString(kustomization)
          .replace("  - ../../components/network\n", "  - ../../components/network\n  - ../../components/external-database\n"));
      List<JsonNode> objects = Kustomize.documents(Kustomize.render(overlay));
      JsonNode np = Kustomize.find(objects, "NetworkPolicy", "vouch").path("spec");
      assertThat(np.path("ingress").get(0).path("from").findValuesAsText("kubernetes.io/metadata.name"))
          .containsExactly("traefik", "observability");
      assertThat(np.path("egress").get(0).path("to").get(0).path("podSelector").path("matchLabels").path("app").asText())
          .isEqualTo("pg-main");
      assertThat(np.path("egress").get(0).path("ports").get(0).path("port").isInt()).isTrue();
      assertThat(np.path("egress").get(0).path("ports").get(0).path("port").asInt()).isEqualTo(6432);
      assertThat(np.path("egress").get(1).path("to").get(0).path("podSelector").path("matchLabels").path("app").asText())
          .isEqualTo("valkey");
      assertThat(np.path("egress").get(1).path("ports").get(0).path("port").asInt()).isEqualTo(6380);
      JsonNode external = Kustomize.find(objects, "NetworkPolicy", "vouch-external-database").path("spec").path("egress").get(0);
      assertThat(external.path("to").get(0).path("ipBlock").path("cidr").asText()).isEqualTo("10.20.0.0/16");
      assertThat(external.path("ports").findValuesAsText("port")).containsExactly("6432", "6380");
      // The settings are local configuration: never applied.
      assertThat(objects).noneMatch(o -> o.path("metadata").path("name").asText().equals("vouch-network"));
    } finally {
      try (Stream<Path> all = Files.walk(dir)) {
        all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  @Test
  void everyOverlayAllowsOtlpAndHttpsOutAndSettlesEveryPlaceholderFromItsSettings() {
    for (String overlay : Kustomize.overlays()) {
      List<JsonNode> objects = Kustomize.objects(overlay);
      JsonNode np = Kustomize.find(objects, "NetworkPolicy", "vouch").path("spec");
      List<String> anyPorts = new ArrayList<>();
      np.path("egress").forEach(e -> {
        if (!e.has("to")) {
          e.path("ports").forEach(p -> anyPorts.add(p.path("protocol").asText() + "/" + p.path("port").asText()));
        }
      });
      assertThat(anyPorts).as(overlay).contains("TCP/443", "TCP/4317", "TCP/4318");
      assertThat(objects).as(overlay).noneMatch(o -> o.path("metadata").path("name").asText().equals("vouch-network"));
    }
  }

  @Test
  void theSecretTemplateAndTheDocumentedCommandNameTheWebhookSealingKeyAndTheTlsSecret() throws Exception {
    JsonNode template = Kustomize.documents(Files.readString(Path.of("k8s/secrets/secret.example.yaml.txt"))).get(0);
    List<String> keys = new ArrayList<>();
    template.path("stringData").fieldNames().forEachRemaining(keys::add);
    assertThat(keys).contains("DATABASE_URL", "VOUCH_RECEIPTS_SIGNING_KEY", "VOUCH_MONITORING_WEBHOOKS_SECRET_KEY");
    String ops = Files.readString(Path.of("docs/operations.md"));
    String create = ops.substring(ops.indexOf("kubectl create secret generic vouch-secrets"));
    create = create.substring(0, create.indexOf("kubectl create secret generic vouch-database-replicas"));
    for (String key : keys) {
      assertThat(create).as("the create command names " + key).contains(key + "=");
    }
    String tls = Kustomize.find(Kustomize.objects("production"), "Ingress", "vouch-api").path("spec").path("tls")
        .get(0).path("secretName").asText();
    assertThat(ops).contains("kubectl create secret tls " + tls + " ");
  }
}
