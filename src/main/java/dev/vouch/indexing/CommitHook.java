package dev.vouch.indexing;

import io.vertx.core.Future;
import io.vertx.sqlclient.SqlConnection;
import java.time.Instant;

/**
 * What else a run's snapshot commit writes in its own transaction, after the snapshot: tracing
 * notes the commit there (pathtrace), so a crash between the commit and the note cannot happen.
 * Indexing names only this shape; the app hands it the implementation.
 */
public interface CommitHook {

  /** Nothing: tracing off, and tests that do not trace. */
  CommitHook NONE = (conn, job, now, rpcCalls) -> Future.succeededFuture();

  /** Inside the commit transaction of {@code job}, whose run sent {@code rpcCalls} JSON-RPC calls. */
  Future<Void> committed(SqlConnection conn, IndexJob job, Instant now, long rpcCalls);
}
