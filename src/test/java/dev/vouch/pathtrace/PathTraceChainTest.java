package dev.vouch.pathtrace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Anvil;
import dev.vouch.support.ChainsFile;
import dev.vouch.support.ChainsFile.Entry;
import dev.vouch.support.Erc20;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TokenChains;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Tracing end to end (issue 33 item 2) on a real chain: a registered USDC on Anvil and the path
 * sanctioned (labelled) -> far -> near -> root, plus a shop the root paid. Only the root is
 * indexed by a caller; tracing alone indexes near and shop (depth 1) and far (depth 2, a source of
 * near's funds), charges no caller, and the root's summary says how complete the trace is. The
 * budgets (per root, global per minute) and the off switch each get an app of their own on the
 * same chain.
 */
class PathTraceChainTest {

  static final Instant G = Instant.parse("2026-11-22T12:00:00Z").minus(Duration.ofDays(100));
  static Anvil arc;
  static Path dir;
  static String sanctioned;
  static String far;
  static String near;
  static String shop;
  static String root;
  static int days;

  static Instant next() {
    return G.plus(Duration.ofDays(++days));
  }

  static BigInteger usd(long whole) {
    return BigInteger.valueOf(whole).multiply(BigInteger.valueOf(1_000_000));
  }

  @BeforeAll
  static void chain() throws Exception {
    arc = Anvil.start(5042002, G);
    sanctioned = Anvil.randomAddress();
    far = Anvil.randomAddress();
    near = Anvil.randomAddress();
    shop = Anvil.randomAddress();
    root = Anvil.randomAddress();
    Erc20 usdc = Erc20.deployAt(arc, next(), Anvil.randomAddress(), "USD Coin", "USDC", 6);
    usdc.mintAt(next(), sanctioned, usd(100_000));
    usdc.transferAt(next(), sanctioned, far, usd(20_000));
    usdc.transferAt(next(), far, near, usd(15_000));
    usdc.transferAt(next(), near, root, usd(10_000));
    usdc.transferAt(next(), root, shop, usd(500));
    dir = Files.createTempDirectory("vouch-trace");
    Path labels = dir.resolve("labels.csv");
    Files.writeString(labels, "address,chain,category,name,source\n" + sanctioned + ",,sanctioned,Test SDN entry,OFAC\n");
    Path config = dir.resolve("application.yaml");
    Files.writeString(config, Files.readString(Path.of("config/application.yaml")).replace("  flaggedAddresses: []\n",
        "  flaggedAddresses:\n    - {name: LABELS, type: labels, path: " + labels + "}\n"));
    Path chains = TokenChains.register(ChainsFile.write(List.of(Entry.history("Arc Testnet", 5042002, "USDC", arc.url))),
        5042002, List.of(new TokenChains.Token(usdc.address, "USDC", 6, true)));
    base = new HashMap<>();
    base.put("VOUCH_CONFIG", config.toString());
    base.put("CHAINS_FILE", chains.toString());
    base.put("VOUCH_INDEXING_POLL_MS", "100");
    base.put("VOUCH_PATH_TRACE_POLL_MS", "100");
    base.put("VOUCH_PATH_TRACE_ENABLED", "true");
    base.put("VOUCH_MONITORING_SCREENING_CHECK_MILLIS", "100");
  }

  static Map<String, String> base;

  @AfterAll
  static void stop() {
    if (arc != null) {
      arc.close();
    }
  }

  static TestApp start(Map<String, String> overrides) {
    Map<String, String> env = new HashMap<>(base);
    env.putAll(overrides);
    return TestApp.start(env);
  }

  /** The caller's intake of the root, then its commit; the intake's remaining budget. */
  static long intakeRoot(TestApp app) {
    HttpResponse<Buffer> r = app.send(HttpMethod.POST, "/api/v1/intake/" + root, null, Map.of());
    assertThat(r.statusCode()).isEqualTo(202);
    Sql.await("root committed", 120_000,
        () -> Sql.count(app.database, "SELECT count(*) FROM wallets WHERE address = ? AND latest_snapshot_id IS NOT NULL", root) == 1);
    return Long.parseLong(r.getHeader("X-RateLimit-Remaining"));
  }

  /** The trace status stored in the root's latest summary (what decisions read), without a charged read. */
  static String stored(TestApp app) {
    Object status = Sql.one(app.database, "SELECT s.exposure->'trace'->>'status' AS status FROM wallets w"
        + " JOIN snapshots s ON s.id = w.latest_snapshot_id WHERE w.address = ?", root).get("status");
    return (String) status;
  }

  static JsonObject trace(TestApp app) {
    return TestApp.data(app.get("/api/v1/decision/" + root)).getJsonObject("exposure").getJsonObject("trace");
  }

  static boolean committed(TestApp app, String wallet) {
    return Sql.count(app.database, "SELECT count(*) FROM wallets WHERE address = ? AND latest_snapshot_id IS NOT NULL",
        wallet) == 1;
  }

  @Test
  void tracingAloneIndexesTheTwoHopPathChargesNoCallerAndTheSummarySaysComplete() {
    try (TestApp app = start(Map.of())) {
      long remaining = intakeRoot(app);
      Sql.await("traced summary complete", 120_000, () -> "complete".equals(stored(app)));
      // Nobody asked for near, shop or far: tracing indexed them, near and shop at depth 1, far at 2.
      assertThat(committed(app, near)).isTrue();
      assertThat(committed(app, shop)).isTrue();
      assertThat(committed(app, far)).isTrue();
      // The labelled address is the answer, not an intermediary: never indexed.
      assertThat(committed(app, sanctioned)).isFalse();
      assertThat(Sql.rows(app.database, "SELECT wallet, priority::int AS priority, trace_root, trace_depth::int AS trace_depth FROM index_jobs"
          + " WHERE kind = 'trace' ORDER BY trace_depth, wallet")).containsExactlyInAnyOrder(
          Map.of("wallet", near, "priority", 1, "trace_root", root, "trace_depth", 1),
          Map.of("wallet", shop, "priority", 1, "trace_root", root, "trace_depth", 1),
          Map.of("wallet", far, "priority", 1, "trace_root", root, "trace_depth", 2));
      assertThat(trace(app).getMap()).isEqualTo(Map.of("status", "complete", "wanted", 3, "indexed", 3, "pending", 0,
          "skippedByBudget", 0, "unreached", 0));
      JsonObject exposure = TestApp.data(app.get("/api/v1/exposure/" + root)).getJsonObject("summary");
      assertThat(exposure.getJsonObject("trace").getString("status")).isEqualTo("complete");
      // The decision read above costs 1 unit: the caller's budget moved by nothing else, and the
      // traced jobs carry no caller (no refresh ledger row).
      long after = Long.parseLong(app.get("/api/v1/decision/" + root).getHeader("X-RateLimit-Remaining"));
      assertThat(after).isEqualTo(remaining - 3);
      assertThat(Sql.count(app.database, "SELECT count(*) FROM refresh_ledger")).isZero();
      // The check page says it (pages are metered too, so after the budget check).
      assertThat(app.get("/check?q=" + root).bodyAsString()).contains("id=\"exposure-trace\"",
          "Complete: 3 of 3 intermediaries on this wallet's valued paths indexed.");
      // The traced runs' JSON-RPC calls were counted for the root and the minute's global budget.
      assertThat(((Number) Sql.one(app.database, "SELECT rpc_calls FROM path_trace_roots WHERE root = ?", root)
          .get("rpc_calls")).longValue()).isPositive();
      assertThat(((Number) Sql.one(app.database, "SELECT sum(jobs) AS jobs FROM path_trace_budget").get("jobs"))
          .longValue()).isEqualTo(3);
      // Issue 33: with nobody indexing far or near by hand, the root's decision reaches the two-hop
      // exposure (sanctioned -> far -> near -> root: all of its inflow, two intermediaries).
      Sql.await("the root's stored summary reads the two-hop path", 120_000, () -> "indirect".equals(
          Sql.one(app.database, "SELECT s.exposure->>'sanctions' AS s FROM wallets w JOIN snapshots s"
              + " ON s.id = w.latest_snapshot_id WHERE w.address = ?", root).get("s")));
      JsonObject decided = TestApp.data(app.get("/api/v1/decision/" + root));
      assertThat(decided.getJsonArray("reasons").stream().map(c -> ((JsonObject) c).getString("code")))
          .contains("EXPOSURE_INDIRECT_SANCTIONED");
      assertThat(decided.getJsonObject("exposure").getJsonArray("indirectSanctionedByHop").stream()
          .map(h -> ((JsonObject) h).getInteger("hops"))).contains(2);
    }
  }

  @Test
  void theRootsBudgetStopsTracingAndTheStatusSaysPartial() {
    try (TestApp app = start(Map.of("VOUCH_PATH_TRACE_PER_ROOT_JOBS", "1"))) {
      intakeRoot(app);
      Sql.await("trace settled", 120_000, () -> "partial".equals(stored(app)));
      // The largest flow first: near (10,000 USD) got the one job; shop and, through near, far did not.
      assertThat(committed(app, near)).isTrue();
      assertThat(committed(app, shop)).isFalse();
      assertThat(committed(app, far)).isFalse();
      assertThat(trace(app).getMap()).isEqualTo(Map.of("status", "partial", "wanted", 3, "indexed", 1, "pending", 0,
          "skippedByBudget", 2, "unreached", 0));
      assertThat(Sql.count(app.database, "SELECT count(*) FROM index_jobs WHERE kind = 'trace'")).isEqualTo(1);
      assertThat(app.get("/check?q=" + root).bodyAsString()).contains(
          "Partial: 1 of 3 intermediaries on this wallet's valued paths indexed, 2 skipped by the tracing budget;");
    }
  }

  @Test
  void theGlobalBudgetPerMinuteStopsTracingAndTheStatusSaysPartial() {
    // The test clock stands still: every traced job falls in one minute.
    try (TestApp app = start(Map.of("VOUCH_PATH_TRACE_JOBS_PER_MINUTE", "2"))) {
      intakeRoot(app);
      Sql.await("trace settled", 120_000, () -> "partial".equals(stored(app)));
      assertThat(committed(app, near)).isTrue();
      assertThat(committed(app, shop)).isTrue();
      assertThat(committed(app, far)).isFalse();
      assertThat(trace(app).getMap()).isEqualTo(Map.of("status", "partial", "wanted", 3, "indexed", 2, "pending", 0,
          "skippedByBudget", 1, "unreached", 0));
      assertThat(Sql.rows(app.database, "SELECT address, plan FROM path_trace_nodes WHERE root = ? AND plan <> 'planned'",
          root)).containsExactly(Map.of("address", far, "plan", "skipped_global_budget"));
    }
  }

  @Test
  void theOffSwitchQueuesNothing() {
    try (TestApp app = start(Map.of("VOUCH_PATH_TRACE_ENABLED", "false"))) {
      intakeRoot(app);
      // The commit is in; a settled read model shows its summary without any trace.
      JsonObject exposure = TestApp.data(app.get("/api/v1/decision/" + root)).getJsonObject("exposure");
      assertThat(exposure).isNotNull();
      assertThat(exposure.containsKey("trace")).isFalse();
      assertThat(Sql.count(app.database, "SELECT count(*) FROM index_jobs WHERE wallet <> ?", root)).isZero();
      assertThat(Sql.count(app.database, "SELECT count(*) FROM path_trace_work")).isZero();
      assertThat(Sql.count(app.database, "SELECT count(*) FROM path_trace_roots")).isZero();
      assertThat(app.get("/check?q=" + root).bodyAsString()).contains("id=\"exposure-sanctions\"")
          .doesNotContain("id=\"exposure-trace\"");
    }
  }
}
