package dev.vouch;

import dev.vouch.budget.KeysCli;
import dev.vouch.chain.ChainsCli;
import dev.vouch.config.AppConfig;
import dev.vouch.config.ConfigLoader;
import dev.vouch.ops.Logs;
import dev.vouch.ops.StartupFailures;
import dev.vouch.receipt.SigningKeys;
import dev.vouch.store.DatabaseUrl;
import dev.vouch.store.EmbeddedDatabase;
import dev.vouch.store.Migrations;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.logging.Level;

/** Command line: serve [--role api|worker|all], migrate, keys ..., chains verify. */
public final class Main {

  private static final String USAGE = """
      usage: java -jar vouch.jar <command>
        serve [--role api|worker|all]   run the service (default role: all)
        migrate                         apply database migrations and exit
        keys create --plan P --label L  create an API key (printed once); plans developer|plus|pro|partner
        keys list | revoke <id> | plan <id> <plan> | suspend <id> | resume <id>
        chains verify [--wallet W]      ask every chain source once: chain id, head, methods, latency,
                                        agreement of the sources on W's recent history
        receipt-keys new [current.json] print a private Ed25519 JWK set for receipt signing: a new
                                        key first, then those of current.json (rotation)
      Configuration: config/application.yaml, overridden by environment variables
      (PORT, DATABASE_URL, REDIS_URL, VOUCH_*). No DATABASE_URL = embedded Postgres in ./data/pg.
      """;

  private Main() {}

  public static void main(String[] args) {
    Logs.configure(Level.INFO);
    List<String> argv = Arrays.asList(args);
    String command = argv.isEmpty() ? "serve" : argv.get(0);
    AppConfig config;
    try {
      config = ConfigLoader.load(System.getenv());
    } catch (RuntimeException e) {
      System.err.println("vouch: invalid configuration: " + e.getMessage());
      System.exit(1);
      return;
    }
    try {
      switch (command) {
        case "serve" -> serve(withRole(config, argv));
        case "migrate" -> migrate(config);
        case "keys" -> System.exit(KeysCli.run(config, argv.subList(1, argv.size()), System.out, System.err));
        case "chains" -> System.exit(ChainsCli.run(config, argv.subList(1, argv.size()), System.out, System.err));
        case "receipt-keys" -> System.exit(receiptKeys(argv));
        case "help", "--help", "-h" -> System.out.print(USAGE);
        default -> {
          System.err.println("vouch: unknown command \"" + command + "\"");
          System.err.print(USAGE);
          System.exit(2);
        }
      }
    } catch (Exception e) {
      // One readable line naming the cause; the trace is noise for every cause we can name.
      System.err.println("vouch: " + StartupFailures.describe(e, config));
      System.exit(1);
    }
  }

  private static int receiptKeys(List<String> argv) throws java.io.IOException {
    if (argv.size() < 2 || !argv.get(1).equals("new") || argv.size() > 3) {
      System.err.print(USAGE);
      return 2;
    }
    String current = argv.size() == 3 ? java.nio.file.Files.readString(java.nio.file.Path.of(argv.get(2))) : null;
    System.out.println(SigningKeys.rotated(current));
    return 0;
  }

  private static AppConfig withRole(AppConfig config, List<String> argv) {
    int i = argv.indexOf("--role");
    if (i < 0) {
      return config;
    }
    if (i + 1 >= argv.size() || !List.of("api", "worker", "all").contains(argv.get(i + 1))) {
      throw new IllegalArgumentException("--role needs api, worker or all");
    }
    return config.withRole(AppConfig.Role.valueOf(argv.get(i + 1)));
  }

  private static void serve(AppConfig config) throws Exception {
    VouchApp app = VouchApp.start(config, Clock.systemUTC());
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      app.close();
      stopped.countDown();
    }, "vouch-shutdown"));
    stopped.await();
  }

  private static void migrate(AppConfig config) {
    try (EmbeddedDatabase embedded = VouchApp.embeddedForCommand(config)) {
      DatabaseUrl url = embedded != null ? embedded.url() : DatabaseUrl.parse(config.database().url());
      var result = Migrations.migrate(url);
      if (result.migrationsExecuted == 0) {
        System.out.println(url.redacted() + " is up to date at version " + result.initialSchemaVersion);
      } else {
        System.out.println("migrated " + url.redacted() + " from version "
            + (result.initialSchemaVersion == null ? "none" : result.initialSchemaVersion)
            + " to version " + result.targetSchemaVersion + " (" + result.migrationsExecuted + " migrations)");
      }
    }
  }
}
