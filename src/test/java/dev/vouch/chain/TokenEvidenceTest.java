package dev.vouch.chain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.chain.model.ChainOutcome;
import dev.vouch.chain.model.ChainRead;
import dev.vouch.chain.model.TokenTransfer;
import dev.vouch.config.AppConfig;
import dev.vouch.config.ChainConfig;
import dev.vouch.config.TokenRegistry;
import dev.vouch.indexing.model.AttestationFacts;
import dev.vouch.indexing.model.RunEvidence;
import dev.vouch.score.NewSnapshot;
import dev.vouch.screening.model.ScreeningSet;
import dev.vouch.store.DatabaseUrl;
import dev.vouch.store.Pools;
import dev.vouch.support.Anvil;
import dev.vouch.support.AnvilExplorer;
import dev.vouch.support.ChainReading;
import dev.vouch.support.Erc20;
import dev.vouch.support.FaultyRpc;
import dev.vouch.support.Snapshots;
import dev.vouch.support.Sql;
import dev.vouch.support.TestDatabase;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * ERC-20 Transfer evidence against a real token on a real Anvil node: two registered stablecoins,
 * and an unregistered token with the same symbol that emits spoofed Transfers. What the reader
 * reports, and what a snapshot commits to token_flows, must equal the chain to the smallest unit.
 */
class TokenEvidenceTest {

  static final Instant T0 = Instant.parse("2024-01-01T00:00:00Z");
  static final AppConfig.Indexing IX = new AppConfig.Indexing(1000, 60, 2, 3, 2, 5, 1 << 20, 10, 60, 15, 100);

  static ChainReading reading;
  static Anvil anvil;
  static Erc20 usdc;
  static Erc20 dai;
  static Erc20 fake;
  static String w;
  static String a;
  static String b;

  @BeforeAll
  static void seed() {
    reading = new ChainReading(Duration.ofSeconds(60));
    anvil = Anvil.start(1, T0);
    String issuer = Anvil.randomAddress();
    w = Anvil.randomAddress();
    a = Anvil.randomAddress();
    b = Anvil.randomAddress();
    usdc = Erc20.deployAt(anvil, day(1), issuer, "USD Coin", "USDC", 6);
    dai = Erc20.deployAt(anvil, day(2), issuer, "Dai Stablecoin", "DAI", 18);
    fake = Erc20.deployAt(anvil, day(3), Anvil.randomAddress(), "USD Coin", "USDC", 6);
    usdc.mintAt(day(4), w, BigInteger.valueOf(1_000_000_000));
    usdc.mintAt(day(5), a, BigInteger.valueOf(500_000_000));
    usdc.transferAt(day(6), a, w, BigInteger.valueOf(123_456_789));
    usdc.transferAt(day(7), w, b, BigInteger.valueOf(7));
    dai.mintAt(day(8), b, BigInteger.TEN.pow(19));
    dai.transferAt(day(9), b, w, new BigInteger("1500000000000000001"));
    usdc.transferAt(day(10), w, w, BigInteger.ONE);
    usdc.transferAt(day(11), a, w, BigInteger.valueOf(2));
    // The fake: a spoofed transfer "from a" to the wallet, and a real one of the fake token.
    fake.spoofAt(day(12), a, w, BigInteger.valueOf(1_000_000_000_000L));
    fake.mintAt(day(13), w, BigInteger.valueOf(5));
    // Noise the wallet is not part of.
    usdc.transferAt(day(14), a, b, BigInteger.valueOf(3));
  }

  @AfterAll
  static void stop() {
    anvil.close();
    reading.close();
  }

  static Instant day(int n) {
    return T0.plus(Duration.ofDays(n));
  }

  static ChainConfig chain(String url, int cap) {
    return new ChainConfig("Ethereum Mainnet", 1, "ETH", "https://x/{address}", ChainConfig.EvidenceMode.history, cap,
        List.of(url), 5000, 4, 25, 10).withTokens(List.of(
            new ChainConfig.Token(usdc.address.toUpperCase().replace("0X", "0x"), "USDC", 6, true),
            new ChainConfig.Token(dai.address, "DAI", 18, true)));
  }

  /** The chain's truth: registered-token Transfers naming the wallet, newest first. */
  static List<Erc20.Transfer> truth() {
    List<Erc20.Transfer> out = new ArrayList<>();
    out.addAll(usdc.transfers());
    out.addAll(dai.transfers());
    out.removeIf(t -> !t.from().equals(w) && !t.to().equals(w));
    out.sort((x, y) -> x.block() != y.block() ? Long.compare(y.block(), x.block()) : Long.compare(y.logIndex(), x.logIndex()));
    return out;
  }

  static List<Erc20.Transfer> reported(ChainRead read) {
    return read.tokens().transfers().stream().map(t -> new Erc20.Transfer(t.hash(), t.blockNumber(), t.logIndex(),
        t.timestamp(), t.token(), t.from(), t.to(), t.value())).toList();
  }

  @Test
  void theReaderReportsEveryRegisteredTransferAndNeverAsksForTheFakeToken() {
    ChainRead read = reading.read(chain(anvil.url, 1000), IX, w);
    assertThat(read.outcome()).isInstanceOf(ChainOutcome.History.class);
    assertThat(reported(read)).containsExactlyElementsOf(truth());
    assertThat(read.tokens().transfers()).extracting(TokenTransfer::symbol).containsOnly("USDC", "DAI");
    // eth_getLogs names the registry's contracts (issue 35): the spoofed event and the fake
    // token's own mint are not even read, so they cannot take places under the cap.
    assertThat(read.tokens().unverified()).isZero();
    assertThat(read.tokens().capped()).isFalse();
  }

  @Test
  void aRateLimitIsATransientFailureNotACappedRead() {
    // -32005 is also "query returned more than 10000 results" at some providers; with a rate-limit
    // text it is the key's request rate, and a smaller range would not help (issue 35, item 9).
    try (FaultyRpc rpc = FaultyRpc.start((n, body) -> {
      Object json = io.vertx.core.json.Json.decodeValue(body);
      JsonArray calls = json instanceof JsonArray arr ? arr : new JsonArray().add(json);
      if (calls.stream().map(JsonObject.class::cast).anyMatch(c -> "eth_getLogs".equals(c.getString("method")))) {
        JsonArray errors = new JsonArray();
        calls.forEach(c -> errors.add(new JsonObject().put("jsonrpc", "2.0").put("id", ((JsonObject) c).getValue("id"))
            .put("error", new JsonObject().put("code", -32005).put("message", "rate limited"))));
        return FaultyRpc.Reply.status(200, json instanceof JsonArray ? errors.encode() : errors.getJsonObject(0).encode());
      }
      return FaultyRpc.Reply.forward(anvil.url);
    })) {
      ChainRead read = reading.read(chain(rpc.url, 1000), IX, w);
      assertThat(read.outcome()).isInstanceOfSatisfying(ChainOutcome.Failed.class,
          f -> assertThat(f.standing()).isFalse());
      assertThat(read.tokens()).isNull();
    }
  }

  @Test
  void explorersCountOnlyRegisteredTransfersTowardsTheCap() {
    // Cap 2: the two newest items of the wallet's token list are the fake token's mint and spoof.
    try (AnvilExplorer explorer = AnvilExplorer.start(anvil)) {
      ChainConfig rpc = chain(anvil.url, 2);
      for (ChainConfig.Source source : List.of(
          new ChainConfig.Source(ChainConfig.SourceType.etherscan, explorer.etherscanUrl, null, 0, 2, 0, null),
          new ChainConfig.Source(ChainConfig.SourceType.blockscout, explorer.blockscoutUrl, null, 0, 2, 0, null))) {
        ChainRead read = reading.read(rpc.withSources(List.of(source)), IX, w);
        assertThat(read.source()).isEqualTo(source.name());
        assertThat(read.tokens().capped()).isTrue();
        assertThat(reported(read)).as(source.name()).usingElementComparatorIgnoringFields("logIndex")
            .containsExactlyElementsOf(truth().subList(0, 2));
        assertThat(read.tokens().unverified()).isEqualTo(2);
      }
    }
  }

  @Test
  void aProviderThatRefusesWideRangesIsAskedNarrowerOnesAndTheWalkGrowsBack() {
    long head = Long.decode(anvil.rpc("eth_blockNumber").asText());
    AtomicInteger refused = new AtomicInteger();
    List<Long> answered = new java.util.concurrent.CopyOnWriteArrayList<>();
    try (FaultyRpc rpc = FaultyRpc.start((n, body) -> {
      Object json = io.vertx.core.json.Json.decodeValue(body);
      JsonArray calls = json instanceof JsonArray arr ? arr : new JsonArray().add(json);
      // The Transfer queries of one range ride in one batch, maybe behind eth_chainId and eth_blockNumber.
      JsonObject first = calls.stream().map(JsonObject.class::cast)
          .filter(c -> "eth_getLogs".equals(c.getString("method"))).findFirst().orElse(null);
      if (first != null) {
        JsonObject f = first.getJsonArray("params").getJsonObject(0);
        // The reader asks for the whole chain first with toBlock "latest".
        long to = "latest".equals(f.getString("toBlock")) ? head : Long.decode(f.getString("toBlock"));
        long span = to - Long.decode(f.getString("fromBlock")) + 1;
        if (span > 4) {
          refused.incrementAndGet();
          JsonArray errors = new JsonArray();
          calls.forEach(c -> errors.add(new JsonObject().put("jsonrpc", "2.0").put("id", ((JsonObject) c).getValue("id"))
              .put("error", new JsonObject().put("code", -32005).put("message", "query returned more than 10000 results"))));
          return FaultyRpc.Reply.status(200, json instanceof JsonArray ? errors.encode() : errors.getJsonObject(0).encode());
        }
        answered.add(span);
      }
      return FaultyRpc.Reply.forward(anvil.url);
    })) {
      ChainRead read = reading.read(chain(rpc.url, 1000), IX, w);
      assertThat(read.outcome()).isInstanceOf(ChainOutcome.History.class);
      assertThat(reported(read)).containsExactlyElementsOf(truth());
      assertThat(read.tokens().unverified()).isZero();
      assertThat(refused.get()).isPositive();
      // Only narrow ranges were answered, and together they cover the whole chain, block 0 included.
      assertThat(answered).allMatch(span -> span <= 4);
      assertThat(answered.stream().mapToLong(Long::longValue).sum()).isEqualTo(head + 1);
    }
  }

  @Test
  void etherscanAndBlockscoutTokenTransfersEqualTheChainPageByPage() {
    try (AnvilExplorer explorer = AnvilExplorer.start(anvil)) {
      ChainConfig rpc = chain(anvil.url, 1000);
      ChainConfig.Source etherscan = new ChainConfig.Source(ChainConfig.SourceType.etherscan, explorer.etherscanUrl,
          null, 0, 2, 0, null);
      ChainConfig.Source blockscout = new ChainConfig.Source(ChainConfig.SourceType.blockscout, explorer.blockscoutUrl,
          null, 0, 2, 0, null);
      ChainRead viaBlockscout = reading.read(rpc.withSources(List.of(blockscout)), IX, w);
      assertThat(viaBlockscout.source()).isEqualTo("blockscout");
      assertThat(reported(viaBlockscout)).containsExactlyElementsOf(truth());
      assertThat(viaBlockscout.tokens().unverified()).isEqualTo(2);
      ChainRead viaEtherscan = reading.read(rpc.withSources(List.of(etherscan)), IX, w);
      assertThat(viaEtherscan.source()).isEqualTo("etherscan");
      // tokentx documents no log index: everything else must match, in the same order.
      assertThat(reported(viaEtherscan)).usingElementComparatorIgnoringFields("logIndex").containsExactlyElementsOf(truth());
      assertThat(viaEtherscan.tokens().unverified()).isEqualTo(2);
      assertThat(explorer.requests).anyMatch(q -> "tokentx".equals(q.get("action")) && "2".equals(q.get("page")));
      assertThat(explorer.requests).anyMatch(q -> q.getOrDefault("path", "").endsWith("/token-transfers")
          && q.containsKey("block_number"));
    }
  }

  @Test
  void theCapKeepsTheNewestRegisteredTransfersAndSaysSo() {
    ChainRead read = reading.read(chain(anvil.url, 3), IX, w);
    assertThat(read.tokens().capped()).isTrue();
    // The newest 3 registered Transfers naming the wallet: the fake token's newer mint and spoof
    // take no place under the cap (issue 35; before, they took two of the three).
    assertThat(read.tokens().unverified()).isZero();
    assertThat(reported(read)).containsExactlyElementsOf(truth().subList(0, 3));
  }

  @Test
  void aSnapshotCommitsTokenFlowsThatEqualTheChain() throws Exception {
    ChainConfig cfg = chain(anvil.url, 1000);
    ChainRead read = reading.read(cfg, IX, w);
    String hash = TokenRegistry.hash(List.of(cfg));
    NewSnapshot s = RunEvidence.snapshot(new RunEvidence.Input(w, day(400), 1, ScreeningSet.of("LOCAL", List.of()),
        AttestationFacts.NONE, null, List.of(read), null, hash)).orElseThrow();
    DatabaseUrl db = TestDatabase.fresh();
    io.vertx.core.Vertx vertx = io.vertx.core.Vertx.vertx();
    try {
      Pool pool = Pools.create(vertx, db, 2);
      long id = Snapshots.commit(pool, s);
      assertThat(Sql.one(db, "SELECT token_registry_hash FROM snapshots WHERE id = ?", id).get("token_registry_hash"))
          .isEqualTo(hash);
      // Over JSON-RPC the fake token is never read (the query names the registry): nothing to count.
      assertThat(Sql.one(db, "SELECT unverified_token_transfers FROM snapshot_chains WHERE snapshot_id = ? AND chain_id = 1", id)
          .get("unverified_token_transfers")).isEqualTo(0L);
      // Expected rows from the chain truth: per counterparty and token; no row for self or the fake.
      // The USDC mint to w keeps a row with the zero address (issue 35: valued inflow, no counterparty).
      Map<String, Map<String, Object>> expected = new HashMap<>();
      for (Erc20.Transfer t : truth()) {
        boolean out = t.from().equals(w);
        String other = out ? t.to() : t.from();
        if (other.equals(w)) {
          continue;
        }
        Map<String, Object> e = expected.computeIfAbsent(other + "/" + t.token(), k -> new HashMap<>(Map.of(
            "tx_in", 0, "tx_out", 0, "value_in", BigInteger.ZERO, "value_out", BigInteger.ZERO)));
        e.merge(out ? "tx_out" : "tx_in", 1, (x, y) -> (Integer) x + (Integer) y);
        e.merge(out ? "value_out" : "value_in", t.value(), (x, y) -> ((BigInteger) x).add((BigInteger) y));
        e.merge("first_at", t.at(), (x, y) -> ((Instant) x).isBefore((Instant) y) ? x : y);
        e.merge("last_at", t.at(), (x, y) -> ((Instant) x).isAfter((Instant) y) ? x : y);
        ((List<String>) e.computeIfAbsent("tx_hashes", k -> new ArrayList<String>())).add(t.hash());
      }
      List<Map<String, Object>> rows = Sql.rows(db, "SELECT * FROM token_flows WHERE snapshot_id = ?", id);
      assertThat(rows).hasSize(expected.size()).hasSize(4);
      assertThat(expected).containsKey("0x0000000000000000000000000000000000000000/" + usdc.address);
      for (Map<String, Object> r : rows) {
        Map<String, Object> e = expected.get(r.get("counterparty") + "/" + r.get("token"));
        assertThat(e).as("row %s", r).isNotNull();
        assertThat(r.get("tx_in")).isEqualTo(e.get("tx_in"));
        assertThat(r.get("tx_out")).isEqualTo(e.get("tx_out"));
        assertThat(((BigDecimal) r.get("value_in")).toBigIntegerExact()).isEqualTo(e.get("value_in"));
        assertThat(((BigDecimal) r.get("value_out")).toBigIntegerExact()).isEqualTo(e.get("value_out"));
        assertThat(((Timestamp) r.get("first_at")).toInstant()).isEqualTo(e.get("first_at"));
        assertThat(((Timestamp) r.get("last_at")).toInstant()).isEqualTo(e.get("last_at"));
        assertThat(List.of((String[]) ((java.sql.Array) r.get("tx_hashes")).getArray())).isEqualTo(e.get("tx_hashes"));
        int decimals = r.get("token").equals(dai.address) ? 18 : 6;
        assertThat(r.get("symbol")).isEqualTo(decimals == 18 ? "DAI" : "USDC");
        assertThat(((Number) r.get("decimals")).intValue()).isEqualTo(decimals);
        // USD at 1.00, rounded down to the micro-dollar: DAI's 18th decimal does not show.
        assertThat((BigDecimal) r.get("usd_in")).isEqualByComparingTo(
            new BigDecimal((BigInteger) e.get("value_in")).movePointLeft(decimals).setScale(6, java.math.RoundingMode.DOWN));
      }
      assertThat(Sql.count(db, "SELECT count(*) FROM token_flows WHERE token = ?", fake.address)).isZero();
    } finally {
      vertx.close();
    }
  }

  @Test
  void theScoreEvidenceCountsRegisteredFlowsOfADollarAndNotDustSelfOrTheFake() {
    ChainRead read = reading.read(chain(anvil.url, 1000), IX, w);
    ChainRead nativeOnly = new ChainRead(read.chainId(), read.chain(), read.mode(), read.outcome(), read.source(),
        read.fallbackFrom(), null);
    dev.vouch.score.model.Evidence with = RunEvidence.snapshot(new RunEvidence.Input(w, day(400), 1,
        ScreeningSet.of("LOCAL", List.of()), AttestationFacts.NONE, null, List.of(read))).orElseThrow().evidence();
    dev.vouch.score.model.Evidence without = RunEvidence.snapshot(new RunEvidence.Input(w, day(400), 1,
        ScreeningSet.of("LOCAL", List.of()), AttestationFacts.NONE, null, List.of(nativeOnly))).orElseThrow().evidence();
    // a paid 123.456789 USDC (and 2 base units of dust); b was paid 7 base units of USDC (dust)
    // but paid 1.5 DAI: both count, and met 390 days before the run, both are seasoned. The
    // self-transfer, the mints and the fake token's spoofed "a -> w" count for nothing.
    assertThat(with.uniqueCounterparties()).isEqualTo(without.uniqueCounterparties() + 2);
    assertThat(with.seasonedCounterparties()).isEqualTo(without.seasonedCounterparties() + 2);
    // Two new transactions: a's payment and b's DAI; the wallet's own USDC calls were native already.
    assertThat(with.totalTxCount()).isEqualTo(without.totalTxCount() + 2);
    assertThat(dev.vouch.score.model.ScoreModel.score(with).score())
        .isGreaterThanOrEqualTo(dev.vouch.score.model.ScoreModel.score(without).score());
  }
}
