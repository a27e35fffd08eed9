package dev.vouch.decision;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Snapshots;
import dev.vouch.support.TestApp;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class DecisionApiTest {

  static TestApp app;

  @BeforeAll
  static void start() {
    app = TestApp.start();
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  void unindexedWalletAnswersCautionBaselineWithIndexingRequired() {
    var r = app.get("/api/v1/decision/0x00000000000000000000000000000000000000AB");
    assertThat(r.statusCode()).isEqualTo(200);
    JsonObject d = TestApp.data(r);
    assertThat(d.getString("wallet")).isEqualTo("0x00000000000000000000000000000000000000ab");
    assertThat(d.getString("decision")).isEqualTo("caution");
    assertThat(d.getJsonObject("freshness").getString("cacheStatus")).isEqualTo("indexing_required");
    assertThat(d.getJsonObject("recommendedLimit").getLong("amountUsdc")).isEqualTo(50);
  }

  @Test
  void committedSnapshotAnswersCachedWithModelVerdict() {
    String wallet = "0x" + "a".repeat(40);
    Snapshots.commit(app.app.pool(), Snapshots.of(wallet, Snapshots.strong(),
        app.clock.instant().minus(Duration.ofHours(1)), Snapshots.healthyCoverage(app.clock.instant())));
    JsonObject d = TestApp.data(app.get("/api/v1/decision/" + wallet));
    assertThat(d.getJsonObject("freshness").getString("cacheStatus")).isEqualTo("cached");
    assertThat(d.getInteger("score")).isGreaterThan(40);
    assertThat(d.getString("decision")).isEqualTo("caution");
    assertThat(d.getJsonArray("reasons").getJsonObject(0).getString("code")).isEqualTo("VOUCH_TRUST_GRAPH_MISSING");
  }
}
