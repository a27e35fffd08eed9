package dev.vouch.chain;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import dev.vouch.chain.model.ChainOutcome;
import dev.vouch.chain.model.ChainRead;
import dev.vouch.config.ChainConfig;
import dev.vouch.config.TokenRegistry;
import dev.vouch.indexing.model.AttestationFacts;
import dev.vouch.indexing.model.RunEvidence;
import dev.vouch.score.NewSnapshot;
import dev.vouch.screening.model.ScreeningSet;
import dev.vouch.store.DatabaseUrl;
import dev.vouch.store.Pools;
import dev.vouch.support.AnvilExplorer;
import dev.vouch.support.Erc20;
import dev.vouch.support.FaultyRpc;
import dev.vouch.support.Snapshots;
import dev.vouch.support.Sql;
import dev.vouch.support.TestDatabase;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.function.BiFunction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Token reads that stop at a cap keep what they read and say so (issue 24, defect a), and explorer
 * token pages that repeat a transfer count it once (defect c). The chain and token of
 * TokenEvidenceTest; the faults a real provider shows only sometimes come from small local servers
 * in front of the node or of the node's explorer.
 */
class TokenCapsTest {

  static final ObjectMapper MAPPER = new ObjectMapper();

  @BeforeAll
  static void seed() {
    TokenEvidenceTest.seed();
  }

  @AfterAll
  static void stop() {
    TokenEvidenceTest.stop();
  }

  static String w() {
    return TokenEvidenceTest.w;
  }

  static ChainRead read(ChainConfig chain) {
    return TokenEvidenceTest.reading.read(chain, TokenEvidenceTest.IX, w());
  }

  @Test
  void aBlockTheProviderRefusesEvenAloneEndsTheWalkCappedWithEveryNewerTransferKept() {
    List<Erc20.Transfer> truth = TokenEvidenceTest.truth();
    // The DAI transfer into the wallet: its block is "too many results" at any range, one block included.
    long dense = truth.stream().filter(t -> t.token().equals(TokenEvidenceTest.dai.address)).findFirst().orElseThrow().block();
    try (FaultyRpc rpc = FaultyRpc.start((n, body) -> {
      Object json = io.vertx.core.json.Json.decodeValue(body);
      JsonArray calls = json instanceof JsonArray arr ? arr : new JsonArray().add(json);
      for (Object c : calls) {
        JsonObject call = (JsonObject) c;
        if ("eth_getLogs".equals(call.getString("method"))) {
          JsonObject f = call.getJsonArray("params").getJsonObject(0);
          String to = f.getString("toBlock");
          if (Long.decode(f.getString("fromBlock")) <= dense && ("latest".equals(to) || dense <= Long.decode(to))) {
            JsonArray errors = new JsonArray();
            calls.forEach(x -> errors.add(new JsonObject().put("jsonrpc", "2.0").put("id", ((JsonObject) x).getValue("id"))
                .put("error", new JsonObject().put("code", -32005).put("message", "query returned more than 10000 results"))));
            return FaultyRpc.Reply.status(200, json instanceof JsonArray ? errors.encode() : errors.getJsonObject(0).encode());
          }
        }
      }
      return FaultyRpc.Reply.forward(TokenEvidenceTest.anvil.url);
    })) {
      ChainRead read = read(TokenEvidenceTest.chain(rpc.url, 1000));
      // The chain keeps its native evidence; the token read is capped at the refused block.
      assertThat(read.outcome()).isInstanceOf(ChainOutcome.History.class);
      assertThat(read.tokens().capped()).isTrue();
      assertThat(TokenEvidenceTest.reported(read)).isNotEmpty()
          .containsExactlyElementsOf(truth.stream().filter(t -> t.block() > dense).toList());
      assertThat(read.tokens().unverified()).isZero();
    }
  }

  @Test
  void anEtherscanWindowSmallerThanConfiguredCapsTheTokenReadInsteadOfFailingTheChain() {
    try (AnvilExplorer explorer = AnvilExplorer.start(TokenEvidenceTest.anvil).resultWindow(4)) {
      ChainConfig.Source etherscan = new ChainConfig.Source(ChainConfig.SourceType.etherscan, explorer.etherscanUrl,
          null, 0, 2, 0, null);
      ChainRead read = read(TokenEvidenceTest.chain(TokenEvidenceTest.anvil.url, 1000).withSources(List.of(etherscan)));
      assertThat(read.source()).isEqualTo("etherscan");
      assertThat(read.outcome()).isInstanceOf(ChainOutcome.History.class);
      assertThat(read.tokens().capped()).isTrue();
      // Two pages of two: the fake mint, the spoof, and the two newest USDC transfers naming the wallet.
      assertThat(read.tokens().unverified()).isEqualTo(2);
      assertThat(TokenEvidenceTest.reported(read)).usingElementComparatorIgnoringFields("logIndex")
          .containsExactlyElementsOf(TokenEvidenceTest.truth().subList(0, 2));
    }
  }

  @Test
  void aBlockscoutTokenPageOverTheSizeLimitCapsTheReadWithTheEarlierPagesKept() {
    try (AnvilExplorer explorer = AnvilExplorer.start(TokenEvidenceTest.anvil);
        Proxy proxy = new Proxy(explorer.blockscoutUrl, (path, body) -> {
          if (path.contains("/token-transfers") && path.contains("block_number=")) {
            return "{\"items\":[],\"pad\":\"" + "x".repeat(TokenEvidenceTest.IX.maxResponseBytes() + 10) + "\"}";
          }
          return body;
        })) {
      ChainConfig.Source blockscout = new ChainConfig.Source(ChainConfig.SourceType.blockscout, proxy.url,
          null, 0, 2, 0, null);
      ChainRead read = read(TokenEvidenceTest.chain(TokenEvidenceTest.anvil.url, 1000).withSources(List.of(blockscout)));
      assertThat(read.source()).isEqualTo("blockscout");
      assertThat(read.outcome()).isInstanceOf(ChainOutcome.History.class);
      assertThat(read.tokens().capped()).isTrue();
      // The first page alone: the fake mint and the spoof, both only counted.
      assertThat(read.tokens().unverified()).isEqualTo(2);
      assertThat(read.tokens().transfers()).isEmpty();
    }
  }

  @Test
  void aTransferEtherscanRepeatsOnTheNextPageCountsOnce() {
    // The list shifts by one between two calls (a new transfer at the head, or a block reordered):
    // every page after the first starts with the last item of the page before.
    try (AnvilExplorer explorer = AnvilExplorer.start(TokenEvidenceTest.anvil);
        Proxy proxy = new Proxy(explorer.etherscanUrl, null)) {
      proxy.rewrite = (path, body) -> path.contains("action=tokentx") ? proxy.shifted(path) : body;
      ChainConfig.Source etherscan = new ChainConfig.Source(ChainConfig.SourceType.etherscan, proxy.url,
          null, 0, 2, 0, null);
      ChainRead read = read(TokenEvidenceTest.chain(TokenEvidenceTest.anvil.url, 1000).withSources(List.of(etherscan)));
      assertThat(proxy.repeated).isPositive();
      assertThat(read.tokens().capped()).isFalse();
      assertThat(TokenEvidenceTest.reported(read)).usingElementComparatorIgnoringFields("logIndex")
          .containsExactlyElementsOf(TokenEvidenceTest.truth());
      assertThat(read.tokens().unverified()).isEqualTo(2);
    }
  }

  @Test
  void identityUsesTheLogIndexWhenTheExplorerGivesOne() {
    ObjectNode a = MAPPER.createObjectNode().put("logIndex", "7");
    ObjectNode none = MAPPER.createObjectNode();
    String hash = "0x" + "ab".repeat(32);
    var raw = new TokenTransfers.Raw(hash, 10, 7, null, "0x" + "1".repeat(40), "0x" + "2".repeat(40),
        "0x" + "3".repeat(40), java.math.BigInteger.TEN);
    assertThat(EtherscanReader.identity(a, raw, new java.util.HashMap<>())).isEqualTo(hash + "/7");
    // Without one, two equal transfers on one page stay two; the same on another page is the first again.
    Map<String, Integer> page = new java.util.HashMap<>();
    String first = EtherscanReader.identity(none, raw, page);
    assertThat(EtherscanReader.identity(none, raw, page)).isNotEqualTo(first);
    assertThat(EtherscanReader.identity(none, raw, new java.util.HashMap<>())).isEqualTo(first);
  }

  @Test
  void aSnapshotSaysWhetherEachChainsTokenReadWasCappedAndKeepsWhatWasRead() throws Exception {
    ChainConfig capped = TokenEvidenceTest.chain(TokenEvidenceTest.anvil.url, 3);
    ChainRead read = read(capped);
    assertThat(read.tokens().capped()).isTrue();
    NewSnapshot s = RunEvidence.snapshot(new RunEvidence.Input(w(), TokenEvidenceTest.day(400), 1,
        ScreeningSet.of("LOCAL", List.of()), AttestationFacts.NONE, null, List.of(read), null,
        TokenRegistry.hash(List.of(capped)))).orElseThrow();
    DatabaseUrl db = TestDatabase.fresh();
    io.vertx.core.Vertx vertx = io.vertx.core.Vertx.vertx();
    try {
      Pool pool = Pools.create(vertx, db, 2);
      long id = Snapshots.commit(pool, s);
      assertThat(Sql.one(db, "SELECT tokens_capped FROM snapshot_chains WHERE snapshot_id = ?", id).get("tokens_capped"))
          .isEqualTo(true);
      // The newest three registered transfers are stored although the read was capped: USDC in
      // from a, the self-transfer (no row) and DAI in from b.
      List<Erc20.Transfer> newest = TokenEvidenceTest.truth().subList(0, 3);
      assertThat(newest.get(1).from()).isEqualTo(newest.get(1).to());
      assertThat(Sql.rows(db, "SELECT counterparty, tx_in, value_in::text AS v FROM token_flows WHERE snapshot_id = ?", id))
          .containsExactlyInAnyOrder(
              Map.of("counterparty", newest.get(0).from(), "tx_in", 1, "v", newest.get(0).value().toString()),
              Map.of("counterparty", newest.get(2).from(), "tx_in", 1, "v", newest.get(2).value().toString()));

      ChainRead full = read(TokenEvidenceTest.chain(TokenEvidenceTest.anvil.url, 1000));
      long second = Snapshots.commit(pool, RunEvidence.snapshot(new RunEvidence.Input(w(), TokenEvidenceTest.day(401), 1,
          ScreeningSet.of("LOCAL", List.of()), AttestationFacts.NONE, null, List.of(full), null, null)).orElseThrow());
      assertThat(Sql.one(db, "SELECT tokens_capped FROM snapshot_chains WHERE snapshot_id = ?", second).get("tokens_capped"))
          .isEqualTo(false);
    } finally {
      vertx.close();
    }
  }

  @Test
  void tokenEvidenceSwitchedOffReadsNoTransferLogsAndRecordsNoRegistry() {
    assertThat(dev.vouch.config.ConfigLoader.load(Map.of()).indexing().tokenEvidence()).isTrue();
    assertThat(dev.vouch.config.ConfigLoader.load(Map.of("VOUCH_INDEXING_TOKEN_EVIDENCE", "false")).indexing()
        .tokenEvidence()).isFalse();
    java.util.concurrent.atomic.AtomicInteger getLogs = new java.util.concurrent.atomic.AtomicInteger();
    try (FaultyRpc rpc = FaultyRpc.start((n, body) -> {
      if (body.toString().contains("eth_getLogs")) {
        getLogs.incrementAndGet();
      }
      return FaultyRpc.Reply.forward(TokenEvidenceTest.anvil.url);
    })) {
      ChainConfig chain = TokenEvidenceTest.chain(rpc.url, 1000);
      ChainRead read = TokenEvidenceTest.reading.read(chain, TokenEvidenceTest.IX.withTokenEvidence(false), w());
      assertThat(read.outcome()).isInstanceOf(ChainOutcome.History.class);
      assertThat(read.tokens()).isNull();
      assertThat(getLogs.get()).isZero();
      ChainReaders readers = TokenEvidenceTest.reading.onContext(() -> ChainReaders.deploy(
          TokenEvidenceTest.reading.vertx, List.of(chain), TokenEvidenceTest.IX.withTokenEvidence(false), false));
      try {
        assertThat(readers.tokenRegistryHash()).isNull();
      } finally {
        TokenEvidenceTest.reading.onContext(readers::close);
      }
    }
  }

  /** Forwards GETs to an explorer, rewriting answers as the test says. */
  static final class Proxy implements AutoCloseable {
    final String url;
    final String upstream;
    final HttpServer server;
    final HttpClient client = HttpClient.newHttpClient();
    volatile BiFunction<String, String, String> rewrite;
    volatile int repeated;

    Proxy(String upstream, BiFunction<String, String, String> rewrite) {
      this.upstream = upstream;
      this.rewrite = rewrite;
      URI u = URI.create(upstream);
      try {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
      server.setExecutor(Executors.newFixedThreadPool(2));
      server.createContext("/", ex -> {
        String path = ex.getRequestURI().getRawPath().substring(u.getRawPath().length())
            + (ex.getRequestURI().getRawQuery() == null ? "" : "?" + ex.getRequestURI().getRawQuery());
        String body;
        try {
          body = this.rewrite.apply(path, get(path));
        } catch (Exception e) {
          body = "{}";
        }
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(200, bytes.length);
        ex.getResponseBody().write(bytes);
        ex.close();
      });
      server.start();
      this.url = "http://127.0.0.1:" + server.getAddress().getPort() + u.getRawPath();
    }

    String get(String path) throws IOException, InterruptedException {
      return client.send(HttpRequest.newBuilder(URI.create(upstream + path)).build(),
          HttpResponse.BodyHandlers.ofString()).body();
    }

    /** tokentx page p of offset o as if one item had arrived at the head: items (p-1)*o-1 .. p*o-2. */
    String shifted(String path) {
      try {
        int page = Integer.parseInt(param(path, "page"));
        int offset = Integer.parseInt(param(path, "offset"));
        if (page == 1) {
          return get(path);
        }
        JsonNode all = MAPPER.readTree(get(path.replace("page=" + page, "page=1").replace("offset=" + offset, "offset=1000")));
        ObjectNode out = MAPPER.createObjectNode();
        ArrayNode items = out.putArray("result");
        int from = (page - 1) * offset - 1;
        for (int i = from; i < Math.min(all.get("result").size(), from + offset); i++) {
          items.add(all.get("result").get(i));
        }
        if (items.isEmpty()) {
          return "{\"status\":\"0\",\"message\":\"No transactions found\",\"result\":[]}";
        }
        repeated++;
        return out.put("status", "1").put("message", "OK").toString();
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }

    static String param(String path, String name) {
      for (String kv : path.substring(path.indexOf('?') + 1).split("&")) {
        if (kv.startsWith(name + "=")) {
          return kv.substring(name.length() + 1);
        }
      }
      throw new IllegalArgumentException(name);
    }

    @Override
    public void close() {
      server.stop(0);
    }
  }
}
