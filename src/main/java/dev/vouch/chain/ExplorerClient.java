package dev.vouch.chain;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vouch.config.ChainConfig;
import io.github.resilience4j.retry.Retry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * HTTP GET of JSON from one explorer source of one chain, and nowhere else: the configured URL
 * plus a path and query; redirects are never followed. Calls are paced to the source's
 * callsPerSecond (shared by every chain that uses the same URL and key in this process, as
 * explorers count per key), bounded by the chain's concurrency and the process's byte budget,
 * retried with jittered backoff on retryable failures within the source's retry budget, and
 * refused at once while its circuit breaker is open. The API key rides in the query and appears
 * in no message or log.
 */
final class ExplorerClient {

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final Map<String, Pacer> PACERS = new ConcurrentHashMap<>();

  /** An answer the reader interprets: 2xx, or a 404 (an explorer's "not found"). */
  record Reply(int status, JsonNode body) {}

  private final Vertx vertx;
  private final WebClient web;
  private final ChainConfig chain;
  private final ChainConfig.Source source;
  private final int retries;
  private final int backoffMs;
  private final int maxResponseBytes;
  private final AsyncLimiter limiter;
  private final Pacer pacer;
  private final ByteBudget bytes;
  private final ProviderGuard guard;

  ExplorerClient(Vertx vertx, WebClient web, ChainConfig chain, ChainConfig.Source source, int retries,
      int backoffMs, int maxResponseBytes, ChainTraffic traffic) {
    this.vertx = vertx;
    this.web = web;
    this.chain = chain;
    this.source = source;
    this.retries = retries;
    this.backoffMs = backoffMs;
    this.maxResponseBytes = maxResponseBytes;
    this.limiter = new AsyncLimiter(chain.concurrency());
    this.pacer = source.callsPerSecond() <= 0 ? null
        : PACERS.computeIfAbsent(source.url() + "|" + source.apiKeyEnv() + "|" + source.callsPerSecond(),
            k -> new Pacer(source.callsPerSecond()));
    this.bytes = traffic.bytes();
    this.guard = traffic.explorer(source);
  }

  ChainConfig.Source source() {
    return source;
  }

  ChainConfig chain() {
    return chain;
  }

  /**
   * GET path (appended to the source URL) with the query; interpret turns a reply into the result
   * or throws a classified RpcException (provider-level errors inside a 200).
   */
  <T> Future<T> get(String path, Map<String, String> query, Function<Reply, T> interpret) {
    guard.firstTry();
    return attempt(path, query, interpret, Retries.start(retries, backoffMs));
  }

  private <T> Future<T> attempt(String path, Map<String, String> query, Function<Reply, T> interpret,
      Retry.AsyncContext<Object> attempts) {
    // The interpretation is part of the outcome: a rate-limit text inside a 200 is a failure.
    return guard.call(() -> paced().compose(v -> exchange(path, query)).map(interpret)).recover(t -> {
      RpcException e = t instanceof RpcException re ? re
          : new RpcException(RpcException.Kind.MALFORMED, RpcShapes.clip(t.getMessage()));
      long delay = e.retryable() ? Retries.next(attempts, e, guard) : -1;
      if (delay < 0) {
        return Future.failedFuture(e);
      }
      return vertx.timer(delay).compose(x -> attempt(path, query, interpret, attempts));
    });
  }

  private Future<Void> paced() {
    if (pacer == null) {
      return Future.succeededFuture();
    }
    long wait = pacer.reserve(System.nanoTime());
    return wait <= 0 ? Future.succeededFuture() : vertx.timer(Math.max(1, wait / 1_000_000)).mapEmpty();
  }

  private Future<Reply> exchange(String path, Map<String, String> query) {
    StringBuilder url = new StringBuilder(source.url()).append(path);
    char sep = '?';
    for (Map.Entry<String, String> q : query.entrySet()) {
      url.append(sep).append(enc(q.getKey())).append('=').append(enc(q.getValue()));
      sep = '&';
    }
    if (source.apiKey() != null) {
      url.append(sep).append("apikey=").append(enc(source.apiKey().reveal()));
    }
    String target = url.toString();
    return limiter.run(() -> bytes.exchange(vertx, maxResponseBytes, chain.timeoutMs(),
        () -> web.getAbs(target)
            .putHeader(HttpHeaders.ACCEPT.toString(), "application/json")
            .idleTimeout(chain.timeoutMs())
            .as(new BoundedBody(maxResponseBytes))
            .send()
            .recover(t -> Future.failedFuture(t instanceof RpcException e ? e
                : new RpcException(RpcException.Kind.TRANSPORT, t.getClass().getSimpleName() + ": " + RpcShapes.clip(t.getMessage())))),
        this::parse));
  }

  private Reply parse(HttpResponse<Buffer> response) {
    int status = response.statusCode();
    if (status == 429 || status >= 500) {
      String retryAfter = response.getHeader("Retry-After");
      long ms = retryAfter != null && retryAfter.matches("\\d{1,6}") ? Long.parseLong(retryAfter) * 1000 : 0;
      throw new RpcException(RpcException.Kind.BUSY, source.name() + " HTTP " + status, ms);
    }
    if (status != 404 && (status < 200 || status > 299)) {
      // 3xx included: redirects are never followed; 401/403 is a key the operator must fix.
      throw new RpcException(RpcException.Kind.REJECTED, source.name() + " HTTP " + status);
    }
    Buffer body = response.body();
    JsonNode json;
    try {
      json = body == null || body.length() == 0 ? null : MAPPER.readTree(body.getBytes());
    } catch (IOException e) {
      json = null;
    }
    if (json == null) {
      throw status == 404
          ? new RpcException(RpcException.Kind.REJECTED, source.name() + " HTTP 404 without a JSON body (wrong url?)")
          : RpcShapes.malformed(source.name() + " answer is not JSON");
    }
    return new Reply(status, json);
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  /**
   * Spaces calls 1/callsPerSecond apart: each call reserves the next free slot. Thread-safe, as
   * chains on several event loops may share one key.
   */
  static final class Pacer {
    private final long intervalNanos;
    private long nextSlot;

    Pacer(double callsPerSecond) {
      this.intervalNanos = (long) (1_000_000_000L / callsPerSecond);
    }

    /** Nanoseconds to wait before sending. */
    synchronized long reserve(long now) {
      long slot = Math.max(now, nextSlot);
      nextSlot = slot + intervalNanos;
      return slot - now;
    }
  }
}
