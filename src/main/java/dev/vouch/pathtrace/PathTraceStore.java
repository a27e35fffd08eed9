package dev.vouch.pathtrace;

import dev.vouch.pathtrace.model.TraceStatus;
import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

/** The trace status of a wallet (exposure's read and the summary it stores). */
public final class PathTraceStore {

  private PathTraceStore() {}

  /**
   * One statement on the caller's client (the exposure read's, or a commit's or recompute's
   * connection); null when the wallet was never traced and no commit of it waits to be.
   */
  public static Future<TraceStatus> status(SqlClient client, String wallet) {
    return client.preparedQuery(PathTraceQueries.STATUS).execute(Tuple.of(wallet)).map(rows -> {
      Row r = rows.iterator().next();
      boolean planning = r.getBoolean("planning");
      if (!r.getBoolean("traced") && !planning) {
        return null;
      }
      return TraceStatus.of(planning, count(r, "wanted"), count(r, "indexed"), count(r, "pending"), count(r, "skipped"),
          count(r, "unreached"));
    });
  }

  private static int count(Row r, String column) {
    return Math.toIntExact(r.getLong(column));
  }
}
