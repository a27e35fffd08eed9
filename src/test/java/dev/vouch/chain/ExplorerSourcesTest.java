package dev.vouch.chain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.chain.model.ChainOutcome;
import dev.vouch.chain.model.ChainRead;
import dev.vouch.chain.model.ChainTx;
import dev.vouch.config.AppConfig;
import dev.vouch.config.ChainConfig;
import dev.vouch.config.ChainConfig.Source;
import dev.vouch.config.ChainConfig.SourceType;
import dev.vouch.config.Secret;
import dev.vouch.indexing.model.AttestationFacts;
import dev.vouch.indexing.model.RunEvidence;
import dev.vouch.score.NewSnapshot;
import dev.vouch.screening.model.ScreeningSet;
import dev.vouch.store.DatabaseUrl;
import dev.vouch.store.Pools;
import dev.vouch.support.Anvil;
import dev.vouch.support.AnvilExplorer;
import dev.vouch.support.ChainReading;
import dev.vouch.support.HistoryKinds;
import dev.vouch.support.Snapshots;
import dev.vouch.support.Sql;
import dev.vouch.support.TestDatabase;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Etherscan V2 and Blockscout v2 readers end to end against a local explorer that serves a
 * real Anvil chain in those APIs' shapes, compared with Otterscan on the same node; failover,
 * rate-limit answers, pacing and the result window.
 */
class ExplorerSourcesTest {

  static final Instant T0 = Instant.parse("2024-01-01T00:00:00Z");
  static final BigInteger ETH = BigInteger.TEN.pow(18);
  /**
   * One explorer serves every test and some make it fail on purpose: its circuit breaker and
   * retry budget (ProviderTrafficTest) are set out of reach so no test inherits another's failures.
   */
  static final AppConfig.Indexing IX = new AppConfig.Indexing(1000, 60, 2, 3, 3, 5, 1 << 20, 10, 60, 15, 100)
      .withTraffic(128 << 20, 1_000_000, 30_000, 100_000, 10);
  static final long ARC = 5042002;
  /** Top-level transactions of the wallet: 1 out, 1 in, 1 creation, 1 failed call, 30 bulk out. */
  static final int TOP_LEVEL = HistoryKinds.COUNT + 30;

  static ChainReading reading;
  static Vertx vertx;
  static Anvil arc;
  static AnvilExplorer explorer;
  static String wallet;
  static String peer;
  static String forwarder;

  @BeforeAll
  static void seed() {
    // 120 s bounds a failure, it is no timing claim.
    reading = new ChainReading(Duration.ofSeconds(120));
    vertx = reading.vertx;
    arc = Anvil.start(ARC, T0);
    explorer = AnvilExplorer.start(arc);
    HistoryKinds kinds = HistoryKinds.seed(arc, T0, ETH);
    wallet = kinds.wallet();
    peer = kinds.peer();
    // A contract that forwards what it receives to the wallet: the peer's payment reaches the
    // wallet only inside a call (txlistinternal lists it; the evidence rules skip it).
    arc.setNextTimestamp(T0.plus(Duration.ofDays(14)));
    String deploy = arc.send(peer, null, BigInteger.ZERO, "0x602180600b6000396000f3"
        + "60006000600060003473" + wallet.substring(2) + "5af100");
    forwarder = arc.receipt(deploy).get("contractAddress").asText().toLowerCase();
    arc.sendAt(T0.plus(Duration.ofDays(15)), peer, forwarder, ETH);
    arc.bulk(wallet, Anvil.randomAddresses(30), BigInteger.ONE, 5, T0.plus(Duration.ofDays(16)));
  }

  @AfterAll
  static void stop() {
    explorer.close();
    arc.close();
    reading.close();
  }

  @AfterEach
  void serviceAgain() {
    explorer.failWith(0).rateLimitNext(0).perSecond(0).requireKey(null).resultWindow(10_000);
  }

  static Source etherscan(int pageSize, double perSecond) {
    return new Source(SourceType.etherscan, explorer.etherscanUrl, null, perSecond, pageSize, 0, null);
  }

  static Source blockscout(int pageSize) {
    return new Source(SourceType.blockscout, explorer.blockscoutUrl, null, 0, pageSize, 0, null);
  }

  static ChainConfig chain(int cap, Source... sources) {
    boolean otterscan = List.of(sources).stream().anyMatch(s -> s.type() == SourceType.otterscan);
    return new ChainConfig("Arc Testnet", ARC, "USDC", "https://x/{address}", ChainConfig.EvidenceMode.history, cap,
        otterscan ? List.of(arc.url) : List.of(), 5000, 4, 4, 10, List.of(sources));
  }

  static ChainRead read(ChainConfig chain) {
    return read(chain, wallet);
  }

  static ChainRead read(ChainConfig chain, String who) {
    return reading.read(chain, IX, who);
  }

  /** The wallet's own transactions (what the evidence rules count), newest first. */
  static List<ChainTx> counted(ChainRead r) {
    assertThat(r.outcome()).isInstanceOf(ChainOutcome.History.class);
    return ((ChainOutcome.History) r.outcome()).txs().stream()
        .filter(t -> wallet.equals(t.from()) || wallet.equals(t.to())).toList();
  }

  @Test
  void otterscanEtherscanAndBlockscoutCommitIdenticalEvidenceForOneWallet() {
    explorer.resultWindow(12);
    explorer.requests.clear();
    ChainRead viaOtterscan = read(chain(1000, Source.otterscan()));
    ChainRead viaEtherscan = read(chain(1000,
        new Source(SourceType.etherscan, explorer.etherscanUrl, null, 0, 4, 12, null)));
    ChainRead viaBlockscout = read(chain(1000, blockscout(7)));

    assertThat(counted(viaOtterscan)).hasSize(TOP_LEVEL);
    assertThat(counted(viaEtherscan)).isEqualTo(counted(viaOtterscan));
    assertThat(counted(viaBlockscout)).isEqualTo(counted(viaOtterscan));
    assertThat(List.of(viaOtterscan, viaEtherscan, viaBlockscout)).extracting(ChainRead::source)
        .containsExactly("otterscan", "etherscan", "blockscout");
    // The internal-only payment was listed (it counts towards the cap) but never counted.
    assertThat(explorer.requests).anyMatch(q -> "txlistinternal".equals(q.get("action")));
    // The 12-result window forced the walk to restart below the oldest block seen.
    assertThat(explorer.requests.stream().filter(q -> "txlist".equals(q.get("action")))
        .map(q -> q.get("endblock")).distinct().count()).isGreaterThan(2);
    assertThat(explorer.requests).filteredOn(q -> q.containsKey("offset"))
        .allMatch(q -> Integer.parseInt(q.get("page")) * Integer.parseInt(q.get("offset")) <= 12);
    // Blockscout paged with its cursor.
    assertThat(explorer.requests).anyMatch(q -> q.get("path").contains("/transactions") && q.containsKey("block_number"));

    DatabaseUrl db = TestDatabase.fresh();
    Pool pool = Pools.create(vertx, db, 2);
    try {
      Instant now = T0.plus(Duration.ofDays(100));
      List<Long> ids = new ArrayList<>();
      for (ChainRead r : List.of(viaOtterscan, viaEtherscan, viaBlockscout)) {
        NewSnapshot s = RunEvidence.snapshot(new RunEvidence.Input(wallet, now, ARC,
            ScreeningSet.of("LOCAL", List.of(peer)), AttestationFacts.NONE, null, List.of(r))).orElseThrow();
        ids.add(Snapshots.commit(pool, s));
      }
      List<List<Map<String, Object>>> committed = new ArrayList<>();
      for (long id : ids) {
        List<Map<String, Object>> rows = new ArrayList<>();
        // The stored coverage text names the source too; the chain row below is compared without it.
        rows.add(strip(Sql.one(db, "SELECT * FROM snapshots WHERE id = ?", id), "id", "coverage"));
        rows.add(strip(Sql.one(db, "SELECT * FROM snapshot_chains WHERE snapshot_id = ?", id), "snapshot_id", "source"));
        rows.addAll(Sql.rows(db, "SELECT * FROM counterparties WHERE snapshot_id = ? ORDER BY counterparty, chain_id", id)
            .stream().map(r -> strip(r, "snapshot_id")).toList());
        committed.add(rows);
      }
      assertThat(committed.get(1)).isEqualTo(committed.get(0));
      assertThat(committed.get(2)).isEqualTo(committed.get(0));
      assertThat(committed.get(0).get(0)).containsEntry("total_tx_count", (long) TOP_LEVEL)
          .containsEntry("flagged_counterparties", 1).containsEntry("failed_tx_count", 1L);
      assertThat(Sql.rows(db, "SELECT source FROM snapshot_chains ORDER BY snapshot_id"))
          .extracting(r -> r.get("source")).containsExactly("otterscan", "etherscan", "blockscout");
    } finally {
      pool.close();
    }
  }

  static Map<String, Object> strip(Map<String, Object> row, String... columns) {
    Map<String, Object> out = new HashMap<>(row);
    for (String c : columns) {
      out.remove(c);
    }
    // Arrays and JSON come back as driver objects; compare their text.
    out.replaceAll((k, v) -> v instanceof java.sql.Array || v instanceof org.postgresql.util.PGobject ? v.toString() : v);
    return out;
  }

  @Test
  void theHistoryCapCountsTheSameTransactionsOnEveryExplorer() {
    ChainRead e = read(chain(10, etherscan(4, 0)));
    ChainRead b = read(chain(10, blockscout(4)));
    assertThat(((ChainOutcome.History) e.outcome()).capped()).isTrue();
    assertThat(((ChainOutcome.History) b.outcome()).capped()).isTrue();
    assertThat(counted(e)).hasSize(10).isEqualTo(counted(b));
    ChainRead all = read(chain(TOP_LEVEL + 1, blockscout(50)));
    assertThat(((ChainOutcome.History) all.outcome()).capped()).isFalse();
  }

  @Test
  void etherscanRateLimitAnswersAreRetriedAndTheReadCompletes() {
    explorer.rateLimitNext(2);
    int before = explorer.rateLimited.get();
    ChainRead r = read(chain(1000, etherscan(100, 0)));
    assertThat(explorer.rateLimited.get() - before).isEqualTo(2);
    assertThat(counted(r)).hasSize(TOP_LEVEL);
    assertThat(r.fallbackFrom()).isEmpty();
  }

  @Test
  void callsArePacedToTheConfiguredRate() {
    long before = explorer.etherscanCalls("txlist") + explorer.etherscanCalls("txlistinternal");
    long start = System.nanoTime();
    ChainRead r = read(chain(1000, etherscan(10, 4)));
    long elapsedMs = (System.nanoTime() - start) / 1_000_000;
    long calls = explorer.etherscanCalls("txlist") + explorer.etherscanCalls("txlistinternal") - before;
    assertThat(counted(r)).hasSize(TOP_LEVEL);
    // 4 pages of txlist and 1 of txlistinternal at most 4 per second: at least 4 gaps of 250 ms.
    assertThat(calls).isEqualTo(5);
    assertThat(elapsedMs).isGreaterThanOrEqualTo((calls - 1) * 250);
  }

  @Test
  void aSourceThatKeepsFailingHandsOverToTheNextInTheSameRun() {
    explorer.rateLimitNext(1_000);
    ChainRead r = read(chain(1000, etherscan(100, 0), blockscout(50)));
    assertThat(r.source()).isEqualTo("blockscout");
    assertThat(r.fallbackFrom()).containsExactly("etherscan");
    assertThat(counted(r)).hasSize(TOP_LEVEL);
  }

  @Test
  void everySourceDownIsATransientFailureNamingTheSourcesTried() {
    explorer.failWith(503);
    ChainRead r = read(chain(1000, etherscan(100, 0), blockscout(50)));
    assertThat(r.outcome()).isInstanceOfSatisfying(ChainOutcome.Failed.class, f -> assertThat(f.standing()).isFalse());
    assertThat(r.source()).isEqualTo("blockscout");
    assertThat(r.fallbackFrom()).containsExactly("etherscan");
    explorer.failWith(0);
    ChainRead otter = read(chain(1000, etherscan(100, 0), Source.otterscan()));
    assertThat(otter.source()).isEqualTo("etherscan");
  }

  @Test
  void aRefusedKeyIsAStandingFailureAndTheKeyNeverAppearsInTheReason() {
    explorer.requireKey("the-right-key");
    Source wrong = new Source(SourceType.etherscan, explorer.etherscanUrl, "ETHERSCAN_API_KEY", 0, 100, 0,
        Secret.of("wrong-key-5f1d"));
    ChainRead r = read(chain(1000, wrong));
    assertThat(r.outcome()).isInstanceOfSatisfying(ChainOutcome.Failed.class, f -> {
      assertThat(f.standing()).isTrue();
      assertThat(f.reason()).contains("Invalid API Key").doesNotContain("wrong-key-5f1d");
    });
    Source right = new Source(SourceType.etherscan, explorer.etherscanUrl, "ETHERSCAN_API_KEY", 0, 100, 0,
        Secret.of("the-right-key"));
    assertThat(counted(read(chain(1000, right)))).hasSize(TOP_LEVEL);
  }

  @Test
  void aWalletTheExplorersNeverSawHasAnEmptyHistory() {
    String stranger = Anvil.randomAddress();
    for (Source s : List.of(etherscan(100, 0), blockscout(50))) {
      ChainRead r = read(chain(1000, s), stranger);
      assertThat(r.outcome()).isInstanceOfSatisfying(ChainOutcome.History.class, h -> {
        assertThat(h.txs()).isEmpty();
        assertThat(h.capped()).isFalse();
      });
    }
  }

  @Test
  void aWindowSmallerThanConfiguredIsLearntFromTheAnswerAndWalkedPast() {
    explorer.resultWindow(6);
    int before = explorer.requests.size();
    ChainRead r = read(chain(1000, etherscan(3, 0)));
    assertThat(counted(r)).hasSize(TOP_LEVEL);
    assertThat(explorer.requests.subList(before, explorer.requests.size()).stream()
        .filter(q -> "txlist".equals(q.get("action")) && "3".equals(q.get("page")))).hasSize(1);
  }

  @Test
  void oneBlockHoldingMoreThanTheResultWindowIsRefused() {
    explorer.resultWindow(4);
    // The bulk blocks hold 5 transactions of the wallet each: a 4-result window cannot walk past one.
    ChainRead r = read(chain(1000, etherscan(2, 0)));
    assertThat(r.outcome()).isInstanceOfSatisfying(ChainOutcome.Failed.class, f -> {
      assertThat(f.standing()).isTrue();
      assertThat(f.reason()).contains("result window");
    });
  }
}
