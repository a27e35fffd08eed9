package dev.vouch.store;

import dev.vouch.config.AppConfig;
import io.vertx.core.Vertx;
import io.vertx.core.net.NetClientOptions;
import io.vertx.pgclient.PgBuilder;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import java.util.concurrent.TimeUnit;

/** The one reactive pool every consumer shares. */
public final class Pools {

  private Pools() {}

  /** A pool with the library's defaults (no deadlines); for tests that exercise SQL only. */
  public static Pool create(Vertx vertx, DatabaseUrl url, int size) {
    return PgBuilder.pool()
        .with(new PoolOptions().setMaxSize(size).setName("vouch-pg").setShared(true))
        .connectingTo(url.connectOptions())
        .using(vertx)
        .build();
  }

  /**
   * The service's pool: every wait is bounded, so a hung database fails requests fast (503)
   * instead of hanging them. A statement blocked on the server (a lock, a slow plan) is cancelled
   * by {@code statement_timeout}, which also rolls it back; a server that stops answering at all
   * (frozen, network partition) is caught by the socket's read-idle timeout, which closes the
   * connection. Idle pooled connections are retired well before that timeout, so it only ever
   * fires on a connection that waits for an answer.
   */
  public static Pool create(Vertx vertx, DatabaseUrl url, AppConfig.Database db) {
    return PgBuilder.pool()
        .with(new PoolOptions().setMaxSize(db.poolSize()).setName("vouch-pg").setShared(true)
            .setMaxWaitQueueSize(db.waitQueueSize())
            .setConnectionTimeout(db.acquireTimeoutMs()).setConnectionTimeoutUnit(TimeUnit.MILLISECONDS)
            .setIdleTimeout(Math.max(1, db.socketTimeoutMs() / 3)).setIdleTimeoutUnit(TimeUnit.MILLISECONDS)
            .setPoolCleanerPeriod(Math.max(1, Math.min(1000, db.socketTimeoutMs() / 6))))
        .with(new NetClientOptions()
            .setConnectTimeout(db.connectTimeoutMs())
            .setReadIdleTimeout(db.socketTimeoutMs())
            .setIdleTimeoutUnit(TimeUnit.MILLISECONDS))
        .connectingTo(url.connectOptions().addProperty("statement_timeout", Integer.toString(db.statementTimeoutMs())))
        .using(vertx)
        .build();
  }
}
