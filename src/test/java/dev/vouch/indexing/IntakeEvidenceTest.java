package dev.vouch.indexing;

import static dev.vouch.support.Backdated.E18;
import static dev.vouch.support.Backdated.NOW;
import static dev.vouch.support.Backdated.days;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.bus.Addresses;
import dev.vouch.score.model.Evidence;
import dev.vouch.score.model.ScoreModel;
import dev.vouch.support.Anvil;
import dev.vouch.support.ChainsFile.Entry;
import dev.vouch.support.IntakeChains;
import dev.vouch.support.Snapshots;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Intake through the HTTP API against four real Anvil chains (three history, one aggregate) with
 * real, partly backdated transactions; the committed evidence must equal what the test created.
 */
class IntakeEvidenceTest {

  static IntakeChains anvils;
  static TestApp app;
  static String w;
  static String a;
  static String b;
  static String c;
  static String d;
  static String reverter;

  @BeforeAll
  static void seed() {
    anvils = IntakeChains.start();
    w = Anvil.randomAddress();
    a = Anvil.randomAddress();
    b = Anvil.randomAddress();
    c = Anvil.randomAddress();
    d = Anvil.randomAddress();
    anvils.fund(List.of(w, a, b, c));
    // Arc: out, in, a contract creation, a reverted call to it, noise between others, in, out.
    anvils.arc().sendAt(days(30), w, a, E18.multiply(BigInteger.valueOf(15)).divide(BigInteger.TEN));
    anvils.arc().sendAt(days(90), a, w, E18.divide(BigInteger.valueOf(4)));
    anvils.arc().sendAt(days(95), a, b, BigInteger.ONE);
    reverter = anvils.arc().deployReverterAt(days(100), w);
    anvils.arc().callAt(days(101), w, reverter);
    anvils.arc().sendAt(days(400), b, w, E18.multiply(BigInteger.TWO));
    anvils.arc().sendAt(NOW.minus(Duration.ofDays(1)), w, b, E18.divide(BigInteger.TEN));
    // Ethereum: exact small values in wei.
    anvils.ethereum().sendAt(days(200), w, a, BigInteger.valueOf(3));
    anvils.ethereum().sendAt(days(201), a, w, BigInteger.valueOf(5));
    anvils.ethereum().sendAt(days(202), w, c, BigInteger.valueOf(7));
    anvils.ethereum().sendAt(NOW.minus(Duration.ofHours(2)), c, w, BigInteger.valueOf(11));
    // Base: 12 transfers, the history cap is 8.
    for (int i = 0; i < 12; i++) {
      anvils.base().sendAt(days(500).plus(Duration.ofHours(i)), w, d, BigInteger.valueOf(1000));
    }
    // Polygon (aggregate): two sent transactions.
    anvils.polygon().sendAt(days(10), w, a, BigInteger.ONE);
    anvils.polygon().sendAt(days(11), w, a, BigInteger.ONE);

    app = anvils.app(List.of(new Entry("BNB Chain", 56, "BNB", "aggregate", 1000, 3000, List.of())),
        Map.of("VOUCH_MODELS_FLAGGED_ADDRESSES", c));
  }

  @AfterAll
  static void stop() {
    app.close();
    anvils.close();
  }

  static HttpResponse<Buffer> post(String path) {
    return app.send(HttpMethod.POST, path, null, Map.of());
  }

  static JsonObject awaitCached(String wallet) {
    JsonObject[] last = new JsonObject[1];
    Sql.await("committed score of " + wallet, 30_000, () -> {
      last[0] = TestApp.data(app.get("/api/v1/score/" + wallet));
      return "cached".equals(last[0].getString("cacheStatus"));
    });
    return last[0];
  }

  static Instant at(Object timestamp) {
    return ((Timestamp) timestamp).toInstant();
  }

  @Test
  void intakeCommitsExactlyTheEvidenceTheChainsHold() {
    // A verified peer with a committed score, and an attestation that is not accepted (ignored).
    String peer = Anvil.randomAddress();
    String other = Anvil.randomAddress();
    Snapshots.commit(app.app.pool(), Snapshots.of(peer, Snapshots.strong(), NOW.minus(Duration.ofHours(1)),
        Snapshots.healthyCoverage(NOW)));
    int peerScore = ScoreModel.score(Snapshots.strong()).score();
    Sql.exec(app.database, "INSERT INTO wallets (address) VALUES (?), (?)", w, other);
    Sql.exec(app.database, "INSERT INTO attestations (from_wallet, to_wallet, chain_id, tx_hash, verified_at, accepted_at)"
        + " VALUES (?, ?, 5042002, ?, now(), now()), (?, ?, 5042002, ?, now(), NULL)",
        w, peer, "0x" + "a".repeat(64), other, w, "0x" + "b".repeat(64));

    HttpResponse<Buffer> started = post("/api/v1/intake/" + w.toUpperCase().replace("0X", "0x"));
    assertThat(started.statusCode()).isEqualTo(202);
    assertThat(TestApp.data(started).getString("status")).isEqualTo("started");
    assertThat(started.getHeader("X-RateLimit-Remaining")).isNotNull();

    JsonObject score = awaitCached(w);
    Evidence expected = new Evidence(970, 4, 20, 6, 5, 1, 1, 1, 1, peerScore);
    assertThat(score.getInteger("score")).isEqualTo(ScoreModel.score(expected).score());
    assertThat(score.getInteger("globalWalletAgeDays")).isEqualTo(970);
    assertThat(score.getLong("totalTxCount")).isEqualTo(20);
    assertThat(score.getLong("arcTxCount")).isEqualTo(6);
    assertThat(score.getJsonArray("activeChains").getList())
        .containsExactly("Arc Testnet", "Ethereum Mainnet", "Base", "Polygon");
    assertThat(score.getJsonObject("attestations").getMap()).containsEntry("acceptedCount", 1).containsEntry("uniqueCounterparties", 1);
    assertThat(score.getJsonObject("breakdown").getInteger("riskPenalty")).isEqualTo(-30);

    Map<String, Object> snap = Sql.one(app.database, "SELECT * FROM snapshots WHERE wallet = ?", w);
    assertThat(at(snap.get("first_activity_at"))).isEqualTo(days(30));
    assertThat(snap).containsEntry("unique_counterparties", 5).containsEntry("flagged_counterparties", 1)
        .containsEntry("failed_tx_count", 1L).containsEntry("peer_score_sum", (long) peerScore)
        .containsEntry("accepted_attestations", 1).containsEntry("attestation_counterparties", 1);
    assertThat(snap.get("job_id")).isNotNull();

    List<Map<String, Object>> chains = Sql.rows(app.database,
        "SELECT chain, status, is_transient, is_standing, history_capped, recency_reliable, source, tx_count,"
            + " counterparty_count FROM snapshot_chains WHERE snapshot_id = ? ORDER BY chain_id", snap.get("id"));
    assertThat(chains).extracting(r -> Arrays.asList(r.values().toArray())).containsExactly(
        Arrays.asList("Ethereum Mainnet", "indexed", false, false, false, true, "otterscan", 4L, 2),
        Arrays.asList("Polygon", "limited", false, true, null, null, "rpc", 2L, 0),
        Arrays.asList("Base", "indexed", false, false, true, true, "otterscan", 8L, 1),
        Arrays.asList("Arc Testnet", "indexed", false, false, false, true, "otterscan", 6L, 3));

    List<Map<String, Object>> cps = Sql.rows(app.database,
        "SELECT counterparty, chain_id, stats_captured, tx_in, tx_out, first_at, last_at, value_in, value_out"
            + " FROM counterparties WHERE snapshot_id = ?", snap.get("id"));
    assertThat(cps).hasSize(6);
    assertCounterparty(cps, a, 5042002, 1, 1, days(30), days(90), E18.divide(BigInteger.valueOf(4)), new BigInteger("1500000000000000000"));
    assertCounterparty(cps, reverter, 5042002, 0, 2, days(100), days(101), BigInteger.ZERO, BigInteger.ZERO);
    assertCounterparty(cps, b, 5042002, 1, 1, days(400), NOW.minus(Duration.ofDays(1)), E18.multiply(BigInteger.TWO), E18.divide(BigInteger.TEN));
    assertCounterparty(cps, a, 1, 1, 1, days(200), days(201), BigInteger.valueOf(5), BigInteger.valueOf(3));
    assertCounterparty(cps, c, 1, 1, 1, days(202), NOW.minus(Duration.ofHours(2)), BigInteger.valueOf(11), BigInteger.valueOf(7));
    assertCounterparty(cps, d, 8453, 0, 8, days(500).plus(Duration.ofHours(4)), days(500).plus(Duration.ofHours(11)),
        BigInteger.ZERO, BigInteger.valueOf(8000));

    JsonObject decision = TestApp.data(app.get("/api/v1/decision/" + w));
    assertThat(decision.getJsonObject("coverage").getBoolean("historyCapped")).isTrue();
    assertThat(decision.getJsonObject("coverage").getJsonArray("chains")).hasSize(4);

    // Known now: free, no rate headers; intake never registers the wallet.
    HttpResponse<Buffer> again = post("/api/v1/intake/" + w);
    assertThat(again.statusCode()).isEqualTo(200);
    assertThat(TestApp.data(again).getString("status")).isEqualTo("already_indexed");
    assertThat(TestApp.data(again).getString("lastIndexedAt")).isEqualTo(NOW.toString());
    assertThat(again.getHeader("X-RateLimit-Remaining")).isNull();
    assertThat(Sql.count(app.database, "SELECT count(*) FROM identities WHERE wallet = ?", w)).isZero();
    assertThat(Sql.one(app.database, "SELECT state, kind, mode FROM index_jobs WHERE wallet = ?", w))
        .containsEntry("state", "done").containsEntry("kind", "intake").containsEntry("mode", "first_index");

    // The run is on /metrics: its duration by kind and result, its RPC calls per chain, the commit.
    String metrics = app.get("/metrics").bodyAsString();
    assertThat(metrics).containsPattern(
        "vouch_index_job_duration_seconds_count\\{kind=\"intake\",result=\"committed\"} [1-9]");
    assertThat(metrics).containsPattern("vouch_rpc_calls_total\\{chain=\"[^\"]+\",method=\"eth_[A-Za-z]+\"} [1-9]");
    assertThat(metrics).containsPattern("vouch_snapshot_commit_seconds_count [1-9]");
    assertThat(metrics).contains("vouch_index_jobs{state=\"queued\"}", "vouch_index_jobs_running_local ");
    // Provider traffic: each RPC URL's breaker (closed), the byte budget of the process and what it holds now.
    assertThat(metrics).containsPattern("vouch_provider_breaker_state\\{provider=\"[^\"]+/rpc1/127\\.0\\.0\\.1:\\d+\"} 0\\.0");
    assertThat(metrics).containsPattern("vouch_provider_inflight_bytes_max 1\\.34217728E8")
        .containsPattern("vouch_provider_inflight_bytes 0\\.0");
  }

  static void assertCounterparty(List<Map<String, Object>> rows, String address, long chainId, int in, int out,
      Instant first, Instant last, BigInteger valueIn, BigInteger valueOut) {
    assertThat(rows).filteredOn(r -> r.get("counterparty").equals(address) && r.get("chain_id").equals(chainId))
        .singleElement().satisfies(r -> {
          assertThat(r).containsEntry("stats_captured", true).containsEntry("tx_in", in).containsEntry("tx_out", out);
          assertThat(at(r.get("first_at"))).isEqualTo(first);
          assertThat(at(r.get("last_at"))).isEqualTo(last);
          assertThat(((BigDecimal) r.get("value_in")).toBigIntegerExact()).isEqualTo(valueIn);
          assertThat(((BigDecimal) r.get("value_out")).toBigIntegerExact()).isEqualTo(valueOut);
        });
  }

  @Test
  void otherInstancesHearOfEveryCommittedSnapshot() {
    String wallet = Anvil.randomAddress();
    anvils.arc().fund(wallet);
    anvils.arc().sendAt(NOW.minus(Duration.ofMinutes(30)), wallet, a, BigInteger.ONE);
    List<String> heard = new CopyOnWriteArrayList<>();
    try (TestApp other = TestApp.startOn(app.database, Map.of("VOUCH_ROLE", "api"))) {
      other.app.vertx().eventBus().<String>consumer(Addresses.SNAPSHOT_COMMITTED, m -> heard.add(m.body()))
          .completion().toCompletionStage().toCompletableFuture().join();
      assertThat(post("/api/v1/intake/" + wallet).statusCode()).isEqualTo(202);
      Sql.await("notification on the other instance", 30_000, () -> heard.contains(wallet));
    }
  }
}
