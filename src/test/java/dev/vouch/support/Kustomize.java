package dev.vouch.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What an operator applies: {@code kubectl kustomize k8s/overlays/<name>}, rendered offline by
 * the real kubectl (no cluster is needed to render), and the objects in it.
 */
public final class Kustomize {

  public static final Path OVERLAYS = Path.of("k8s/overlays");
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  private Kustomize() {}

  /** Every overlay's name (a directory under k8s/overlays with a kustomization.yaml). */
  public static List<String> overlays() {
    try (Stream<Path> dirs = Files.list(OVERLAYS)) {
      return dirs.filter(d -> Files.exists(d.resolve("kustomization.yaml"))).map(d -> d.getFileName().toString())
          .sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The overlay as kubectl renders it; fails with kubectl's message when it cannot. */
  public static String render(String overlay) {
    return render(OVERLAYS.resolve(overlay));
  }

  /** Any kustomization directory as kubectl renders it. */
  public static String render(Path dir) {
    Command.Result r = Command.run(Path.of("").toAbsolutePath(), Map.of(), 120,
        List.of("kubectl", "kustomize", dir.toString()));
    if (r.exit() != 0) {
      throw new IllegalStateException("kubectl kustomize " + dir + " failed: " + r.output());
    }
    return r.output();
  }

  /** The rendered objects, in kubectl's order. */
  public static List<JsonNode> objects(String overlay) {
    return documents(render(overlay));
  }

  public static List<JsonNode> documents(String yaml) {
    List<JsonNode> docs = new ArrayList<>();
    try (YAMLParser parser = new YAMLFactory().createParser(yaml)) {
      YAML.readValues(parser, JsonNode.class).forEachRemaining(d -> {
        if (d != null && !d.isNull() && !d.isMissingNode()) {
          docs.add(d);
        }
      });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return docs;
  }

  /** The one object of this kind and name, or an assertion-friendly failure. */
  public static JsonNode find(List<JsonNode> objects, String kind, String name) {
    return objects.stream().filter(o -> o.path("kind").asText().equals(kind)
        && o.path("metadata").path("name").asText().equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError("no " + kind + "/" + name + " in the rendering"));
  }
}
