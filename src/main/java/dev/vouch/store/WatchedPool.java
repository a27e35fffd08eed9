package dev.vouch.store;

import dev.vouch.ops.Causes;
import dev.vouch.ops.ThrottledLog;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PrepareOptions;
import io.vertx.sqlclient.PreparedQuery;
import io.vertx.sqlclient.Query;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlConnection;
import java.time.Duration;
import java.util.logging.Logger;

/**
 * A pool whose lent connections (transactions, {@code getConnection}, the monitor's held one) each
 * have an exception handler. Without one the client prints a lent connection's failure (the
 * server terminating sessions, 57P01; a reset) as plain text on stderr, outside the JSON log. The
 * operation running on it fails on its own and its caller reports that; this line only says the
 * connection broke, once per interval.
 */
final class WatchedPool implements Pool {

  private static final Logger LOG = Logger.getLogger(WatchedPool.class.getName());
  private static final ThrottledLog BROKEN = new ThrottledLog(LOG, Duration.ofSeconds(10));

  private final Pool pool;
  private final String name;

  WatchedPool(Pool pool, String name) {
    this.pool = pool;
    this.name = name;
  }

  @Override
  public Future<SqlConnection> getConnection() {
    return pool.getConnection().map(c -> c.exceptionHandler(t ->
        BROKEN.warn(() -> "database connection of " + name + " failed (" + Causes.summary(t) + ")")));
  }

  @Override
  public Query<RowSet<Row>> query(String sql) {
    return pool.query(sql);
  }

  @Override
  public PreparedQuery<RowSet<Row>> preparedQuery(String sql) {
    return pool.preparedQuery(sql);
  }

  @Override
  public PreparedQuery<RowSet<Row>> preparedQuery(String sql, PrepareOptions options) {
    return pool.preparedQuery(sql, options);
  }

  @Override
  public int size() {
    return pool.size();
  }

  @Override
  public Future<Void> close() {
    return pool.close();
  }
}
