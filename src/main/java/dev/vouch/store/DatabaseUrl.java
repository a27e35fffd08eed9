package dev.vouch.store;

import io.vertx.pgclient.PgConnectOptions;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/** A postgres:// URL, parsed once into the forms the reactive client and JDBC (Flyway) need. */
public record DatabaseUrl(String host, int port, String database, String user, String password) {

  public static DatabaseUrl parse(String url) {
    URI uri;
    try {
      uri = new URI(url.trim());
    } catch (URISyntaxException e) {
      // The reason only: the input holds the password.
      throw new IllegalArgumentException("DATABASE_URL is not a valid URL (" + e.getReason() + ")");
    }
    if (!"postgres".equals(uri.getScheme()) && !"postgresql".equals(uri.getScheme())) {
      throw new IllegalArgumentException("DATABASE_URL must start with postgres:// or postgresql://");
    }
    String user = "postgres";
    String password = "";
    if (uri.getRawUserInfo() != null) {
      String[] parts = uri.getRawUserInfo().split(":", 2);
      user = decode(parts[0]);
      password = parts.length > 1 ? decode(parts[1]) : "";
    }
    String db = uri.getPath() == null || uri.getPath().length() <= 1 ? "postgres" : uri.getPath().substring(1);
    if (uri.getHost() == null) {
      throw new IllegalArgumentException("DATABASE_URL names no host (postgres://user:pass@host:5432/db)");
    }
    return new DatabaseUrl(uri.getHost(), uri.getPort() < 0 ? 5432 : uri.getPort(), db, user, password);
  }

  private static String decode(String s) {
    return URLDecoder.decode(s, StandardCharsets.UTF_8);
  }

  public String jdbcUrl() {
    return "jdbc:postgresql://" + host + ":" + port + "/" + database;
  }

  public DatabaseUrl withDatabase(String name) {
    return new DatabaseUrl(host, port, name, user, password);
  }

  /** URL form without the password, safe to log. */
  public String redacted() {
    return "postgres://" + user + "@" + host + ":" + port + "/" + database;
  }

  public String toUrl() {
    String auth = password.isEmpty() ? user : user + ":" + java.net.URLEncoder.encode(password, StandardCharsets.UTF_8);
    return "postgres://" + auth + "@" + host + ":" + port + "/" + database;
  }

  public PgConnectOptions connectOptions() {
    return new PgConnectOptions()
        .setHost(host)
        .setPort(port)
        .setDatabase(database)
        .setUser(user)
        .setPassword(password)
        .setCachePreparedStatements(true)
        .setPreparedStatementCacheMaxSize(256)
        // The read-state statement (with its trust-edge facts) is longer than the 2048 default.
        .setPreparedStatementCacheSqlLimit(16_384)
        .setPipeliningLimit(256);
  }
}
