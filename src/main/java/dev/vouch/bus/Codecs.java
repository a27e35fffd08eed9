package dev.vouch.bus;

import io.vertx.core.Vertx;
import java.util.List;

/**
 * Registers a local codec for failure replies and for the records each capability names (its
 * {@code BUS_TYPES}): the bus knows no capability's records, so no capability depends back on it.
 */
public final class Codecs {

  private Codecs() {}

  public static void register(Vertx vertx, List<Class<?>> types) {
    Failures.register(vertx);
    for (Class<?> type : types) {
      registerOne(vertx, type);
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static void registerOne(Vertx vertx, Class type) {
    vertx.eventBus().registerDefaultCodec(type, new LocalCodec(type));
  }
}
