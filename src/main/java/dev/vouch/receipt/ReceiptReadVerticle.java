package dev.vouch.receipt;

import dev.vouch.bus.Addresses;
import dev.vouch.bus.Colocation;
import dev.vouch.bus.Failures;
import dev.vouch.error.ApiError;
import dev.vouch.receipt.model.Receipt;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;

/**
 * Serves receipts by id: the hot read of the receipt links and pages, so one is hosted on each
 * HTTP verticle's event loop ({@link Colocation}); minting and verifying stay on
 * {@link ReceiptVerticle}.
 */
public final class ReceiptReadVerticle extends VerticleBase {

  private final ReceiptStore store;

  public ReceiptReadVerticle(ReceiptStore store) {
    this.store = store;
  }

  @Override
  public Future<?> start() {
    return Colocation.<ReceiptRequests.Read>consumer(vertx, Addresses.RECEIPT_READ, Failures.answering(this::read))
        .completion();
  }

  private Future<Receipt> read(ReceiptRequests.Read q) {
    return store.find(q.id()).compose(found -> found.map(Future::succeededFuture)
        .orElseGet(() -> Future.failedFuture(ApiError.notFound("No receipt has this id."))));
  }
}
