package dev.vouch.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigInteger;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A small explorer over a real Anvil chain: it reads blocks, receipts and call traces from the
 * node over JSON-RPC and answers in the documented shapes of the Etherscan API V2
 * ({@code /v2/api}: account txlist and txlistinternal with startblock, endblock, page, offset,
 * sort and the page x offset result window; proxy eth_blockNumber; status 0 answers such as
 * "No transactions found" and the rate-limit text) and of the Blockscout REST API v2
 * ({@code /api/v2/addresses/{address}/transactions} newest first with next_page_params,
 * {@code /api/v2/main-page/blocks}). Faults a real explorer produces can be switched on. ERC-20
 * transfers, from the node's Transfer logs: Etherscan {@code tokentx} (documented fields, no log
 * index) and Blockscout {@code /api/v2/addresses/{address}/token-transfers}.
 */
public final class AnvilExplorer implements AutoCloseable {

  private static final ObjectMapper MAPPER = new ObjectMapper();
  public static final String RATE_LIMIT_TEXT = "Max calls per sec rate limit reached (5/sec)";

  public final String etherscanUrl;
  public final String blockscoutUrl;
  private final Anvil anvil;
  private final HttpServer server;
  private final Map<Long, JsonNode> blocks = new ConcurrentHashMap<>();
  private final Map<String, JsonNode> receipts = new ConcurrentHashMap<>();
  private final Map<String, List<JsonNode>> traces = new ConcurrentHashMap<>();

  /** Every request's query (decoded), in arrival order; the key's value is replaced by "***". */
  public final List<Map<String, String>> requests = new CopyOnWriteArrayList<>();
  /** Arrival times (nanoTime) of Etherscan calls. */
  public final List<Long> arrivals = new CopyOnWriteArrayList<>();
  /** Rate-limit answers given. */
  public final AtomicInteger rateLimited = new AtomicInteger();

  private volatile int resultWindow = 10_000;
  private volatile int blockscoutPage = 50;
  private volatile String requiredKey;
  private final AtomicInteger rateLimitNext = new AtomicInteger();
  private volatile int perSecond;
  private volatile int failStatus;
  private final Deque<Long> window = new ArrayDeque<>();

  private AnvilExplorer(Anvil anvil, HttpServer server) {
    this.anvil = anvil;
    this.server = server;
    String base = "http://127.0.0.1:" + server.getAddress().getPort();
    this.etherscanUrl = base + "/v2/api";
    this.blockscoutUrl = base;
  }

  public static AnvilExplorer start(Anvil anvil) {
    try {
      HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      AnvilExplorer x = new AnvilExplorer(anvil, server);
      server.createContext("/", x::handle);
      server.setExecutor(Executors.newFixedThreadPool(4));
      server.start();
      return x;
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Etherscan's page x offset limit (10,000 on the real service). */
  public AnvilExplorer resultWindow(int n) {
    resultWindow = n;
    return this;
  }

  public AnvilExplorer blockscoutPage(int n) {
    blockscoutPage = n;
    return this;
  }

  /** Answers "Invalid API Key" unless this key comes with the call. */
  public AnvilExplorer requireKey(String key) {
    requiredKey = key;
    return this;
  }

  /** The next n Etherscan calls get the rate-limit answer. */
  public AnvilExplorer rateLimitNext(int n) {
    rateLimitNext.set(n);
    return this;
  }

  /** Etherscan answers the rate-limit text to calls beyond n in any one-second window (0 = off). */
  public AnvilExplorer perSecond(int n) {
    perSecond = n;
    return this;
  }

  /** Every request answers this HTTP status (0 = normal service). */
  public AnvilExplorer failWith(int status) {
    failStatus = status;
    return this;
  }

  public long etherscanCalls(String action) {
    return requests.stream().filter(q -> action.equals(q.get("action"))).count();
  }

  private void handle(HttpExchange ex) throws IOException {
    try {
      Map<String, String> q = query(ex.getRequestURI().getRawQuery());
      Map<String, String> logged = new LinkedHashMap<>(q);
      logged.computeIfPresent("apikey", (k, v) -> "***");
      logged.put("path", ex.getRequestURI().getPath());
      requests.add(logged);
      if (failStatus != 0) {
        send(ex, failStatus, MAPPER.createObjectNode().put("message", "unavailable"));
        return;
      }
      String path = ex.getRequestURI().getPath();
      if (path.equals("/v2/api")) {
        send(ex, 200, etherscan(q));
      } else if (path.equals("/api/v2/main-page/blocks")) {
        send(ex, 200, mainPageBlocks());
      } else if (path.startsWith("/api/v2/addresses/") && path.endsWith("/token-transfers")) {
        String address = path.substring("/api/v2/addresses/".length(), path.length() - "/token-transfers".length());
        send(ex, 200, blockscoutTokens(address.toLowerCase(Locale.ROOT), q));
      } else if (path.startsWith("/api/v2/addresses/") && path.endsWith("/transactions")) {
        String address = path.substring("/api/v2/addresses/".length(), path.length() - "/transactions".length());
        JsonNode answer = blockscout(address.toLowerCase(Locale.ROOT), q);
        send(ex, answer == null ? 404 : 200, answer == null ? MAPPER.createObjectNode().put("message", "Not found") : answer);
      } else {
        send(ex, 404, MAPPER.createObjectNode().put("message", "Unknown path"));
      }
    } catch (RuntimeException e) {
      send(ex, 500, MAPPER.createObjectNode().put("message", "Internal server error"));
    }
  }

  // ---- Etherscan API V2 ----

  private JsonNode etherscan(Map<String, String> q) {
    arrivals.add(System.nanoTime());
    if (rateLimitNext.getAndUpdate(n -> Math.max(0, n - 1)) > 0 || overRate()) {
      rateLimited.incrementAndGet();
      return notOk(RATE_LIMIT_TEXT);
    }
    if (requiredKey != null && !requiredKey.equals(q.get("apikey"))) {
      return notOk("Invalid API Key (#err2)|x");
    }
    if (!Long.toString(anvil.chainId).equals(q.get("chainid"))) {
      return notOk("Missing or unsupported chainid parameter (required for v2 api), please see https://api.etherscan.io/v2/chainlist for the list of supported chainids");
    }
    String module = q.getOrDefault("module", "");
    String action = q.getOrDefault("action", "");
    if (module.equals("proxy") && action.equals("eth_blockNumber")) {
      return MAPPER.createObjectNode().put("jsonrpc", "2.0").put("id", 83).put("result", anvil.rpc("eth_blockNumber").asText());
    }
    if (module.equals("account") && action.equals("tokentx")) {
      return tokentx(q);
    }
    if (!module.equals("account") || !(action.equals("txlist") || action.equals("txlistinternal"))) {
      return notOk("Error! Missing Or invalid Module name");
    }
    String address = q.getOrDefault("address", "").toLowerCase(Locale.ROOT);
    long start = Long.parseLong(q.getOrDefault("startblock", "0"));
    long end = Math.min(Long.parseLong(q.getOrDefault("endblock", "99999999")), head());
    int page = Integer.parseInt(q.getOrDefault("page", "1"));
    int offset = Integer.parseInt(q.getOrDefault("offset", "10000"));
    if ((long) page * offset > resultWindow) {
      return notOk("Result window is too large, PageNo x Offset size must be less than or equal to " + resultWindow);
    }
    boolean desc = "desc".equals(q.get("sort"));
    List<ObjectNode> rows = new ArrayList<>();
    for (long b = start; b <= end; b++) {
      JsonNode block = block(b);
      for (JsonNode tx : block.get("transactions")) {
        if (action.equals("txlist")) {
          JsonNode r = receipt(tx.get("hash").asText());
          if (address.equals(lower(tx.get("from"))) || address.equals(lower(tx.get("to")))) {
            rows.add(etherscanTx(block, tx, r));
          }
        } else {
          int trace = 0;
          for (JsonNode call : internalCalls(tx.get("hash").asText())) {
            if (address.equals(lower(call.get("from"))) || address.equals(lower(call.get("to")))) {
              rows.add(etherscanInternal(block, tx, call, trace));
            }
            trace++;
          }
        }
      }
    }
    if (desc) {
      java.util.Collections.reverse(rows);
    }
    int from = (page - 1) * offset;
    if (from >= rows.size()) {
      ObjectNode none = MAPPER.createObjectNode().put("status", "0").put("message", "No transactions found");
      none.putArray("result");
      return none;
    }
    ObjectNode ok = MAPPER.createObjectNode().put("status", "1").put("message", "OK");
    ArrayNode result = ok.putArray("result");
    rows.subList(from, Math.min(rows.size(), from + offset)).forEach(result::add);
    return ok;
  }

  private synchronized boolean overRate() {
    if (perSecond <= 0) {
      return false;
    }
    long now = System.nanoTime();
    while (!window.isEmpty() && now - window.peekFirst() >= 1_000_000_000L) {
      window.pollFirst();
    }
    if (window.size() >= perSecond) {
      return true;
    }
    window.addLast(now);
    return false;
  }

  private static ObjectNode notOk(String result) {
    return MAPPER.createObjectNode().put("status", "0").put("message", "NOTOK").put("result", result);
  }

  private ObjectNode etherscanTx(JsonNode block, JsonNode tx, JsonNode r) {
    boolean creation = tx.get("to") == null || tx.get("to").isNull();
    String status = dec(r.get("status"));
    return MAPPER.createObjectNode()
        .put("blockNumber", dec(tx.get("blockNumber")))
        .put("timeStamp", dec(block.get("timestamp")))
        .put("hash", tx.get("hash").asText())
        .put("nonce", dec(tx.get("nonce")))
        .put("blockHash", tx.get("blockHash").asText())
        .put("transactionIndex", dec(tx.get("transactionIndex")))
        .put("from", lower(tx.get("from")))
        .put("to", creation ? "" : lower(tx.get("to")))
        .put("value", dec(tx.get("value")))
        .put("gas", dec(tx.get("gas")))
        .put("gasPrice", dec(tx.get("gasPrice")))
        .put("isError", "1".equals(status) ? "0" : "1")
        .put("txreceipt_status", status)
        .put("input", tx.get("input").asText())
        .put("contractAddress", creation ? lower(r.get("contractAddress")) : "")
        .put("cumulativeGasUsed", dec(r.get("cumulativeGasUsed")))
        .put("gasUsed", dec(r.get("gasUsed")))
        .put("confirmations", Long.toString(head() - hex(tx.get("blockNumber")) + 1))
        .put("methodId", tx.get("input").asText().length() >= 10 ? tx.get("input").asText().substring(0, 10) : "0x")
        .put("functionName", "");
  }

  private ObjectNode etherscanInternal(JsonNode block, JsonNode tx, JsonNode call, int trace) {
    return MAPPER.createObjectNode()
        .put("blockNumber", dec(tx.get("blockNumber")))
        .put("timeStamp", dec(block.get("timestamp")))
        .put("hash", tx.get("hash").asText())
        .put("from", lower(call.get("from")))
        .put("to", call.hasNonNull("to") ? lower(call.get("to")) : "")
        .put("value", call.hasNonNull("value") ? dec(call.get("value")) : "0")
        .put("contractAddress", "")
        .put("input", "")
        .put("type", call.path("type").asText("CALL").toLowerCase(Locale.ROOT))
        .put("gas", call.hasNonNull("gas") ? dec(call.get("gas")) : "0")
        .put("gasUsed", call.hasNonNull("gasUsed") ? dec(call.get("gasUsed")) : "0")
        .put("traceId", "0_" + trace)
        .put("isError", call.hasNonNull("error") ? "1" : "0")
        .put("errCode", call.path("error").asText(""));
  }

  // ---- Blockscout REST API v2 ----

  private JsonNode mainPageBlocks() {
    ArrayNode out = MAPPER.createArrayNode();
    long h = head();
    for (long b = h; b >= Math.max(0, h - 3); b--) {
      JsonNode block = block(b);
      out.addObject().put("height", b).put("hash", block.get("hash").asText())
          .put("timestamp", Instant.ofEpochSecond(hex(block.get("timestamp"))).toString());
    }
    return out;
  }

  /** Null when the explorer never saw the address (Blockscout answers 404). */
  private JsonNode blockscout(String address, Map<String, String> q) {
    List<ObjectNode> rows = new ArrayList<>();
    long h = head();
    for (long b = h; b >= 0; b--) {
      JsonNode block = block(b);
      JsonNode txs = block.get("transactions");
      for (int i = txs.size() - 1; i >= 0; i--) {
        JsonNode tx = txs.get(i);
        JsonNode r = receipt(tx.get("hash").asText());
        boolean creation = tx.get("to") == null || tx.get("to").isNull();
        String created = creation ? lower(r.get("contractAddress")) : null;
        if (address.equals(lower(tx.get("from"))) || !creation && address.equals(lower(tx.get("to")))
            || address.equals(created)) {
          rows.add(blockscoutTx(block, tx, r, created));
        }
      }
    }
    if (rows.isEmpty()) {
      return null;
    }
    // v12 semantics: items_count is the page size asked for; the cursor is block_number and index.
    int size = q.containsKey("items_count") ? Integer.parseInt(q.get("items_count")) : blockscoutPage;
    int from = 0;
    if (q.containsKey("block_number")) {
      long cb = Long.parseLong(q.get("block_number"));
      long ci = Long.parseLong(q.get("index"));
      while (from < rows.size() && (rows.get(from).get("block_number").asLong() > cb
          || rows.get(from).get("block_number").asLong() == cb && rows.get(from).get("position").asLong() >= ci)) {
        from++;
      }
    }
    ObjectNode out = MAPPER.createObjectNode();
    ArrayNode items = out.putArray("items");
    int to = Math.min(rows.size(), from + size);
    rows.subList(from, to).forEach(items::add);
    if (to < rows.size()) {
      ObjectNode last = rows.get(to - 1);
      out.putObject("next_page_params").put("block_number", last.get("block_number").asLong())
          .put("index", last.get("position").asLong());
    } else {
      out.putNull("next_page_params");
    }
    return out;
  }

  private ObjectNode blockscoutTx(JsonNode block, JsonNode tx, JsonNode r, String created) {
    boolean ok = "0x1".equals(r.get("status").asText());
    ObjectNode o = MAPPER.createObjectNode();
    o.put("hash", tx.get("hash").asText())
        .put("block_number", hex(tx.get("blockNumber")))
        .put("timestamp", Instant.ofEpochSecond(hex(block.get("timestamp"))).toString().replace("Z", ".000000Z"))
        .put("position", hex(tx.get("transactionIndex")))
        .put("nonce", hex(tx.get("nonce")))
        .put("value", dec(tx.get("value")))
        .put("status", ok ? "ok" : "error")
        .put("result", ok ? "success" : "Reverted")
        .put("confirmations", head() - hex(tx.get("blockNumber")) + 1)
        .put("type", 2)
        .putNull("method");
    o.putObject("from").put("hash", checksumLike(lower(tx.get("from")))).put("is_contract", false);
    if (created != null) {
      o.putNull("to");
      o.putObject("created_contract").put("hash", checksumLike(created)).put("is_contract", true);
    } else {
      o.putObject("to").put("hash", checksumLike(lower(tx.get("to")))).put("is_contract", false);
      o.putNull("created_contract");
    }
    o.putObject("fee").put("type", "actual").put("value", dec(r.get("gasUsed")));
    return o;
  }

  /** Blockscout answers checksummed addresses; upper-casing some letters is enough to prove we lowercase. */
  private static String checksumLike(String a) {
    return "0x" + a.substring(2).toUpperCase(Locale.ROOT);
  }

  // ---- token transfers ----

  static final String TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

  /** The chain's ERC-20 Transfer logs naming the address (three topics), newest first. */
  private List<JsonNode> transferLogs(String address) {
    JsonNode logs = anvil.rpc("eth_getLogs", Map.of("fromBlock", "0x0", "toBlock", "latest", "topics", List.of(TRANSFER)));
    List<JsonNode> out = new ArrayList<>();
    for (JsonNode l : logs) {
      JsonNode t = l.get("topics");
      if (t.size() == 3 && (address.equals(topicAddress(t.get(1))) || address.equals(topicAddress(t.get(2))))) {
        out.add(l);
      }
    }
    out.sort(Comparator.comparingLong((JsonNode l) -> hex(l.get("blockNumber"))).thenComparingLong(l -> hex(l.get("logIndex"))).reversed());
    return out;
  }

  private static String topicAddress(JsonNode topic) {
    return "0x" + topic.asText().substring(26).toLowerCase(Locale.ROOT);
  }

  private JsonNode tokentx(Map<String, String> q) {
    String address = q.getOrDefault("address", "").toLowerCase(Locale.ROOT);
    int page = Integer.parseInt(q.getOrDefault("page", "1"));
    int offset = Integer.parseInt(q.getOrDefault("offset", "10000"));
    if ((long) page * offset > resultWindow) {
      return notOk("Result window is too large, PageNo x Offset size must be less than or equal to " + resultWindow);
    }
    List<JsonNode> logs = transferLogs(address);
    int from = (page - 1) * offset;
    if (from >= logs.size()) {
      ObjectNode none = MAPPER.createObjectNode().put("status", "0").put("message", "No transactions found");
      none.putArray("result");
      return none;
    }
    ObjectNode ok = MAPPER.createObjectNode().put("status", "1").put("message", "OK");
    ArrayNode result = ok.putArray("result");
    for (JsonNode l : logs.subList(from, Math.min(logs.size(), from + offset))) {
      JsonNode block = block(hex(l.get("blockNumber")));
      result.add(MAPPER.createObjectNode()
          .put("blockNumber", dec(l.get("blockNumber")))
          .put("timeStamp", dec(block.get("timestamp")))
          .put("hash", l.get("transactionHash").asText())
          .put("blockHash", l.get("blockHash").asText())
          .put("from", topicAddress(l.get("topics").get(1)))
          .put("contractAddress", lower(l.get("address")))
          .put("to", topicAddress(l.get("topics").get(2)))
          .put("value", new BigInteger(l.get("data").asText().substring(2), 16).toString())
          .put("tokenName", "")
          .put("tokenSymbol", "")
          .put("tokenDecimal", "")
          .put("transactionIndex", dec(l.get("transactionIndex")))
          .put("confirmations", Long.toString(head() - hex(l.get("blockNumber")) + 1)));
    }
    return ok;
  }

  /** v2 shape: items with transaction_hash, block_number, log_index, timestamp, from/to/token, total. */
  private JsonNode blockscoutTokens(String address, Map<String, String> q) {
    List<JsonNode> logs = transferLogs(address);
    int size = q.containsKey("items_count") ? Integer.parseInt(q.get("items_count")) : blockscoutPage;
    int from = 0;
    if (q.containsKey("block_number")) {
      long cb = Long.parseLong(q.get("block_number"));
      long ci = Long.parseLong(q.get("index"));
      while (from < logs.size() && (hex(logs.get(from).get("blockNumber")) > cb
          || hex(logs.get(from).get("blockNumber")) == cb && hex(logs.get(from).get("logIndex")) >= ci)) {
        from++;
      }
    }
    ObjectNode out = MAPPER.createObjectNode();
    ArrayNode items = out.putArray("items");
    int to = Math.min(logs.size(), from + size);
    for (JsonNode l : logs.subList(from, to)) {
      JsonNode block = block(hex(l.get("blockNumber")));
      ObjectNode o = items.addObject()
          .put("transaction_hash", l.get("transactionHash").asText())
          .put("block_number", hex(l.get("blockNumber")))
          .put("log_index", hex(l.get("logIndex")))
          .put("timestamp", Instant.ofEpochSecond(hex(block.get("timestamp"))).toString().replace("Z", ".000000Z"))
          .put("type", "token_transfer")
          .putNull("method");
      o.putObject("from").put("hash", checksumLike(topicAddress(l.get("topics").get(1))));
      o.putObject("to").put("hash", checksumLike(topicAddress(l.get("topics").get(2))));
      o.putObject("token").put("address_hash", checksumLike(lower(l.get("address")))).put("type", "ERC-20");
      o.putObject("total").put("value", new BigInteger(l.get("data").asText().substring(2), 16).toString());
    }
    if (to < logs.size()) {
      JsonNode last = logs.get(to - 1);
      out.putObject("next_page_params").put("block_number", hex(last.get("blockNumber")))
          .put("index", hex(last.get("logIndex")));
    } else {
      out.putNull("next_page_params");
    }
    return out;
  }

  // ---- the node ----

  private long head() {
    return hex(anvil.rpc("eth_blockNumber"));
  }

  private JsonNode block(long n) {
    return blocks.computeIfAbsent(n, k -> anvil.rpc("eth_getBlockByNumber", "0x" + Long.toHexString(k), true));
  }

  private JsonNode receipt(String hash) {
    return receipts.computeIfAbsent(hash, anvil::receipt);
  }

  /** Calls below the top level of a transaction, depth first (Anvil's callTracer). */
  private List<JsonNode> internalCalls(String hash) {
    return traces.computeIfAbsent(hash, h -> {
      JsonNode root = anvil.rpc("debug_traceTransaction", h, Map.of("tracer", "callTracer"));
      List<JsonNode> out = new ArrayList<>();
      collect(root.get("calls"), out);
      return out;
    });
  }

  private static void collect(JsonNode calls, List<JsonNode> out) {
    if (calls == null || !calls.isArray()) {
      return;
    }
    for (JsonNode c : calls) {
      out.add(c);
      collect(c.get("calls"), out);
    }
  }

  private static String lower(JsonNode v) {
    return v == null || v.isNull() ? null : v.asText().toLowerCase(Locale.ROOT);
  }

  private static long hex(JsonNode v) {
    return new BigInteger(v.asText().substring(2), 16).longValue();
  }

  private static String dec(JsonNode v) {
    return new BigInteger(v.asText().substring(2), 16).toString();
  }

  private static Map<String, String> query(String raw) {
    Map<String, String> out = new LinkedHashMap<>();
    if (raw == null) {
      return out;
    }
    for (String part : raw.split("&")) {
      int eq = part.indexOf('=');
      String k = URLDecoder.decode(eq < 0 ? part : part.substring(0, eq), StandardCharsets.UTF_8);
      String v = eq < 0 ? "" : URLDecoder.decode(part.substring(eq + 1), StandardCharsets.UTF_8);
      out.put(k, v);
    }
    return out;
  }

  private static void send(HttpExchange ex, int status, JsonNode body) throws IOException {
    byte[] bytes = MAPPER.writeValueAsBytes(body);
    ex.getResponseHeaders().set("Content-Type", "application/json");
    ex.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(bytes);
    }
  }

  @Override
  public void close() {
    server.stop(0);
    ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
  }
}
