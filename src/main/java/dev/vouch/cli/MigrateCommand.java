package dev.vouch.cli;

import dev.vouch.VouchApp;
import dev.vouch.config.AppConfig;
import dev.vouch.store.DatabaseUrl;
import dev.vouch.store.EmbeddedDatabase;
import dev.vouch.store.Migrations;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** Applies the Flyway migrations and exits; serve does the same at start, this is for a deploy step. */
@Command(name = "migrate", description = "Apply database migrations (DATABASE_URL or the embedded default) and exit.")
final class MigrateCommand implements Callable<Integer> {

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    AppConfig config = VouchCommand.of(spec).config();
    try (EmbeddedDatabase embedded = VouchApp.embeddedForCommand(config)) {
      DatabaseUrl url = embedded != null ? embedded.url() : DatabaseUrl.parse(config.database().url());
      var result = Migrations.migrate(url);
      if (result.migrationsExecuted == 0) {
        spec.commandLine().getOut().println(url.redacted() + " is up to date at version " + result.initialSchemaVersion);
      } else {
        spec.commandLine().getOut().println("migrated " + url.redacted() + " from version "
            + (result.initialSchemaVersion == null ? "none" : result.initialSchemaVersion)
            + " to version " + result.targetSchemaVersion + " (" + result.migrationsExecuted + " migrations)");
      }
    }
    return 0;
  }
}
