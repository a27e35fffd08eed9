package dev.vouch.exposure;

import dev.vouch.bus.Addresses;
import dev.vouch.bus.Colocation;
import dev.vouch.bus.Failures;
import dev.vouch.exposure.model.ExposureReport;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import java.util.List;

/** Answers exposure reads from committed flows and the current labels; hosted by each HTTP instance. */
public final class ExposureVerticle extends VerticleBase {

  /** Records this capability sends over the event bus (local codec). */
  public static final List<Class<?>> BUS_TYPES = List.of(ExposureQuery.class, ExposureReport.class);

  private final ExposureStore store;

  public ExposureVerticle(ExposureStore store) {
    this.store = store;
  }

  @Override
  public Future<?> start() {
    return Colocation.<ExposureQuery>consumer(vertx, Addresses.EXPOSURE_READ,
        Failures.answering((ExposureQuery q) -> store.read(q.wallet()))).completion();
  }
}
