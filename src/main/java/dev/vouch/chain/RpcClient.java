package dev.vouch.chain;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vouch.config.ChainConfig;
import dev.vouch.ops.Metrics;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.logging.Logger;

/**
 * JSON-RPC over HTTP to the configured URLs of one chain, and nowhere else: requests go only to
 * the catalogue's URLs and redirects are never followed. One instance per chain and worker
 * context; it is not shared across event loops. Retries, failover and the chain id check live in
 * {@link RpcSession}.
 */
public final class RpcClient {

  private static final Logger LOG = Logger.getLogger(RpcClient.class.getName());
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final CharSequence JSON = HttpHeaders.createOptimized("application/json");
  /** JSON-RPC calls sent, by chain and method. */
  public static final String CALLS = "vouch.rpc.calls";
  /** Failed exchanges, by chain and kind (TRANSPORT, BUSY, SERVER, ...). */
  public static final String ERRORS = "vouch.rpc.errors";
  /** The error kind of a failure that is not an RpcException. */
  static final String OTHER = "OTHER";

  private final Vertx vertx;
  /** Calls sent per wallet by its read's sessions (session(wallet)), until taken. */
  private final java.util.Map<String, long[]> callsByWallet = new java.util.HashMap<>();
  private final WebClient web;
  private final ChainConfig chain;
  private final int retries;
  private final int backoffMs;
  private final int maxResponseBytes;
  private final AsyncLimiter limiter;
  private final ByteBudget bytes;
  private final List<ProviderGuard> guards;
  private final String expectedChainId;
  /** URL index tried first; moves to the URL that last answered (sticky failover). */
  private int preferred;
  /** Set once a node answers a batch with a single error: it gets one call per request from then on. */
  private boolean batchRefused;

  public RpcClient(Vertx vertx, WebClient web, ChainConfig chain, int retries, int backoffMs,
      int maxResponseBytes, ChainTraffic traffic) {
    this.vertx = vertx;
    this.web = web;
    this.chain = chain;
    this.retries = retries;
    this.backoffMs = backoffMs;
    this.maxResponseBytes = maxResponseBytes;
    this.limiter = new AsyncLimiter(chain.concurrency());
    this.bytes = traffic.bytes();
    List<ProviderGuard> perUrl = new ArrayList<>();
    for (int i = 0; i < chain.rpcUrls().size(); i++) {
      perUrl.add(traffic.rpc(chain, i));
    }
    this.guards = List.copyOf(perUrl);
    this.expectedChainId = "0x" + Long.toHexString(chain.chainId());
    // The chain's errors of every kind at 0 from the start, so a panel or an increase() sees the first one.
    MeterRegistry registry = Metrics.of(vertx);
    for (RpcException.Kind kind : RpcException.Kind.values()) {
      registry.counter(ERRORS, "chain", chain.name(), "kind", kind.name());
    }
    registry.counter(ERRORS, "chain", chain.name(), "kind", OTHER);
  }

  public ChainConfig chain() {
    return chain;
  }

  /** A session checks eth_chainId on each URL it uses once, riding on its first request there. */
  public RpcSession session() {
    return new RpcSession(this);
  }

  /**
   * A session of one wallet's indexing read: the calls it sends are counted for the wallet until
   * {@link #takeCalls} (tracing's RPC budget and its figures per root wallet).
   */
  public RpcSession session(String wallet) {
    return new RpcSession(this, wallet);
  }

  /**
   * JSON-RPC calls sent for the wallet since the last take, retries and chain id checks included;
   * the count starts again. A reader verticle's client runs on its one context, and one job per
   * wallet runs at a time, so the count is the run's.
   */
  public long takeCalls(String wallet) {
    long[] n = callsByWallet.remove(wallet);
    return n == null ? 0 : n[0];
  }

  int retries() {
    return retries;
  }

  int backoffMs() {
    return backoffMs;
  }

  int batchSize() {
    return batchRefused ? 1 : chain.maxBatch();
  }

  Vertx vertx() {
    return vertx;
  }

  /** The n-th URL to try after the preferred one, skipping excluded ones; -1 when none is left. */
  int pick(int n, Set<Integer> excluded) {
    List<String> urls = chain.rpcUrls();
    for (int i = 0; i < urls.size(); i++) {
      int idx = (preferred + n + i) % urls.size();
      if (!excluded.contains(idx)) {
        return idx;
      }
    }
    return -1;
  }

  void prefer(int url) {
    preferred = url;
  }

  /** The circuit breaker and retry budget of one URL, shared with every other user of it in the process. */
  ProviderGuard guard(int url) {
    return guards.get(url);
  }

  boolean chainIdMatches(JsonNode result) {
    return result != null && result.isTextual()
        && RpcShapes.smallQuantity(result, "eth_chainId") == chain.chainId();
  }

  String expectedChainId() {
    return expectedChainId;
  }

  /**
   * Sends calls to one URL as one batch (or one by one where batches are refused), counting each
   * call by method and each failed exchange by its kind, per chain. Fails at once, unsent, while
   * the URL's circuit breaker is open.
   */
  Future<List<JsonNode>> send(int url, List<RpcCall> calls) {
    return send(url, calls, null);
  }

  Future<List<JsonNode>> send(int url, List<RpcCall> calls, String wallet) {
    if (wallet != null) {
      callsByWallet.computeIfAbsent(wallet, w -> new long[1])[0] += calls.size();
    }
    MeterRegistry registry = Metrics.of(vertx);
    return guards.get(url).call(() -> {
      for (RpcCall call : calls) {
        registry.counter(CALLS, "chain", chain.name(), "method", call.method()).increment();
      }
      return exchange(url, calls).onFailure(t -> registry.counter(ERRORS, "chain", chain.name(), "kind",
          t instanceof RpcException e ? e.kind().name() : OTHER).increment());
    });
  }

  private Future<List<JsonNode>> exchange(int url, List<RpcCall> calls) {
    if (calls.size() == 1) {
      return post(url, encode(calls.get(0), 1)).map(answer -> List.of(result(answer, 1)));
    }
    if (batchRefused) {
      List<Future<List<JsonNode>>> singles = new ArrayList<>(calls.size());
      for (RpcCall call : calls) {
        singles.add(exchange(url, List.of(call)));
      }
      return Future.all(singles).map(all -> {
        List<JsonNode> out = new ArrayList<>(calls.size());
        for (int i = 0; i < calls.size(); i++) {
          out.add(all.<List<JsonNode>>resultAt(i).get(0));
        }
        return out;
      });
    }
    ArrayNode batch = JsonNodeFactory.instance.arrayNode(calls.size());
    for (int i = 0; i < calls.size(); i++) {
      batch.add(encode(calls.get(i), i + 1));
    }
    return post(url, batch).compose(answer -> {
      if (answer.isObject() && refusesBatches(answer.get("error"))) {
        LOG.warning(() -> "chain " + chain.name() + ": batch refused, sending calls one by one");
        batchRefused = true;
        return exchange(url, calls);
      }
      if (answer.isObject()) {
        result(answer, 0);
      }
      return Future.succeededFuture(results(answer, calls.size()));
    });
  }

  /** A node without batch support answers the whole array with one invalid-request error. */
  private static boolean refusesBatches(JsonNode error) {
    return error != null && error.isObject()
        && (error.path("code").asInt() == -32600 || error.path("message").asText().toLowerCase(java.util.Locale.ROOT).contains("batch"));
  }

  private static ObjectNode encode(RpcCall call, int id) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("jsonrpc", "2.0");
    o.put("id", id);
    o.put("method", call.method());
    o.set("params", MAPPER.valueToTree(call.params()));
    return o;
  }

  /**
   * One POST under the chain's concurrency bound, the process's byte budget (held until the body
   * is parsed) and the chain's deadline (from when it is sent); the parsed JSON answer.
   */
  private Future<JsonNode> post(int url, JsonNode body) {
    Buffer payload;
    try {
      payload = Buffer.buffer(MAPPER.writeValueAsBytes(body));
    } catch (JsonProcessingException e) {
      return Future.failedFuture(e);
    }
    String target = chain.rpcUrls().get(url);
    return limiter.run(() -> bytes.exchange(vertx, maxResponseBytes, chain.timeoutMs(),
        () -> web.postAbs(target)
            .putHeader(HttpHeaders.CONTENT_TYPE.toString(), JSON.toString())
            .putHeader(HttpHeaders.ACCEPT.toString(), JSON.toString())
            .idleTimeout(chain.timeoutMs())
            .as(new BoundedBody(maxResponseBytes))
            .sendBuffer(payload)
            .recover(t -> Future.failedFuture(transport(t))),
        this::parse));
  }

  private static RpcException transport(Throwable t) {
    return t instanceof RpcException e ? e
        : new RpcException(RpcException.Kind.TRANSPORT, t.getClass().getSimpleName() + ": " + RpcShapes.clip(t.getMessage()));
  }

  private JsonNode parse(HttpResponse<Buffer> response) {
    int status = response.statusCode();
    if (status == 429 || status >= 500) {
      throw new RpcException(RpcException.Kind.BUSY, "HTTP " + status, retryAfterMs(response.getHeader("Retry-After")));
    }
    if (status < 200 || status > 299) {
      // 3xx included: redirects are never followed, a URL that moved needs an operator.
      throw new RpcException(RpcException.Kind.REJECTED, "HTTP " + status);
    }
    Buffer body = response.body();
    if (body == null || body.length() == 0) {
      throw RpcShapes.malformed("empty body");
    }
    try {
      return MAPPER.readTree(body.getBytes());
    } catch (IOException e) {
      throw RpcShapes.malformed("not JSON");
    }
  }

  private static long retryAfterMs(String header) {
    if (header == null || !header.matches("\\d{1,6}")) {
      return 0;
    }
    return Long.parseLong(header) * 1000;
  }

  /** Results of a batch, in request order; any error fails the whole batch. */
  private static List<JsonNode> results(JsonNode answer, int expected) {
    if (!answer.isArray() || answer.size() != expected) {
      throw RpcShapes.malformed("batch answer is not an array of " + expected);
    }
    JsonNode[] byId = new JsonNode[expected];
    for (JsonNode item : answer) {
      JsonNode id = item.get("id");
      if (id == null || !id.canConvertToInt() || id.asInt() < 1 || id.asInt() > expected || byId[id.asInt() - 1] != null) {
        throw RpcShapes.malformed("batch answer ids do not match the request");
      }
      byId[id.asInt() - 1] = item;
    }
    List<JsonNode> out = new ArrayList<>(expected);
    for (int i = 0; i < expected; i++) {
      out.add(result(byId[i], i + 1));
    }
    return out;
  }

  private static JsonNode result(JsonNode item, int id) {
    if (item == null || !item.isObject() || !"2.0".equals(item.path("jsonrpc").asText())) {
      throw RpcShapes.malformed("not a JSON-RPC 2.0 answer");
    }
    JsonNode error = item.get("error");
    if (error != null && !error.isNull()) {
      if (!error.isObject() || !error.path("code").canConvertToInt()) {
        throw RpcShapes.malformed("error without a code");
      }
      throw RpcException.fromJsonRpc(error.get("code").asInt(), error.path("message").asText(""));
    }
    if (!item.path("id").canConvertToInt() || item.get("id").asInt() != id) {
      throw RpcShapes.malformed("answer id does not match the request");
    }
    if (!item.has("result")) {
      throw RpcShapes.malformed("answer without result");
    }
    return item.get("result");
  }
}
