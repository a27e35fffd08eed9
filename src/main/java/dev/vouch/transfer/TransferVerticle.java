package dev.vouch.transfer;

import dev.vouch.bus.Addresses;
import dev.vouch.bus.Colocation;
import dev.vouch.bus.Failures;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import java.util.List;

/** Answers transfer screenings and reads (hosted by each HTTP instance, bus/Colocation). */
public final class TransferVerticle extends VerticleBase {

  /** Records this capability sends over the event bus (local codec). */
  public static final List<Class<?>> BUS_TYPES = List.of(TransferRequests.Screen.class, TransferRequests.Read.class,
      TransferRequests.Answer.class, TransferRequests.Batch.class, TransferRequests.BatchAnswer.class,
      TransferRequests.ReceiptCreate.class, TransferRequests.ReceiptMinted.class, TransferRequests.ReceiptRead.class,
      TransferReceipt.class, TransferRequests.PageRead.class, TransferRequests.Page.class);

  private final Transfers transfers;

  public TransferVerticle(Transfers transfers) {
    this.transfers = transfers;
  }

  @Override
  public Future<?> start() {
    return Future.all(
        Colocation.<TransferRequests.Screen>consumer(vertx, Addresses.TRANSFER_SCREEN,
            Failures.answering(transfers::screen)).completion(),
        Colocation.<TransferRequests.Read>consumer(vertx, Addresses.TRANSFER_READ,
            Failures.answering(transfers::read)).completion(),
        Colocation.<TransferRequests.Batch>consumer(vertx, Addresses.TRANSFER_BATCH,
            Failures.answering(transfers::batch)).completion(),
        Colocation.<TransferRequests.ReceiptCreate>consumer(vertx, Addresses.TRANSFER_RECEIPT_CREATE,
            Failures.answering(transfers::mintReceipt)).completion(),
        Colocation.<TransferRequests.ReceiptRead>consumer(vertx, Addresses.TRANSFER_RECEIPT_READ,
            Failures.answering(transfers::readReceipt)).completion(),
        Colocation.<TransferRequests.PageRead>consumer(vertx, Addresses.TRANSFER_PAGE,
            Failures.answering(transfers::page)).completion());
  }
}
