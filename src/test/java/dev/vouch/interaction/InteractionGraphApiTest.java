package dev.vouch.interaction;

import static dev.vouch.support.Backdated.E18;
import static dev.vouch.support.Backdated.NOW;
import static dev.vouch.support.Backdated.days;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.interaction.model.GraphModel;
import dev.vouch.score.NewSnapshot;
import dev.vouch.score.model.Evidence;
import dev.vouch.score.model.ScoreModel;
import dev.vouch.support.Anvil;
import dev.vouch.support.ChainsFile;
import dev.vouch.support.ChainsFile.Entry;
import dev.vouch.support.IntakeChains;
import dev.vouch.support.Shapes;
import dev.vouch.support.Shapes.T;
import dev.vouch.support.Snapshots;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestKeys;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * GET /api/v1/interaction-graph/{wallet} over wallets indexed through intake from real Anvil
 * chains (Arc, Ethereum and Base history with Base capped at 8, Polygon aggregate) whose activity
 * the test created, so every field of every node is known in advance.
 */
class InteractionGraphApiTest {

  static IntakeChains anvils;
  static TestApp app;
  static String w;
  static String a;
  static String b;
  static String c;
  static String d;
  static String e;
  static String f;
  static String reverter;
  /** Pages through a commit: seven counterparties on Arc. */
  static String pager;
  static List<String> pagerPeers;

  @BeforeAll
  static void seed() {
    anvils = IntakeChains.start();
    w = Anvil.randomAddress();
    a = Anvil.randomAddress();
    b = Anvil.randomAddress();
    c = Anvil.randomAddress();
    d = Anvil.randomAddress();
    e = Anvil.randomAddress();
    f = Anvil.randomAddress();
    pager = Anvil.randomAddress();
    pagerPeers = Anvil.randomAddresses(7);
    anvils.fund(List.of(w, a, b, c, pager));
    // Arc (USDC): out, in, noise, a contract deployment and a reverted call carrying 1 USDC,
    // in, a self-send, one transfer tied in time with one on Ethereum, out.
    anvils.arc().sendAt(days(30), w, a, E18.multiply(BigInteger.valueOf(15)).divide(BigInteger.TEN));
    anvils.arc().sendAt(days(90), a, w, E18.divide(BigInteger.valueOf(4)));
    anvils.arc().sendAt(days(95), a, b, BigInteger.ONE);
    reverter = anvils.arc().deployReverterAt(days(100), w);
    anvils.arc().setNextTimestamp(days(101));
    String reverted = anvils.arc().send(w, reverter, E18, "0x");
    assertThat(anvils.arc().receipt(reverted).get("status").asText()).isEqualTo("0x0");
    anvils.arc().sendAt(days(400), b, w, E18.multiply(BigInteger.TWO));
    anvils.arc().sendAt(days(401), w, w, BigInteger.valueOf(5));
    anvils.arc().sendAt(days(700), w, f, BigInteger.ONE);
    for (int i = 0; i < pagerPeers.size(); i++) {
      anvils.arc().sendAt(days(800).plus(Duration.ofMinutes(i)), pager, pagerPeers.get(i), BigInteger.ONE);
    }
    anvils.arc().sendAt(NOW.minus(Duration.ofDays(1)), w, b, E18.divide(BigInteger.TEN));
    // Ethereum (ETH, wei): a both ways, c both ways, e once at the same time as f on Arc.
    anvils.ethereum().sendAt(days(200), w, a, BigInteger.valueOf(3));
    anvils.ethereum().sendAt(days(201), a, w, BigInteger.valueOf(5));
    anvils.ethereum().sendAt(days(202), w, c, BigInteger.valueOf(7));
    anvils.ethereum().sendAt(days(700), w, e, BigInteger.ONE);
    anvils.ethereum().sendAt(NOW.minus(Duration.ofHours(2)), c, w, BigInteger.valueOf(11));
    // Base (ETH, capped at 8): 12 transfers to d, then one to a; the 8 newest are read.
    for (int i = 0; i < 12; i++) {
      anvils.base().sendAt(days(500).plus(Duration.ofHours(i)), w, d, BigInteger.valueOf(1000));
    }
    anvils.base().sendAt(days(600), w, a, BigInteger.valueOf(1000));
    // Polygon (aggregate): activity that never yields counterparties.
    anvils.polygon().sendAt(days(10), w, a, BigInteger.ONE);

    app = anvils.app(List.of(), Map.of());
    intakeAndWait(app, w);
  }

  @AfterAll
  static void stop() {
    app.close();
    anvils.close();
  }

  static void intakeAndWait(TestApp on, String wallet) {
    assertThat(on.send(HttpMethod.POST, "/api/v1/intake/" + wallet, null, Map.of()).statusCode()).isEqualTo(202);
    Sql.await("committed snapshot of " + wallet, 60_000, () -> !"not_indexed".equals(
        graph(on, wallet, "").getJsonObject("coverage").getString("status")));
  }

  static HttpResponse<Buffer> read(TestApp on, String wallet, String query) {
    return on.get("/api/v1/interaction-graph/" + wallet + query);
  }

  static JsonObject graph(TestApp on, String wallet, String query) {
    HttpResponse<Buffer> r = read(on, wallet, query);
    assertThat(r.statusCode()).as(r.bodyAsString()).isEqualTo(200);
    JsonObject data = TestApp.data(r);
    assertThat(data.getString("wallet")).isEqualTo(wallet);
    return data.getJsonObject("interactionGraph");
  }

  static JsonObject graph(String query) {
    return graph(app, w, query);
  }

  static JsonObject node(JsonObject graph, String address) {
    return graph.getJsonArray("nodes").stream().map(JsonObject.class::cast)
        .filter(n -> n.getString("walletAddress").equals(address)).findFirst()
        .orElseThrow(() -> new AssertionError("no node " + address));
  }

  static List<String> addresses(JsonObject graph) {
    return graph.getJsonArray("nodes").stream().map(n -> ((JsonObject) n).getString("walletAddress")).toList();
  }

  static String explorer(long chainId, String address) {
    return "https://explorer.invalid/" + chainId + "/address/" + address;
  }

  static JsonObject chain(String name, long id, String address) {
    return new JsonObject().put("chain", name).put("chainId", id).put("explorerUrl", explorer(id, address));
  }

  static JsonObject value(String symbol, String in, String out) {
    return new JsonObject().put("symbol", symbol).put("in", in).put("out", out);
  }

  static void assertMetrics(JsonObject node, long in, long out, Instant first, Instant last, boolean lowerBound,
      int counted, int pending, int unavailable, JsonObject... values) {
    JsonObject m = node.getJsonObject("metrics");
    assertThat(m).as(node.encode()).isNotNull();
    Shapes.assertShape(m, Map.of("transactionCount", T.OBJECT, "firstInteractionAt", T.TIMESTAMP,
        "lastInteractionAt", T.TIMESTAMP, "lowerBound", T.BOOL, "basis", T.OBJECT, "value", T.ARRAY));
    assertThat(m.getJsonObject("transactionCount"))
        .isEqualTo(new JsonObject().put("total", in + out).put("in", in).put("out", out));
    assertThat(Instant.parse(m.getString("firstInteractionAt"))).isEqualTo(first);
    assertThat(Instant.parse(m.getString("lastInteractionAt"))).isEqualTo(last);
    assertThat(m.getBoolean("lowerBound")).as("lowerBound of " + node.encode()).isEqualTo(lowerBound);
    assertThat(m.getJsonObject("basis"))
        .isEqualTo(new JsonObject().put("counted", counted).put("pending", pending).put("unavailable", unavailable));
    assertThat(m.getJsonArray("value")).isEqualTo(new JsonArray(List.of(values)));
  }

  @Test
  void everyNodeCarriesTheChainsAndExactMetricsOfWhatTheChainsHold() {
    // Identity overlay straight from identities and verified, accepted attestations: no re-index.
    Sql.exec(app.database, "INSERT INTO wallets (address) VALUES (?), (?) ON CONFLICT DO NOTHING", b, c);
    Sql.exec(app.database, "INSERT INTO identities (username, wallet, display_name) VALUES ('bob.vouch', ?, 'Bob')", b);
    Sql.exec(app.database, "INSERT INTO attestations (from_wallet, to_wallet, chain_id, tx_hash, verified_at, accepted_at)"
        + " VALUES (?, ?, 5042002, ?, now(), now()), (?, ?, 5042002, ?, now(), NULL)",
        c, w, "0x" + "c".repeat(64), w, b, "0x" + "d".repeat(64));

    HttpResponse<Buffer> first = read(app, w, "?limit=50");
    HttpResponse<Buffer> second = read(app, w, "?limit=50");
    assertThat(Long.parseLong(first.getHeader("X-RateLimit-Remaining"))
        - Long.parseLong(second.getHeader("X-RateLimit-Remaining"))).as("costs 1 unit").isEqualTo(1);
    JsonObject g = TestApp.data(second).getJsonObject("interactionGraph");
    Shapes.assertShape(g, Map.of("walletAddress", T.STRING, "nodes", T.ARRAY, "summary", T.OBJECT,
        "coverage", T.OBJECT, "pagination", T.OBJECT, "capabilities", T.OBJECT, "explanations", T.ARRAY));
    assertThat(g.getString("walletAddress")).isEqualTo(w);

    // Address ascending; no node for the wallet itself (the self-send), the contract is a node.
    List<String> expected = Stream.of(a, b, c, d, e, f, reverter).sorted().toList();
    assertThat(addresses(g)).containsExactlyElementsOf(expected).doesNotContain(w);
    for (Object o : g.getJsonArray("nodes")) {
      JsonObject n = (JsonObject) o;
      Shapes.assertShape(n, Map.of("walletAddress", T.STRING, "username", T.STRING_OR_NULL,
          "profileUrl", T.STRING_OR_NULL, "registered", T.BOOL, "verifiedVouchPeer", T.BOOL,
          "chains", T.ARRAY, "metrics", T.OBJECT));
    }

    JsonObject na = node(g, a);
    assertThat(na.getJsonArray("chains")).isEqualTo(new JsonArray(List.of(chain("Arc Testnet", 5042002, a),
        chain("Ethereum Mainnet", 1, a), chain("Base", 8453, a))));
    // ETH pooled across Ethereum (in 5, out 3 wei) and Base (out 1000 wei); Base is capped.
    assertMetrics(na, 2, 3, days(30), days(600), true, 3, 0, 0,
        value("USDC", "0.25", "1.5"), value("ETH", "0.000000000000000005", "0.000000000000001003"));
    assertThat(na.getString("username")).isNull();
    assertThat(na.getBoolean("registered")).isFalse();
    assertThat(na.getBoolean("verifiedVouchPeer")).isFalse();

    JsonObject nb = node(g, b);
    assertMetrics(nb, 1, 1, days(400), NOW.minus(Duration.ofDays(1)), false, 1, 0, 0, value("USDC", "2", "0.1"));
    assertThat(nb.getString("username")).isEqualTo("bob.vouch");
    assertThat(nb.getString("profileUrl")).isEqualTo("/u/bob.vouch");
    assertThat(nb.getBoolean("registered")).isTrue();
    assertThat(nb.getBoolean("verifiedVouchPeer")).as("attestation not accepted").isFalse();

    JsonObject nc = node(g, c);
    assertMetrics(nc, 1, 1, days(202), NOW.minus(Duration.ofHours(2)), false, 1, 0, 0,
        value("ETH", "0.000000000000000011", "0.000000000000000007"));
    assertThat(nc.getBoolean("verifiedVouchPeer")).isTrue();
    assertThat(nc.getBoolean("registered")).isFalse();

    JsonObject nd = node(g, d);
    assertThat(nd.getJsonArray("chains")).isEqualTo(new JsonArray(List.of(chain("Base", 8453, d))));
    assertMetrics(nd, 0, 7, days(500).plus(Duration.ofHours(5)), days(500).plus(Duration.ofHours(11)), true,
        1, 0, 0, value("ETH", "0", "0.000000000000007"));

    // The deployment and the reverted call both count; the reverted 1 USDC never moved.
    JsonObject nr = node(g, reverter);
    assertMetrics(nr, 0, 2, days(100), days(101), false, 1, 0, 0, value("USDC", "0", "0"));

    assertMetrics(node(g, e), 0, 1, days(700), days(700), false, 1, 0, 0, value("ETH", "0", "0.000000000000000001"));
    assertMetrics(node(g, f), 0, 1, days(700), days(700), false, 1, 0, 0, value("USDC", "0", "0.000000000000000001"));

    assertThat(g.getJsonObject("summary")).isEqualTo(new JsonObject().put("totalCounterparties", 7)
        .put("returnedCounterparties", 7).put("vouchProfilesOnPage", 1).put("verifiedVouchPeers", 1)
        .put("chainsWithCounterparties", 3));
    assertThat(g.getJsonObject("pagination"))
        .isEqualTo(new JsonObject().put("limit", 50).putNull("nextCursor").put("hasMore", false));
    assertThat(g.getJsonObject("capabilities")).isEqualTo(new JsonObject().put("perCounterpartyTransactionCount", true)
        .put("direction", true).put("firstInteractionAt", true).put("lastInteractionAt", true).put("value", true)
        .put("assetDetails", false));

    JsonObject cov = g.getJsonObject("coverage");
    Shapes.assertShape(cov, Map.of("status", T.STRING, "source", T.STRING, "observedAt", T.TIMESTAMP,
        "stale", T.BOOL, "indexing", T.BOOL, "historyCapped", T.BOOL, "hasTransientIssues", T.BOOL,
        "hasStandingLimitations", T.BOOL, "chains", T.ARRAY));
    assertThat(cov.getString("status")).isEqualTo("partial");
    assertThat(cov.getString("source")).isEqualTo("persisted_snapshot");
    assertThat(Instant.parse(cov.getString("observedAt"))).isEqualTo(NOW);
    assertThat(cov.getBoolean("stale")).isFalse();
    assertThat(cov.getBoolean("indexing")).isFalse();
    assertThat(cov.getBoolean("historyCapped")).isTrue();
    assertThat(cov.getBoolean("hasTransientIssues")).isFalse();
    assertThat(cov.getBoolean("hasStandingLimitations")).isTrue();
    assertThat(cov.getJsonArray("chains")).containsExactly(
        coverageChain("Ethereum Mainnet", 1, "indexed", 3, "otterscan", false, true, false, false),
        coverageChain("Polygon", 137, "limited", 0, "rpc", null, null, false, true),
        coverageChain("Base", 8453, "indexed", 2, "otterscan", true, true, false, false),
        coverageChain("Arc Testnet", 5042002, "indexed", 4, "otterscan", false, true, false, false));
    assertThat(g.getJsonArray("explanations").getList()).containsExactly(
        GraphModel.NOT_ENDORSEMENT, GraphModel.LOWER_BOUND, GraphModel.CAPPED);
  }

  static JsonObject coverageChain(String name, long id, String status, int count, String source, Boolean capped,
      Boolean recency, boolean transientIssue, boolean standing) {
    return new JsonObject().put("chain", name).put("chainId", id).put("status", status).put("counterpartyCount", count)
        .put("indexedAt", NOW.toString()).put("source", source).put("historyCapped", capped)
        .put("recencyReliable", recency).put("transientIssue", transientIssue).put("standingLimitation", standing);
  }

  @Test
  void activityOrderRanksByCountThenRecencyThenAddressInOnePage() {
    JsonObject g = graph("?sort=activity");
    // d 7, a 5; then three with 2 by last interaction (c 2 h ago, b 1 day ago, the contract);
    // e and f tie on count (1) and time (day 700, on different chains): address ascending.
    List<String> ties = Stream.of(e, f).sorted().toList();
    assertThat(addresses(g)).containsExactly(d, a, c, b, reverter, ties.get(0), ties.get(1));
    List<Integer> ranks = g.getJsonArray("nodes").stream().map(n -> ((JsonObject) n).getInteger("rank")).toList();
    assertThat(ranks).containsExactly(1, 2, 3, 4, 5, 6, 7);
    assertThat(g.getJsonObject("pagination"))
        .isEqualTo(new JsonObject().put("limit", 25).putNull("nextCursor").put("hasMore", false));
    assertThat(g.getJsonArray("explanations").getList()).contains(GraphModel.RANKED);

    JsonObject top = graph("?sort=activity&limit=2");
    assertThat(addresses(top)).containsExactly(d, a);
    assertThat(top.getJsonObject("pagination").getValue("nextCursor")).isNull();
    assertThat(top.getJsonObject("summary").getInteger("totalCounterparties")).isEqualTo(7);
    assertThat(top.getJsonObject("summary").getInteger("returnedCounterparties")).isEqualTo(2);
    // Address-ordered reads carry no rank key at all.
    assertThat(((JsonObject) graph("").getJsonArray("nodes").getValue(0)).containsKey("rank")).isFalse();
  }

  @Test
  void nodesWithoutCapturedStatsHaveNullMetricsAndRankLast() {
    // A snapshot from before stats capture: rows on the aggregate chain (unavailable) and on a
    // history chain (pending) without counts; the current indexer writes none of these.
    String x = Anvil.randomAddress();
    List<String> peers = Anvil.randomAddresses(4).stream().sorted().toList();
    String both = peers.get(0);
    String aggregateOnly = peers.get(1);
    String pendingOnly = peers.get(2);
    String counted = peers.get(3);
    Instant t = NOW.minus(Duration.ofDays(3));
    Evidence ev = new Evidence(100, 2, 4, 3, 4, 0, 0, 0, 0, 0);
    Snapshots.commit(app.app.pool(), new NewSnapshot(x, NOW, ScoreModel.score(ev), ev, t, List.of(Snapshots.ARC),
        Snapshots.healthyCoverage(NOW), List.of(
            new NewSnapshot.CounterpartyRow(both, 5042002, true, 2, 1, t, t.plusSeconds(60), E18, BigInteger.ONE),
            new NewSnapshot.CounterpartyRow(both, 137, false, 0, 0, null, null, BigInteger.ZERO, BigInteger.ZERO),
            new NewSnapshot.CounterpartyRow(aggregateOnly, 137, false, 0, 0, null, null, BigInteger.ZERO, BigInteger.ZERO),
            new NewSnapshot.CounterpartyRow(pendingOnly, 1, false, 0, 0, null, null, BigInteger.ZERO, BigInteger.ZERO),
            new NewSnapshot.CounterpartyRow(counted, 5042002, true, 0, 1, t, t, BigInteger.ZERO, BigInteger.TWO)),
        null));

    JsonObject byAddress = graph(app, x, "");
    assertThat(addresses(byAddress)).containsExactlyElementsOf(peers);
    assertMetrics(node(byAddress, both), 2, 1, t, t.plusSeconds(60), true, 1, 0, 1, value("USDC", "1", "0.000000000000000001"));
    assertThat(node(byAddress, aggregateOnly).containsKey("metrics")).isTrue();
    assertThat(node(byAddress, aggregateOnly).getValue("metrics")).isNull();
    assertThat(node(byAddress, aggregateOnly).getJsonArray("chains"))
        .isEqualTo(new JsonArray(List.of(chain("Polygon", 137, aggregateOnly))));
    assertThat(node(byAddress, pendingOnly).getValue("metrics")).isNull();
    assertThat(byAddress.getJsonArray("explanations").getList()).contains(GraphModel.NULL_METRICS);

    JsonObject ranked = graph(app, x, "?sort=activity");
    assertThat(addresses(ranked)).containsExactly(both, counted, aggregateOnly, pendingOnly);
    List<Object> ranks = ranked.getJsonArray("nodes").stream().map(n -> ((JsonObject) n).getValue("rank")).toList();
    assertThat(ranks).containsExactly(1, 2, null, null);
    assertThat(ranked.getJsonArray("nodes").stream().allMatch(n -> ((JsonObject) n).containsKey("rank"))).isTrue();
  }

  @Test
  void pagesStayOnTheirSnapshotWhenANewOneCommitsBetweenThem() {
    intakeAndWait(app, pager);
    List<String> old = pagerPeers.stream().sorted().toList();
    JsonObject p1 = graph(app, pager, "?limit=3");
    assertThat(addresses(p1)).containsExactlyElementsOf(old.subList(0, 3));
    assertThat(p1.getJsonObject("pagination").getBoolean("hasMore")).isTrue();
    String cursor = p1.getJsonObject("pagination").getString("nextCursor");
    assertThat(cursor).matches("^[A-Za-z0-9_-]+$");

    // New activity and a keyed refresh two hours later; the client polls until coverage moves.
    String added = Anvil.randomAddress();
    anvils.arc().sendAt(NOW.plus(Duration.ofHours(1)), pager, added, BigInteger.ONE);
    app.clock.advance(Duration.ofHours(2));
    Instant refreshedAt = app.clock.instant();
    try {
      TestKeys.Key key = TestKeys.create(app.app.config(), "developer");
      HttpResponse<Buffer> started = app.send(HttpMethod.POST, "/api/v1/interaction-graph/" + pager + "/refresh",
          null, Map.of("Authorization", key.bearer()));
      assertThat(TestApp.data(started).getString("status")).isEqualTo("started");
      Sql.await("the graph shows the new snapshot", 60_000, () -> Instant.parse(graph(app, pager, "")
          .getJsonObject("coverage").getString("observedAt")).equals(refreshedAt));

      List<String> seen = new ArrayList<>(addresses(p1));
      JsonObject p2 = graph(app, pager, "?limit=3&cursor=" + cursor);
      assertThat(Instant.parse(p2.getJsonObject("coverage").getString("observedAt"))).isEqualTo(NOW);
      assertThat(p2.getJsonArray("explanations").getList()).contains(GraphModel.SUPERSEDED);
      seen.addAll(addresses(p2));
      JsonObject p3 = graph(app, pager, "?limit=3&cursor=" + p2.getJsonObject("pagination").getString("nextCursor"));
      seen.addAll(addresses(p3));
      assertThat(p3.getJsonObject("pagination"))
          .isEqualTo(new JsonObject().put("limit", 3).putNull("nextCursor").put("hasMore", false));
      assertThat(seen).as("no duplicates, no gaps").containsExactlyElementsOf(old);
      assertThat(new HashSet<>(seen)).hasSize(7);

      JsonObject fresh = graph(app, pager, "?limit=50");
      List<String> now = Stream.concat(old.stream(), Stream.of(added)).sorted().toList();
      assertThat(addresses(fresh)).containsExactlyElementsOf(now);
      assertThat(fresh.getJsonArray("explanations").getList()).doesNotContain(GraphModel.SUPERSEDED);
    } finally {
      app.clock.set(NOW);
    }
  }

  @Test
  void aWalletWithoutSnapshotIsNotIndexedAndTheReadStartsNothing() {
    String unknown = Anvil.randomAddress();
    HttpResponse<Buffer> r = read(app, unknown, "");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.getHeader("X-RateLimit-Remaining")).isNotNull();
    JsonObject g = TestApp.data(r).getJsonObject("interactionGraph");
    assertThat(g.getJsonArray("nodes")).isEmpty();
    assertThat(g.getJsonObject("summary")).isEqualTo(new JsonObject().put("totalCounterparties", 0)
        .put("returnedCounterparties", 0).put("vouchProfilesOnPage", 0).put("verifiedVouchPeers", 0)
        .put("chainsWithCounterparties", 0));
    assertThat(g.getJsonObject("coverage")).isEqualTo(new JsonObject().put("status", "not_indexed")
        .put("source", "none").putNull("observedAt").put("stale", false).put("indexing", false)
        .put("historyCapped", false).put("hasTransientIssues", false).put("hasStandingLimitations", false)
        .put("chains", new JsonArray()));
    // Capabilities say what the service provides, not what this wallet has: a client reading them
    // from its first (never-indexed) wallet must not switch features off.
    assertThat(g.getJsonObject("capabilities")).isEqualTo(new JsonObject().put("perCounterpartyTransactionCount", true)
        .put("direction", true).put("firstInteractionAt", true).put("lastInteractionAt", true).put("value", true)
        .put("assetDetails", false));
    assertThat(g.getJsonArray("explanations").getList()).containsExactly(GraphModel.NOT_ENDORSEMENT, GraphModel.NOT_INDEXED);
    assertThat(g.getJsonObject("pagination"))
        .isEqualTo(new JsonObject().put("limit", 25).putNull("nextCursor").put("hasMore", false));
    assertThat(Sql.count(app.database, "SELECT count(*) FROM index_jobs WHERE wallet = ?", unknown)).isZero();
    assertThat(Sql.count(app.database, "SELECT count(*) FROM wallets WHERE address = ?", unknown)).isZero();
  }

  @Test
  void aCompletelyIndexedWalletWithNoActivityIsCompleteAndEmpty() {
    var arcFile = ChainsFile.write(List.of(Entry.history("Arc Testnet", 5042002, "USDC", anvils.arc().url)));
    var env = new HashMap<>(TestApp.UNMETERED);
    env.putAll(Map.of("CHAINS_FILE", arcFile.toString(), "VOUCH_INDEXING_POLL_MS", "100"));
    try (TestApp arcOnly = TestApp.start(env)) {
      String quiet = Anvil.randomAddress();
      intakeAndWait(arcOnly, quiet);
      JsonObject g = graph(arcOnly, quiet, "");
      assertThat(g.getJsonArray("nodes")).isEmpty();
      assertThat(g.getJsonObject("coverage").getString("status")).isEqualTo("complete");
      assertThat(g.getJsonObject("coverage").getBoolean("hasStandingLimitations")).isFalse();
      assertThat(g.getJsonObject("summary").getInteger("totalCounterparties")).isZero();
      assertThat(g.getJsonArray("explanations").getList())
          .containsExactly(GraphModel.NOT_ENDORSEMENT, GraphModel.EMPTY_COMPLETE);
      // With an aggregate chain in coverage the same emptiness is not proof of isolation.
      intakeAndWait(app, quiet);
      JsonObject partial = graph(app, quiet, "");
      assertThat(partial.getJsonArray("nodes")).isEmpty();
      assertThat(partial.getJsonObject("coverage").getString("status")).isEqualTo("partial");
      assertThat(partial.getJsonArray("explanations").getList())
          .containsExactly(GraphModel.NOT_ENDORSEMENT, GraphModel.LOWER_BOUND, GraphModel.EMPTY_NOT_PROOF);
    }
  }

  @Test
  void badQueriesAreRefusedBeforeAnyUnitIsSpent() {
    String cursor = graph("?limit=1").getJsonObject("pagination").getString("nextCursor");
    assertError(read(app, w, "?sort=rank"), 400, "INVALID_SORT");
    assertError(read(app, w, "?sort="), 400, "INVALID_SORT");
    assertError(read(app, w, "?sort=activity&cursor=" + cursor), 400, "INVALID_SORT");
    assertError(read(app, w, "?limit=0"), 400, "INVALID_REQUEST");
    assertError(read(app, w, "?limit=-3"), 400, "INVALID_REQUEST");
    assertError(read(app, w, "?limit=ten"), 400, "INVALID_REQUEST");
    assertError(read(app, w, "?limit=2.5"), 400, "INVALID_REQUEST");
    assertError(read(app, w, "?cursor=not-a-cursor"), 400, "INVALID_REQUEST");
    char last = cursor.charAt(10);
    String tampered = cursor.substring(0, 10) + (last == 'A' ? 'B' : 'A') + cursor.substring(11);
    assertError(read(app, w, "?cursor=" + tampered), 400, "INVALID_REQUEST");
    assertError(read(app, a, "?cursor=" + cursor), 400, "INVALID_REQUEST");
    assertError(read(app, "0x1234", ""), 400, "INVALID_WALLET");
    // Larger limits are capped, not refused.
    assertThat(graph("?limit=500").getJsonObject("pagination").getInteger("limit")).isEqualTo(50);
    assertThat(graph("?limit=99999999999999999999").getJsonObject("pagination").getInteger("limit")).isEqualTo(50);
  }

  static void assertError(HttpResponse<Buffer> r, int status, String code) {
    assertThat(r.statusCode()).as(r.bodyAsString()).isEqualTo(status);
    assertThat(r.bodyAsJsonObject().getJsonObject("error").getString("code")).isEqualTo(code);
    assertThat(r.getHeader("X-RateLimit-Remaining")).as("not charged").isNull();
  }
}
