package dev.vouch.support;

import dev.vouch.store.DatabaseUrl;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A PostgreSQL primary and a streaming standby of the test's own, made as an operator makes them:
 * {@code initdb}, then {@code pg_basebackup -R} (standby.signal, primary_conninfo, a physical
 * replication slot so the standby never misses WAL). The system's binaries
 * ({@code /usr/lib/postgresql/<n>/bin}), run as the {@code postgres} user because the server
 * refuses root; the test (root) freezes, kills and restarts either server with signals.
 */
public final class ReplicatedPostgres implements AutoCloseable {

  public enum Node { PRIMARY, STANDBY }

  private final Path bin;
  private final Path dir;
  private final int primaryPort;
  private final int standbyPort;

  private ReplicatedPostgres(Path bin, Path dir, int primaryPort, int standbyPort) {
    this.bin = bin;
    this.dir = dir;
    this.primaryPort = primaryPort;
    this.standbyPort = standbyPort;
  }

  /** The newest installed major version's binaries, or empty when none has pg_basebackup. */
  public static Path binaries() throws IOException {
    Path root = Path.of("/usr/lib/postgresql");
    if (!Files.isDirectory(root)) {
      throw new IllegalStateException("no system PostgreSQL binaries under " + root + " (apt-get install postgresql)");
    }
    try (Stream<Path> versions = Files.list(root)) {
      return versions.map(v -> v.resolve("bin")).filter(b -> Files.isExecutable(b.resolve("pg_basebackup")))
          .max(Comparator.comparing(p -> Integer.parseInt(p.getParent().getFileName().toString().replaceAll("\\D", "0"))))
          .orElseThrow(() -> new IllegalStateException("no pg_basebackup under " + root));
    }
  }

  /** initdb, start the primary, base-backup it into a standby and start that; both answer when this returns. */
  public static ReplicatedPostgres start() throws Exception {
    Path dir = Files.createTempDirectory("vouch-replicated-pg");
    run("chown", "postgres", dir.toString());
    ReplicatedPostgres pg = new ReplicatedPostgres(binaries(), dir, TestApp.freePort(), TestApp.freePort());
    pg.asPostgres(pg.bin.resolve("initdb").toString(), "-D", pg.data(Node.PRIMARY).toString(), "-A", "trust",
        "-U", "postgres", "--no-sync", "-E", "UTF8", "--locale=C");
    Files.writeString(pg.data(Node.PRIMARY).resolve("postgresql.auto.conf"), String.join("\n",
        "listen_addresses = '127.0.0.1'",
        "unix_socket_directories = '" + dir + "'",
        "max_connections = 120",
        "wal_level = replica",
        "max_wal_senders = 4",
        "max_replication_slots = 4",
        "hot_standby = on",
        "hot_standby_feedback = on",
        // Acknowledged writes survive a server kill (the page cache keeps them; no OS crash here).
        "fsync = off",
        "synchronous_commit = on",
        "wal_receiver_status_interval = 1",
        "log_min_messages = warning",
        ""));
    pg.startNode(Node.PRIMARY);
    TestDatabase.exec(pg.url(Node.PRIMARY), "SELECT pg_create_physical_replication_slot('vouch_standby', true)");
    pg.asPostgres(pg.bin.resolve("pg_basebackup").toString(), "-h", "127.0.0.1", "-p", Integer.toString(pg.primaryPort),
        "-U", "postgres", "-D", pg.data(Node.STANDBY).toString(), "-R", "-X", "stream", "-c", "fast",
        "-S", "vouch_standby", "--no-sync");
    pg.startNode(Node.STANDBY);
    return pg;
  }

  public DatabaseUrl url(Node node) {
    return new DatabaseUrl("127.0.0.1", node == Node.PRIMARY ? primaryPort : standbyPort, "postgres", "postgres", "");
  }

  private Path data(Node node) {
    return dir.resolve(node == Node.PRIMARY ? "primary" : "standby");
  }

  /** pg_ctl start on the node's data directory and port; waits until it accepts connections. */
  public void startNode(Node node) throws Exception {
    int port = node == Node.PRIMARY ? primaryPort : standbyPort;
    asPostgres(bin.resolve("pg_ctl").toString(), "-D", data(node).toString(), "-l", dir.resolve(node + ".log").toString(),
        "-o", "-p " + port, "-w", "-t", "60", "start");
  }

  /** SIGSTOP to the postmaster and every backend: the server hangs, connections stay open. */
  public void freeze(Node node) throws Exception {
    signal("STOP", processes(node));
  }

  public void thaw(Node node) throws Exception {
    signal("CONT", processes(node));
  }

  /** SIGKILL to every process of the node: connections break mid-exchange; a restart runs crash recovery. */
  public void kill(Node node) throws Exception {
    List<ProcessHandle> all = new ArrayList<>();
    for (long pid : processes(node)) {
      ProcessHandle.of(pid).ifPresent(all::add);
    }
    all.forEach(ProcessHandle::destroyForcibly);
    for (ProcessHandle h : all) {
      h.onExit().orTimeout(30, TimeUnit.SECONDS).join();
    }
    Files.deleteIfExists(data(node).resolve("postmaster.pid"));
  }

  /**
   * SIGSTOP to the primary's WAL sender alone: the primary answers and writes, the standby's
   * receiver keeps its connection open and hears nothing (a blackholed stream) until the thaw.
   */
  public void freezeWalSender() throws Exception {
    signal("STOP", walSenders());
  }

  public void thawWalSender() throws Exception {
    signal("CONT", walSenders());
  }

  private List<Long> walSenders() {
    List<Long> pids = Sql.rows(url(Node.PRIMARY), "SELECT pid FROM pg_stat_replication").stream()
        .map(r -> ((Number) r.get("pid")).longValue()).toList();
    if (pids.isEmpty()) {
      throw new IllegalStateException("no WAL sender on the primary");
    }
    return pids;
  }

  /** Pauses WAL replay on the standby: it keeps receiving but falls behind. */
  public void pauseReplay() throws Exception {
    TestDatabase.exec(url(Node.STANDBY), "SELECT pg_wal_replay_pause()");
  }

  public void resumeReplay() throws Exception {
    TestDatabase.exec(url(Node.STANDBY), "SELECT pg_wal_replay_resume()");
  }

  /** The postmaster of the node and every process it started. */
  private List<Long> processes(Node node) throws IOException {
    long postmaster = Long.parseLong(Files.readAllLines(data(node).resolve("postmaster.pid")).get(0).trim());
    ProcessHandle handle = ProcessHandle.of(postmaster).orElseThrow();
    return Stream.concat(Stream.of(handle), handle.descendants()).map(ProcessHandle::pid).toList();
  }

  private static void signal(String signal, List<Long> pids) throws Exception {
    List<String> command = new ArrayList<>(List.of("kill", "-" + signal));
    pids.forEach(p -> command.add(Long.toString(p)));
    run(command.toArray(String[]::new));
  }

  private void asPostgres(String... command) throws Exception {
    List<String> full = new ArrayList<>(List.of("runuser", "-u", "postgres", "--"));
    full.addAll(List.of(command));
    run(full.toArray(String[]::new));
  }

  private static void run(String... command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IllegalStateException(String.join(" ", command) + " failed: " + out);
    }
  }

  @Override
  public void close() throws Exception {
    for (Node node : Node.values()) {
      try {
        thaw(node); // a frozen server ignores the stop
      } catch (Exception ignored) {
        // not running
      }
      if (Files.exists(data(node).resolve("postmaster.pid"))) {
        try {
          asPostgres(bin.resolve("pg_ctl").toString(), "-D", data(node).toString(), "-m", "immediate", "-w", "stop");
        } catch (Exception e) {
          kill(node);
        }
      }
    }
    try (var files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}
