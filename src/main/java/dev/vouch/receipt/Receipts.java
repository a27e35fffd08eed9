package dev.vouch.receipt;

import dev.vouch.decision.Decisions;
import dev.vouch.receipt.model.Receipt;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import dev.vouch.store.Gateway;
import java.time.Clock;
import java.util.List;
import java.util.function.Supplier;

/** Wires the receipt capability: publishes the signing keys, then deploys the consumers. */
public final class Receipts {

  /** Records that cross the bus to and from the receipt consumers. */
  public static final List<Class<?>> BUS_TYPES = List.of(ReceiptRequests.Create.class,
      ReceiptRequests.Minted.class, ReceiptRequests.Read.class, ReceiptRequests.Jwks.class, Receipt.class,
      ReceiptSignatures.Verification.class);

  private Receipts() {}

  /** The receipt read by id, one per HTTP verticle on its event loop (bus/Colocation). */
  public static Supplier<ReceiptReadVerticle> reader(Gateway db) {
    ReceiptStore store = new ReceiptStore(db);
    return () -> new ReceiptReadVerticle(store);
  }

  public static Future<?> deploy(Vertx vertx, Gateway db, Decisions decisions, SigningKeys keys, Clock clock,
      int instances) {
    ReceiptStore store = new ReceiptStore(db);
    return store.publish(keys.publicKeys())
        .compose(v -> vertx.deployVerticle(() -> new ReceiptVerticle(decisions, store, keys, clock),
            new DeploymentOptions().setInstances(instances)));
  }
}
