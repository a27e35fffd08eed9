package dev.vouch.indexing;

import io.vertx.core.Future;
import io.vertx.sqlclient.SqlConnection;
import java.time.Instant;
import java.util.Collection;
import java.util.function.Supplier;

/**
 * What a snapshot commit runs inside its own transaction so that whoever watches the wallets
 * sees the decision change it makes (monitoring's decision watch). Indexing names only this
 * shape, so it never depends on monitoring, which depends on indexing to queue its scans.
 */
public interface CommitWatch {

  /** Runs {@code write} on {@code conn}, around which the watcher reads the wallets before and after. */
  <T> Future<T> around(SqlConnection conn, Collection<String> wallets, Instant now, Supplier<Future<T>> write);
}
