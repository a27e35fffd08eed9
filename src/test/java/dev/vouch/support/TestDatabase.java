package dev.vouch.support;

import dev.vouch.store.DatabaseUrl;
import dev.vouch.store.Migrations;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * Real Postgres for tests: DATABASE_URL when set, else Testcontainers when Docker answers, else
 * the embedded binaries. Each test run migrates its own template database, and every test class
 * gets a fresh copy of it, so no state is shared with earlier runs or the running service.
 */
public final class TestDatabase {

  private static final String RUN = "vouch_t" + Long.toString(System.currentTimeMillis(), 36)
      + UUID.randomUUID().toString().substring(0, 6);
  private static DatabaseUrl server;
  private static String template;
  private static final List<String> created = new ArrayList<>();
  private static int counter;

  private TestDatabase() {}

  /** A freshly created, migrated database for one test class. */
  public static synchronized DatabaseUrl fresh() {
    try {
      if (server == null) {
        server = startServer();
        template = RUN + "_tpl";
        exec(server, "CREATE DATABASE " + template);
        created.add(template);
        Migrations.migrate(server.withDatabase(template));
        Runtime.getRuntime().addShutdownHook(new Thread(TestDatabase::dropAll));
      }
      String name = RUN + "_" + (++counter);
      exec(server, "CREATE DATABASE " + name + " TEMPLATE " + template);
      created.add(name);
      return server.withDatabase(name);
    } catch (Exception e) {
      throw new IllegalStateException("cannot provide a test database", e);
    }
  }

  /** Where the server came from, for test logs. */
  public static synchronized String source() {
    return System.getenv("DATABASE_URL") != null ? "DATABASE_URL" : dockerAvailable() ? "testcontainers" : "embedded";
  }

  private static DatabaseUrl startServer() throws Exception {
    String env = System.getenv("DATABASE_URL");
    if (env != null && !env.isBlank()) {
      return DatabaseUrl.parse(env).withDatabase(DatabaseUrl.parse(env).database());
    }
    if (dockerAvailable()) {
      PostgreSQLContainer pg = new PostgreSQLContainer("postgres:16-alpine");
      pg.start();
      return new DatabaseUrl(pg.getHost(), pg.getMappedPort(5432), pg.getDatabaseName(),
          pg.getUsername(), pg.getPassword());
    }
    EmbeddedPostgres pg = EmbeddedPostgres.builder()
        .setDataDirectory(Files.createTempDirectory("vouch-test-pg"))
        .setCleanDataDirectory(true)
        .setServerConfig("max_connections", "300")
        .setServerConfig("fsync", "off")
        .setServerConfig("synchronous_commit", "off")
        .start();
    return new DatabaseUrl("127.0.0.1", pg.getPort(), "postgres", "postgres", "");
  }

  private static boolean dockerAvailable() {
    try {
      return DockerClientFactory.instance().isDockerAvailable();
    } catch (Throwable t) {
      return false;
    }
  }

  public static void exec(DatabaseUrl url, String sql) throws Exception {
    try (Connection c = DriverManager.getConnection(url.jdbcUrl(), url.user(), url.password());
        Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  /**
   * An outage of one test database: with allow false, new connections are refused and the open
   * ones dropped; with true, it serves again.
   */
  public static void allowConnections(DatabaseUrl db, boolean allow) throws Exception {
    DatabaseUrl admin = db.withDatabase("postgres");
    exec(admin, "ALTER DATABASE " + db.database() + " ALLOW_CONNECTIONS " + allow);
    if (!allow) {
      exec(admin, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" + db.database() + "'");
    }
  }

  private static void dropAll() {
    for (String name : created) {
      try {
        exec(server, "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
      } catch (Exception ignored) {
        // best effort at JVM exit; names are unique per run so leftovers never collide
      }
    }
  }
}
