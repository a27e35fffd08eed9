package dev.vouch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vouch.cli.Main;
import dev.vouch.support.ChildJvm;
import dev.vouch.support.TestApp;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The operator's command line as separate processes in one working directory, on the embedded
 * default: keys and migrate beside a running serve, one-line startup failures, a postmaster left
 * by a killed run, and a clean shutdown that logs JSON only.
 */
class OperatorCliTest {

  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private static final ObjectMapper JSON = new ObjectMapper();
  private final List<Process> started = new ArrayList<>();

  record Run(Process process, Path out, Path err) {
    String stdout() throws IOException {
      return Files.readString(out);
    }

    String stderr() throws IOException {
      return Files.readString(err);
    }

    int await() throws InterruptedException {
      assertThat(process.waitFor(180, TimeUnit.SECONDS)).as("process ended").isTrue();
      return process.exitValue();
    }
  }

  @AfterEach
  void stopAll() throws InterruptedException {
    for (Process p : started) {
      p.destroyForcibly();
      p.waitFor(30, TimeUnit.SECONDS);
    }
  }

  @Test
  void keysAndMigrateWorkBesideARunningServeAndStartsFailInOneLine() throws Exception {
    Path dir = Files.createTempDirectory("vouch-operator");
    int port = TestApp.freePort();
    Run serve = vouch(dir, Map.of("PORT", Integer.toString(port)), "serve");
    awaitReady(serve, port);

    // Five processes that do not depend on each other start together (each is a JVM start of
    // seconds): a second serve on the same data directory, keys create and migrate beside the
    // running serve, a serve on its busy port and one whose database does not answer. The running
    // serve holds the directory's lock throughout, so every probe of it sees it held.
    Run second = vouch(dir, Map.of("PORT", Integer.toString(TestApp.freePort())), "serve");
    Run create = vouch(dir, Map.of(), "keys", "create", "--plan", "developer", "--label", "second terminal");
    Run migrate = vouch(dir, Map.of(), "migrate");
    Run busy = vouch(Files.createTempDirectory("vouch-busy"), Map.of("PORT", Integer.toString(port),
        "DATABASE_URL", "postgres://postgres@127.0.0.1:" + recordedPort(dir) + "/postgres"), "serve");
    int closed;
    try (ServerSocket s = new ServerSocket(0)) {
      closed = s.getLocalPort();
    }
    // Start-up waits for the database within its bound (here 2 s), then says so in one line.
    Run unreachable = vouch(Files.createTempDirectory("vouch-nodb"), Map.of("PORT", Integer.toString(TestApp.freePort()),
        "DATABASE_URL", "postgres://vouch:s3cret-pw@127.0.0.1:" + closed + "/vouch",
        "VOUCH_DATABASE_STARTUP_WAIT_SECONDS", "2"), "serve");

    // A second serve on the same data directory: one line saying another Vouch runs.
    assertThat(second.await()).isEqualTo(1);
    assertThat(lastLine(second.stderr())).startsWith("vouch: another Vouch is running on the embedded database in ")
        .contains("pid " + serve.process.pid());
    assertNoStackTrace(second.stderr());

    // keys create in another process reaches the running server; the key works at once.
    assertThat(create.await()).as(create.stderr()).isZero();
    Matcher key = Pattern.compile("(vouch_live_\\S+)").matcher(create.stdout());
    assertThat(key.find()).as(create.stdout()).isTrue();
    HttpResponse<String> keyed = HTTP.send(HttpRequest.newBuilder(
            URI.create("http://127.0.0.1:" + port + "/api/v1/decision/0x" + "ab".repeat(20)))
        .header("Authorization", "Bearer " + key.group(1)).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(keyed.statusCode()).as(keyed.body()).isEqualTo(200);
    assertThat(keyed.headers().firstValue("X-RateLimit-Limit")).hasValue("120");

    assertThat(migrate.await()).as(migrate.stderr()).isZero();
    assertThat(migrate.stdout()).contains("is up to date at version").doesNotContain("null");

    // The port is in use: one line naming it.
    assertThat(busy.await()).isEqualTo(1);
    assertThat(lastLine(busy.stderr())).isEqualTo("vouch: port " + port
        + " on 0.0.0.0 is already in use: stop what listens there, or set PORT to a free port");
    assertNoStackTrace(busy.stderr());

    // A database that does not answer: one line with the URL, never its password.
    assertThat(unreachable.await()).isEqualTo(1);
    assertThat(lastLine(unreachable.stderr()))
        .startsWith("vouch: the database at postgres://vouch@127.0.0.1:" + closed + "/vouch did not answer within 2 s");
    assertThat(unreachable.stderr()).doesNotContain("s3cret-pw");
    assertNoStackTrace(unreachable.stderr());

    // SIGKILL leaves the embedded postmaster running; the next start stops it and serves.
    long postmaster = Long.parseLong(Files.readAllLines(dir.resolve("data/pg/postmaster.pid")).get(0).trim());
    serve.process.destroyForcibly();
    serve.await();
    assertThat(ProcessHandle.of(postmaster).map(ProcessHandle::isAlive)).hasValue(true);
    int port2 = TestApp.freePort();
    // serve --port does what PORT does (and wins over it).
    Run again = vouch(dir, Map.of("PORT", Integer.toString(port)), "serve", "--port", Integer.toString(port2));
    awaitReady(again, port2);
    assertThat(again.stderr()).contains("stopping an orphaned embedded postgres (pid " + postmaster + ")");
    awaitGone(postmaster);
    HttpResponse<String> stillKeyed = HTTP.send(HttpRequest.newBuilder(
            URI.create("http://127.0.0.1:" + port2 + "/api/v1/decision/0x" + "ab".repeat(20)))
        .header("Authorization", "Bearer " + key.group(1)).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(stillKeyed.statusCode()).isEqualTo(200);

    // SIGTERM: a clean shutdown whose every log line is JSON, and the postmaster goes with it.
    long postmaster2 = Long.parseLong(Files.readAllLines(dir.resolve("data/pg/postmaster.pid")).get(0).trim());
    again.process.destroy();
    assertThat(again.await()).isEqualTo(143);
    for (String line : again.stderr().split("\n")) {
      if (!line.isBlank()) {
        assertThat(JSON.readTree(line).isObject()).as(line).isTrue();
      }
    }
    awaitGone(postmaster2);
    assertThat(dir.resolve("data/pg/vouch-embedded.json")).doesNotExist();
  }

  @Test
  void anUnknownCommandSaysSo() throws Exception {
    Run run = vouch(Files.createTempDirectory("vouch-cmd"), Map.of(), "serv");
    assertThat(run.await()).isEqualTo(2);
    assertThat(run.stderr()).startsWith("vouch: Unmatched argument at index 0: 'serv'").contains("Did you mean: vouch serve");
  }

  @Test
  void serveAndMigrateHelpPrintAndExitInTheirOwnProcessWithoutTouchingAnything() throws Exception {
    Path dir = Files.createTempDirectory("vouch-help");
    // Both started together: each is a JVM start of seconds, and neither touches the directory.
    Map<String, Run> runs = new java.util.LinkedHashMap<>();
    for (String command : List.of("serve", "migrate")) {
      runs.put(command, vouch(dir, Map.of("PORT", Integer.toString(TestApp.freePort())), command, "--help"));
    }
    for (var e : runs.entrySet()) {
      assertThat(e.getValue().await()).as(e.getValue().stderr()).isZero();
      assertThat(e.getValue().stdout()).startsWith("Usage: vouch " + e.getKey());
    }
    assertThat(dir.resolve("data")).as("no embedded database was made").doesNotExist();
  }

  private Run vouch(Path dir, Map<String, String> env, String... args) throws IOException {
    List<String> cmd = new ArrayList<>(ChildJvm.java("-Xmx256m"));
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
    pb.environment().keySet().removeIf(k -> k.equals("DATABASE_URL") || k.equals("REDIS_URL") || k.equals("PORT")
        || k.startsWith("VOUCH_"));
    pb.environment().put("VOUCH_HTTP_INSTANCES", "1");
    pb.environment().put("VOUCH_HTTP_SHUTDOWN_GRACE_SECONDS", "1");
    pb.environment().putAll(env);
    Path out = Files.createTempFile(dir, "out", ".log");
    Path err = Files.createTempFile(dir, "err", ".log");
    pb.redirectOutput(out.toFile()).redirectError(err.toFile());
    Process p = pb.start();
    started.add(p);
    return new Run(p, out, err);
  }

  private static void awaitReady(Run run, int port) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(180).toNanos();
    while (System.nanoTime() < deadline) {
      if (!run.process.isAlive()) {
        throw new AssertionError("serve exited " + run.process.exitValue() + ": " + run.stderr());
      }
      try {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health/ready"))
            .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() == 200) {
          return;
        }
      } catch (IOException notYet) {
        // not listening yet
      }
      Thread.sleep(200);
    }
    throw new AssertionError("serve never became ready: " + run.stderr());
  }

  /** A process that is not our child is reaped by init a moment after it exits. */
  private static void awaitGone(long pid) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
      assertThat(System.nanoTime()).as("process " + pid + " still runs").isLessThan(deadline);
      Thread.sleep(100);
    }
  }

  private static int recordedPort(Path dir) throws IOException {
    return JSON.readTree(dir.resolve("data/pg/vouch-embedded.json").toFile()).get("port").asInt();
  }

  /** The one plain line a failed start writes (JSON log lines may come before or after it). */
  private static String lastLine(String text) {
    return text.lines().filter(l -> l.startsWith("vouch: ")).reduce((a, b) -> b).orElse(text);
  }

  private static void assertNoStackTrace(String stderr) {
    assertThat(stderr).doesNotContain("\tat ").doesNotContain("Exception in thread");
  }

}
