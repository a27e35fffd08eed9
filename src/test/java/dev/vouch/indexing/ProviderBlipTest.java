package dev.vouch.indexing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Anvil;
import dev.vouch.support.ChainsFile;
import dev.vouch.support.ChainsFile.Entry;
import dev.vouch.support.FaultyRpc;
import dev.vouch.support.FaultyRpc.Reply;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestKeys;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.math.BigInteger;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Issue 12 item 5: a provider blip must not make evidence worse. Real Anvil chains; Ethereum is
 * reached through a tiny local server that answers 503 while the "outage" lasts (the fault a real
 * node cannot produce on demand) and forwards to the node otherwise.
 */
@Tag("fault")
class ProviderBlipTest {

  static final Instant G = Instant.parse("2026-11-22T12:00:00Z").minus(Duration.ofDays(200));
  static Anvil arc;
  static Anvil ethereum;
  static String veteran;

  @BeforeAll
  static void seed() {
    arc = Anvil.start(5042002, G);
    ethereum = Anvil.start(1, G);
    veteran = Anvil.randomAddress();
    arc.fund(veteran);
    ethereum.fund(veteran);
    arc.sendAt(G.plus(Duration.ofDays(10)), veteran, Anvil.randomAddress(), BigInteger.TEN);
    arc.sendAt(G.plus(Duration.ofDays(11)), veteran, Anvil.randomAddress(), BigInteger.TEN);
    // Most of the veteran's history is on Ethereum, and it is older than the Arc history.
    ethereum.bulk(veteran, Anvil.randomAddresses(12), BigInteger.ONE, 4, G.plus(Duration.ofDays(2)));
  }

  @AfterAll
  static void stop() {
    arc.close();
    ethereum.close();
  }

  static TestApp start(FaultyRpc ethereumProxy) {
    return start(ethereumProxy, arc.url);
  }

  static TestApp start(FaultyRpc ethereumProxy, FaultyRpc arcProxy) {
    return start(ethereumProxy, arcProxy.url);
  }

  static TestApp start(FaultyRpc ethereumProxy, String arcUrl) {
    Map<String, String> env = new HashMap<>(TestApp.UNMETERED);
    env.putAll(Map.of(
        "CHAINS_FILE", ChainsFile.write(List.of(
            Entry.history("Arc Testnet", 5042002, "USDC", arcUrl),
            Entry.history("Ethereum Mainnet", 1, "ETH", ethereumProxy.url))).toString(),
        "VOUCH_INDEXING_POLL_MS", "100",
        "VOUCH_INDEXING_RPC_RETRIES", "1",
        "VOUCH_INDEXING_RPC_BACKOFF_MS", "5"));
    // The outage is the test's to end: a provider circuit breaker (real-time cool-off) must not outlast it.
    env.put("VOUCH_INDEXING_BREAKER_FAILURES", "1000");
    return TestApp.start(env);
  }

  static FaultyRpc proxy(AtomicBoolean down) {
    return FaultyRpc.start((n, body) -> down.get() ? Reply.status(503, "") : Reply.forward(ethereum.url));
  }

  static HttpResponse<Buffer> post(TestApp app, String path, String key) {
    return app.send(HttpMethod.POST, path, null, key == null ? Map.of() : Map.of("Authorization", "Bearer " + key));
  }

  static long snapshots(TestApp app, String wallet) {
    return Sql.count(app.database, "SELECT count(*) FROM snapshots WHERE wallet = ?", wallet);
  }

  static Map<String, Object> ethereumRow(TestApp app, String wallet) {
    return Sql.one(app.database, "SELECT c.status, c.is_transient, c.tx_count, c.indexed_at, c.counterparty_count"
        + " FROM wallets w JOIN snapshot_chains c ON c.snapshot_id = w.latest_snapshot_id"
        + " WHERE w.address = ? AND c.chain_id = 1", wallet);
  }

  static Instant instant(Object sqlTime) {
    return sqlTime instanceof OffsetDateTime o ? o.toInstant() : ((Timestamp) sqlTime).toInstant();
  }

  static JsonObject graphCoverage(TestApp app, String wallet) {
    return TestApp.data(app.get("/api/v1/interaction-graph/" + wallet))
        .getJsonObject("interactionGraph").getJsonObject("coverage");
  }

  static JsonObject graphChain(TestApp app, String wallet, String chain) {
    return graphCoverage(app, wallet).getJsonArray("chains").stream().map(JsonObject.class::cast)
        .filter(c -> chain.equals(c.getString("chain"))).findFirst().orElseThrow();
  }

  @Test
  void aRefreshDuringAnOutageKeepsTheEvidenceAndTheWorkerRetriesUntilTheChainRecovers() {
    AtomicBoolean down = new AtomicBoolean(false);
    try (FaultyRpc eth = proxy(down); TestApp app = start(eth)) {
      String key = TestKeys.create(app.app.config(), "developer").secret();
      assertThat(post(app, "/api/v1/intake/" + veteran, null).statusCode()).isEqualTo(202);
      Sql.await("first snapshot", 30_000, () -> snapshots(app, veteran) == 1);
      JsonObject before = TestApp.data(app.get("/api/v1/score/" + veteran));
      Instant firstRead = instant(ethereumRow(app, veteran).get("indexed_at"));
      assertThat(before.getLong("totalTxCount")).isEqualTo(14);
      assertThat(before.getJsonArray("activeChains")).hasSize(2);

      // An hour later Ethereum's provider fails while a keyed refresh runs.
      app.clock.advance(Duration.ofMinutes(61));
      Instant refreshedAt = app.clock.instant();
      down.set(true);
      HttpResponse<Buffer> refresh = post(app, "/api/v1/interaction-graph/" + veteran + "/refresh", key);
      assertThat(TestApp.data(refresh).getString("status")).isEqualTo("started");
      Sql.await("snapshot of the refresh", 30_000, () -> snapshots(app, veteran) == 2);

      JsonObject during = TestApp.data(app.get("/api/v1/score/" + veteran));
      assertThat(during.getInteger("score")).isEqualTo(before.getInteger("score"));
      assertThat(during.getLong("totalTxCount")).isEqualTo(14);
      assertThat(during.getLong("globalWalletAgeDays")).isEqualTo(before.getLong("globalWalletAgeDays"));
      assertThat(during.getJsonArray("activeChains")).isEqualTo(before.getJsonArray("activeChains"));
      assertThat(during.getString("cacheStatus")).isEqualTo("cached");
      assertThat(during.getString("lastIndexedAt")).isEqualTo(refreshedAt.toString());
      // Ethereum carries its earlier evidence, marked transient with the time it was read.
      assertThat(ethereumRow(app, veteran)).containsEntry("status", "indexed").containsEntry("is_transient", true)
          .containsEntry("tx_count", 12L).containsEntry("counterparty_count", 12);
      JsonObject ethCoverage = graphChain(app, veteran, "Ethereum Mainnet");
      assertThat(ethCoverage.getString("indexedAt")).isEqualTo(firstRead.toString());
      assertThat(ethCoverage.getBoolean("transientIssue")).isTrue();
      assertThat(ethCoverage.getInteger("counterpartyCount")).isEqualTo(12);
      assertThat(graphChain(app, veteran, "Arc Testnet").getString("indexedAt")).isEqualTo(refreshedAt.toString());
      // Newer Ethereum counterparties may be missing: the address set is a lower bound.
      assertThat(graphCoverage(app, veteran).getString("status")).isEqualTo("partial");
      JsonObject decision = TestApp.data(app.get("/api/v1/decision/" + veteran));
      assertThat(decision.getInteger("score")).isEqualTo(before.getInteger("score"));
      assertThat(decision.getJsonObject("coverage").getBoolean("hasTransientIssues")).isTrue();
      assertThat(decision.getJsonArray("warnings").stream().map(w -> ((JsonObject) w).getString("code")))
          .contains("DATA_PROVIDER_TRANSIENT");

      // The worker queued its own retry, durable in Postgres; until it runs a refresh is "indexing", not "fresh".
      assertThat(Sql.one(app.database, "SELECT kind, state, retry_round, not_before FROM index_jobs"
          + " WHERE wallet = ? ORDER BY id DESC LIMIT 1", veteran))
          .containsEntry("kind", "retry").containsEntry("state", "queued").containsEntry("retry_round", 1)
          .extractingByKey("not_before").satisfies(t -> assertThat(instant(t)).isEqualTo(refreshedAt.plusSeconds(60)));
      assertThat(TestApp.data(post(app, "/api/v1/interaction-graph/" + veteran + "/refresh", key))
          .getString("status")).isEqualTo("indexing");

      // First retry, provider still down: the evidence is carried again and the wait doubles.
      app.clock.advance(Duration.ofSeconds(61));
      Instant firstRetry = app.clock.instant();
      Sql.await("second retry queued", 30_000, () -> Sql.count(app.database,
          "SELECT count(*) FROM index_jobs WHERE wallet = ? AND kind = 'retry' AND state = 'queued' AND retry_round = 2",
          veteran) == 1);
      assertThat(instant(Sql.one(app.database, "SELECT not_before FROM index_jobs WHERE wallet = ? AND state = 'queued'",
          veteran).get("not_before"))).isEqualTo(firstRetry.plusSeconds(120));
      assertThat(instant(ethereumRow(app, veteran).get("indexed_at"))).isEqualTo(firstRead);
      assertThat(TestApp.data(app.get("/api/v1/score/" + veteran)).getLong("totalTxCount")).isEqualTo(14);

      // The outage lasts a day: the second retry still carries, and evidence read over 24 hours ago
      // is stale (D6) even though the snapshot itself was just committed.
      long beforeSecond = snapshots(app, veteran);
      app.clock.advance(Duration.ofHours(24));
      Instant secondRetry = app.clock.instant();
      Sql.await("third retry queued", 30_000, () -> Sql.count(app.database,
          "SELECT count(*) FROM index_jobs WHERE wallet = ? AND kind = 'retry' AND state = 'queued' AND retry_round = 3",
          veteran) == 1);
      assertThat(snapshots(app, veteran)).isEqualTo(beforeSecond + 1);
      JsonObject stale = TestApp.data(app.get("/api/v1/decision/" + veteran));
      assertThat(stale.getJsonObject("freshness").getString("lastIndexedAt")).isEqualTo(secondRetry.toString());
      assertThat(stale.getJsonArray("reasons").stream().map(r -> ((JsonObject) r).getString("code")))
          .contains("DATA_STALE");
      assertThat(TestApp.data(app.get("/api/v1/score/" + veteran)).getBoolean("refreshRecommended")).isTrue();

      // The provider recovers: the next retry commits fresh evidence with no request from anyone.
      down.set(false);
      long before3 = snapshots(app, veteran);
      app.clock.advance(Duration.ofSeconds(241));
      Instant recovered = app.clock.instant();
      Sql.await("snapshot after recovery", 30_000, () -> snapshots(app, veteran) == before3 + 1);
      assertThat(ethereumRow(app, veteran)).containsEntry("is_transient", false).containsEntry("tx_count", 12L);
      assertThat(instant(ethereumRow(app, veteran).get("indexed_at"))).isEqualTo(recovered);
      assertThat(Sql.count(app.database, "SELECT count(*) FROM index_jobs WHERE wallet = ? AND state IN ('queued', 'running')",
          veteran)).isZero();
      assertThat(graphCoverage(app, veteran).getString("status")).isEqualTo("complete");
      JsonObject after = TestApp.data(app.get("/api/v1/decision/" + veteran));
      assertThat(after.getJsonObject("coverage").getBoolean("hasTransientIssues")).isFalse();
      assertThat(after.getInteger("score")).isEqualTo(before.getInteger("score"));
      assertThat(after.getJsonArray("reasons").stream().map(r -> ((JsonObject) r).getString("code")))
          .doesNotContain("DATA_STALE");
    }
  }

  @Test
  void aReindexWhoseEveryChainFailedKeepsTheSnapshotAndIsRetriedByTheWorker() {
    String wallet = Anvil.randomAddress();
    ethereum.fund(wallet);
    ethereum.send(wallet, Anvil.randomAddress(), BigInteger.ONE, null);
    AtomicBoolean down = new AtomicBoolean(false);
    try (FaultyRpc eth = proxy(down); FaultyRpc arcDown = FaultyRpc.start((n, body) -> down.get()
            ? Reply.status(503, "") : Reply.forward(arc.url));
        TestApp app = start(eth, arcDown)) {
      String key = TestKeys.create(app.app.config(), "developer").secret();
      assertThat(post(app, "/api/v1/intake/" + wallet, null).statusCode()).isEqualTo(202);
      Sql.await("first snapshot", 30_000, () -> snapshots(app, wallet) == 1);

      app.clock.advance(Duration.ofMinutes(61));
      Instant failedAt = app.clock.instant();
      down.set(true);
      assertThat(TestApp.data(post(app, "/api/v1/interaction-graph/" + wallet + "/refresh", key))
          .getString("status")).isEqualTo("started");
      Sql.await("retry queued after the failed run", 30_000, () -> Sql.count(app.database,
          "SELECT count(*) FROM index_jobs WHERE wallet = ? AND kind = 'retry' AND state = 'queued'", wallet) == 1);
      // Nothing usable: the snapshot stays as it was (no worse, no newer), the run failed.
      assertThat(snapshots(app, wallet)).isEqualTo(1);
      assertThat(Sql.count(app.database, "SELECT count(*) FROM index_jobs WHERE wallet = ? AND kind = 'refresh'"
          + " AND state = 'failed'", wallet)).isEqualTo(1);
      assertThat(instant(Sql.one(app.database, "SELECT not_before FROM index_jobs WHERE wallet = ? AND state = 'queued'",
          wallet).get("not_before"))).isEqualTo(failedAt.plusSeconds(60));

      down.set(false);
      app.clock.advance(Duration.ofSeconds(61));
      Sql.await("the retry committed", 30_000, () -> snapshots(app, wallet) == 2);
      assertThat(TestApp.data(app.get("/api/v1/score/" + wallet)).getLong("totalTxCount")).isEqualTo(1);
    }
  }

  @Test
  void aFirstIndexWhoseOnlyActiveChainFailedCommitsNothingAndCoolsDown() {
    String wallet = Anvil.randomAddress();
    ethereum.fund(wallet);
    ethereum.send(wallet, Anvil.randomAddress(), BigInteger.ONE, null);
    AtomicBoolean down = new AtomicBoolean(true);
    try (FaultyRpc eth = proxy(down); TestApp app = start(eth)) {
      String key = TestKeys.create(app.app.config(), "developer").secret();
      assertThat(TestApp.data(post(app, "/api/v1/intake/" + wallet, null)).getString("status")).isEqualTo("started");
      Sql.await("the job failed", 30_000, () -> Sql.count(app.database,
          "SELECT count(*) FROM index_jobs WHERE wallet = ? AND state = 'failed'", wallet) == 1);

      // Arc answered (no activity) but Ethereum failed: no "score 0, cached" snapshot.
      assertThat(snapshots(app, wallet)).isZero();
      assertThat((String) Sql.one(app.database, "SELECT error FROM index_jobs WHERE wallet = ?", wallet).get("error"))
          .contains("Ethereum Mainnet");
      JsonObject score = TestApp.data(app.get("/api/v1/score/" + wallet));
      assertThat(score.getString("cacheStatus")).isEqualTo("indexing_required");
      assertThat(TestApp.data(app.get("/api/v1/decision/" + wallet)).getJsonObject("freshness")
          .getString("cacheStatus")).isEqualTo("indexing_required");

      // A failed attempt: refresh and intake meet the cooldown, never "fresh" or "already_indexed".
      app.clock.advance(Duration.ofMinutes(1));
      HttpResponse<Buffer> refresh = post(app, "/api/v1/interaction-graph/" + wallet + "/refresh", key);
      assertThat(refresh.statusCode()).isEqualTo(429);
      assertThat(refresh.bodyAsJsonObject().getJsonObject("error").getString("message")).contains("cooldown");
      HttpResponse<Buffer> intake = post(app, "/api/v1/intake/" + wallet, null);
      assertThat(intake.statusCode()).isEqualTo(429);
      assertThat(intake.getHeader("Retry-After")).isEqualTo("540");
      // No worker retry for a wallet without evidence: the client comes back after the cooldown.
      assertThat(Sql.count(app.database, "SELECT count(*) FROM index_jobs WHERE wallet = ?", wallet)).isEqualTo(1);

      down.set(false);
      app.clock.advance(Duration.ofMinutes(10));
      assertThat(TestApp.data(post(app, "/api/v1/intake/" + wallet, null)).getString("status")).isEqualTo("started");
      Sql.await("committed once Ethereum answers", 30_000, () -> snapshots(app, wallet) == 1);
      assertThat(TestApp.data(app.get("/api/v1/score/" + wallet)).getLong("totalTxCount")).isEqualTo(1);
    }
  }
}
