package dev.vouch.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vouch.store.DatabaseUrl;
import dev.vouch.support.TestDatabase;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * bench/perf.sh in its smoke mode, once: every scenario against Vouch, the bare server and the join
 * baseline answers as it should (2xx, or 429 for the exhausted key). Asserts nothing about time.
 * About a minute; {@code -DexcludedGroups=bench-smoke} leaves it out. Needs psql, redis-server and
 * wrk on PATH (Debian packages); without them it is reported as skipped, not passed.
 */
@Tag("bench-smoke")
class BenchSmokeTest {

  private static boolean onPath(String tool) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      if (Files.isExecutable(Path.of(dir, tool))) {
        return true;
      }
    }
    return false;
  }

  @Test
  void everyScenarioAnswersAsExpected() throws Exception {
    for (String tool : new String[] {"psql", "redis-server", "wrk", "curl"}) {
      assumeTrue(onPath(tool), tool + " is not on PATH");
    }
    // The harness creates its own database on the test server, and runs the classes built here.
    DatabaseUrl server = TestDatabase.fresh().withDatabase("postgres");
    Path log = Files.createTempFile("bench-smoke", ".log");
    ProcessBuilder pb = new ProcessBuilder("bash", "bench/perf.sh")
        .redirectErrorStream(true).redirectOutput(log.toFile());
    pb.environment().remove("DATABASE_URL");
    pb.environment().remove("REDIS_URL");
    pb.environment().put("BENCH_SMOKE", "1");
    pb.environment().put("BENCH_DATABASE_URL", server.toUrl());
    pb.environment().put("BENCH_CLASSPATH",
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")));
    Process p = pb.start();
    boolean ended = p.waitFor(5, TimeUnit.MINUTES);
    if (!ended) {
      p.descendants().forEach(ProcessHandle::destroy);
      p.destroy();
    }
    String out = Files.readString(log, StandardCharsets.UTF_8);
    Files.deleteIfExists(log);
    assertThat(ended).as("perf.sh smoke ended within 5 minutes:\n" + out).isTrue();
    assertThat(out).as(out).contains("SMOKE: PASS").doesNotContain("SMOKE: FAIL");
    assertThat(p.exitValue()).as(out).isZero();
    // Every scenario printed its row, with a CPU figure for Vouch and the bare server.
    for (String s : new String[] {"decision-anon", "decision-keyed", "decision-policy", "score", "batch-10", "batch-100", "batch-500",
        "receipt-read", "graph-page", "over-budget-429"}) {
      assertThat(out).as(out).containsPattern("\\| " + s + " +\\| +[0-9]+ \\|.*\\| +[0-9.]+ +\\|");
    }
  }
}
