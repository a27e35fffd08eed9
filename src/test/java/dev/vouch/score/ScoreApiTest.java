package dev.vouch.score;

import static dev.vouch.support.Shapes.T.ARRAY;
import static dev.vouch.support.Shapes.T.BOOL;
import static dev.vouch.support.Shapes.T.INT;
import static dev.vouch.support.Shapes.T.OBJECT;
import static dev.vouch.support.Shapes.T.STRING;
import static dev.vouch.support.Shapes.T.STRING_OR_NULL;
import static dev.vouch.support.Shapes.T.TIMESTAMP_OR_NULL;
import static dev.vouch.support.Shapes.assertShape;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.score.model.Evidence;
import dev.vouch.support.Snapshots;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestDatabase;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ScoreApiTest {

  static TestApp app;

  @BeforeAll
  static void start() {
    app = TestApp.start(TestApp.UNMETERED);
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  private static final Map<String, dev.vouch.support.Shapes.T> SCORE = Map.ofEntries(
      Map.entry("wallet", STRING), Map.entry("username", STRING_OR_NULL), Map.entry("score", INT),
      Map.entry("scoreModelVersion", STRING), Map.entry("riskLevel", STRING), Map.entry("badge", STRING),
      Map.entry("breakdown", OBJECT), Map.entry("activeChains", ARRAY), Map.entry("totalTxCount", INT),
      Map.entry("arcTxCount", INT), Map.entry("globalWalletAgeDays", INT), Map.entry("attestations", OBJECT),
      Map.entry("cacheStatus", STRING), Map.entry("lastIndexedAt", TIMESTAMP_OR_NULL),
      Map.entry("refreshInProgress", BOOL), Map.entry("refreshRecommended", BOOL));

  private static final Map<String, dev.vouch.support.Shapes.T> BREAKDOWN = Map.of(
      "globalWalletAge", INT, "crossChainActivity", INT, "arcActivity", INT, "counterpartyDiversity", INT,
      "verifiedAttestations", INT, "propagatedTrust", INT, "transactionActivity", INT, "riskPenalty", INT);

  @Test
  void validUnknownWalletAnswersTheBaseline() {
    var r = app.get("/api/v1/score/0x" + "F".repeat(40));
    assertThat(r.statusCode()).isEqualTo(200);
    JsonObject d = TestApp.data(r);
    assertShape(d, SCORE);
    assertShape(d.getJsonObject("breakdown"), BREAKDOWN);
    assertThat(d.getString("wallet")).isEqualTo("0x" + "f".repeat(40));
    assertThat(d.getInteger("score")).isZero();
    assertThat(d.getString("cacheStatus")).isEqualTo("indexing_required");
    assertThat(d.getValue("lastIndexedAt")).isNull();
    assertThat(d.getString("riskLevel")).isEqualTo("Unrated");
    assertThat(d.getString("badge")).containsIgnoringCase("no evidence");
    assertThat(d.getJsonObject("breakdown").stream().allMatch(e -> ((Number) e.getValue()).intValue() == 0)).isTrue();
    assertThat(d.getBoolean("refreshInProgress")).isFalse();
  }

  @Test
  void committedSnapshotAnswersCachedWithItsBreakdown() throws Exception {
    String wallet = "0x" + "1".repeat(40);
    Evidence e = new Evidence(800, 2, 1200, 40, 30, 0, 0, 9, 8, 500);
    Snapshots.commit(app.app.pool(), Snapshots.of(wallet, e, app.clock.instant().minus(Duration.ofHours(2)),
        Snapshots.healthyCoverage(app.clock.instant())));
    TestDatabase.exec(app.database, "INSERT INTO identities (username, wallet, display_name) VALUES ('alice.vouch', '" + wallet + "', 'Alice')");
    JsonObject d = TestApp.data(app.get("/api/v1/score/" + wallet));
    assertShape(d, SCORE);
    assertShape(d.getJsonObject("breakdown"), BREAKDOWN);
    assertThat(d.getString("username")).isEqualTo("alice.vouch");
    assertThat(d.getString("cacheStatus")).isEqualTo("cached");
    assertThat(d.getInteger("score")).isEqualTo(96);
    assertThat(d.getJsonObject("breakdown").getInteger("crossChainActivity")).isEqualTo(6);
    assertThat(d.getJsonArray("activeChains").getList()).containsExactly("Arc Testnet", "Ethereum Mainnet");
    assertThat(d.getLong("totalTxCount")).isEqualTo(1200);
    assertThat(d.getLong("arcTxCount")).isEqualTo(40);
    assertThat(d.getInteger("globalWalletAgeDays")).isEqualTo(800);
    assertThat(d.getJsonObject("attestations").getInteger("acceptedCount")).isEqualTo(9);
    assertThat(d.getJsonObject("attestations").getInteger("uniqueCounterparties")).isEqualTo(8);
    assertThat(d.getString("riskLevel")).isEqualTo("Trusted");
    assertThat(d.getBoolean("refreshRecommended")).isFalse();
  }

  @Test
  void malformedWalletIsInvalidWallet() {
    var r = app.get("/api/v1/score/0xnothex");
    assertThat(r.statusCode()).isEqualTo(400);
    assertThat(r.bodyAsJsonObject().getJsonObject("error").getString("code")).isEqualTo("INVALID_WALLET");
  }
}
