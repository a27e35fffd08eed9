package dev.vouch.http;

import dev.vouch.budget.model.TrustedProxies;
import dev.vouch.error.ApiError;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpConnection;
import io.vertx.ext.web.RoutingContext;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Open connections per direct peer, shared by every HTTP verticle instance of a process. A
 * connection over the cap is kept just long enough to answer its first request with 429 and
 * closed. Trusted proxies are exempt: every client behind them shares their address.
 */
final class ConnectionCap implements Handler<RoutingContext> {

  private final int max;
  private final TrustedProxies exempt;
  private final ConcurrentHashMap<String, Integer> open = new ConcurrentHashMap<>();
  private final Set<HttpConnection> over = ConcurrentHashMap.newKeySet();

  ConnectionCap(int max, TrustedProxies exempt) {
    this.max = max;
    this.exempt = exempt;
  }

  /** The server's connection handler: counts the peer's connections while they are open. */
  void opened(HttpConnection connection) {
    String ip = connection.remoteAddress() == null ? null : connection.remoteAddress().hostAddress();
    if (ip == null || exempt.trusts(ip)) {
      return;
    }
    int now = open.merge(ip, 1, Integer::sum);
    if (now > max) {
      over.add(connection);
    }
    connection.closeHandler(v -> {
      over.remove(connection);
      open.computeIfPresent(ip, (k, n) -> n <= 1 ? null : n - 1);
    });
  }

  /** Open connections of a peer (for tests and diagnostics). */
  int openFrom(String ip) {
    return open.getOrDefault(ip, 0);
  }

  @Override
  public void handle(RoutingContext ctx) {
    if (!over.contains(ctx.request().connection())) {
      ctx.next();
      return;
    }
    HttpConnection connection = ctx.request().connection();
    ctx.response().putHeader("Retry-After", "1").putHeader("Connection", "close")
        .endHandler(v -> connection.close());
    Edge.error(ctx, new ApiError(429, "RATE_LIMITED", "Too many open connections from your address (at most "
        + max + "); reuse one connection or close idle ones, then retry."));
  }
}
