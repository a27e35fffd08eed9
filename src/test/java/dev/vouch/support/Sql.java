package dev.vouch.support;

import dev.vouch.store.DatabaseUrl;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Plain JDBC for test assertions and setup, outside the service under test. */
public final class Sql {

  private Sql() {}

  public static List<Map<String, Object>> rows(DatabaseUrl db, String sql, Object... params) {
    try (Connection c = DriverManager.getConnection(db.jdbcUrl(), db.user(), db.password());
        PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < params.length; i++) {
        ps.setObject(i + 1, params[i]);
      }
      List<Map<String, Object>> out = new ArrayList<>();
      if (!ps.execute()) {
        return out;
      }
      try (ResultSet rs = ps.getResultSet()) {
        ResultSetMetaData md = rs.getMetaData();
        while (rs.next()) {
          Map<String, Object> row = new LinkedHashMap<>();
          for (int i = 1; i <= md.getColumnCount(); i++) {
            row.put(md.getColumnLabel(i), rs.getObject(i));
          }
          out.add(row);
        }
      }
      return out;
    } catch (Exception e) {
      throw new IllegalStateException(sql, e);
    }
  }

  public static Map<String, Object> one(DatabaseUrl db, String sql, Object... params) {
    List<Map<String, Object>> rows = rows(db, sql, params);
    if (rows.size() != 1) {
      throw new IllegalStateException("expected one row, got " + rows.size() + ": " + sql);
    }
    return rows.get(0);
  }

  public static long count(DatabaseUrl db, String sql, Object... params) {
    return ((Number) one(db, sql, params).values().iterator().next()).longValue();
  }

  public static void exec(DatabaseUrl db, String sql, Object... params) {
    rows(db, sql, params);
  }

  /** Polls until the condition holds or the timeout passes; no fixed sleeps in tests. */
  public static void await(String what, long timeoutMs, java.util.function.BooleanSupplier condition) {
    long deadline = System.nanoTime() + timeoutMs * 1_000_000;
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out waiting for " + what);
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
  }
}
