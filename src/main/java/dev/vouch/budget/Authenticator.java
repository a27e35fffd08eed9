package dev.vouch.budget;

import dev.vouch.budget.model.Admission;
import dev.vouch.budget.model.ApiKeyFormat;
import dev.vouch.budget.model.Caller;
import dev.vouch.budget.model.TrustedProxies;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import dev.vouch.ops.ThrottledLog;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * Resolves the {@link Caller} once per request: client IP (CONTRACT 4), then the optional
 * Bearer key. No header = anonymous; any other scheme or a bad key = KeyRejected, checked for
 * format and checksum before any lookup. Suspended keys are refused on every route.
 */
public final class Authenticator implements Handler<RoutingContext> {

  /** RoutingContext key of the resolved Caller. */
  public static final String CALLER = "vouch.caller";
  private static final String FORWARDED_FOR = "X-Forwarded-For";
  private static final String BEARER = "bearer ";
  /** A proxy Vouch does not trust is a deployment mistake worth one line, not one per request. */
  private static final ThrottledLog UNTRUSTED_PROXY =
      new ThrottledLog(Logger.getLogger(Authenticator.class.getName()), Duration.ofMinutes(10));

  private final TrustedProxies proxies;
  private final ApiKeys keys;
  private final Metering metering;
  /**
   * How long a key the index does not hold waits for its creation's announcement before 401: a
   * NOTIFY arrives within milliseconds, so a second covers a loaded machine; a made-up key pays it.
   */
  static final long ANNOUNCE_WAIT_MS = 1000;
  private final long announceWaitMs;

  Authenticator(TrustedProxies proxies, ApiKeys keys, Metering metering, long announceWaitMs) {
    this.proxies = proxies;
    this.keys = keys;
    this.metering = metering;
    this.announceWaitMs = announceWaitMs;
  }

  /** The Caller of a request that went through this handler. */
  public static Caller caller(RoutingContext ctx) {
    Caller caller = ctx.get(CALLER);
    if (caller == null) {
      throw new IllegalStateException("route is not behind the Authenticator");
    }
    return caller;
  }

  @Override
  public void handle(RoutingContext ctx) {
    HttpServerRequest request = ctx.request();
    String peer = request.remoteAddress() == null ? "unknown" : request.remoteAddress().hostAddress();
    List<String> forwarded = request.headers().getAll(FORWARDED_FOR);
    String ip = proxies.clientIp(peer, forwarded);
    if (!forwarded.isEmpty() && !proxies.trusts(peer)) {
      UNTRUSTED_PROXY.warn(() -> "X-Forwarded-For from " + peer + " ignored: it is not in http.trustedProxies"
          + " (VOUCH_HTTP_TRUSTED_PROXIES). If a proxy or ingress sends it, every client behind it shares one"
          + " anonymous budget: set the proxy's network there (docs/operations.md, client addresses)");
    }
    List<String> authorization = request.headers().getAll(HttpHeaders.AUTHORIZATION);
    if (authorization.isEmpty()) {
      admit(ctx, Caller.anonymous(ip));
      return;
    }
    String key = authorization.size() == 1 ? bearerToken(authorization.get(0)) : null;
    if (key == null || !ApiKeyFormat.isWellFormed(key)) {
      ctx.fail(KeyRejected.invalid());
      return;
    }
    Optional<ApiKeys.Found> cached = keys.cached(key);
    if (cached != null && known(cached)) {
      decide(ctx, ip, cached);
      return;
    }
    Boolean indexed = keys.indexed(key);
    if (Boolean.TRUE.equals(indexed)) {
      // A live key (the in-memory index): looked up, never charged to its IP's anonymous budget,
      // whatever others behind the same address spent (issue 34 item 7).
      lookUp(ctx, ip, key, null);
      return;
    }
    if (cached == null && indexed == null && keys.seenBefore(key)) {
      // A key found before, out of the revocation cache: looked up again free of any charge.
      lookUp(ctx, ip, key, null);
      return;
    }
    // Unknown, revoked or not remembered: the attempt is charged to the IP's anonymous budget
    // first, so made-up keys get 429 like any anonymous flood (issue 25 item 5); with the index
    // complete they cost no lookup at all, else a bounded number.
    metering.chargeKeyAttempt(ip).onComplete(charged -> {
      if (charged.failed()) {
        ctx.fail(charged.cause());
        return;
      }
      Admission a = charged.result();
      if (!a.admitted()) {
        ctx.fail(RateLimited.perMinute(1, a.limit(), a.remaining(), a.retryAfterSeconds()));
        return;
      }
      if (Boolean.FALSE.equals(indexed)) {
        // Not live, as the complete index says: no lookup. Its creation may still be on its way
        // from another process, so it gets a short wait for that announcement first.
        keys.liveWithin(ctx.vertx(), key, announceWaitMs).onComplete(live -> {
          if (live.succeeded() && live.result()) {
            lookUp(ctx, ip, key, a);
          } else {
            ctx.fail(KeyRejected.invalid());
          }
        });
        return;
      }
      if (cached != null) {
        ctx.fail(KeyRejected.invalid());
        return;
      }
      lookUp(ctx, ip, key, a);
    });
  }

  /** Asks the database for the key; a charged attempt is given back when the key is real. */
  private void lookUp(RoutingContext ctx, String ip, String key, Admission charged) {
    keys.find(key).onComplete(found -> {
      if (found.failed()) {
        ctx.fail(found.cause());
        return;
      }
      if (charged != null && known(found.result())) {
        metering.refund(charged); // a real key's first use costs its caller nothing
      }
      decide(ctx, ip, found.result());
    });
  }

  /** A key that exists and is not revoked (a suspended one too: its answer is 403, not a charge). */
  private static boolean known(Optional<ApiKeys.Found> found) {
    return found.isPresent() && !found.get().revoked();
  }

  private static void decide(RoutingContext ctx, String ip, Optional<ApiKeys.Found> found) {
    if (found.isEmpty() || found.get().revoked()) {
      ctx.fail(KeyRejected.invalid());
    } else if (found.get().suspended()) {
      ctx.fail(KeyRejected.suspended());
    } else {
      admit(ctx, Caller.keyed(ip, found.get().id(), found.get().plan()));
    }
  }

  private static void admit(RoutingContext ctx, Caller caller) {
    ctx.put(CALLER, caller);
    ctx.next();
  }

  /**
   * The token of "Bearer <token>" (scheme case-insensitive, RFC 9110), else null. Exactly one
   * space after the scheme and no whitespace in the token: a padded token is not the key.
   */
  static String bearerToken(String header) {
    if (header.length() <= BEARER.length() || !header.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
      return null;
    }
    String token = header.substring(BEARER.length());
    for (int i = 0; i < token.length(); i++) {
      if (Character.isWhitespace(token.charAt(i))) {
        return null;
      }
    }
    return token;
  }
}
