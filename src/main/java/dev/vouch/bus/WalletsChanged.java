package dev.vouch.bus;

import io.vertx.core.Vertx;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * A writer of this process changed wallets' read-model rows and committed: the process's read
 * cache drops them before the writer answers (a direct call, not an event-bus hop, so the next
 * request to this instance sees the commit). Other instances hear of it through the writers'
 * announcements (V91). One hook per Vert.x instance (several services share a test JVM).
 */
public final class WalletsChanged {

  private static final Map<Vertx, Consumer<String>> HOOKS = new ConcurrentHashMap<>();

  private WalletsChanged() {}

  /** The process's read cache; returns what unregisters it. */
  public static Runnable register(Vertx vertx, Consumer<String> drop) {
    HOOKS.put(vertx, drop);
    return () -> HOOKS.remove(vertx, drop);
  }

  public static void changed(Vertx vertx, Iterable<String> wallets) {
    Consumer<String> drop = HOOKS.get(vertx);
    for (String w : wallets) {
      if (drop != null) {
        drop.accept(w);
      }
      vertx.eventBus().publish(Addresses.WALLET_CHANGED, w);
    }
  }
}
