package dev.vouch.decision;

import static dev.vouch.support.Shapes.T.ARRAY;
import static dev.vouch.support.Shapes.T.BOOL;
import static dev.vouch.support.Shapes.T.BOOL_OR_NULL;
import static dev.vouch.support.Shapes.T.INT;
import static dev.vouch.support.Shapes.T.NUMBER;
import static dev.vouch.support.Shapes.T.OBJECT;
import static dev.vouch.support.Shapes.T.STRING;
import static dev.vouch.support.Shapes.T.STRING_OR_NULL;
import static dev.vouch.support.Shapes.T.TIMESTAMP;
import static dev.vouch.support.Shapes.T.TIMESTAMP_OR_NULL;
import static dev.vouch.support.Shapes.assertShape;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.score.NewSnapshot;
import dev.vouch.score.model.Evidence;
import dev.vouch.support.Snapshots;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestDatabase;
import io.vertx.core.json.JsonObject;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class DecisionApiTest {

  static TestApp app;

  @BeforeAll
  static void start() {
    app = TestApp.start(TestApp.UNMETERED);
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  private static final Map<String, dev.vouch.support.Shapes.T> DECISION = Map.ofEntries(
      Map.entry("wallet", STRING), Map.entry("username", STRING_OR_NULL), Map.entry("useCase", STRING),
      Map.entry("decision", STRING), Map.entry("riskLevel", STRING), Map.entry("recommendedLimit", OBJECT),
      Map.entry("reasons", ARRAY), Map.entry("warnings", ARRAY), Map.entry("score", INT),
      Map.entry("evidence", OBJECT), Map.entry("freshness", OBJECT), Map.entry("coverage", OBJECT),
      Map.entry("scoreModelVersion", STRING), Map.entry("decisionModelVersion", STRING));

  @Test
  void unindexedWalletAnswersCautionBaselineWithIndexingRequired() {
    var r = app.get("/api/v1/decision/0x00000000000000000000000000000000000000AB");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.bodyAsJsonObject().getBoolean("ok")).isTrue();
    assertThat(r.bodyAsJsonObject().getString("version")).isEqualTo("v1");
    JsonObject d = TestApp.data(r);
    assertShape(d, DECISION);
    assertThat(d.getString("wallet")).isEqualTo("0x00000000000000000000000000000000000000ab");
    assertThat(d.getString("decision")).isEqualTo("caution");
    assertThat(d.getString("riskLevel")).isNotEqualTo("High Risk");
    assertThat(d.getJsonObject("freshness").getString("cacheStatus")).isEqualTo("indexing_required");
    assertThat(d.getJsonObject("freshness").getValue("lastIndexedAt")).isNull();
    assertThat(d.getJsonObject("recommendedLimit").getLong("amountUsdc")).isEqualTo(50);
    assertThat(d.getJsonArray("reasons").getJsonObject(0).getString("code")).isEqualTo("DATA_LIMITED");
    assertThat(d.getJsonArray("warnings").getJsonObject(0).getString("code")).isEqualTo("WALLET_NOT_INDEXED");
    assertThat(d.getJsonObject("evidence").getJsonArray("missing").getList()).contains("committedSnapshot");
  }

  @Test
  void committedSnapshotAnswersCachedWithEveryFieldTyped() {
    String wallet = "0x" + "a".repeat(40);
    Snapshots.commit(app.app.pool(), Snapshots.of(wallet, Snapshots.strong(),
        app.clock.instant().minus(Duration.ofHours(1)), Snapshots.healthyCoverage(app.clock.instant())));
    JsonObject d = TestApp.data(app.get("/api/v1/decision/" + wallet.toUpperCase().replace("0X", "0x")));
    assertShape(d, DECISION);
    assertThat(d.getString("wallet")).isEqualTo(wallet);
    assertShape(d.getJsonObject("recommendedLimit"), Map.of("amountUsdc", NUMBER, "currency", STRING, "basis", STRING));
    assertShape(d.getJsonObject("evidence"), Map.of("used", ARRAY, "missing", ARRAY));
    assertShape(d.getJsonObject("freshness"), Map.of("cacheStatus", STRING, "lastIndexedAt", TIMESTAMP,
        "refreshInProgress", BOOL, "refreshRecommended", BOOL));
    assertShape(d.getJsonObject("coverage"), Map.of("chains", ARRAY, "historyCapped", BOOL,
        "hasTransientIssues", BOOL, "hasStandingLimitations", BOOL));
    JsonObject chain = d.getJsonObject("coverage").getJsonArray("chains").getJsonObject(0);
    assertShape(chain, Map.of("chain", STRING, "status", STRING, "transient", BOOL, "standing", BOOL,
        "historyCapped", BOOL_OR_NULL, "recencyReliable", BOOL_OR_NULL, "source", STRING, "fallbackFrom", ARRAY));
    assertShape(d.getJsonArray("reasons").getJsonObject(0), Map.of("code", STRING, "message", STRING));

    assertThat(d.getJsonObject("freshness").getString("cacheStatus")).isEqualTo("cached");
    assertThat(d.getString("decision")).isEqualTo("caution");
    assertThat(d.getJsonArray("reasons").getJsonObject(0).getString("code")).isEqualTo("VOUCH_TRUST_GRAPH_MISSING");
    assertThat(d.getJsonObject("coverage").getBoolean("hasStandingLimitations")).isTrue();
    assertThat(d.getJsonObject("coverage").getJsonArray("chains")).hasSize(3);
    assertThat(d.getString("scoreModelVersion")).isEqualTo("identity_score_v4");
    assertThat(d.getString("decisionModelVersion")).isEqualTo("decision_v0.7");
  }

  @Test
  void verifiedTrustEdgesAndFreshEvidenceAllow() throws Exception {
    String wallet = "0x" + "c".repeat(40);
    String peer = "0x" + "d".repeat(40);
    Snapshots.commit(app.app.pool(), Snapshots.of(wallet, Snapshots.strong(),
        app.clock.instant().minus(Duration.ofHours(1)), Snapshots.healthyCoverage(app.clock.instant())));
    TestDatabase.exec(app.database, "INSERT INTO wallets (address) VALUES ('" + peer + "')");
    TestDatabase.exec(app.database, "INSERT INTO attestations (from_wallet, to_wallet, chain_id, tx_hash, verified_at, accepted_at)"
        + " VALUES ('" + peer + "', '" + wallet + "', 5042002, '0x" + "e".repeat(64) + "', now(), now())");
    JsonObject d = TestApp.data(app.get("/api/v1/decision/" + wallet));
    assertThat(d.getString("decision")).isEqualTo("allow");
    assertThat(d.getJsonArray("reasons")).isEmpty();
    assertThat(d.getJsonObject("recommendedLimit").getLong("amountUsdc")).isEqualTo(10_000);

    // D4: the same evidence is below the lending minimum only when the score is.
    JsonObject lending = TestApp.data(app.get("/api/v1/decision/" + wallet + "?useCase=lending"));
    assertThat(lending.getString("useCase")).isEqualTo("lending");
    assertThat(lending.getString("decision")).isEqualTo("allow");
  }

  @Test
  void staleEvidenceAddsDataStaleAfter24Hours() {
    String wallet = "0x" + "5".repeat(40);
    Snapshots.commit(app.app.pool(), Snapshots.of(wallet, Snapshots.strong(),
        app.clock.instant().minus(Duration.ofHours(25)), Snapshots.healthyCoverage(app.clock.instant())));
    JsonObject d = TestApp.data(app.get("/api/v1/decision/" + wallet));
    assertThat(d.getJsonArray("reasons").stream().map(o -> ((JsonObject) o).getString("code")))
        .contains("DATA_STALE");
    assertThat(d.getJsonObject("freshness").getBoolean("refreshRecommended")).isTrue();
  }

  @Test
  void highRiskEvidenceBlocks() {
    String wallet = "0x" + "6".repeat(40);
    Evidence flagged = new Evidence(900, 4, 1200, 40, 30, 2, 0, 8, 8, 500);
    Snapshots.commit(app.app.pool(), Snapshots.of(wallet, flagged, app.clock.instant(),
        Snapshots.healthyCoverage(app.clock.instant())));
    JsonObject d = TestApp.data(app.get("/api/v1/decision/" + wallet + "?useCase=escrow"));
    assertThat(d.getString("decision")).isEqualTo("block");
    assertThat(d.getString("riskLevel")).isEqualTo("High Risk");
    assertThat(d.getJsonObject("recommendedLimit").getLong("amountUsdc")).isZero();
  }

  @Test
  void newestCommittedSnapshotWins() {
    String wallet = "0x" + "7".repeat(40);
    List<NewSnapshot.ChainRow> cov = Snapshots.healthyCoverage(app.clock.instant());
    Snapshots.commit(app.app.pool(), Snapshots.of(wallet, Evidence.NONE, app.clock.instant().minus(Duration.ofHours(3)), cov));
    Snapshots.commit(app.app.pool(), Snapshots.of(wallet, Snapshots.strong(), app.clock.instant().minus(Duration.ofHours(1)), cov));
    JsonObject d = TestApp.data(app.get("/api/v1/decision/" + wallet));
    assertThat(d.getInteger("score")).isGreaterThan(80);
  }

  @Test
  void d7TheReadStartsNoIndexingAndWritesNothing() throws Exception {
    String wallet = "0x" + "9".repeat(40);
    for (int i = 0; i < 3; i++) {
      assertThat(app.get("/api/v1/decision/" + wallet).statusCode()).isEqualTo(200);
    }
    try (Connection c = DriverManager.getConnection(app.database.jdbcUrl(), app.database.user(), app.database.password());
        ResultSet rs = c.createStatement().executeQuery(
            "SELECT (SELECT count(*) FROM index_jobs) + (SELECT count(*) FROM wallets WHERE address = '" + wallet + "')")) {
      rs.next();
      assertThat(rs.getLong(1)).isZero();
    }
  }

  @Test
  void malformedWalletIsInvalidWallet() {
    for (String bad : List.of("0x123", "0x" + "g".repeat(40), "abc", "0x" + "a".repeat(41))) {
      var r = app.get("/api/v1/decision/" + bad);
      assertThat(r.statusCode()).isEqualTo(400);
      JsonObject body = r.bodyAsJsonObject();
      assertThat(body.getBoolean("ok")).isFalse();
      assertThat(body.getString("version")).isEqualTo("v1");
      assertThat(body.getJsonObject("error").getString("code")).isEqualTo("INVALID_WALLET");
      assertThat(body.getJsonObject("error").getString("message")).contains("0x + 40 hex");
      assertThat(body.containsKey("data")).isFalse();
    }
  }

  @Test
  void unknownUseCaseIsInvalidRequest() {
    var r = app.get("/api/v1/decision/0x" + "a".repeat(40) + "?useCase=gambling");
    assertThat(r.statusCode()).isEqualTo(400);
    assertThat(r.bodyAsJsonObject().getJsonObject("error").getString("code")).isEqualTo("INVALID_REQUEST");
  }

  @Test
  void everyUseCaseIsAccepted() {
    for (String u : List.of("payment", "escrow", "lending", "marketplace")) {
      JsonObject d = TestApp.data(app.get("/api/v1/decision/0x" + "b".repeat(40) + "?useCase=" + u));
      assertThat(d.getString("useCase")).isEqualTo(u);
    }
  }
}
