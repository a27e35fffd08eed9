package dev.vouch.support;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The devnet (tools/devnet/devnet.mjs start) for a test class: its chains, chains file
 * ({@code chains.yaml}) and truth file ({@code truth.json}) in {@code dir}. Its chains listen on
 * consecutive ports from a free one, and the next ones may be taken (another test JVM, an
 * outgoing connection), so a start that ends before its ready line is tried on other ports.
 */
public final class Devnet implements AutoCloseable {

  private final Process process;
  public final Path dir;

  private final int controlPort;

  private Devnet(Process process, Path dir, int controlPort) {
    this.process = process;
    this.dir = dir;
    this.controlPort = controlPort;
  }

  /** The loopback port of the devnet's control endpoint (set with --control-port). */
  public int controlPort() {
    return controlPort;
  }

  public static Devnet start(Path dir) throws IOException, InterruptedException {
    StringBuilder output = new StringBuilder();
    for (int attempt = 0; attempt < 3; attempt++) {
      // --exit-with-parent: should this JVM die unannounced, the devnet still stops its anvils.
      int control = TestApp.freePort();
      ProcessBuilder b = new ProcessBuilder("node", "devnet.mjs", "start", "--base-port",
          Integer.toString(TestApp.freePorts(6)), "--out", dir.resolve("chains.yaml").toString(),
          "--truth", dir.resolve("truth.json").toString(), "--exit-with-parent",
          "--control-port", Integer.toString(control))
          .directory(Path.of("tools/devnet").toFile()).redirectErrorStream(true);
      // Its own pid and state files: another test JVM may run a devnet at the same time.
      b.environment().put("DEVNET_RUN_DIR", dir.resolve("run").toString());
      Process p = b.start();
      Runtime.getRuntime().addShutdownHook(new Thread(p::destroy));
      BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
      String line;
      while ((line = out.readLine()) != null && !line.contains("\"status\":\"ready\"")) {
        output.append(line).append('\n'); // seeding: the ready line ends the wait; an exit ends the stream
      }
      if (line != null) {
        drain(out, dir.resolve("devnet.log"));
        return new Devnet(p, dir, control);
      }
      out.close();
      p.waitFor();
    }
    throw new AssertionError("the devnet never printed its ready line; its output:\n" + output);
  }

  /**
   * Reads the devnet's later output into a file until it exits: a pipe nobody reads fills up, and
   * one closed under it made the devnet die of EPIPE, its anvils left running (issue 34).
   */
  private static void drain(BufferedReader out, Path log) {
    Thread t = new Thread(() -> {
      try (out; var w = java.nio.file.Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
        for (String line; (line = out.readLine()) != null; ) {
          w.write(line);
          w.newLine();
          w.flush();
        }
      } catch (IOException e) {
        // the devnet is gone or the directory was deleted; its output is only for reading after a failure
      }
    }, "devnet-output");
    t.setDaemon(true);
    t.start();
  }

  public Path chainsFile() {
    return dir.resolve("chains.yaml");
  }

  public Path truthFile() {
    return dir.resolve("truth.json");
  }

  /** SIGTERM: the devnet stops its anvils. */
  @Override
  public void close() throws InterruptedException {
    process.destroy();
    process.waitFor();
  }
}
