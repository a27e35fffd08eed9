package dev.vouch.score;

import java.io.PrintStream;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code vouch read-model rebuild | check}: recomputes the read model {@code wallet_reads} from the
 * tables under it, or only reports the wallets whose row differs. Plain JDBC on the calling thread
 * (an operator command, no event loop). The rebuild runs chunk after chunk, each its own short
 * transaction taking the rows' locks in address order as the writers do, so it is safe while the
 * service runs and reads never wait on it.
 */
public final class ReadModelRebuild {

  static final String USAGE = """
      usage: read-model rebuild   recompute every row of wallet_reads from the tables under it
             read-model check     list the wallets whose row differs from the recomputed one (exit 1 if any)
      """;

  private static final int CHUNK = 1000;
  private static final int LISTED = 20;

  /** What a rebuild did: wallets recomputed, those whose row differed before, rows after. */
  public record Result(int wallets, List<String> differed, long rows) {}

  private ReadModelRebuild() {}

  /** The command's one entry point; returns the exit status (0 done / equal, 1 differences, 2 usage). */
  public static int run(Connection c, List<String> args, PrintStream out, PrintStream err) throws SQLException {
    if (!understood(args, err)) {
      return 2;
    }
    if (args.get(0).equals("check")) {
      List<String> differ = differences(c);
      out.println(differ.isEmpty() ? "read model matches the tables (" + rows(c) + " rows)"
          : differ.size() + " wallets differ from the tables: " + listed(differ) + "; run read-model rebuild");
      return differ.isEmpty() ? 0 : 1;
    }
    Result r = rebuild(c);
    out.println("rebuilt the read model of " + r.wallets() + " wallets: " + r.differed().size() + " rows differed"
        + (r.differed().isEmpty() ? "" : " (" + listed(r.differed()) + ")") + ", " + r.rows() + " rows now");
    return 0;
  }

  /** False, with the usage printed, unless the arguments name one of the two commands. */
  public static boolean understood(List<String> args, PrintStream err) {
    if (args.size() == 1 && List.of("rebuild", "check").contains(args.get(0))) {
      return true;
    }
    err.print(USAGE);
    return false;
  }

  /** Recomputes every row; any row on neither side of the derivation (a wallet with nothing) goes. */
  public static Result rebuild(Connection c) throws SQLException {
    boolean auto = c.getAutoCommit();
    c.setAutoCommit(true);
    try {
      List<String> differed = differences(c);
      List<String> all = new ArrayList<>();
      try (PreparedStatement ps = c.prepareStatement(ReadModelQueries.ADDRESSES); ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          all.add(rs.getString(1));
        }
      }
      try (PreparedStatement ps = c.prepareStatement(ReadModelQueries.REFRESH)) {
        for (int from = 0; from < all.size(); from += CHUNK) {
          Array chunk = c.createArrayOf("text", all.subList(from, Math.min(all.size(), from + CHUNK)).toArray());
          ps.setArray(1, chunk);
          ps.execute();
          chunk.free();
        }
      }
      return new Result(all.size(), differed, rows(c));
    } finally {
      c.setAutoCommit(auto);
    }
  }

  /** Wallets whose maintained row differs from the one derived from the tables now, in order. */
  public static List<String> differences(Connection c) throws SQLException {
    List<String> out = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(ReadModelQueries.DIFFERENCES); ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  private static long rows(Connection c) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(ReadModelQueries.COUNT); ResultSet rs = ps.executeQuery()) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static String listed(List<String> wallets) {
    return String.join(", ", wallets.subList(0, Math.min(LISTED, wallets.size())))
        + (wallets.size() > LISTED ? ", ..." : "");
  }
}
