package dev.vouch.idempotency;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import java.time.Duration;
import java.util.logging.Logger;

/**
 * Deletes expired Idempotency-Key rows on a timer (claims already treat them as absent, so this
 * only bounds the table). Deployed once per API process; several processes sweeping is harmless.
 */
public final class IdempotencySweeper extends VerticleBase {

  private static final Logger LOG = Logger.getLogger(IdempotencySweeper.class.getName());
  private static final int BATCH = 1000;

  private final IdempotencyStore store;
  private final Duration every;

  public IdempotencySweeper(IdempotencyStore store, Duration every) {
    this.store = store;
    this.every = every;
  }

  @Override
  public Future<?> start() {
    vertx.setPeriodic(every.toMillis(), id -> store.sweep(BATCH)
        .onSuccess(n -> {
          if (n > 0) {
            LOG.fine(() -> "deleted " + n + " expired idempotency keys");
          }
        })
        .onFailure(t -> LOG.warning(() -> "idempotency key sweep failed: " + t.getMessage())));
    return Future.succeededFuture();
  }
}
