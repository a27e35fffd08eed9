package dev.vouch.support;

import dev.vouch.store.DatabaseUrl;
import dev.vouch.store.EmbeddedDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A PostgreSQL server of one test's own, configured exactly as the service's embedded default
 * ({@link EmbeddedDatabase}) on a private data directory and a fixed port, so the test can stop
 * or crash it under load and start it again on the same data: the shared test server must never
 * go down for one test's outage.
 */
public final class OwnPostgres implements AutoCloseable {

  private final Path dataDir;
  private final int port;
  private EmbeddedDatabase server;

  private OwnPostgres(Path dataDir, int port) {
    this.dataDir = dataDir;
    this.port = port;
  }

  /** A new cluster on a free port. */
  public static OwnPostgres start() throws IOException {
    OwnPostgres pg = new OwnPostgres(Files.createTempDirectory("vouch-own-pg"), TestApp.freePort());
    pg.startAgain();
    return pg;
  }

  /** Starts the server on the same data directory and port (after {@link #stop} or {@link #crash}). */
  public synchronized void startAgain() {
    if (server != null) {
      throw new IllegalStateException("already running");
    }
    server = EmbeddedDatabase.start(dataDir, port);
  }

  /**
   * A fast shutdown, as an operator's restart or a failover does: sessions are terminated
   * (SQLSTATE 57P01), then every new connection is refused until {@link #startAgain}.
   */
  public synchronized void stop() {
    if (server != null) {
      EmbeddedDatabase s = server;
      server = null;
      s.close();
    }
  }

  /**
   * A crash: SIGKILL to the postmaster and every backend, so open connections break mid-exchange
   * and the next start runs crash recovery.
   */
  public synchronized void crash() throws IOException {
    if (server == null) {
      return;
    }
    long pid = Long.parseLong(Files.readAllLines(dataDir.resolve("postmaster.pid")).get(0).trim());
    ProcessHandle postmaster = ProcessHandle.of(pid).orElseThrow();
    List<ProcessHandle> all = new ArrayList<>(postmaster.descendants().toList());
    all.add(0, postmaster);
    all.forEach(ProcessHandle::destroyForcibly);
    for (ProcessHandle h : all) {
      h.onExit().orTimeout(30, TimeUnit.SECONDS).join();
    }
    stop(); // its pg_ctl stop finds nothing running (logged); it releases the directory lock
  }

  /** SIGSTOP to the postmaster and every backend: connections are accepted and never answered. */
  public synchronized void freeze() throws Exception {
    signal("STOP");
  }

  public synchronized void thaw() throws Exception {
    signal("CONT");
  }

  private void signal(String name) throws Exception {
    long pid = Long.parseLong(Files.readAllLines(dataDir.resolve("postmaster.pid")).get(0).trim());
    ProcessHandle postmaster = ProcessHandle.of(pid).orElseThrow();
    // The postmaster first (it must take the signal); then its backends, listed after it can no
    // longer fork. A backend that exited in between needs no signal: kill's failure for it is not one.
    if (new ProcessBuilder("kill", "-" + name, Long.toString(pid)).inheritIO().start().waitFor() != 0) {
      throw new IllegalStateException("kill -" + name + " " + pid + " (postmaster) failed");
    }
    List<String> command = new ArrayList<>(List.of("kill", "-" + name));
    postmaster.descendants().forEach(h -> command.add(Long.toString(h.pid())));
    if (command.size() > 2) {
      new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
          .start().waitFor();
    }
  }

  /** The server's maintenance database; {@code withDatabase} for others. */
  public DatabaseUrl url() {
    return new DatabaseUrl("127.0.0.1", port, "postgres", "postgres", "");
  }

  @Override
  public void close() throws IOException {
    stop();
    try (var files = Files.walk(dataDir)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}
