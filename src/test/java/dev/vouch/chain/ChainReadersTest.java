package dev.vouch.chain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.chain.model.ChainOutcome;
import dev.vouch.chain.model.ChainTx;
import dev.vouch.config.AppConfig;
import dev.vouch.config.ChainConfig;
import dev.vouch.support.Anvil;
import dev.vouch.support.ChainReading;
import dev.vouch.support.FaultyRpc;
import dev.vouch.support.FaultyRpc.Reply;
import dev.vouch.support.HistoryKinds;
import io.vertx.core.Vertx;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The JSON-RPC client and readers against a real Anvil node, and against faults it cannot produce. */
class ChainReadersTest {

  static final Instant T0 = Instant.parse("2024-01-01T00:00:00Z");
  static final BigInteger ETH = BigInteger.TEN.pow(18);
  static final AppConfig.Indexing IX = new AppConfig.Indexing(1000, 60, 2, 3, 2, 5, 1 << 20, 10, 60, 15, 100);

  static ChainReading reading;
  static Vertx vertx;
  static Anvil arc;
  static Anvil ethereum;
  static String wallet;
  static String peer;
  static String reverter;
  /** Transactions of the wallet: 1 out, 1 in, 1 creation, 1 failed call, 30 bulk out. */
  static final int TOTAL = HistoryKinds.COUNT + 30;

  @BeforeAll
  static void seed() {
    // 60 s bounds a failure, it is no timing claim.
    reading = new ChainReading(Duration.ofSeconds(60));
    vertx = reading.vertx;
    arc = Anvil.start(5042002, T0);
    ethereum = Anvil.start(1, T0);
    HistoryKinds kinds = HistoryKinds.seed(arc, T0, ETH);
    wallet = kinds.wallet();
    peer = kinds.peer();
    reverter = kinds.reverter();
    arc.bulk(wallet, Anvil.randomAddresses(30), BigInteger.ONE, 5, T0.plus(Duration.ofDays(14)));
  }

  @AfterAll
  static void stop() {
    arc.close();
    ethereum.close();
    reading.close();
  }

  static ChainConfig chain(long id, ChainConfig.EvidenceMode mode, int cap, int pageSize, int timeoutMs, String... urls) {
    return new ChainConfig("Chain " + id, id, "ETH", "https://x/{address}", mode, cap, List.of(urls),
        timeoutMs, 4, pageSize, 10);
  }

  static ChainOutcome read(ChainConfig chain) {
    return read(chain, IX);
  }

  static ChainOutcome read(ChainConfig chain, AppConfig.Indexing ix) {
    return reading.read(chain, ix, wallet).outcome();
  }

  static ChainOutcome.Failed failed(ChainOutcome o) {
    assertThat(o).isInstanceOf(ChainOutcome.Failed.class);
    return (ChainOutcome.Failed) o;
  }

  @Test
  void historyPagesFromTheNewestTransactionBackToTheFirst() {
    var h = (ChainOutcome.History) read(chain(5042002, ChainConfig.EvidenceMode.history, 1000, 4, 5000, arc.url));
    assertThat(h.capped()).isFalse();
    assertThat(h.txs()).hasSize(TOTAL);
    assertThat(h.txs()).extracting(ChainTx::blockNumber).isSortedAccordingTo((a, b) -> Long.compare(b, a));
    ChainTx oldest = h.txs().get(TOTAL - 1);
    assertThat(oldest.from()).isEqualTo(wallet);
    assertThat(oldest.to()).isEqualTo(peer);
    assertThat(oldest.value()).isEqualTo(ETH);
    assertThat(oldest.timestamp()).isEqualTo(T0.plus(Duration.ofDays(10)));
    assertThat(h.txs()).filteredOn(t -> !t.success()).singleElement()
        .satisfies(t -> assertThat(t.to()).isEqualTo(reverter));
    assertThat(h.txs()).filteredOn(t -> t.to() == null).singleElement()
        .satisfies(t -> assertThat(t.createdContract()).isEqualTo(reverter));
  }

  @Test
  void historyStopsAtTheCapAndSaysWhetherMoreExisted() {
    var capped = (ChainOutcome.History) read(chain(5042002, ChainConfig.EvidenceMode.history, 10, 4, 5000, arc.url));
    assertThat(capped.txs()).hasSize(10);
    assertThat(capped.capped()).isTrue();
    var exact = (ChainOutcome.History) read(chain(5042002, ChainConfig.EvidenceMode.history, TOTAL, 5, 5000, arc.url));
    assertThat(exact.txs()).hasSize(TOTAL);
    assertThat(exact.capped()).isFalse();
    var oneShort = (ChainOutcome.History) read(chain(5042002, ChainConfig.EvidenceMode.history, TOTAL - 1, 5, 5000, arc.url));
    assertThat(oneShort.capped()).isTrue();
  }

  @Test
  void aggregateReadsNonceBalanceAndCodeInOneBatchedRequest() {
    try (FaultyRpc counting = FaultyRpc.start((n, body) -> Reply.forward(arc.url))) {
      var a = (ChainOutcome.Aggregate) read(chain(5042002, ChainConfig.EvidenceMode.aggregate, 10, 10, 5000, counting.url));
      assertThat(a.nonce()).isEqualTo(TOTAL - 1);
      assertThat(a.balance()).isEqualTo(new BigInteger(arc.rpc("eth_getBalance", wallet, "latest").asText().substring(2), 16));
      assertThat(a.contract()).isFalse();
      assertThat(a.fallback()).isFalse();
      assertThat(counting.requests()).isEqualTo(1);
    }
  }

  @Test
  void nodeWithoutOtterscanGivesAggregateEvidence() {
    try (FaultyRpc noOts = FaultyRpc.start((n, body) -> body.toString().contains("ots_")
        ? Reply.status(200, "{\"jsonrpc\":\"2.0\",\"id\":2,\"error\":{\"code\":-32601,\"message\":\"the method ots_searchTransactionsBefore does not exist\"}}")
        : Reply.forward(arc.url))) {
      var a = (ChainOutcome.Aggregate) read(chain(5042002, ChainConfig.EvidenceMode.history, 10, 10, 5000, noOts.url));
      assertThat(a.fallback()).isTrue();
      assertThat(a.nonce()).isEqualTo(TOTAL - 1);
    }
  }

  @Test
  void busyAnswersAreRetriedWithBackoff() {
    try (FaultyRpc busy = FaultyRpc.start((n, body) -> n < 2 ? Reply.status(n == 0 ? 429 : 503, "") : Reply.forward(arc.url))) {
      var h = (ChainOutcome.History) read(chain(5042002, ChainConfig.EvidenceMode.history, 1000, 100, 5000, busy.url));
      assertThat(h.txs()).hasSize(TOTAL);
      assertThat(busy.requests()).isEqualTo(3);
    }
  }

  @Test
  void serverErrorsAreRetriedAndExhaustedRetriesAreTransient() {
    try (FaultyRpc broken = FaultyRpc.start((n, body) ->
        Reply.status(200, "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32000,\"message\":\"header not found\"}}"))) {
      var f = failed(read(chain(5042002, ChainConfig.EvidenceMode.history, 1000, 100, 5000, broken.url)));
      assertThat(f.standing()).isFalse();
      assertThat(f.reason()).startsWith("SERVER");
      assertThat(broken.requests()).isEqualTo(IX.rpcRetries() + 1);
    }
  }

  @Test
  void failsOverToTheNextUrl() {
    try (FaultyRpc down = FaultyRpc.start((n, body) -> Reply.status(500, "oops"))) {
      var h = (ChainOutcome.History) read(chain(5042002, ChainConfig.EvidenceMode.history, 1000, 100, 5000, down.url, arc.url));
      assertThat(h.txs()).hasSize(TOTAL);
      assertThat(down.requests()).isEqualTo(1);
    }
  }

  @Test
  void silentNodeHitsThePerCallDeadlineAndIsTransient() {
    // The node never answers: only the 200 ms deadline of each exchange can end the read (read()
    // gives up after 60 s, a bound for a failure, not a timing claim).
    try (FaultyRpc silent = FaultyRpc.start((n, body) -> Reply.silence())) {
      var f = failed(read(chain(5042002, ChainConfig.EvidenceMode.history, 1000, 100, 200, silent.url)));
      assertThat(f.standing()).isFalse();
      assertThat(f.reason()).startsWith("TRANSPORT");
      assertThat(silent.requests()).isEqualTo(IX.rpcRetries() + 1);
    }
  }

  @Test
  void malformedJsonIsTransient() {
    try (FaultyRpc garbled = FaultyRpc.start((n, body) -> Reply.status(200, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":[tru"))) {
      var f = failed(read(chain(5042002, ChainConfig.EvidenceMode.history, 1000, 100, 5000, garbled.url)));
      assertThat(f.standing()).isFalse();
      assertThat(f.reason()).startsWith("MALFORMED");
    }
  }

  @Test
  void wrongShapesAreRefused() {
    // A real answer with the receipts dropped: txs and receipts no longer line up.
    try (FaultyRpc liar = FaultyRpc.start((n, body) -> body.toString().contains("ots_")
        ? Reply.status(200, "[{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"0x4cef52\"},{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":"
            + "{\"txs\":[{\"hash\":\"0x" + "1".repeat(64) + "\"}],\"receipts\":[],\"firstPage\":true,\"lastPage\":true}}]")
        : Reply.forward(arc.url))) {
      var f = failed(read(chain(5042002, ChainConfig.EvidenceMode.history, 1000, 100, 5000, liar.url)));
      assertThat(f.reason()).contains("parallel arrays");
    }
  }

  @Test
  void urlOfAnotherChainIsStandingAndNeverReadFrom() {
    var f = failed(read(chain(5042002, ChainConfig.EvidenceMode.history, 1000, 100, 5000, ethereum.url)));
    assertThat(f.standing()).isTrue();
    assertThat(f.reason()).startsWith("WRONG_CHAIN");
    var h = (ChainOutcome.History) read(chain(5042002, ChainConfig.EvidenceMode.history, 1000, 100, 5000, ethereum.url, arc.url));
    assertThat(h.txs()).hasSize(TOTAL);
  }

  @Test
  void redirectsAreNeverFollowed() {
    try (FaultyRpc target = FaultyRpc.start((n, body) -> Reply.forward(arc.url));
        FaultyRpc mover = FaultyRpc.start((n, body) -> Reply.redirect(target.url))) {
      var f = failed(read(chain(5042002, ChainConfig.EvidenceMode.history, 1000, 100, 5000, mover.url)));
      assertThat(f.standing()).isTrue();
      assertThat(f.reason()).contains("HTTP 302");
      assertThat(target.requests()).isZero();
    }
  }

  @Test
  void oversizedAnswersAreStandingAndDownloadedOnce() {
    // The same question gets the same oversized answer: asking again would only download it again.
    String huge = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"" + "a".repeat(2 << 20) + "\"}";
    try (FaultyRpc flood = FaultyRpc.start((n, body) -> Reply.status(200, huge))) {
      var f = failed(read(chain(5042002, ChainConfig.EvidenceMode.history, 1000, 100, 5000, flood.url)));
      assertThat(f.standing()).isTrue();
      assertThat(f.reason()).startsWith("OVERSIZE").contains("over " + IX.maxResponseBytes() + " bytes");
      assertThat(flood.requests()).isEqualTo(1);
    }
  }

  @Test
  void nodeRefusingBatchesGetsOneCallPerRequest() {
    try (FaultyRpc noBatch = FaultyRpc.start((n, body) -> body.toString().startsWith("[")
        ? Reply.status(200, "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,\"message\":\"batch not supported\"}}")
        : Reply.forward(arc.url))) {
      var a = (ChainOutcome.Aggregate) read(chain(5042002, ChainConfig.EvidenceMode.aggregate, 10, 10, 5000, noBatch.url));
      assertThat(a.nonce()).isEqualTo(TOTAL - 1);
      assertThat(noBatch.requests()).isEqualTo(1 + 5);
    }
  }
}
