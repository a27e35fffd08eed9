package dev.vouch.ops;

import java.util.Locale;
import java.util.Set;

/**
 * Span names as the OpenTelemetry conventions give them: an HTTP server span is
 * {@code METHOD route-template}, a database span {@code OPERATION table} (or the operation alone
 * when no single table is named). Pure text work, no I/O.
 */
public final class SpanNames {

  private static final Set<String> OPERATIONS = Set.of("SELECT", "INSERT", "UPDATE", "DELETE", "MERGE");

  private SpanNames() {}

  /** A Vert.x Web path ({@code /api/v1/decision/:wallet}) as a route template ({@code /api/v1/decision/{wallet}}). */
  public static String route(String path) {
    return path.replaceAll(":([A-Za-z][A-Za-z0-9_]*)", "{$1}");
  }

  /**
   * {@code SELECT wallets}, {@code INSERT snapshots}, {@code LISTEN}: the statement's operation at
   * the top level (a WITH's main statement, not its first CTE) and the table it reads or writes
   * first there; null for text that is not SQL.
   */
  public static String sql(String text) {
    if (text == null) {
      return null;
    }
    String[] tokens = tokens(text);
    if (tokens.length == 0 || !tokens[0].matches("[A-Za-z_]+")) {
      return null;
    }
    String first = tokens[0].toUpperCase(Locale.ROOT);
    int depth = 0;
    String operation = OPERATIONS.contains(first) ? first : null;
    int start = operation != null ? 1 : -1;
    if (operation == null && !first.equals("WITH")) {
      return first;
    }
    for (int i = 1; i < tokens.length && operation == null; i++) {
      String t = tokens[i];
      if (t.equals("(")) {
        depth++;
      } else if (t.equals(")")) {
        depth--;
      } else if (depth == 0 && OPERATIONS.contains(t.toUpperCase(Locale.ROOT))) {
        operation = t.toUpperCase(Locale.ROOT);
        start = i + 1;
      }
    }
    if (operation == null) {
      return first;
    }
    String keyword = switch (operation) {
      case "INSERT", "MERGE" -> "INTO";
      case "UPDATE" -> null;
      default -> "FROM";
    };
    depth = 0;
    for (int i = start; i < tokens.length; i++) {
      String t = tokens[i];
      if (t.equals("(")) {
        depth++;
      } else if (t.equals(")")) {
        depth--;
      } else if (depth == 0 && (keyword == null || t.equalsIgnoreCase(keyword))) {
        String table = keyword == null ? t : i + 1 < tokens.length ? tokens[i + 1] : null;
        if (table != null && table.equalsIgnoreCase("ONLY") && i + 2 < tokens.length) {
          table = tokens[keyword == null ? i + 1 : i + 2];
        }
        return table != null && table.matches("[A-Za-z_][A-Za-z0-9_.]*") ? operation + " " + table : operation;
      }
    }
    return operation;
  }

  /** Words, quoted strings as one token, and parentheses; comments dropped. */
  private static String[] tokens(String sql) {
    java.util.List<String> out = new java.util.ArrayList<>();
    int n = sql.length();
    for (int i = 0; i < n; ) {
      char c = sql.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
        while (i < n && sql.charAt(i) != '\n') {
          i++;
        }
      } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
        int end = sql.indexOf("*/", i + 2);
        i = end < 0 ? n : end + 2;
      } else if (c == '\'' || c == '"') {
        int end = sql.indexOf(c, i + 1);
        end = end < 0 ? n : end + 1;
        out.add(sql.substring(i, end));
        i = end;
      } else if (c == '(' || c == ')') {
        out.add(String.valueOf(c));
        i++;
      } else {
        int j = i;
        while (j < n && !Character.isWhitespace(sql.charAt(j)) && "()'\",;".indexOf(sql.charAt(j)) < 0) {
          j++;
        }
        if (j == i) {
          j++;
        }
        out.add(sql.substring(i, j));
        i = j;
      }
    }
    return out.toArray(String[]::new);
  }
}
