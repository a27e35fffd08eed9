package dev.vouch.interaction;

import static dev.vouch.support.Backdated.days;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.interaction.model.GraphModel;
import dev.vouch.support.Anvil;
import dev.vouch.support.Backdated;
import dev.vouch.support.Erc20;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The interaction graph with registered-token evidence (issue 24, CONTRACT 9), indexed through
 * intake from a real Anvil chain holding real ERC-20 tokens: two registered stablecoins (USDC, 6
 * decimals; DAI, 18) and an unregistered token with the same symbol that emits spoofed Transfer
 * events. Every per-asset figure the API reports is compared with the tokens' Transfer events to
 * the smallest unit; spoofed and unregistered transfers add no node and no asset.
 */
class TokenGraphApiTest {

  static final String ZERO = "0x0000000000000000000000000000000000000000";

  static Anvil chain;
  static TestApp app;
  static Erc20 usdc;
  static Erc20 dai;
  static Erc20 fake;
  static String w;
  /** Native both ways and USDC in: a mixed node. */
  static String a;
  /** Only USDC out and DAI in: a token-only node. */
  static String t;
  /** Named only by spoofed Transfers of the unregistered token: never a node. */
  static String s;
  static String x;

  @BeforeAll
  static void seed() throws IOException {
    chain = Anvil.start(1, Backdated.GENESIS);
    w = Anvil.randomAddress();
    a = Anvil.randomAddress();
    t = Anvil.randomAddress();
    s = Anvil.randomAddress();
    x = Anvil.randomAddress();
    List.of(w, a, t).forEach(chain::fund);
    String issuer = Anvil.randomAddress();
    usdc = Erc20.deployAt(chain, days(1), issuer, "USD Coin", "USDC", 6);
    dai = Erc20.deployAt(chain, days(2), issuer, "Dai Stablecoin", "DAI", 18);
    fake = Erc20.deployAt(chain, days(3), Anvil.randomAddress(), "USD Coin", "USDC", 6);
    usdc.mintAt(days(4), w, BigInteger.valueOf(1_000_000_000));
    usdc.mintAt(days(5), a, BigInteger.valueOf(500_000_000));
    dai.mintAt(days(6), t, BigInteger.TEN.pow(19));
    chain.sendAt(days(10), w, a, BigInteger.valueOf(3));
    chain.sendAt(days(11), a, w, BigInteger.valueOf(5));
    usdc.transferAt(days(12), a, w, BigInteger.valueOf(123_456_789));
    usdc.transferAt(days(13), w, t, BigInteger.valueOf(7));
    dai.transferAt(days(14), t, w, new BigInteger("1500000000000000001"));
    usdc.transferAt(days(15), w, t, BigInteger.valueOf(1_000_000));
    // The unregistered token: spoofed Transfers naming the wallet both ways, and a mint to it.
    fake.spoofAt(days(16), s, w, BigInteger.valueOf(1_000_000_000_000L));
    fake.spoofAt(days(17), w, x, BigInteger.valueOf(5));
    fake.mintAt(days(18), w, BigInteger.valueOf(5));
    // Noise the wallet is not part of, and a self-transfer (no counterparty).
    usdc.transferAt(days(19), a, x, BigInteger.valueOf(3));
    usdc.transferAt(days(20), w, w, BigInteger.ONE);

    Map<String, String> env = new HashMap<>(TestApp.UNMETERED);
    env.put("CHAINS_FILE", chainsFile().toString());
    env.put("VOUCH_INDEXING_POLL_MS", "100");
    app = TestApp.start(env);
    assertThat(app.send(HttpMethod.POST, "/api/v1/intake/" + w, null, Map.of()).statusCode()).isEqualTo(202);
    Sql.await("committed snapshot of " + w, 60_000, () -> !"not_indexed".equals(
        graph("").getJsonObject("coverage").getString("status")));
  }

  @AfterAll
  static void stop() {
    app.close();
    chain.close();
  }

  /** One history chain registering USDC and DAI (not the fake). */
  static Path chainsFile() throws IOException {
    String yaml = """
        chains:
          - name: Ethereum Mainnet
            chainId: 1
            symbol: ETH
            explorer: https://explorer.invalid/1/address/{address}
            mode: history
            historyCap: 1000
            rpcUrls: [%s]
            timeoutMs: 5000
            concurrency: 4
            pageSize: 25
            maxBatch: 10
            confirmations: 1
            tokens:
              - { address: "%s", symbol: USDC, decimals: 6, usd: true }
              - { address: "%s", symbol: DAI, decimals: 18, usd: true }
        """.formatted(chain.url, usdc.address, dai.address);
    Path file = Files.createTempFile("vouch-token-chains", ".yaml");
    file.toFile().deleteOnExit();
    Files.writeString(file, yaml);
    return file;
  }

  static JsonObject graph(String query) {
    var r = app.get("/api/v1/interaction-graph/" + w + query);
    assertThat(r.statusCode()).as(r.bodyAsString()).isEqualTo(200);
    return TestApp.data(r).getJsonObject("interactionGraph");
  }

  static JsonObject node(JsonObject graph, String address) {
    return graph.getJsonArray("nodes").stream().map(JsonObject.class::cast)
        .filter(n -> n.getString("walletAddress").equals(address)).findFirst()
        .orElseThrow(() -> new AssertionError("no node " + address + " in " + graph.encode()));
  }

  /** Chain truth per counterparty and registered token: the Transfer events naming the wallet. */
  record Flow(int in, int out, BigInteger valueIn, BigInteger valueOut, Instant first, Instant last) {
    Flow add(boolean outbound, BigInteger value, Instant at) {
      return new Flow(in + (outbound ? 0 : 1), out + (outbound ? 1 : 0), outbound ? valueIn : valueIn.add(value),
          outbound ? valueOut.add(value) : valueOut, first == null || at.isBefore(first) ? at : first,
          last == null || at.isAfter(last) ? at : last);
    }
  }

  static Map<String, Map<String, Flow>> truth() {
    Map<String, Map<String, Flow>> out = new TreeMap<>();
    for (Erc20 token : List.of(usdc, dai)) {
      for (Erc20.Transfer e : token.transfers()) {
        boolean outbound = e.from().equals(w);
        String other = outbound ? e.to() : e.from();
        if ((!outbound && !e.to().equals(w)) || other.equals(w) || other.equals(ZERO)) {
          continue;
        }
        out.computeIfAbsent(other, k -> new TreeMap<>()).merge(token.address,
            new Flow(0, 0, BigInteger.ZERO, BigInteger.ZERO, null, null).add(outbound, e.value(), e.at()),
            (p, q) -> p.add(outbound, e.value(), e.at()));
      }
    }
    return out;
  }

  /** The API's exact decimal of whole token units back in base units (fails if not exact). */
  static BigInteger units(String decimal, int decimals) {
    return new BigDecimal(decimal).movePointRight(decimals).toBigIntegerExact();
  }

  @Test
  void everyAssetFigureEqualsTheChainToTheSmallestUnit() {
    JsonObject g = graph("?limit=50");
    Map<String, Map<String, Flow>> truth = truth();
    assertThat(truth).containsOnlyKeys(a, t);
    Map<String, Erc20> byAddress = Map.of(usdc.address, usdc, dai.address, dai);
    int compared = 0;
    for (Object o : g.getJsonArray("nodes")) {
      JsonObject n = (JsonObject) o;
      Map<String, Flow> want = truth.getOrDefault(n.getString("walletAddress"), Map.of());
      JsonArray assets = n.getJsonArray("assets");
      assertThat(assets).as("assets of %s", n.encode()).isNotNull();
      assertThat(assets.stream().map(e -> ((JsonObject) e).getString("contract")).toList())
          .as("assets of %s", n.getString("walletAddress")).containsExactlyInAnyOrderElementsOf(want.keySet());
      for (Object e : assets) {
        JsonObject asset = (JsonObject) e;
        Erc20 token = byAddress.get(asset.getString("contract"));
        Flow f = want.get(asset.getString("contract"));
        assertThat(asset.getString("symbol")).isEqualTo(token.symbol);
        assertThat(asset.getLong("chainId")).isEqualTo(1L);
        assertThat(asset.getInteger("decimals")).isEqualTo(token.decimals);
        assertThat(asset.getJsonObject("transactionCount")).isEqualTo(new JsonObject()
            .put("total", f.in() + f.out()).put("in", f.in()).put("out", f.out()));
        JsonObject value = asset.getJsonObject("value");
        assertThat(units(value.getString("in"), token.decimals)).isEqualTo(f.valueIn());
        assertThat(units(value.getString("out"), token.decimals)).isEqualTo(f.valueOut());
        // Registered USD stablecoins at 1.00, rounded down to the micro-dollar.
        JsonObject usd = asset.getJsonObject("usd");
        assertThat(new BigDecimal(usd.getString("in"))).isEqualByComparingTo(
            new BigDecimal(f.valueIn()).movePointLeft(token.decimals).setScale(6, RoundingMode.DOWN));
        assertThat(new BigDecimal(usd.getString("out"))).isEqualByComparingTo(
            new BigDecimal(f.valueOut()).movePointLeft(token.decimals).setScale(6, RoundingMode.DOWN));
        assertThat(Instant.parse(asset.getString("firstTransferAt"))).isEqualTo(f.first());
        assertThat(Instant.parse(asset.getString("lastTransferAt"))).isEqualTo(f.last());
        compared++;
      }
    }
    assertThat(compared).isEqualTo(3);
    // Spelled out once: DAI's 18th decimal survives; the 7 USDC base units are 0.000007.
    JsonObject daiIn = node(g, t).getJsonArray("assets").stream().map(JsonObject.class::cast)
        .filter(e -> e.getString("contract").equals(dai.address)).findFirst().orElseThrow();
    assertThat(daiIn.getJsonObject("value")).isEqualTo(new JsonObject().put("in", "1.500000000000000001").put("out", "0"));
    assertThat(daiIn.getJsonObject("usd")).isEqualTo(new JsonObject().put("in", "1.5").put("out", "0"));
    assertThat(g.getJsonObject("capabilities").getBoolean("assetDetails")).isTrue();
    assertThat(g.getJsonArray("explanations").getList()).contains(GraphModel.ASSETS);
  }

  @Test
  void theNodesAreTheNativeCounterpartiesPlusTheRegisteredTokenOnesAndNothingSpoofed() {
    JsonObject g = graph("?limit=50");
    // a (native and USDC), t (tokens only) and the USDC contract the wallet called (native: 3
    // transfer calls). Not the spoofers' names, the fake token, its owner, the mint's zero address.
    List<String> expected = Stream.of(a, t, usdc.address).sorted().toList();
    assertThat(g.getJsonArray("nodes").stream().map(n -> ((JsonObject) n).getString("walletAddress")).toList())
        .containsExactlyElementsOf(expected).doesNotContain(s, x, fake.address, ZERO, w);
    assertThat(g.getJsonObject("summary").getInteger("totalCounterparties")).isEqualTo(3);
    assertThat(g.getJsonObject("summary").getInteger("chainsWithCounterparties")).isEqualTo(1);
    assertThat(g.getJsonArray("nodes").stream().flatMap(n -> ((JsonObject) n).getJsonArray("assets").stream())
        .map(e -> ((JsonObject) e).getString("contract"))).doesNotContain(fake.address);
    // The fake token's three Transfers naming the wallet were never read: eth_getLogs names the
    // registry's contracts (issue 35), so there is nothing to count and nothing stored.
    assertThat(Sql.count(app.database, "SELECT unverified_token_transfers FROM snapshot_chains WHERE chain_id = 1"))
        .isZero();
    assertThat(Sql.count(app.database, "SELECT count(*) FROM graph_nodes")).isEqualTo(3);

    // The token-only node: native metrics count zero, its times are its token transfers'.
    JsonObject nt = node(g, t);
    JsonObject m = nt.getJsonObject("metrics");
    assertThat(m.getJsonObject("transactionCount")).isEqualTo(new JsonObject().put("total", 0).put("in", 0).put("out", 0));
    assertThat(m.getJsonArray("value")).isEqualTo(new JsonArray().add(new JsonObject().put("symbol", "ETH")
        .put("in", "0").put("out", "0")));
    assertThat(Instant.parse(m.getString("firstInteractionAt"))).isEqualTo(days(13));
    assertThat(Instant.parse(m.getString("lastInteractionAt"))).isEqualTo(days(15));
    assertThat(m.getJsonObject("basis")).isEqualTo(new JsonObject().put("counted", 1).put("pending", 0).put("unavailable", 0));
    assertThat(nt.getJsonArray("chains")).isEqualTo(new JsonArray().add(new JsonObject().put("chain", "Ethereum Mainnet")
        .put("chainId", 1).put("explorerUrl", "https://explorer.invalid/1/address/" + t)));

    // The mixed node: native counts and wei stay native; its last interaction is the USDC transfer.
    JsonObject ma = node(g, a).getJsonObject("metrics");
    assertThat(ma.getJsonObject("transactionCount")).isEqualTo(new JsonObject().put("total", 2).put("in", 1).put("out", 1));
    assertThat(ma.getJsonArray("value")).isEqualTo(new JsonArray().add(new JsonObject().put("symbol", "ETH")
        .put("in", "0.000000000000000005").put("out", "0.000000000000000003")));
    assertThat(Instant.parse(ma.getString("firstInteractionAt"))).isEqualTo(days(10));
    assertThat(Instant.parse(ma.getString("lastInteractionAt"))).isEqualTo(days(12));

    // The contract the wallet called: a native node with no token flow of its own.
    JsonObject nu = node(g, usdc.address);
    assertThat(nu.getJsonObject("metrics").getJsonObject("transactionCount"))
        .isEqualTo(new JsonObject().put("total", 3).put("in", 0).put("out", 3));
    assertThat(nu.getJsonArray("assets")).isEmpty();
  }

  @Test
  void activityRanksTheTokenOnlyNodeAfterNativeActivityAndPagesStayDeterministic() {
    JsonObject ranked = graph("?sort=activity&limit=50");
    List<String> order = new ArrayList<>();
    List<Integer> ranks = new ArrayList<>();
    ranked.getJsonArray("nodes").forEach(n -> {
      order.add(((JsonObject) n).getString("walletAddress"));
      ranks.add(((JsonObject) n).getInteger("rank"));
    });
    assertThat(order).containsExactly(usdc.address, a, t);
    assertThat(ranks).containsExactly(1, 2, 3);

    // Address order one node per page: every node once, in order, and the same cursors twice.
    List<String> cursors = new ArrayList<>();
    List<String> walked = walk(cursors);
    List<String> again = new ArrayList<>();
    assertThat(walk(again)).isEqualTo(walked);
    assertThat(again).isEqualTo(cursors);
    assertThat(walked).containsExactlyElementsOf(Stream.of(a, t, usdc.address).sorted().toList());
  }

  static List<String> walk(List<String> cursors) {
    List<String> out = new ArrayList<>();
    String cursor = null;
    do {
      JsonObject page = graph("?limit=1" + (cursor == null ? "" : "&cursor=" + cursor));
      page.getJsonArray("nodes").forEach(n -> out.add(((JsonObject) n).getString("walletAddress")));
      cursor = page.getJsonObject("pagination").getString("nextCursor");
      cursors.add(String.valueOf(cursor));
    } while (cursor != null);
    return out;
  }
}
