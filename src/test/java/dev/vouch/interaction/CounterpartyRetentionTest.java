package dev.vouch.interaction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.interaction.model.Cursors;
import dev.vouch.interaction.model.GraphModel;
import dev.vouch.support.Anvil;
import dev.vouch.support.Snapshots;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Retention of counterparty rows (graph.retentionHours, default 24): the worker deletes the rows
 * of snapshots superseded longer ago than that; the latest snapshot's rows, every snapshot row
 * itself, and decisions stay. A wallet re-indexed daily keeps at most two snapshots' rows.
 */
class CounterpartyRetentionTest {

  static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");

  @Test
  void theWorkerPrunesRowsOfSnapshotsSupersededBeyondTheRetention() {
    try (TestApp api = TestApp.start(Map.of("VOUCH_ROLE", "api"))) {
      // Ten daily re-indexes, the last one an hour ago; and a wallet indexed once, long ago.
      String daily = Anvil.randomAddress();
      List<Long> ids = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        Instant at = NOW.minus(Duration.ofDays(9 - i)).minus(Duration.ofHours(1));
        ids.add(Snapshots.commit(api.app.pool(), Snapshots.of(daily, Snapshots.strong(), at, Snapshots.healthyCoverage(at))));
      }
      String once = Anvil.randomAddress();
      Instant long_ago = NOW.minus(Duration.ofDays(30));
      long onceId = Snapshots.commit(api.app.pool(),
          Snapshots.of(once, Snapshots.strong(), long_ago, Snapshots.healthyCoverage(long_ago)));
      assertThat(Sql.count(api.database, "SELECT count(*) FROM counterparties")).isEqualTo(11);
      // A registered-token flow on every snapshot: pruned with the counterparty rows (exposure and
      // graph read only the latest snapshot's, and those superseded within the retention).
      Sql.exec(api.database, "INSERT INTO token_flows (snapshot_id, counterparty, chain_id, token, symbol, decimals,"
          + " tx_in, value_in, usd_in) SELECT id, '0x' || repeat('ab', 20), 1, '0x' || repeat('cd', 20), 'USDC', 6,"
          + " 1, 1000000, 1.000000 FROM snapshots");

      Cursors cursors = new Cursors((byte[]) Sql.one(api.database, "SELECT key FROM graph_cursor_key").get("key"));
      String start = "0x" + "0".repeat(40);
      String onPruned = cursors.encode(daily, new Cursors.Cursor(ids.get(7), start));
      String onKept = cursors.encode(daily, new Cursors.Cursor(ids.get(8), start));

      // A worker starts, sweeps at once, and prunes.
      try (TestApp worker = TestApp.startOn(api.database, Map.of("VOUCH_ROLE", "worker"))) {
        Sql.await("retention", 30_000, () -> Sql.count(api.database,
            "SELECT count(*) FROM graph_snapshots g JOIN snapshots s ON s.id = g.snapshot_id WHERE s.wallet = ?",
            daily) == 2);
      }
      // Snapshot 8 was superseded an hour ago (kept); 7 was superseded 25 hours ago (pruned).
      assertThat(Sql.rows(api.database, "SELECT DISTINCT snapshot_id FROM counterparties ORDER BY 1"))
          .extracting(r -> r.get("snapshot_id")).containsExactly(ids.get(8), ids.get(9), onceId);
      assertThat(Sql.count(api.database, "SELECT count(*) FROM graph_nodes")).isEqualTo(3);
      assertThat(Sql.rows(api.database, "SELECT snapshot_id FROM token_flows ORDER BY 1"))
          .extracting(r -> r.get("snapshot_id")).containsExactly(ids.get(8), ids.get(9), onceId);
      assertThat(Sql.count(api.database, "SELECT count(*) FROM snapshots WHERE wallet = ?", daily)).isEqualTo(10);

      HttpResponse<Buffer> expired = api.get("/api/v1/interaction-graph/" + daily + "?cursor=" + onPruned);
      assertThat(expired.statusCode()).isEqualTo(400);
      assertThat(expired.bodyAsJsonObject().getJsonObject("error").getString("code")).isEqualTo("INVALID_REQUEST");
      assertThat(expired.bodyAsJsonObject().getJsonObject("error").getString("message")).contains("no longer kept");

      JsonObject kept = TestApp.data(api.get("/api/v1/interaction-graph/" + daily + "?cursor=" + onKept))
          .getJsonObject("interactionGraph");
      assertThat(kept.getJsonArray("nodes")).hasSize(1);
      assertThat(kept.getJsonArray("explanations").getList()).contains(GraphModel.SUPERSEDED);

      JsonObject decision = TestApp.data(api.get("/api/v1/decision/" + daily));
      assertThat(decision.getJsonObject("freshness").getString("cacheStatus")).isEqualTo("cached");
      assertThat(TestApp.data(api.get("/api/v1/interaction-graph/" + once)).getJsonObject("interactionGraph")
          .getJsonObject("summary").getInteger("totalCounterparties")).isEqualTo(1);

      // A queued run (no worker here to take it) shows in coverage while the old snapshot is served.
      Sql.exec(api.database, "INSERT INTO index_jobs (wallet, kind, mode, state) VALUES (?, 'refresh', 'reindex', 'queued')",
          once);
      JsonObject pending = TestApp.data(api.get("/api/v1/interaction-graph/" + once)).getJsonObject("interactionGraph");
      assertThat(pending.getJsonObject("coverage").getBoolean("indexing")).isTrue();
      assertThat(pending.getJsonObject("coverage").getBoolean("stale")).as("30 days old").isTrue();
      assertThat(pending.getJsonArray("explanations").getList()).contains(GraphModel.INDEXING, GraphModel.STALE);
    }
  }
}
