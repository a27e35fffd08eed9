package dev.vouch.store;

import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;

/** Flyway over JDBC; called on the main thread before Vert.x starts, never on an event loop. */
public final class Migrations {

  private Migrations() {}

  public static MigrateResult migrate(DatabaseUrl url) {
    return Flyway.configure()
        .dataSource(url.jdbcUrl(), url.user(), url.password())
        .locations("classpath:db/migration")
        .load()
        .migrate();
  }
}
