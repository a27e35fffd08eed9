package dev.vouch.bus;

import io.vertx.core.Context;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.Message;
import io.vertx.core.eventbus.MessageConsumer;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Consumers hosted on an HTTP verticle's own event loop, so the edge asks them without a thread
 * hop. The host deploys the consumer verticles on its own context; a consumer registered through
 * {@link #consumer} on a hosting context listens, local to this JVM, at an address private to
 * that host, and the host's requests to that address go there ({@link #address}). Elsewhere (no
 * host) the consumer listens at the shared address as before.
 */
public final class Colocation {

  private static final String KEY = "vouch.colocation";
  private static final AtomicLong HOSTS = new AtomicLong();

  private final String suffix;
  private final Set<String> hosted = ConcurrentHashMap.newKeySet();

  private Colocation(String suffix) {
    this.suffix = suffix;
  }

  /** Makes {@code context} a host: consumers registered on it from now on are private to it. */
  public static Colocation host(Context context) {
    Colocation host = new Colocation("@" + HOSTS.incrementAndGet());
    context.put(KEY, host);
    return host;
  }

  /** Where this host's requests to {@code address} go: its own consumer when it hosts one. */
  public String address(String address) {
    return hosted.contains(address) ? address + suffix : address;
  }

  /**
   * Registers a consumer: on a hosting context, a local consumer at the host's private address
   * (handled on the host's event loop); otherwise at the shared address.
   */
  public static <T> MessageConsumer<T> consumer(Vertx vertx, String address, Handler<Message<T>> handler) {
    Context context = Vertx.currentContext();
    Colocation host = context == null ? null : context.get(KEY);
    if (host == null) {
      return vertx.eventBus().consumer(address, handler);
    }
    host.hosted.add(address);
    return vertx.eventBus().localConsumer(address + host.suffix, handler);
  }
}
