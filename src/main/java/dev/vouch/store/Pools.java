package dev.vouch.store;

import dev.vouch.config.AppConfig;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgBuilder;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.SqlClient;
import java.util.concurrent.TimeUnit;

/** The one reactive pool every consumer shares; its lent connections log their failures ({@link WatchedPool}). */
public final class Pools {

  private Pools() {}

  /** A pool with the library's defaults (no deadlines); for tests that exercise SQL only. */
  public static Pool create(Vertx vertx, DatabaseUrl url, int size) {
    return new WatchedPool(PgBuilder.pool()
        .with(new PoolOptions().setMaxSize(size).setName("vouch-pg").setShared(true))
        .connectingTo(url.connectOptions())
        .using(vertx)
        .build(), "vouch-pg");
  }

  /**
   * The service's pool: every wait it controls is bounded, so a hung database fails requests
   * with 503 instead of hanging them. Waiting for a connection (connecting to a server that does
   * not answer included) ends after the acquire timeout, and beyond the wait queue at once; a
   * statement blocked on the server (a lock, a slow plan) is cancelled by
   * {@code statement_timeout}, which also rolls it back. A server that stops answering in the
   * middle of a statement (frozen, partitioned) is bounded by the gateway's deadlines
   * ({@link Gateway}); the client library offers no per-statement deadline of its own (its
   * transport idle timeout does not apply to these connections; checked against a server that
   * accepts and never answers).
   */
  public static Pool create(Vertx vertx, DatabaseUrl url, AppConfig.Database db) {
    return create(vertx, url, db, "vouch-pg");
  }

  /** The same for another server (a replica): a pool of its own name, so never the primary's shared one. */
  public static Pool create(Vertx vertx, DatabaseUrl url, AppConfig.Database db, String name) {
    return new WatchedPool(PgBuilder.pool()
        .with(new PoolOptions().setMaxSize(db.poolSize()).setName(name).setShared(true)
            .setMaxWaitQueueSize(db.waitQueueSize())
            .setConnectionTimeout(db.acquireTimeoutMs()).setConnectionTimeoutUnit(TimeUnit.MILLISECONDS))
        .connectingTo(url.connectOptions().addProperty("statement_timeout", Integer.toString(db.statementTimeoutMs())))
        .withConnectHandler(PgFrames::install)
        .using(vertx)
        .build(), name);
  }

  /**
   * The client for single-statement reads on the hot path (key lookups, read-model reads): it
   * pipelines, sending up to {@code database.pipeliningLimit} statements on one connection
   * before the first answers, so a read does not wait for a connection to come back. A
   * {@link Pool} lends each connection to one operation at a time and never pipelines, which is
   * why transactions and writes stay on {@link #create}'s pool. The pool's acquire bounds;
   * {@code name} is the server's own (a replica's never shares the primary's). It holds
   * {@code database.readConnections} (the pool's size unless set): with the rows in memory a
   * quarter of them pipelined was as fast, but a backend runs one statement at a time, so reads
   * that wait on disk (ten million wallets, cold) need as many backends as the pool. Its
   * {@code statement_timeout} is at most the gateway's read deadline: a read nobody waits for any
   * more is ended by the server too (a pipelined one may have waited behind another first).
   */
  public static SqlClient reads(Vertx vertx, DatabaseUrl url, AppConfig.Database db, String name) {
    return PgBuilder.client()
        .with(new PoolOptions().setMaxSize(db.readConnections()).setName(name).setShared(true)
            .setMaxWaitQueueSize(db.waitQueueSize())
            .setConnectionTimeout(db.acquireTimeoutMs()).setConnectionTimeoutUnit(TimeUnit.MILLISECONDS))
        .connectingTo(url.connectOptions().setPipeliningLimit(db.readPipelining())
            .addProperty("statement_timeout", Integer.toString(Math.min(db.statementTimeoutMs(), db.readDeadlineMs()))))
        // Large answers (a batch's rows) reach the client's decoder as whole messages (PgFrames says why).
        .withConnectHandler(PgFrames::install)
        .using(vertx)
        .build();
  }
}
