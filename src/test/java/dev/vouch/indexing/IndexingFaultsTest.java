package dev.vouch.indexing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Anvil;
import dev.vouch.support.ChainsFile;
import dev.vouch.support.ChainsFile.Entry;
import dev.vouch.support.FaultyRpc;
import dev.vouch.support.FaultyRpc.Reply;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Faults a real node cannot produce (a tiny HTTP server in the test) next to real Anvil chains:
 * each failing chain keeps its documented coverage state, nothing partial is ever committed, a
 * run without any usable chain commits nothing and starts the cooldown, and a job held by a
 * crashed worker is finished by another once its lease expires.
 */
@Tag("fault")
class IndexingFaultsTest {

  static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");
  static final Instant G = NOW.minus(Duration.ofDays(100));
  static Anvil arc;
  static Anvil ethereum;
  static String w;
  static String peer;

  @BeforeAll
  static void seed() {
    arc = Anvil.start(5042002, G);
    ethereum = Anvil.start(1, G);
    w = Anvil.randomAddress();
    peer = Anvil.randomAddress();
    arc.fund(w);
    ethereum.fund(w);
    arc.sendAt(G.plus(Duration.ofDays(5)), w, peer, BigInteger.TEN);
    // More than one page (pageSize 25) on Ethereum, so a failure can strike after a good page.
    ethereum.bulk(w, Anvil.randomAddresses(40), BigInteger.ONE, 10, G.plus(Duration.ofDays(6)));
  }

  @AfterAll
  static void stop() {
    arc.close();
    ethereum.close();
  }

  static Map<String, String> env(List<Entry> chains, String... more) {
    var env = new java.util.HashMap<String, String>(TestApp.UNMETERED);
    env.putAll(Map.of(
        "CHAINS_FILE", ChainsFile.write(chains).toString(),
        "VOUCH_INDEXING_POLL_MS", "100",
        "VOUCH_INDEXING_RPC_RETRIES", "1",
        "VOUCH_INDEXING_RPC_BACKOFF_MS", "5"));
    for (int i = 0; i < more.length; i += 2) {
      env.put(more[i], more[i + 1]);
    }
    return env;
  }

  static HttpResponse<Buffer> intake(TestApp app, String wallet) {
    return app.send(HttpMethod.POST, "/api/v1/intake/" + wallet, null, Map.of());
  }

  static Map<String, Object> job(TestApp app, String wallet) {
    return Sql.one(app.database, "SELECT * FROM index_jobs WHERE wallet = ? ORDER BY id DESC LIMIT 1", wallet);
  }

  static void awaitJob(TestApp app, String wallet, String state) {
    Sql.await("job of " + wallet + " " + state, 30_000, () -> Sql.count(app.database,
        "SELECT count(*) FROM index_jobs WHERE wallet = ? AND state = ?", wallet, state) > 0);
  }

  @Test
  void failingChainsKeepTheirCoverageStateAndNothingPartialCommits() {
    AtomicInteger pages = new AtomicInteger();
    try (FaultyRpc secondPageFails = FaultyRpc.start((n, body) -> body.toString().contains("ots_")
            && pages.getAndIncrement() > 0 ? Reply.status(500, "") : Reply.forward(ethereum.url));
        FaultyRpc silent = FaultyRpc.start((n, body) -> Reply.silence());
        FaultyRpc garbled = FaultyRpc.start((n, body) -> Reply.status(200, "{\"jsonrpc\":\"2.0\",\"id\":1,\"res"));
        FaultyRpc busy = FaultyRpc.start((n, body) -> Reply.status(429, ""));
        TestApp app = TestApp.start(env(List.of(
            Entry.history("Arc Testnet", 5042002, "USDC", arc.url),
            Entry.history("Ethereum Mainnet", 1, "ETH", secondPageFails.url),
            Entry.history("Base", 8453, "ETH", silent.url).timeout(300),
            Entry.history("Arbitrum", 42161, "ETH", garbled.url),
            Entry.aggregate("Polygon", 137, "POL", arc.url),          // answers chain id 5042002
            Entry.aggregate("BNB Chain", 56, "BNB", busy.url))))) {
      assertThat(intake(app, w).statusCode()).isEqualTo(202);
      awaitJob(app, w, "done");

      long snapshot = (Long) Sql.one(app.database, "SELECT id FROM snapshots WHERE wallet = ?", w).get("id");
      List<Map<String, Object>> coverage = Sql.rows(app.database,
          "SELECT chain, status, is_transient, is_standing, history_capped, recency_reliable, tx_count"
              + " FROM snapshot_chains WHERE snapshot_id = ? ORDER BY chain_id", snapshot);
      assertThat(coverage).extracting(r -> Arrays.asList(r.values().toArray())).containsExactly(
          Arrays.asList("Ethereum Mainnet", "error", true, false, null, null, 0L),
          Arrays.asList("BNB Chain", "error", true, false, null, null, 0L),
          Arrays.asList("Polygon", "error", false, true, null, null, 0L),
          Arrays.asList("Base", "error", true, false, null, null, 0L),
          Arrays.asList("Arbitrum", "error", true, false, null, null, 0L),
          Arrays.asList("Arc Testnet", "indexed", false, false, false, true, 1L));
      assertThat(pages.get()).isGreaterThanOrEqualTo(2);
      // The good first Ethereum page never reaches the snapshot.
      assertThat(Sql.rows(app.database, "SELECT chain_id FROM counterparties WHERE snapshot_id = ?", snapshot))
          .extracting(r -> r.get("chain_id")).containsExactly(5042002L);
      assertThat(Sql.one(app.database, "SELECT total_tx_count FROM snapshots WHERE id = ?", snapshot))
          .containsEntry("total_tx_count", 1L);

      JsonObject decision = TestApp.data(app.get("/api/v1/decision/" + w));
      assertThat(decision.getJsonObject("coverage").getBoolean("hasTransientIssues")).isTrue();
      assertThat(decision.getJsonObject("coverage").getBoolean("hasStandingLimitations")).isTrue();
      assertThat(decision.getJsonArray("warnings").stream().map(x -> ((JsonObject) x).getString("code")))
          .contains("DATA_PROVIDER_TRANSIENT");
    }
  }

  @Test
  void runWithoutUsableChainCommitsNothingAndStartsTheCooldown() {
    String wallet = Anvil.randomAddress();
    // Arc is down; "Base" points at the Ethereum node, which answers another chain id.
    try (FaultyRpc down = FaultyRpc.start((n, body) -> Reply.status(503, ""));
        TestApp app = TestApp.start(env(List.of(
            Entry.history("Arc Testnet", 5042002, "USDC", down.url),
            Entry.history("Base", 8453, "ETH", ethereum.url))))) {
      HttpResponse<Buffer> first = intake(app, wallet);
      assertThat(first.statusCode()).isEqualTo(202);
      awaitJob(app, wallet, "failed");
      assertThat((String) job(app, wallet).get("error")).contains("Arc Testnet").contains("Base").contains("WRONG_CHAIN");
      assertThat(Sql.count(app.database, "SELECT count(*) FROM snapshots")).isZero();
      assertThat(Sql.count(app.database, "SELECT count(*) FROM snapshot_chains")).isZero();
      assertThat(Sql.count(app.database, "SELECT count(*) FROM counterparties")).isZero();

      app.clock.advance(Duration.ofMinutes(3));
      HttpResponse<Buffer> cooling = intake(app, wallet);
      assertThat(cooling.statusCode()).isEqualTo(429);
      assertThat(cooling.bodyAsJsonObject().getJsonObject("error").getString("code")).isEqualTo("RATE_LIMITED");
      assertThat(cooling.bodyAsJsonObject().getJsonObject("error").getString("message")).contains("cooldown");
      assertThat(cooling.getHeader("Retry-After")).isEqualTo("420");
      assertThat(cooling.getHeader("X-RateLimit-Remaining")).isNotNull();   // units already spent

      JsonObject score = TestApp.data(app.get("/api/v1/score/" + wallet));
      assertThat(score.getString("cacheStatus")).isEqualTo("indexing_required");
      assertThat(score.getBoolean("refreshInProgress")).isFalse();          // attempt within 10 minutes
      assertThat(Sql.count(app.database, "SELECT count(*) FROM index_jobs WHERE wallet = ?", wallet)).isEqualTo(1);

      app.clock.advance(Duration.ofMinutes(7));
      HttpResponse<Buffer> again = intake(app, wallet);
      assertThat(again.statusCode()).isEqualTo(202);
      assertThat(TestApp.data(again).getString("status")).isEqualTo("started");
    }
  }

  @Test
  void jobHeldByACrashedWorkerIsFinishedByAnotherAfterItsLease() {
    String wallet = Anvil.randomAddress();
    arc.fund(wallet);
    arc.sendAt(G.plus(Duration.ofDays(50)), wallet, peer, BigInteger.TWO);
    // The first worker's node never answers a history page: its run hangs holding the lease.
    try (FaultyRpc hangs = FaultyRpc.start((n, body) -> body.toString().contains("ots_") ? Reply.silence() : Reply.forward(arc.url))) {
      TestApp first = TestApp.start(env(List.of(Entry.history("Arc Testnet", 5042002, "USDC", hangs.url).timeout(60_000)),
          "VOUCH_INDEXING_LEASE_SECONDS", "60"));
      Object owner;
      try {
        assertThat(intake(first, wallet).statusCode()).isEqualTo(202);
        Sql.await("claimed by the first worker", 30_000, () -> hangs.requests() > 0
            && "running".equals(job(first, wallet).get("state")));
        owner = job(first, wallet).get("lease_owner");
        assertThat(owner).isNotNull();
      } finally {
        // A crash: the process loses its database before it can hand anything back.
        first.app.pool().close().toCompletionStage().toCompletableFuture().join();
        first.close();
      }
      try (TestApp second = TestApp.startOn(first.database, env(
          List.of(Entry.history("Arc Testnet", 5042002, "USDC", arc.url)),
          "VOUCH_ROLE", "worker", "VOUCH_INDEXING_LEASE_SECONDS", "60"))) {
        // The new worker claims a newer job while the crashed one's lease still runs: it polled,
        // and left the older job alone.
        String later = Anvil.randomAddress();
        Sql.exec(second.database, "INSERT INTO wallets (address) VALUES (?)", later);
        Sql.exec(second.database, "INSERT INTO index_jobs (wallet, kind, mode, state, created_at)"
            + " VALUES (?, 'intake', 'first_index', 'queued', ?)", later, java.sql.Timestamp.from(NOW));
        awaitJob(second, later, "done");
        assertThat(job(second, wallet)).containsEntry("state", "running").containsEntry("attempts", 1)
            .containsEntry("lease_owner", owner);

        second.clock.advance(Duration.ofSeconds(61));
        awaitJob(second, wallet, "done");
        assertThat(job(second, wallet)).containsEntry("attempts", 2).containsEntry("lease_owner", null);
        assertThat(Sql.one(second.database, "SELECT total_tx_count, job_id FROM snapshots WHERE wallet = ?", wallet))
            .containsEntry("total_tx_count", 1L).containsEntry("job_id", job(second, wallet).get("id"));
      }
    }
  }

  @Test
  void aWorkerStoppingGracefullyHandsItsJobBackAtOnce() {
    String wallet = Anvil.randomAddress();
    arc.fund(wallet);
    arc.send(wallet, peer, BigInteger.TWO, null);   // next block time: independent of test order
    try (FaultyRpc hangs = FaultyRpc.start((n, body) -> body.toString().contains("ots_") ? Reply.silence() : Reply.forward(arc.url))) {
      TestApp first = TestApp.start(env(List.of(Entry.history("Arc Testnet", 5042002, "USDC", hangs.url).timeout(60_000)),
          "VOUCH_INDEXING_LEASE_SECONDS", "600"));
      try {
        assertThat(intake(first, wallet).statusCode()).isEqualTo(202);
        Sql.await("claimed by the first worker", 30_000, () -> hangs.requests() > 0
            && "running".equals(job(first, wallet).get("state")));
      } finally {
        first.close();
      }
      assertThat(job(first, wallet)).containsEntry("state", "queued").containsEntry("lease_owner", null)
          .containsEntry("attempts", 0);
      try (TestApp second = TestApp.startOn(first.database, env(
          List.of(Entry.history("Arc Testnet", 5042002, "USDC", arc.url)),
          "VOUCH_ROLE", "worker", "VOUCH_INDEXING_LEASE_SECONDS", "600"))) {
        // No clock movement: the job is not waiting for a 10-minute lease to run out.
        awaitJob(second, wallet, "done");
        assertThat(job(second, wallet)).containsEntry("attempts", 1);
        assertThat(Sql.count(second.database, "SELECT count(*) FROM snapshots WHERE wallet = ?", wallet)).isEqualTo(1);
      }
    }
  }
}
