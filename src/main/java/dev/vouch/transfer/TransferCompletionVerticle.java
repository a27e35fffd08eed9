package dev.vouch.transfer;

import dev.vouch.bus.Addresses;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import java.util.List;
import java.util.logging.Logger;

/**
 * One per API process: when any instance commits a wallet's snapshot, the screenings pending on
 * that wallet as counterparty are decided again (an update of a row screened meanwhile is a no-op,
 * so processes that both complete one are harmless). A completion lost to a crash is done by the
 * next read of the screening.
 */
public final class TransferCompletionVerticle extends VerticleBase {

  private static final Logger LOG = Logger.getLogger(TransferCompletionVerticle.class.getName());

  private final Transfers transfers;

  public TransferCompletionVerticle(Transfers transfers) {
    this.transfers = transfers;
  }

  @Override
  public Future<?> start() {
    return vertx.eventBus().<String>localConsumer(Addresses.SNAPSHOT_COMMITTED,
        m -> transfers.completeFor(List.of(m.body())).onFailure(t ->
            LOG.warning(() -> "pending transfer screenings of " + m.body() + " not completed: " + t.getMessage())))
        .completion();
  }
}
