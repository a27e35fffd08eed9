package dev.vouch.pathtrace;

import io.vertx.core.Future;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.time.ZoneOffset;

/**
 * Tracing's one step inside a snapshot commit: a row noting the commit (its job's kind, root and
 * depth, the run's JSON-RPC calls), in the commit's transaction, so no commit is lost to a crash.
 * Everything else (what to trace, budgets, jobs) runs later, in {@link PathTracer}, outside the
 * commit: a commit's time does not grow with tracing. The app hands it to indexing as its
 * CommitHook (pathtrace names no indexing type: indexing's commit reads exposure, which reads
 * the trace status here).
 */
public final class PathTraceHook {

  private PathTraceHook() {}

  /** Inside the commit transaction of job {@code jobId}, whose run sent {@code rpcCalls} JSON-RPC calls. */
  public static Future<Void> note(SqlConnection conn, long jobId, Instant now, long rpcCalls) {
    return conn.preparedQuery(PathTraceQueries.NOTE_COMMIT)
        .execute(Tuple.of(jobId, rpcCalls, now.atOffset(ZoneOffset.UTC)))
        .mapEmpty();
  }
}
