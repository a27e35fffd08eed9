package dev.vouch.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.score.NewSnapshot;
import dev.vouch.support.Anvil;
import dev.vouch.support.Snapshots;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** GET /api/v1/stats: the deployment's figures, one unit, cached for a minute. */
class StatsApiTest {

  static TestApp app;

  @BeforeAll
  static void start() {
    // The api role: no worker claims the jobs this test counts.
    app = TestApp.start(Map.of("VOUCH_ROLE", "api", "VOUCH_BUDGETS_ANONYMOUS_PER_MINUTE", "1000000"));
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  static Instant now() {
    return app.clock.instant();
  }

  @Test
  void countsEverythingOnceAndKeepsItForAMinute() {
    Instant now = now();
    String a = Anvil.randomAddress();
    String b = Anvil.randomAddress();
    String c = Anvil.randomAddress();
    Snapshots.commit(app.app.pool(), Snapshots.of(a, Snapshots.strong(), now, Snapshots.healthyCoverage(now)));
    Snapshots.commit(app.app.pool(), Snapshots.of(b, Snapshots.strong(), now, List.of(
        new NewSnapshot.ChainRow(5042002, Snapshots.ARC, "error", true, false, null, null, "history", 0, 0, now),
        new NewSnapshot.ChainRow(1, "Ethereum Mainnet", "indexed", false, false, false, true, "history", 5, 2, now))));
    // Coverage older than a day does not count towards health.
    Snapshots.commit(app.app.pool(), Snapshots.of(c, Snapshots.strong(), now.minus(Duration.ofDays(3)), List.of(
        new NewSnapshot.ChainRow(8453, "Base", "error", true, false, null, null, "history", 0, 0,
            now.minus(Duration.ofDays(3))))));
    Sql.exec(app.database, "INSERT INTO identities (username, wallet, display_name) VALUES ('alice', ?, 'Alice'), ('bob', ?, 'Bob')", a, b);
    Sql.exec(app.database, "INSERT INTO attestations (from_wallet, to_wallet, chain_id, tx_hash, verified_at, accepted_at)"
        + " VALUES (?, ?, 5042002, ?, now(), now()), (?, ?, 5042002, ?, now(), NULL)",
        a, b, "0x" + "1".repeat(64), b, a, "0x" + "2".repeat(64));
    Timestamp recent = Timestamp.from(now.minus(Duration.ofHours(2)));
    Timestamp old = Timestamp.from(now.minus(Duration.ofDays(2)));
    Sql.exec(app.database, "INSERT INTO index_jobs (wallet, kind, mode, state, created_at, started_at, finished_at) VALUES"
        + " (?, 'intake', 'first_index', 'queued', ?, NULL, NULL),"
        + " (?, 'refresh', 'reindex', 'running', ?, ?, NULL),"
        + " (?, 'intake', 'first_index', 'failed', ?, ?, ?),"
        + " (?, 'intake', 'first_index', 'failed', ?, ?, ?)",
        c, recent, a, recent, recent, b, recent, recent, recent, c, old, old, old);

    HttpResponse<Buffer> r = app.get("/api/v1/stats");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.getHeader("Cache-Control")).isEqualTo("max-age=60");
    assertThat(r.getHeader("X-RateLimit-Remaining")).isNotNull();
    JsonObject s = TestApp.data(r);
    assertThat(s.getString("statsVersion")).isEqualTo("stats_v0.1");
    assertThat(s.getJsonObject("wallets").getLong("indexed")).isEqualTo(3);
    assertThat(s.getJsonObject("identities").getLong("registered")).isEqualTo(2);
    assertThat(s.getJsonObject("trust").getLong("verifiedEdges")).isEqualTo(1);
    assertThat(s.getJsonObject("receipts").getLong("minted")).isZero();
    JsonObject jobs = s.getJsonObject("jobs");
    assertThat(List.of(jobs.getLong("queued"), jobs.getLong("running"), jobs.getLong("failedLastDay")))
        .containsExactly(1L, 1L, 1L);
    JsonObject arc = chain(s, 5042002);
    assertThat(arc.getString("health")).isEqualTo("degraded");
    assertThat(arc.getLong("indexed")).isEqualTo(1);
    assertThat(arc.getLong("error")).isEqualTo(1);
    assertThat(arc.getString("lastIndexedAt")).isEqualTo(now.toString());
    assertThat(chain(s, 1).getString("health")).isEqualTo("healthy");
    assertThat(chain(s, 137).getString("health")).isEqualTo("healthy");
    assertThat(chain(s, 8453).getString("health")).isEqualTo("unknown");
    assertThat(chain(s, 8453).getValue("lastIndexedAt")).isNull();
    assertThat(s.getJsonArray("chains")).hasSize(app.app.config().chains().size());

    // Within the minute the same figures come back; after it, fresh ones.
    Sql.exec(app.database, "INSERT INTO identities (username, wallet, display_name) VALUES ('carol', ?, 'Carol')", c);
    assertThat(TestApp.data(app.get("/api/v1/stats")).getJsonObject("identities").getLong("registered")).isEqualTo(2);
    app.clock.advance(Duration.ofSeconds(61));
    assertThat(TestApp.data(app.get("/api/v1/stats")).getJsonObject("identities").getLong("registered")).isEqualTo(3);
  }

  static JsonObject chain(JsonObject stats, long chainId) {
    return stats.getJsonArray("chains").stream().map(JsonObject.class::cast)
        .filter(c -> c.getLong("chainId") == chainId).findFirst().orElseThrow();
  }
}
