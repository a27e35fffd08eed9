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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
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
  /** Whether the server is this JVM's own (embedded or a container): it goes away with the JVM. */
  private static boolean embedded;
  /** Makes the next database while a test class runs (one thread: copies never compete). */
  private static final ExecutorService MAKER = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "test-database-maker");
    t.setDaemon(true);
    return t;
  });
  private static Future<DatabaseUrl> next;
  /** Handed out since the last {@link #releaseClassDatabases}: the running class's. */
  private static final List<String> inUse = new ArrayList<>();
  /**
   * Drops finished classes' databases (its own thread: a drop never delays the next copy). A fork
   * ran ~80 classes: their copies (about 15 MB each) made the embedded server's shutdown
   * checkpoint and the data directory's deletion hold the JVM's exit about 20 s.
   */
  private static final ExecutorService DROPPER = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "test-database-dropper");
    t.setDaemon(true);
    return t;
  });

  private TestDatabase() {}

  /**
   * A freshly created, migrated database for one test class. Copying the template takes a few
   * hundred milliseconds on a loaded machine, so the next copy is made in the background while
   * the class that got this one runs.
   */
  public static synchronized DatabaseUrl fresh() {
    try {
      if (server == null) {
        server = startServer();
        embedded = System.getenv("DATABASE_URL") == null || System.getenv("DATABASE_URL").isBlank();
        template = RUN + "_tpl";
        exec(server, "CREATE DATABASE " + template);
        synchronized (created) {
          created.add(template);
        }
        Migrations.migrate(server.withDatabase(template));
        Runtime.getRuntime().addShutdownHook(new Thread(TestDatabase::dropAll));
      }
      Future<DatabaseUrl> ready = next != null ? next : MAKER.submit(TestDatabase::copy);
      next = MAKER.submit(TestDatabase::copy);
      DatabaseUrl db = ready.get(120, TimeUnit.SECONDS);
      inUse.add(db.database());
      return db;
    } catch (ExecutionException e) {
      throw new IllegalStateException("cannot provide a test database", e.getCause());
    } catch (Exception e) {
      throw new IllegalStateException("cannot provide a test database", e);
    }
  }

  /**
   * Keeps {@code db} after the class that got it ends, until the JVM exits: for a read-only
   * database that later classes of this JVM share (a seed too costly to make per class).
   */
  public static synchronized DatabaseUrl keep(DatabaseUrl db) {
    inUse.remove(db.database());
    return db;
  }

  /**
   * The class that got the databases handed out since the last call has ended (its {@code
   * AfterAll} ran): they are dropped in the background. A database something still uses is not
   * dropped (no FORCE: nothing is cut off); it goes with the server at exit. Called by
   * {@link ClassDatabases} after every test class.
   */
  static synchronized void releaseClassDatabases() {
    if (inUse.isEmpty()) {
      return;
    }
    List<String> names = List.copyOf(inUse);
    inUse.clear();
    DatabaseUrl admin = server;
    DROPPER.submit(() -> {
      for (String name : names) {
        try {
          exec(admin, "DROP DATABASE IF EXISTS " + name);
          synchronized (created) {
            created.remove(name);
          }
        } catch (Exception stillUsed) {
          // dropped with the server at exit (or by dropAll on a server of DATABASE_URL)
        }
      }
    });
  }

  private static DatabaseUrl copy() throws Exception {
    String name;
    synchronized (created) {
      name = RUN + "_" + (++counter);
      created.add(name);
    }
    exec(server, "CREATE DATABASE " + name + " TEMPLATE " + template);
    return server.withDatabase(name);
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
    if (embedded) {
      // The server and its data directory go with this JVM: dropping each database first only
      // delays the exit (each drop waits for its backends, a frozen one up to 5 s).
      return;
    }
    List<String> names;
    synchronized (created) {
      names = List.copyOf(created);
    }
    for (String name : names) {
      try {
        exec(server, "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
      } catch (Exception ignored) {
        // best effort at JVM exit; names are unique per run so leftovers never collide
      }
    }
  }
}
