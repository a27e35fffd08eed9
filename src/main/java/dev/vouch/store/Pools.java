package dev.vouch.store;

import io.vertx.core.Vertx;
import io.vertx.pgclient.PgBuilder;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;

/** The one reactive pool every consumer shares. */
public final class Pools {

  private Pools() {}

  public static Pool create(Vertx vertx, DatabaseUrl url, int size) {
    return PgBuilder.pool()
        .with(new PoolOptions().setMaxSize(size).setName("vouch-pg").setShared(true))
        .connectingTo(url.connectOptions())
        .using(vertx)
        .build();
  }
}
