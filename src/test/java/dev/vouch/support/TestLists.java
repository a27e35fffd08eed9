package dev.vouch.support;

import dev.vouch.config.AppConfig;
import dev.vouch.config.ScreeningSource;
import dev.vouch.screening.Screening;
import dev.vouch.store.DatabaseUrl;
import dev.vouch.store.Gateway;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Lists loaded into a test database's label store as serve loads them (the default bounds). */
public final class TestLists {

  private TestLists() {}

  /** Starts the lists (no refresh timer, no version check timer); fails as the start would. */
  public static Screening start(Vertx vertx, DatabaseUrl db, List<ScreeningSource> sources) throws Exception {
    return start(vertx, db, sources, AppConfig.Models.LIST_MAX_BYTES, AppConfig.Models.LIST_MAX_ROWS);
  }

  public static Screening start(Vertx vertx, DatabaseUrl db, List<ScreeningSource> sources, long maxBytes,
      long maxRows) throws Exception {
    // Not the shared "vouch-pg" pool: a test may start lists on several databases with one Vert.x.
    Pool pool = io.vertx.pgclient.PgBuilder.pool().with(new io.vertx.sqlclient.PoolOptions().setMaxSize(2))
        .connectingTo(db.connectOptions()).using(vertx).build();
    return Screening.start(vertx, Gateway.direct(pool), db, sources, 0, maxBytes, maxRows, 1000, 0)
        .toCompletionStage().toCompletableFuture().get(120, TimeUnit.SECONDS);
  }
}
