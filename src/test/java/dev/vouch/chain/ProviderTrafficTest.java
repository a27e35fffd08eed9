package dev.vouch.chain;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vouch.chain.model.ChainOutcome;
import dev.vouch.chain.model.ChainRead;
import dev.vouch.config.AppConfig;
import dev.vouch.config.ChainConfig;
import dev.vouch.config.ChainConfig.Source;
import dev.vouch.config.ChainConfig.SourceType;
import dev.vouch.ops.Metrics;
import dev.vouch.support.Anvil;
import dev.vouch.support.ChainReading;
import dev.vouch.support.FaultyRpc;
import dev.vouch.support.FaultyRpc.Reply;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.ext.web.client.WebClient;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * What a process's calls to providers share (issue 12 item 8): the byte budget over every chain
 * and source, a circuit breaker and a retry budget per provider, and oversized answers asked
 * once. Faults come from a tiny local HTTP server; answers that should succeed come from Anvil.
 */
@Tag("fault")
class ProviderTrafficTest {

  static final Instant T0 = Instant.parse("2024-01-01T00:00:00Z");
  static final long ARC = 5042002;
  /** rpcRetries 3 and maxResponseBytes 1 MiB, as in production apart from the size. */
  static final AppConfig.Indexing IX = new AppConfig.Indexing(1000, 60, 2, 3, 3, 5, 1 << 20, 10, 60, 15, 100);
  static final String EMPTY_BLOCKSCOUT_PAGE = "{\"items\":[],\"next_page_params\":null}";

  static ChainReading reading;
  static Vertx vertx;
  static Anvil arc;
  static String wallet;

  @BeforeAll
  static void seed() {
    // 60 s bounds a failure, it is no timing claim.
    reading = new ChainReading(Duration.ofSeconds(60));
    vertx = reading.vertx;
    arc = Anvil.start(ARC, T0);
    wallet = Anvil.randomAddress();
    String peer = Anvil.randomAddress();
    arc.fund(wallet);
    arc.sendAt(T0.plus(Duration.ofDays(1)), wallet, peer, BigInteger.TEN);
    arc.sendAt(T0.plus(Duration.ofDays(2)), wallet, peer, BigInteger.TEN);
  }

  @AfterAll
  static void stop() {
    arc.close();
    reading.close();
  }

  static ChainConfig rpcChain(ChainConfig.EvidenceMode mode, int concurrency, int maxBatch, String url) {
    return new ChainConfig("Arc Testnet", ARC, "USDC", "https://x/{address}", mode, 1000, List.of(url), 5000,
        concurrency, 100, maxBatch);
  }

  static ChainConfig blockscoutChain(int concurrency, String url) {
    return new ChainConfig("Ethereum Mainnet", 1, "ETH", "https://x/{address}", ChainConfig.EvidenceMode.history, 1000,
        List.of(), 5000, concurrency, 50, 10, List.of(new Source(SourceType.blockscout, url, null, 0, 50, 0, null)));
  }

  /** Each chain's outcome for each wallet, read in parallel by one set of readers. */
  static List<List<ChainRead>> readAll(List<ChainConfig> chains, AppConfig.Indexing ix, List<String> wallets) {
    return reading.readAll(chains, ix, wallets);
  }

  static ChainOutcome read(ChainConfig chain, AppConfig.Indexing ix) {
    return readAll(List.of(chain), ix, List.of(wallet)).get(0).get(0).outcome();
  }


  static ChainOutcome.Failed failed(ChainOutcome o) {
    assertThat(o).isInstanceOf(ChainOutcome.Failed.class);
    return (ChainOutcome.Failed) o;
  }

  static MeterRegistry meters() {
    return Metrics.of(vertx);
  }

  static String rpcLabel(String url) {
    return "Arc Testnet/rpc1/" + url.substring("http://".length());
  }

  @Test
  void inFlightResponseBytesAreBoundedOverEveryChainAndSourceOfTheProcess() {
    // 1 MiB per answer, 2 MiB for the process: two exchanges at once, whatever the chains allow (8 each).
    AppConfig.Indexing ix = IX.withTraffic(2 << 20, 5, 30_000, 20, 10);
    try (FaultyRpc slow = FaultyRpc.start((n, body) -> body.length() == 0
        ? Reply.status(200, EMPTY_BLOCKSCOUT_PAGE).after(100)
        : Reply.forward(arc.url).after(100))) {
      List<String> wallets = new ArrayList<>(Collections.nCopies(8, wallet));
      List<List<ChainRead>> reads = readAll(List.of(
          rpcChain(ChainConfig.EvidenceMode.aggregate, 8, 10, slow.url), blockscoutChain(8, slow.url)), ix, wallets);

      long nonce = new BigInteger(arc.rpc("eth_getTransactionCount", wallet, "latest").asText().substring(2), 16).longValue();
      for (List<ChainRead> perWallet : reads) {
        assertThat(perWallet.get(0).outcome()).isInstanceOfSatisfying(ChainOutcome.Aggregate.class,
            a -> assertThat(a.nonce()).isEqualTo(nonce));
        assertThat(perWallet.get(1).outcome()).isInstanceOfSatisfying(ChainOutcome.History.class,
            h -> assertThat(h.txs()).isEmpty());
      }
      assertThat(slow.requests()).isEqualTo(16);
      assertThat(slow.peakInFlight()).isEqualTo(2);
      ChainTraffic traffic = ChainTraffic.of(vertx, ix);
      assertThat(traffic.bytes().reserved()).isZero();
      assertThat(traffic.bytes().waiting()).isZero();
    }
  }

  @Test
  void anOversizedExplorerAnswerIsStandingAndDownloadedOnce() {
    String huge = "{\"items\":[],\"pad\":\"" + "a".repeat(2 << 20) + "\"}";
    AppConfig.Indexing ix = IX.withTraffic(4 << 20, 5, 30_000, 20, 10);
    try (FaultyRpc flood = FaultyRpc.start((n, body) -> Reply.status(200, huge))) {
      var f = failed(read(blockscoutChain(4, flood.url), ix));
      assertThat(f.standing()).isTrue();
      assertThat(f.reason()).startsWith("OVERSIZE").contains("over " + (1 << 20) + " bytes");
      assertThat(flood.requests()).isEqualTo(1);
      assertThat(ChainTraffic.of(vertx, ix).bytes().reserved()).isZero();
    }
  }

  @Test
  void aProviderFailingRepeatedlyTripsItsBreakerAndLaterCallsNeverReachIt() {
    AppConfig.Indexing ix = IX.withTraffic(128 << 20, 3, 600_000, 100, 600);
    try (FaultyRpc down = FaultyRpc.start((n, body) -> Reply.status(503, ""))) {
      ChainConfig chain = rpcChain(ChainConfig.EvidenceMode.history, 4, 10, down.url);
      var first = failed(read(chain, ix));
      // Three failures open the breaker; the fourth try (rpcRetries 3) is refused unsent.
      assertThat(down.requests()).isEqualTo(3);
      assertThat(first.standing()).isFalse();
      assertThat(first.reason()).startsWith("CIRCUIT_OPEN").contains("BUSY HTTP 503");

      var second = failed(read(chain, ix));
      assertThat(second.standing()).isFalse();
      assertThat(second.reason()).startsWith("CIRCUIT_OPEN");
      assertThat(down.requests()).isEqualTo(3);
      assertThat(meters().get(ChainTraffic.BREAKER_STATE).tag("provider", rpcLabel(down.url)).gauge().value())
          .isEqualTo(2.0);
      assertThat(meters().get(ChainTraffic.BREAKER_REFUSED).tag("provider", rpcLabel(down.url)).counter().count())
          .isEqualTo(2.0);
    }
  }

  @Test
  void afterTheCoolOffOneProbeReachesTheProviderAndItsAnswerClosesTheBreaker() {
    AppConfig.Indexing ix = IX.withTraffic(128 << 20, 3, 300, 100, 600);
    try (FaultyRpc recovering = FaultyRpc.start((n, body) -> n < 3 ? Reply.status(503, "") : Reply.forward(arc.url))) {
      ChainConfig chain = rpcChain(ChainConfig.EvidenceMode.history, 4, 10, recovering.url);
      assertThat(failed(read(chain, ix)).reason()).startsWith("CIRCUIT_OPEN");
      assertThat(recovering.requests()).isEqualTo(3);
      // Reads within the cool-off are refused unsent; the first after it is the probe, and succeeds.
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      ChainOutcome o = read(chain, ix);
      while (o instanceof ChainOutcome.Failed f && System.nanoTime() < deadline) {
        assertThat(f.reason()).startsWith("CIRCUIT_OPEN");
        assertThat(recovering.requests()).isEqualTo(3);
        o = read(chain, ix);
      }
      assertThat(o).isInstanceOfSatisfying(ChainOutcome.History.class, h -> assertThat(h.txs()).hasSize(2));
      assertThat(meters().get(ChainTraffic.BREAKER_STATE).tag("provider", rpcLabel(recovering.url)).gauge().value())
          .isZero();
      assertThat(meters().get(ChainTraffic.BREAKER_OPENED).tag("provider", rpcLabel(recovering.url)).functionCounter()
          .count()).isEqualTo(1.0);
    }
  }

  @Test
  void parallelBatchChunksShareTheProvidersRetryBudget() {
    // 20 chunks of 2 calls in flight at once (as one batch of 40 goes out). Unbudgeted, each would
    // retry 3 times (80 requests); the budget allows rpcRetries (3) + 20 % of 20 first tries = 7.
    AppConfig.Indexing ix = IX.withTraffic(128 << 20, 1000, 600_000, 20, 600);
    try (FaultyRpc busy = FaultyRpc.start((n, body) -> Reply.status(503, ""))) {
      ChainConfig chain = rpcChain(ChainConfig.EvidenceMode.aggregate, 4, 2, busy.url);
      WebClient web = ChainSources.webClient(vertx, chain);
      try {
        RpcClient client = new RpcClient(vertx, web, chain, ix.rpcRetries(), ix.rpcBackoffMs(), ix.maxResponseBytes(),
            ChainTraffic.of(vertx, ix));
        // Joined, not all(): the count is only final once every chunk has given up.
        List<Future<List<JsonNode>>> chunks = reading.onContext(() -> {
          RpcSession session = client.session();
          List<Future<List<JsonNode>>> parts = new ArrayList<>();
          for (int i = 0; i < 20; i++) {
            parts.add(session.batch(List.of(RpcCall.of("eth_blockNumber"), RpcCall.of("eth_chainId"))));
          }
          return Future.join(parts).transform(ar -> Future.succeededFuture(parts));
        });
        assertThat(chunks).allSatisfy(c -> assertThat(c.cause()).isInstanceOfSatisfying(RpcException.class,
            e -> assertThat(e.kind()).isEqualTo(RpcException.Kind.BUSY)));
        assertThat(busy.requests()).isEqualTo(20 + 7);
        String label = rpcLabel(busy.url);
        assertThat(meters().get(ChainTraffic.RETRIES).tag("provider", label).tag("result", "allowed").counter().count())
            .isEqualTo(7.0);
        assertThat(meters().get(ChainTraffic.RETRIES).tag("provider", label).tag("result", "denied").counter().count())
            .isPositive();
      } finally {
        web.close();
      }
    }
  }
}
