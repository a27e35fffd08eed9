package dev.vouch.budget;

import dev.vouch.VouchApp;
import dev.vouch.budget.model.ApiKeyFormat;
import dev.vouch.budget.model.Plan;
import dev.vouch.config.AppConfig;
import dev.vouch.store.DatabaseUrl;
import dev.vouch.store.EmbeddedDatabase;
import dev.vouch.store.Migrations;
import java.io.PrintStream;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * {@code keys ...} of the command line. Plain JDBC on the calling thread (no event loop here),
 * against DATABASE_URL or the embedded default, after migrations. The key itself is printed
 * once, at creation; only its SHA-256 is stored.
 */
public final class KeysCli {

  static final String USAGE = """
      usage: keys create --plan <developer|plus|pro|partner> --label <text>
             keys list
             keys revoke <id>
             keys plan <id> <developer|plus|pro|partner>
             keys suspend <id>
             keys resume <id>
      """;

  private static final SecureRandom RANDOM = new SecureRandom();

  private final PrintStream out;
  private final PrintStream err;

  private KeysCli(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  /** Runs one command; returns the exit status (0 done, 1 refused, 2 usage). */
  public static int run(AppConfig config, List<String> args, PrintStream out, PrintStream err) {
    KeysCli cli = new KeysCli(out, err);
    if (args.isEmpty() || !cli.known(args)) {
      err.print(USAGE);
      return 2;
    }
    try (EmbeddedDatabase embedded = VouchApp.embeddedForCommand(config)) {
      DatabaseUrl url = embedded != null ? embedded.url() : DatabaseUrl.parse(config.database().url());
      Migrations.migrate(url);
      try (Connection c = DriverManager.getConnection(url.jdbcUrl(), url.user(), url.password())) {
        return cli.dispatch(c, args);
      }
    } catch (SQLException e) {
      err.println("database error: " + e.getMessage());
      return 1;
    }
  }

  private boolean known(List<String> args) {
    return switch (args.get(0)) {
      case "create" -> true;
      case "list" -> args.size() == 1;
      case "revoke", "suspend", "resume" -> args.size() == 2 && id(args.get(1)).isPresent();
      case "plan" -> args.size() == 3 && id(args.get(1)).isPresent();
      default -> false;
    };
  }

  private int dispatch(Connection c, List<String> args) throws SQLException {
    return switch (args.get(0)) {
      case "create" -> create(c, args.subList(1, args.size()));
      case "list" -> list(c);
      case "revoke" -> update(c, ApiKeyQueries.REVOKE, id(args.get(1)).get(), "revoked");
      case "suspend" -> update(c, ApiKeyQueries.SUSPEND, id(args.get(1)).get(), "suspended");
      case "resume" -> update(c, ApiKeyQueries.RESUME, id(args.get(1)).get(), "resumed");
      case "plan" -> plan(c, id(args.get(1)).get(), args.get(2));
      default -> 2;
    };
  }

  private int create(Connection c, List<String> args) throws SQLException {
    Optional<Plan> plan = Plan.parse(option(args, "--plan"));
    String label = option(args, "--label");
    if (plan.isEmpty() || label == null || label.isBlank() || args.size() != 4) {
      err.print(USAGE);
      return 2;
    }
    String key = ApiKeyFormat.generate(RANDOM);
    try (PreparedStatement s = c.prepareStatement(ApiKeyQueries.INSERT)) {
      s.setBytes(1, ApiKeyFormat.sha256(key));
      s.setString(2, ApiKeyFormat.hint(key));
      s.setString(3, plan.get().name());
      s.setString(4, label.trim());
      try (ResultSet rs = s.executeQuery()) {
        rs.next();
        out.println("created key " + rs.getLong(1) + " (plan " + plan.get() + ", label \"" + label.trim()
            + "\"). Store it now; it is not shown again:");
        out.println(key);
      }
    }
    return 0;
  }

  private int list(Connection c) throws SQLException {
    out.printf("%-6s %-10s %-10s %-28s %-21s %s%n", "ID", "PLAN", "STATE", "CREATED", "HINT", "LABEL");
    try (PreparedStatement s = c.prepareStatement(ApiKeyQueries.LIST); ResultSet rs = s.executeQuery()) {
      while (rs.next()) {
        Timestamp revoked = rs.getTimestamp("revoked_at");
        Timestamp suspended = rs.getTimestamp("suspended_at");
        String state = revoked != null ? "revoked" : suspended != null ? "suspended" : "active";
        out.printf("%-6d %-10s %-10s %-28s %-21s %s%n", rs.getLong("id"), rs.getString("plan"), state,
            rs.getTimestamp("created_at").toInstant(), rs.getString("key_hint"), rs.getString("label"));
      }
    }
    return 0;
  }

  private int plan(Connection c, long id, String raw) throws SQLException {
    Optional<Plan> plan = Plan.parse(raw);
    if (plan.isEmpty()) {
      err.println("unknown plan '" + raw + "'; use one of " + Arrays.toString(Plan.values()));
      return 2;
    }
    try (PreparedStatement s = c.prepareStatement(ApiKeyQueries.SET_PLAN)) {
      s.setString(1, plan.get().name());
      s.setLong(2, id);
      return report(c, s.executeUpdate(), id, "now on plan " + plan.get());
    }
  }

  private int update(Connection c, String sql, long id, String done) throws SQLException {
    try (PreparedStatement s = c.prepareStatement(sql)) {
      s.setLong(1, id);
      return report(c, s.executeUpdate(), id, done);
    }
  }

  /** Explains a no-op update: the key does not exist, or it is revoked and so final. */
  private int report(Connection c, int updated, long id, String done) throws SQLException {
    if (updated == 1) {
      out.println("key " + id + " " + done);
      return 0;
    }
    try (PreparedStatement s = c.prepareStatement(ApiKeyQueries.STATE)) {
      s.setLong(1, id);
      try (ResultSet rs = s.executeQuery()) {
        err.println(rs.next() ? "key " + id + " is revoked; revocation is final" : "no key with id " + id);
      }
    }
    return 1;
  }

  private static String option(List<String> args, String name) {
    int i = args.indexOf(name);
    return i >= 0 && i + 1 < args.size() ? args.get(i + 1) : null;
  }

  private static Optional<Long> id(String raw) {
    try {
      long id = Long.parseLong(raw);
      return id > 0 ? Optional.of(id) : Optional.empty();
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }
}
