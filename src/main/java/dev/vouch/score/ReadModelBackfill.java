package dev.vouch.score;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code vouch read-model backfill}: recomputes the existing {@code wallet_reads} rows in address
 * order, {@code chunk} rows per short transaction, so a column added nullable (instantly, no table
 * rewrite) is filled online instead of by a migration that rewrites the table under an
 * ACCESS EXCLUSIVE lock (docs/operations.md "Changing the read model online"). Each chunk takes
 * only its rows' locks, in address order as the writers do; reads never wait. Keyset paging from
 * {@code after} (exclusive) makes it resumable: a rerun with the last address printed goes on from
 * there. Plain JDBC on the calling thread (an operator command).
 */
public final class ReadModelBackfill {

  /** The next chunk of kept rows after $1, in order. */
  static final String NEXT = "SELECT address FROM wallet_reads WHERE address > ? ORDER BY address LIMIT ?";

  /** What one chunk did: rows recomputed and the last address, from which a rerun resumes. */
  public record Progress(int rows, long total, String last) {}

  private ReadModelBackfill() {}

  /** Runs to the end of the table; {@code afterChunk} sees each committed chunk. Returns rows recomputed. */
  public static long run(Connection c, String after, int chunk, Consumer<Progress> afterChunk) throws SQLException {
    if (chunk < 1) {
      throw new IllegalArgumentException("chunk must be at least 1, not " + chunk);
    }
    boolean auto = c.getAutoCommit();
    c.setAutoCommit(true); // every statement its own short transaction
    try (PreparedStatement next = c.prepareStatement(NEXT);
        PreparedStatement refresh = c.prepareStatement(ReadModelQueries.REFRESH)) {
      String from = after == null ? "" : after;
      long total = 0;
      while (true) {
        List<String> addresses = new ArrayList<>(chunk);
        next.setString(1, from);
        next.setInt(2, chunk);
        try (ResultSet rs = next.executeQuery()) {
          while (rs.next()) {
            addresses.add(rs.getString(1));
          }
        }
        if (addresses.isEmpty()) {
          return total;
        }
        Array wanted = c.createArrayOf("text", addresses.toArray());
        refresh.setArray(1, wanted);
        refresh.execute();
        wanted.free();
        total += addresses.size();
        from = addresses.get(addresses.size() - 1);
        afterChunk.accept(new Progress(addresses.size(), total, from));
      }
    } finally {
      c.setAutoCommit(auto);
    }
  }
}
