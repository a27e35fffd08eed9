package dev.vouch.support;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A real 3-master Redis Cluster from the {@code redis-server} and {@code redis-cli} binaries on
 * the PATH (no replicas, no persistence), on free ports, in a temporary directory; closed, it
 * stops every node and deletes the directory. A missing binary fails the test: no silent skip.
 */
public final class TestRedisCluster implements AutoCloseable {

  private static final int NODES = 3;

  private final Path dir;
  private final List<Integer> ports = new ArrayList<>();
  private final List<Process> nodes = new ArrayList<>();

  private TestRedisCluster(Path dir) {
    this.dir = dir;
  }

  public static TestRedisCluster start() throws Exception {
    TestRedisCluster cluster = new TestRedisCluster(Files.createTempDirectory("vouch-redis-cluster"));
    try {
      cluster.startNodes();
      cluster.create();
      return cluster;
    } catch (Exception | AssertionError e) {
      cluster.close();
      throw e;
    }
  }

  /** Seed URLs, comma-separated, as an operator would set REDIS_URL. */
  public String url() {
    return ports.stream().map(p -> "redis://127.0.0.1:" + p).collect(Collectors.joining(","));
  }

  public List<Integer> ports() {
    return List.copyOf(ports);
  }

  private void startNodes() throws Exception {
    for (int i = 0; i < NODES; i++) {
      int port = freePortWithFreeBus();
      ports.add(port);
      Path log = dir.resolve("node-" + port + ".log");
      nodes.add(new ProcessBuilder("redis-server", "--port", Integer.toString(port), "--bind", "127.0.0.1",
          "--cluster-enabled", "yes", "--cluster-config-file", "nodes-" + port + ".conf",
          "--cluster-node-timeout", "2000", "--dir", dir.toString(), "--save", "", "--appendonly", "no")
          .redirectErrorStream(true).redirectOutput(log.toFile()).start());
    }
    for (int port : ports) {
      awaitOutput("node " + port + " answers", () -> cli("-p", Integer.toString(port), "ping"), "PONG");
    }
  }

  private void create() throws Exception {
    List<String> args = new ArrayList<>(List.of("--cluster", "create"));
    ports.forEach(p -> args.add("127.0.0.1:" + p));
    args.addAll(List.of("--cluster-replicas", "0", "--cluster-yes"));
    String out = cli(args.toArray(String[]::new));
    if (!out.contains("All 16384 slots covered")) {
      throw new IllegalStateException("redis-cli --cluster create failed:\n" + out);
    }
    for (int port : ports) {
      awaitOutput("node " + port + " sees the cluster ok",
          () -> cli("-p", Integer.toString(port), "cluster", "info"), "cluster_state:ok");
    }
  }

  private interface Probe {
    String run() throws Exception;
  }

  /** Polls a redis-cli answer until it contains {@code expected}, with a generous deadline. */
  private static void awaitOutput(String what, Probe probe, String expected) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    String last = "";
    while (System.nanoTime() < deadline) {
      last = probe.run();
      if (last.contains(expected)) {
        return;
      }
      Thread.sleep(50);
    }
    throw new IllegalStateException("timed out waiting until " + what + "; last answer: " + last);
  }

  private static String cli(String... args) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add("redis-cli");
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(30, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IllegalStateException("redis-cli " + String.join(" ", args) + " did not finish");
    }
    return out;
  }

  /** A cluster node also listens on port + 10000 (the cluster bus): both must be free. */
  private static int freePortWithFreeBus() throws IOException {
    for (int attempt = 0; attempt < 100; attempt++) {
      int port = TestApp.freePort();
      if (port + 10_000 > 65_535) {
        continue;
      }
      try (ServerSocket bus = new ServerSocket(port + 10_000)) {
        return port;
      } catch (IOException taken) {
        // try another
      }
    }
    throw new IOException("no free port pair for a cluster node");
  }

  @Override
  public void close() throws Exception {
    for (Process node : nodes) {
      node.destroy();
    }
    for (Process node : nodes) {
      if (!node.waitFor(10, TimeUnit.SECONDS)) {
        node.destroyForcibly().waitFor();
      }
    }
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
    }
  }
}
