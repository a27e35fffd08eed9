package dev.vouch.clients;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Command;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The committed clients match openapi.yaml: clients/generate.sh regenerates them into a temporary
 * directory and every generated file (TypeScript src/gen and dist, Python _generated) must be
 * byte-identical to the committed one. After changing openapi.yaml run clients/generate.sh.
 */
class ClientsGeneratedTest {

  static final List<String> GENERATED = List.of("typescript/src/gen", "typescript/dist",
      "python/src/vouch_client/_generated");

  @Test
  void theCommittedClientsAreWhatTheSpecGenerates() throws IOException {
    Path root = Path.of("").toAbsolutePath();
    Path tmp = Files.createTempDirectory("vouch-clients");
    try {
      Command.Result r = Command.run(root, Map.of("NO_COLOR", "1"), 300,
          List.of("bash", "clients/generate.sh", tmp.toString()));
      assertThat(r.exit()).as(r.output()).isZero();
      List<String> differ = new ArrayList<>();
      for (String dir : GENERATED) {
        Path committed = root.resolve("clients").resolve(dir);
        Path fresh = tmp.resolve(dir);
        TreeSet<String> names = new TreeSet<>(files(committed));
        names.addAll(files(fresh));
        for (String name : names) {
          Path a = committed.resolve(name);
          Path b = fresh.resolve(name);
          if (!Files.exists(a) || !Files.exists(b) || Files.mismatch(a, b) != -1) {
            differ.add(dir + "/" + name);
          }
        }
      }
      assertThat(differ).as("files that differ from a fresh generation: run clients/generate.sh and commit")
          .isEmpty();
      assertThat(files(tmp.resolve("typescript/dist"))).contains("esm/index.js", "esm/index.d.ts", "cjs/index.js");
    } finally {
      try (Stream<Path> all = Files.walk(tmp)) {
        all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  private static List<String> files(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> all = Files.walk(dir)) {
      return all.filter(Files::isRegularFile).filter(p -> !p.toString().contains("__pycache__"))
          .map(p -> dir.relativize(p).toString()).sorted().toList();
    }
  }
}
