package dev.vouch.store;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.logging.Logger;

/**
 * Real Postgres binaries from Maven Central, run as a child process. Data stays in the given
 * directory so committed snapshots and receipts survive a restart.
 */
public final class EmbeddedDatabase implements AutoCloseable {

  private static final Logger LOG = Logger.getLogger(EmbeddedDatabase.class.getName());

  private final EmbeddedPostgres postgres;

  private EmbeddedDatabase(EmbeddedPostgres postgres) {
    this.postgres = postgres;
  }

  /** Starts Postgres on loopback; port 0 lets it pick a free port. */
  public static EmbeddedDatabase start(Path dataDir, int port) {
    try {
      Files.createDirectories(dataDir);
      EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
          .setDataDirectory(dataDir)
          .setCleanDataDirectory(false)
          .setRegisterShutdownHook(true)
          .setServerConfig("listen_addresses", "127.0.0.1")
          .setServerConfig("max_connections", "200");
      if (port > 0) {
        builder.setPort(port);
      }
      EmbeddedPostgres pg = builder.start();
      LOG.info(() -> "embedded postgres started on 127.0.0.1:" + pg.getPort() + " data=" + dataDir.toAbsolutePath());
      return new EmbeddedDatabase(pg);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot start embedded Postgres in " + dataDir, e);
    }
  }

  public DatabaseUrl url() {
    return new DatabaseUrl("127.0.0.1", postgres.getPort(), "postgres", "postgres", "");
  }

  @Override
  public void close() {
    try {
      postgres.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
