package dev.vouch.receipt;

import dev.vouch.bus.Addresses;
import dev.vouch.bus.Failures;
import dev.vouch.decision.Decisions;
import dev.vouch.decision.model.Decision;
import dev.vouch.error.ApiError;
import dev.vouch.receipt.model.Receipt;
import dev.vouch.receipt.model.ReceiptPayload;
import dev.vouch.receipt.model.Signature;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.Message;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.temporal.ChronoUnit;

/**
 * Mints receipts from the live decision read, verifies their signatures against the published
 * keys and serves the JWKS (reads by id: {@link ReceiptReadVerticle}, one per HTTP event loop). Charging is the caller's business (the API
 * edge, the pages): this verticle only does the work.
 */
public final class ReceiptVerticle extends VerticleBase {


  private final Decisions decisions;
  private final ReceiptStore store;
  private final SigningKeys keys;
  private final Clock clock;

  public ReceiptVerticle(Decisions decisions, ReceiptStore store, SigningKeys keys, Clock clock) {
    this.decisions = decisions;
    this.store = store;
    this.keys = keys;
    this.clock = clock;
  }

  @Override
  public Future<?> start() {
    var bus = vertx.eventBus();
    return Future.all(
        bus.<ReceiptRequests.Create>consumer(Addresses.RECEIPT_CREATE, this::create).completion(),
        bus.<Receipt>consumer(Addresses.RECEIPT_VERIFY, this::verify).completion(),
        bus.consumer(Addresses.RECEIPT_JWKS, this::jwks).completion());
  }

  private void create(Message<ReceiptRequests.Create> msg) {
    ReceiptRequests.Create q = msg.body();
    store.whenWritable(() -> decisions.readFresh(q.subject(), q.useCase(), q.policy(), q.policyRef())).onComplete(ar -> {
      if (ar.failed()) {
        Failures.reply(msg, ar.cause()); // a failed decision never yields a receipt
      } else if (ar.result().isEmpty()) {
        Failures.reply(msg, ApiError.notFound("No registered username matches; check the spelling (<name>.vouch)."));
      } else {
        mint(ar.result().get())
            .onSuccess(s -> msg.reply(new ReceiptRequests.Minted(s.receipt(), s.receipt().url(), !s.created())))
            .onFailure(t -> Failures.reply(msg, t));
      }
    });
  }

  private Future<ReceiptStore.Stored> mint(Decision decision) {
    ReceiptPayload payload = ReceiptPayload.of(decision);
    byte[] canonical = CanonicalPayload.bytes(payload);
    Signature signature = keys.sign(canonical);
    Receipt receipt = new Receipt(ReceiptIds.next(), clock.instant().truncatedTo(ChronoUnit.MILLIS),
        CanonicalPayload.hash(canonical), payload, signature);
    return store.insertOrExisting(receipt, new String(canonical, StandardCharsets.UTF_8));
  }

  private void verify(Message<Receipt> msg) {
    store.publishedKeys()
        .map(jwks -> ReceiptSignatures.verify(msg.body(), jwks))
        .onSuccess(msg::reply)
        .onFailure(t -> Failures.reply(msg, t));
  }

  private void jwks(Message<Object> msg) {
    store.publishedKeys()
        .map(jwks -> new ReceiptRequests.Jwks(jwks.toString(true)))
        .onSuccess(msg::reply)
        .onFailure(t -> Failures.reply(msg, t));
  }
}
