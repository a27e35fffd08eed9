package dev.vouch.cli;

import dev.vouch.VouchApp;
import dev.vouch.config.AppConfig;
import dev.vouch.store.DatabaseUrl;
import dev.vouch.store.EmbeddedDatabase;
import dev.vouch.store.Migrations;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * The database a command works on: DATABASE_URL, or the embedded default (attached when a server
 * runs on it, else started for the command), migrated first. Plain JDBC on the main thread.
 */
final class CommandDatabase {

  interface Work {
    int run(Connection c) throws SQLException;
  }

  private CommandDatabase() {}

  static int withConnection(AppConfig config, Work work) throws SQLException {
    try (EmbeddedDatabase embedded = VouchApp.embeddedForCommand(config)) {
      DatabaseUrl url = embedded != null ? embedded.url() : DatabaseUrl.parse(config.database().url());
      Migrations.migrate(url);
      try (Connection c = DriverManager.getConnection(url.jdbcUrl(), url.user(), url.password())) {
        return work.run(c);
      }
    }
  }
}
