package dev.vouch.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vouch.support.Devnet;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestKeys;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VerticleBase;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import java.math.BigInteger;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Transfer screening against a bare JSON-RPC proxy on the same Anvil (issue 32 item 5). On the
 * devnet's Ethereum chain, {@code transfers} USDT deposits (the bool-less token) from one indexed counterparty
 * (honestPeer) to the honest wallet are screened once (each a new screening, allow); then:
 * <ul>
 *   <li>single: a closed loop of POST /api/v1/transfers over them (each one batched JSON-RPC
 *       round trip, one read of the counterparty, one write transaction; screened rows answer
 *       200), beside a minimal Vert.x server forwarding each request as one
 *       {@code eth_getTransactionReceipt} to the same Anvil ("bare receipt"), and the same server
 *       sending Vouch's own batched call (transaction, receipt and head: "bare batch");</li>
 *   <li>batch: POST /api/v1/transfers/batch of all {@code transfers}, one after another (a
 *       partner key: 500 rows a batch), beside the same chain reads sent straight to Anvil as
 *       one JSON-RPC batch (the floor of its chain read).</li>
 * </ul>
 * Every server runs in this JVM in turn (the load generator too), Anvil in its own process.
 * Not a test: bench/transfer-screen.sh [transfers=500] [concurrency=16] [seconds=10] [batches=10].
 */
public final class TransferScreenBench {

  static final ObjectMapper MAPPER = new ObjectMapper();
  static final HttpClient HTTP = HttpClient.newHttpClient();
  static String rpcUrl;

  public static void main(String[] args) throws Exception {
    int transfers = args.length > 0 ? Integer.parseInt(args[0]) : 500;
    int concurrency = args.length > 1 ? Integer.parseInt(args[1]) : 16;
    int seconds = args.length > 2 ? Integer.parseInt(args[2]) : 10;
    int batches = args.length > 3 ? Integer.parseInt(args[3]) : 10;
    Path dir = Files.createTempDirectory("vouch-devnet");
    ScheduledExecutorService follower = Executors.newSingleThreadScheduledExecutor();
    int status = 1;
    try (Devnet devnet = Devnet.start(dir)) {
      JsonNode truth = MAPPER.readTree(dir.resolve("truth.json").toFile());
      JsonNode scenario = truth.get("scenario");
      String peer = scenario.get("honestPeer").asText();
      String honest = scenario.get("honest").asText();
      String usdc = null;
      for (JsonNode c : truth.get("chains")) {
        if (c.get("chainId").asLong() == 1) {
          rpcUrl = c.get("rpcUrl").asText();
          usdc = c.get("tokens").get("registered").get(1).get("address").asText(); // USDT: honestPeer holds some
        }
      }
      Path labels = dir.resolve("labels.csv");
      Files.writeString(labels, "address,chain,category,name,source\n" + scenario.get("sanctioned").asText()
          + ",,sanctioned,SDN,OFAC\n" + scenario.get("mixer").asText() + ",,mixer,Mixer,TRM\n");
      Map<String, String> env = new HashMap<>(BenchEnv.unmetered());
      env.put(dev.vouch.config.ConfigLoader.LABELS_FILE, labels.toString());
      env.put("CHAINS_FILE", dir.resolve("chains.yaml").toString());
      env.put("VOUCH_HTTP_INSTANCES", "0");
      env.put("VOUCH_INDEXING_POLL_MS", "100");
      env.put("VOUCH_MONITORING_TRANSFER_WATCH_ENABLED", "false");
      // The batch's partner key measured, not refused (a 500-row batch is 500 of its 600 units a minute).
      env.put("VOUCH_BUDGETS_PLANS_PARTNER_PER_MINUTE", "1000000000");
      try (TestApp app = TestApp.start(env)) {
        follower.scheduleAtFixedRate(() -> app.clock.set(Instant.now()), 0, 20, TimeUnit.MILLISECONDS);
        app.send(io.vertx.core.http.HttpMethod.POST, "/api/v1/intake/" + peer, null, Map.of());
        Sql.await("honestPeer committed", 180_000, () -> "cached".equals(
            TestApp.data(app.get("/api/v1/score/" + peer)).getString("cacheStatus")));
        List<String> hashes = deposits(peer, honest, usdc, transfers);
        TestKeys.Key partner = TestKeys.create(app.app.config(), "partner");

        Vertx vertx = Vertx.vertx();
        WebClient client = WebClient.create(vertx, new WebClientOptions().setDefaultHost("127.0.0.1")
            .setDefaultPort(app.port).setKeepAlive(true), new PoolOptions().setHttp1MaxSize(concurrency));
        // Each transfer screened once (a new screening each): the loops below screen them again.
        int allowed = 0;
        for (int from = 0; from < hashes.size(); from += concurrency) {
          List<Future<HttpResponse<Buffer>>> part = new ArrayList<>();
          for (int i = from; i < Math.min(hashes.size(), from + concurrency); i++) {
            part.add(client.post("/api/v1/transfers").sendJsonObject(body(hashes.get(i), honest)));
          }
          for (Future<HttpResponse<Buffer>> f : part) {
            JsonObject d = f.toCompletionStage().toCompletableFuture().get().bodyAsJsonObject().getJsonObject("data");
            allowed += d != null && "allow".equals(d.getString("verdict")) && peer.equals(d.getString("counterparty")) ? 1 : 0;
          }
        }
        System.out.printf("screened %d deposits from %s: %d allow%n", hashes.size(), peer, allowed);

        // The chain read alone, as Vouch's screening makes it (ChainCheck.evidence), the same closed loop.
        dev.vouch.config.ChainConfig ethereum = app.app.config().chains().stream().filter(c -> c.chainId() == 1)
            .findFirst().orElseThrow();
        // (the service's own client: as many connections as the chain's concurrency)
        dev.vouch.chain.ChainCheck check = new dev.vouch.chain.ChainCheck(vertx, WebClient.create(vertx,
            new WebClientOptions().setKeepAlive(true), new PoolOptions().setHttp1MaxSize(ethereum.concurrency())),
            app.app.config().indexing());
        loop(concurrency, 2, i -> check.evidence(ethereum, hashes.get(i % hashes.size())));
        double chainReads = loop(concurrency, seconds, i -> check.evidence(ethereum, hashes.get(i % hashes.size())));

        // Single: Vouch, then the bare proxy's two forms, the same closed loop each.
        ClosedLoop.run(concurrency, 3, i -> client.post("/api/v1/transfers")
            .sendJsonObject(body(hashes.get(i % hashes.size()), honest)));
        ClosedLoop.Result vouch = ClosedLoop.run(concurrency, seconds, i -> client.post("/api/v1/transfers")
            .sendJsonObject(body(hashes.get(i % hashes.size()), honest)));
        int proxyPort = freePort();
        int cores = Runtime.getRuntime().availableProcessors();
        vertx.deployVerticle(() -> new Proxy(proxyPort), new DeploymentOptions().setInstances(cores))
            .toCompletionStage().toCompletableFuture().get();
        WebClient bare = WebClient.create(vertx, new WebClientOptions().setDefaultHost("127.0.0.1")
            .setDefaultPort(proxyPort).setKeepAlive(true), new PoolOptions().setHttp1MaxSize(concurrency));
        // The baseline answers what it is asked: the receipt (and, batched, the transaction and head).
        String one = bare.post("/receipt").sendBuffer(Buffer.buffer(hashes.get(0))).toCompletionStage().toCompletableFuture()
            .get().bodyAsString();
        String three = bare.post("/batch").sendBuffer(Buffer.buffer(hashes.get(0))).toCompletionStage().toCompletableFuture()
            .get().bodyAsString();
        if (!one.contains("\"status\":\"0x1\"") || !one.contains(hashes.get(0)) || MAPPER.readTree(three).size() != 3
            || !three.contains("\"status\":\"0x1\"")) {
          throw new IllegalStateException("the bare proxy answered " + one + " / " + three);
        }
        ClosedLoop.run(concurrency, 3, i -> bare.post("/receipt").sendBuffer(Buffer.buffer(hashes.get(i % hashes.size()))));
        ClosedLoop.Result receipt = ClosedLoop.run(concurrency, seconds,
            i -> bare.post("/receipt").sendBuffer(Buffer.buffer(hashes.get(i % hashes.size()))));
        ClosedLoop.Result batched = ClosedLoop.run(concurrency, seconds,
            i -> bare.post("/batch").sendBuffer(Buffer.buffer(hashes.get(i % hashes.size()))));

        // Batch: all transfers in one request, one after another; the chain read alone beside it.
        JsonArray rows = new JsonArray();
        hashes.forEach(h -> rows.add(body(h, honest)));
        Buffer batchBody = new JsonObject().put("transfers", rows).toBuffer();
        List<Double> batchMs = new ArrayList<>();
        int wrongRows = 0;
        for (int k = 0; k <= batches; k++) {
          long t0 = System.nanoTime();
          HttpResponse<Buffer> r = client.post("/api/v1/transfers/batch").putHeader("Authorization", partner.bearer())
              .sendBuffer(batchBody).toCompletionStage().toCompletableFuture().get();
          double ms = (System.nanoTime() - t0) / 1e6;
          JsonObject summary = r.statusCode() == 200 ? r.bodyAsJsonObject().getJsonObject("data").getJsonObject("summary")
              : null;
          if (summary == null || summary.getInteger("allow") != hashes.size()) {
            wrongRows++;
          }
          if (k > 0) { // the first is a warm-up
            batchMs.add(ms);
          }
        }
        List<Double> chainMs = new ArrayList<>();
        String chainBatch = chainBatch(hashes);
        for (int k = 0; k <= batches; k++) {
          long t0 = System.nanoTime();
          JsonNode answer = MAPPER.readTree(post(chainBatch));
          if (answer.size() != 2 * hashes.size() + 1) {
            throw new IllegalStateException("the chain batch answered " + answer.size() + " parts");
          }
          if (k > 0) {
            chainMs.add((System.nanoTime() - t0) / 1e6);
          }
        }

        System.out.printf("transfer-screen transfers=%d concurrency=%d seconds=%d batches=%d cores=%d%n", hashes.size(),
            concurrency, seconds, batches, cores);
        print("vouch POST /api/v1/transfers", vouch);
        print("bare eth_getTransactionReceipt proxy", receipt);
        print("bare proxy, Vouch's batched call", batched);
        System.out.printf("%-38s %7.0f reads/s (Vouch's chain read alone, no HTTP edge, no database)%n",
            "ChainCheck.evidence", chainReads);
        System.out.printf("ratio vouch / bare receipt proxy: %.2fx; vouch / bare batched call: %.2fx%n",
            vouch.perSecond() / receipt.perSecond(), vouch.perSecond() / batched.perSecond());
        double p50 = median(batchMs);
        System.out.printf("vouch batch of %d: p50 %.1f ms, min %.1f, max %.1f; %.0f transfers/s (%d of %d answers"
            + " wrong)%n", hashes.size(), p50, Collections.min(batchMs), Collections.max(batchMs),
            hashes.size() / (p50 / 1000), wrongRows, batches + 1);
        double chain = median(chainMs);
        System.out.printf("its chain read alone (one JSON-RPC batch of %d calls to Anvil): p50 %.1f ms, min %.1f, max"
            + " %.1f; vouch batch / chain read: %.2fx%n", 2 * hashes.size() + 1, chain, Collections.min(chainMs),
            Collections.max(chainMs), p50 / chain);
        status = allowed == hashes.size() && wrongRows == 0 && vouch.errors() == 0 ? 0 : 1;
        vertx.close();
      }
    } finally {
      follower.shutdownNow();
    }
    System.exit(status);
  }

  /** Completions per second of a closed loop of {@code concurrency} callers. */
  static double loop(int concurrency, int seconds, java.util.function.IntFunction<Future<?>> call) throws Exception {
    java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
    java.util.concurrent.atomic.AtomicInteger done = new java.util.concurrent.atomic.AtomicInteger();
    long deadline = System.nanoTime() + seconds * 1_000_000_000L;
    java.util.concurrent.CountDownLatch over = new java.util.concurrent.CountDownLatch(concurrency);
    for (int c = 0; c < concurrency; c++) {
      step(call, deadline, next, done, over);
    }
    over.await();
    return done.get() / (double) seconds;
  }

  private static void step(java.util.function.IntFunction<Future<?>> call, long deadline,
      java.util.concurrent.atomic.AtomicInteger next, java.util.concurrent.atomic.AtomicInteger done,
      java.util.concurrent.CountDownLatch over) {
    if (System.nanoTime() > deadline) {
      over.countDown();
      return;
    }
    call.apply(next.getAndIncrement()).onComplete(ar -> {
      if (ar.succeeded()) {
        done.incrementAndGet();
      }
      step(call, deadline, next, done, over);
    });
  }

  static JsonObject body(String hash, String address) {
    return new JsonObject().put("chainId", 1).put("txHash", hash).put("address", address).put("direction", "received");
  }

  static void print(String what, ClosedLoop.Result r) {
    System.out.printf("%-38s %7.0f req/s  p50 %6.2f ms  p99 %6.2f ms  max %7.2f ms  requests %d errors %d%n", what,
        r.perSecond(), r.p50Ms(), r.p99Ms(), r.maxMs(), r.requests(), r.errors());
  }

  static double median(List<Double> v) {
    List<Double> s = new ArrayList<>(v);
    Collections.sort(s);
    return s.get(s.size() / 2);
  }

  /** {@code n} USDC deposits from {@code from} to {@code to}, each its own transaction (automine). */
  static List<String> deposits(String from, String to, String usdc, int n) throws Exception {
    rpc("anvil_impersonateAccount", from);
    rpc("anvil_setBalance", from, "0x" + BigInteger.TEN.pow(22).toString(16));
    List<String> hashes = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      ObjectNode tx = MAPPER.createObjectNode().put("from", from).put("to", usdc).put("value", "0x0")
          .put("gas", "0x100000").put("data", "0xa9059cbb" + word(to.substring(2)) + word(Integer.toHexString(1 + i)));
      hashes.add(rpc("eth_sendTransaction", tx).asText());
    }
    for (String h : hashes) {
      JsonNode r = rpc("eth_getTransactionReceipt", h);
      if (r.isNull() || !"0x1".equals(r.get("status").asText())) {
        throw new IllegalStateException("deposit " + h + " not mined or reverted: " + r);
      }
    }
    return hashes;
  }

  /** What Vouch's batch asks the chain: the head, then each transaction and its receipt. */
  static String chainBatch(List<String> hashes) {
    StringBuilder b = new StringBuilder("[{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"eth_blockNumber\",\"params\":[]}");
    int id = 1;
    for (String h : hashes) {
      b.append(",{\"jsonrpc\":\"2.0\",\"id\":").append(id++).append(",\"method\":\"eth_getTransactionByHash\",\"params\":[\"")
          .append(h).append("\"]}");
      b.append(",{\"jsonrpc\":\"2.0\",\"id\":").append(id++).append(",\"method\":\"eth_getTransactionReceipt\",\"params\":[\"")
          .append(h).append("\"]}");
    }
    return b.append(']').toString();
  }

  static String word(String hex) {
    return "0".repeat(64 - hex.length()) + hex;
  }

  static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  static String post(String body) throws Exception {
    return HTTP.send(HttpRequest.newBuilder(URI.create(rpcUrl)).header("content-type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body)).build(), java.net.http.HttpResponse.BodyHandlers.ofString()).body();
  }

  static JsonNode rpc(String method, Object... params) throws Exception {
    ObjectNode req = MAPPER.createObjectNode().put("jsonrpc", "2.0").put("id", 1).put("method", method);
    req.set("params", MAPPER.valueToTree(List.of(params)));
    JsonNode answer = MAPPER.readTree(post(req.toString()));
    if (answer.has("error")) {
      throw new IllegalStateException(method + ": " + answer.get("error"));
    }
    return answer.get("result");
  }

  /**
   * The bare baseline: no router, no budget, no database, no parsing beyond the body. POST
   * /receipt forwards the body (a transaction hash) as one eth_getTransactionReceipt to the Anvil
   * node and writes its answer as is; POST /batch sends Vouch's batched call for one transfer
   * instead (the transaction, its receipt and the head).
   */
  static final class Proxy extends VerticleBase {
    private final int port;

    Proxy(int port) {
      this.port = port;
    }

    @Override
    public Future<?> start() {
      URI node = URI.create(rpcUrl);
      WebClient web = WebClient.create(vertx, new WebClientOptions().setKeepAlive(true)
          .setDefaultHost(node.getHost()).setDefaultPort(node.getPort()), new PoolOptions().setHttp1MaxSize(64));
      String path = node.getPath() == null || node.getPath().isEmpty() ? "/" : node.getPath();
      return vertx.createHttpServer().requestHandler(req -> req.body().onSuccess(b -> {
        String hash = b.toString();
        String call = "/batch".equals(req.path())
            ? "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eth_getTransactionByHash\",\"params\":[\"" + hash + "\"]},"
                + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"eth_getTransactionReceipt\",\"params\":[\"" + hash + "\"]},"
                + "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"eth_blockNumber\",\"params\":[]}]"
            : "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eth_getTransactionReceipt\",\"params\":[\"" + hash + "\"]}";
        web.post(path).putHeader("content-type", "application/json").sendBuffer(Buffer.buffer(call))
            .onSuccess(r -> req.response().putHeader("content-type", "application/json").end(r.body()))
            .onFailure(t -> req.response().setStatusCode(502).end());
      })).listen(port);
    }
  }

  private TransferScreenBench() {}
}
