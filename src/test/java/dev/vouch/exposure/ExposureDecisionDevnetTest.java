package dev.vouch.exposure;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vouch.support.Devnet;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestKeys;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.erdtman.jcs.JsonCanonicalizer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * decision_v0.6's exposure rules on the live read paths, through the API, against the devnet's
 * token scenario (tools/devnet/tokens.mjs: real ERC-20 stablecoins on Anvil, a labelled mixer and
 * a sanctioned address): each wallet's summary is computed at its snapshot's commit and every
 * read path (single decision, score, batch, receipt) decides on the stored summary. Then a label
 * change: the sweep recomputes the summaries it may change and a watched wallet's new verdict is
 * announced as an event.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ExposureDecisionDevnetTest {

  static Devnet devnet;
  static JsonNode scenario;
  static Path labels;
  static Map<String, String> env;
  static TestApp app;
  static String blockReceipt;
  /** One instant for every read: evidence the devnet wrote a moment ago is fresh, and reads repeat. */
  static final Instant AT = Instant.now().plus(1, ChronoUnit.HOURS).truncatedTo(ChronoUnit.SECONDS);

  @BeforeAll
  static void start() throws Exception {
    Path dir = Files.createTempDirectory("vouch-devnet");
    devnet = Devnet.start(dir);
    scenario = new ObjectMapper().readTree(dir.resolve("truth.json").toFile()).get("scenario");
    labels = dir.resolve("labels.csv");
    Files.writeString(labels, "address,chain,category,name,source\n"
        + w("sanctioned") + ",,sanctioned,Devnet SDN entry,OFAC\n"
        + w("mixer") + ",,mixer,Devnet mixer,TRM\n");
    String appYaml = Files.readString(Path.of("config/application.yaml")).replace("  flaggedAddresses: []\n",
        "  flaggedAddresses:\n    - {name: LABELS, type: labels, path: " + labels + "}\n");
    Path config = dir.resolve("application.yaml");
    Files.writeString(config, appYaml);
    env = new HashMap<>(TestApp.UNMETERED);
    env.put("VOUCH_CONFIG", config.toString());
    env.put("CHAINS_FILE", dir.resolve("chains.yaml").toString());
    env.put("VOUCH_INDEXING_POLL_MS", "100");
    env.put("VOUCH_MONITORING_SCREENING_CHECK_MILLIS", "100");
    env.put("VOUCH_BUDGETS_PLANS_DEVELOPER_DAILY_SCANS", "0");
    env.put("VOUCH_BUDGETS_RECEIPTS_PER_MINUTE", "1000");
    env.put("VOUCH_RECEIPTS_SIGNING_KEY_FILE", dir.resolve("keys.json").toString());
    app = TestApp.start(env);
    app.clock.set(AT);
    // The intermediary first: the indirect client's summary reads its committed snapshot.
    intake(List.of("intermediary", "sanctionedPayer", "victim", "mixerPayer", "mixerFunded", "honest", "honestPeer",
        "poisonVictim"));
    intake(List.of("indirectClient"));
  }

  static void intake(List<String> roles) {
    for (String r : roles) {
      assertThat(app.send(HttpMethod.POST, "/api/v1/intake/" + w(r), null, Map.of()).statusCode()).isEqualTo(202);
    }
    for (String r : roles) {
      Sql.await("committed " + r, 120_000,
          () -> "cached".equals(TestApp.data(app.get("/api/v1/score/" + w(r))).getString("cacheStatus")));
    }
  }

  @AfterAll
  static void stop() throws Exception {
    if (app != null) {
      app.close();
    }
    if (devnet != null) {
      devnet.close();
    }
  }

  static String w(String role) {
    return scenario.get(role).asText();
  }

  static JsonObject decision(String role) {
    return TestApp.data(app.get("/api/v1/decision/" + w(role)));
  }

  static List<String> codes(JsonArray coded) {
    return coded.stream().map(c -> ((JsonObject) c).getString("code")).toList();
  }

  @Test
  @Order(1)
  void addressPoisoningMakesNoNodeFlowOrCounterpartyAndIsCountedInCoverage() {
    // tools/devnet/tokens.mjs: poisonVictim pays poisonFriend 300 USDC on each token chain; a
    // stranger then calls the real USDC's transferFrom(poisonVictim, lookalike, 0).
    String friend = w("poisonFriend");
    String lookalike = "0x" + friend.substring(2, 6) + "5".repeat(32) + friend.substring(38);
    JsonObject graph = TestApp.data(app.get("/api/v1/interaction-graph/" + w("poisonVictim")))
        .getJsonObject("interactionGraph");
    List<String> nodes = graph.getJsonArray("nodes").stream().map(n -> ((JsonObject) n).getString("walletAddress")).toList();
    assertThat(nodes).contains(friend).doesNotContain(lookalike);
    assertThat(Sql.count(app.database, "SELECT count(*) FROM token_flows f JOIN wallets w ON w.latest_snapshot_id = f.snapshot_id"
        + " WHERE w.address = ? AND f.counterparty = ?", w("poisonVictim"), lookalike)).isZero();
    assertThat(Sql.count(app.database, "SELECT count(*) FROM counterparties c JOIN wallets w ON w.latest_snapshot_id = c.snapshot_id"
        + " WHERE w.address = ? AND c.counterparty = ?", w("poisonVictim"), lookalike)).isZero();
    // Nothing hidden: each token chain's coverage counts the dropped transfer.
    long zero = graph.getJsonObject("coverage").getJsonArray("chains").stream()
        .map(c -> ((JsonObject) c).getLong("zeroValueTokenTransfers")).filter(java.util.Objects::nonNull)
        .mapToLong(Long::longValue).sum();
    assertThat(zero).isGreaterThanOrEqualTo(1);
    JsonObject d = decision("poisonVictim");
    assertThat(d.getString("decision")).isNotEqualTo("block");
    assertThat(codes(d.getJsonArray("reasons"))).noneMatch(c -> c.startsWith("EXPOSURE_"));
    assertThat(d.getJsonObject("coverage").getJsonArray("chains").stream()
        .map(c -> ((JsonObject) c).getLong("zeroValueTokenTransfers")).filter(java.util.Objects::nonNull)
        .mapToLong(Long::longValue).sum()).isEqualTo(zero);
  }

  @Test
  @Order(1)
  void eachScenarioWalletIsDecidedByTheSummaryStoredAtItsCommit() {
    JsonObject payer = decision("sanctionedPayer");
    assertThat(payer.getString("decision")).isEqualTo("block");
    assertThat(codes(payer.getJsonArray("reasons"))).startsWith("EXPOSURE_SANCTIONED_OUT");
    assertThat(payer.getString("riskLevel")).isEqualTo("High Risk");
    assertThat(payer.getJsonObject("exposure").getString("sanctions")).isEqualTo("direct");
    assertThat(payer.getJsonObject("evidence").getJsonArray("used").getList()).contains("exposure");

    // The duster's victim is never blocked, nor held in caution by the dust: the devnet dusts it
    // once on each of the four history chains (0.04 USDC in all), valued dust under 100 USD on
    // every chain together, never answered; only a warning (docs/models.md "Dust across chains").
    JsonObject victim = decision("victim");
    assertThat(victim.getString("decision")).isNotEqualTo("block");
    assertThat(codes(victim.getJsonArray("warnings"))).contains("EXPOSURE_SANCTIONED_DUST");
    assertThat(codes(victim.getJsonArray("reasons"))).noneMatch(c -> c.startsWith("EXPOSURE_"));
    JsonObject dust = victim.getJsonObject("exposure");
    assertThat(dust.getBoolean("sanctionedInUnsolicited")).isTrue();
    assertThat(dust.getInteger("sanctionedInTransfers")).isEqualTo(4);
    assertThat(dust.getInteger("sanctionedInUnvaluedTransfers")).isZero();
    assertThat(dust.getDouble("sanctionedInUsd")).isEqualTo(0.04);

    JsonObject mixerPayer = decision("mixerPayer");
    assertThat(mixerPayer.getString("decision")).isEqualTo("caution");
    assertThat(codes(mixerPayer.getJsonArray("reasons"))).contains("EXPOSURE_HIGH_RISK_OUT");
    JsonObject mixerFunded = decision("mixerFunded");
    assertThat(mixerFunded.getString("decision")).isEqualTo("caution");
    assertThat(codes(mixerFunded.getJsonArray("reasons"))).contains("EXPOSURE_HIGH_RISK_IN");
    // 2,000.000007 USDC on each of the four history chains, all of its valued inflow.
    assertThat(mixerFunded.getJsonObject("exposure").getDouble("highRiskInShare")).isEqualTo(1.0);

    // The intermediary took 20,000 from the sanctioned address: direct, above dust, blocks.
    JsonObject intermediary = decision("intermediary");
    assertThat(intermediary.getString("decision")).isEqualTo("block");
    assertThat(codes(intermediary.getJsonArray("reasons"))).contains("EXPOSURE_SANCTIONED_IN");

    // One hop further: indirect, a caution, never a block.
    JsonObject client = decision("indirectClient");
    assertThat(client.getString("decision")).isEqualTo("caution");
    assertThat(codes(client.getJsonArray("reasons"))).contains("EXPOSURE_INDIRECT_SANCTIONED");
    assertThat(client.getJsonObject("exposure").getString("sanctions")).isEqualTo("indirect");
    assertThat(client.getJsonObject("exposure").getDouble("indirectSanctionedShare")).isEqualTo(1.0);

    JsonObject honest = decision("honest");
    assertThat(honest.getJsonObject("exposure").getString("sanctions")).isEqualTo("none");
    assertThat(codes(honest.getJsonArray("reasons"))).noneMatch(c -> c.startsWith("EXPOSURE_"));

    // The score read carries the same summary, and the exposure read agrees with it.
    for (String role : List.of("sanctionedPayer", "victim", "indirectClient")) {
      JsonObject score = TestApp.data(app.get("/api/v1/score/" + w(role)));
      assertThat(score.getJsonObject("exposure")).isEqualTo(decision(role).getJsonObject("exposure"));
      JsonObject read = TestApp.data(app.get("/api/v1/exposure/" + w(role))).getJsonObject("summary");
      assertThat(read).isEqualTo(score.getJsonObject("exposure"));
    }
    // Stored once per snapshot, at commit.
    assertThat(Sql.count(app.database, "SELECT count(*) FROM snapshots WHERE exposure IS NULL")).isZero();
  }

  @Test
  @Order(2)
  void aBatchOfThemAgreesWithTheSingleDecisions() {
    List<String> roles = List.of("sanctionedPayer", "victim", "mixerPayer", "mixerFunded", "intermediary",
        "indirectClient", "honest");
    JsonArray inputs = new JsonArray();
    roles.forEach(r -> inputs.add(w(r)));
    JsonObject batch = TestApp.data(app.send(HttpMethod.POST, "/api/v1/decision/batch",
        Buffer.buffer(new JsonObject().put("inputs", inputs).encode()), Map.of("Content-Type", "application/json")));
    JsonArray rows = batch.getJsonArray("results");
    for (int i = 0; i < roles.size(); i++) {
      JsonObject row = rows.getJsonObject(i);
      JsonObject single = decision(roles.get(i));
      assertThat(row.getString("status")).isEqualTo("ok");
      assertThat(row.getString("decision")).as(roles.get(i)).isEqualTo(single.getString("decision"));
      assertThat(row.getJsonArray("reasons")).as(roles.get(i)).isEqualTo(single.getJsonArray("reasons"));
      assertThat(row.getJsonArray("warnings")).as(roles.get(i)).isEqualTo(single.getJsonArray("warnings"));
      assertThat(row.getJsonObject("exposure")).as(roles.get(i)).isEqualTo(single.getJsonObject("exposure"));
    }
    assertThat(batch.getJsonObject("summary").getInteger("block")).isEqualTo(2);
  }

  @Test
  @Order(3)
  void aReceiptOfABlockCarriesTheExposureInsideItsHashAndTheHashSurvivesARestart() throws Exception {
    JsonObject receipt = mint("sanctionedPayer");
    blockReceipt = receipt.getString("id");
    String page = app.get("/check/r/" + blockReceipt).bodyAsString();
    assertThat(page).contains("id=\"exposure-sanctions\"", "Direct", "id=\"exposure-evidence\"", "USD")
        .doesNotContain("id=\"exposure-later\"");
    assertThat(receipt.getString("decision")).isEqualTo("block");
    assertThat(receipt.getJsonObject("exposure").getString("sanctions")).isEqualTo("direct");
    assertThat(receipt.getJsonObject("exposure")).isEqualTo(decision("sanctionedPayer").getJsonObject("exposure"));
    assertThat(sha256(canonical(receipt))).isEqualTo(receipt.getString("payloadHash"));
    JsonObject tampered = receipt.copy();
    tampered.getJsonObject("exposure").put("sanctions", "none");
    assertThat(sha256(canonical(tampered))).isNotEqualTo(receipt.getString("payloadHash"));

    app.close();
    app = TestApp.startOn(app.database, env);
    app.clock.set(AT);
    JsonObject read = TestApp.data(app.get("/api/v1/decision-receipts/" + receipt.getString("id"))).getJsonObject("receipt");
    assertThat(read.getString("payloadHash")).isEqualTo(receipt.getString("payloadHash"));
    assertThat(sha256(canonical(read))).isEqualTo(receipt.getString("payloadHash"));
    // Decided again after the restart from the stored summary: the same payload, the same hash.
    assertThat(mint("sanctionedPayer").getString("payloadHash")).isEqualTo(receipt.getString("payloadHash"));
  }

  @Test
  @Order(4)
  void aLabelChangeRecomputesTheSummariesItMayChangeAndAWatchedWalletsNewVerdictIsAnEvent() throws Exception {
    TestKeys.Key developer = TestKeys.create(app.app.config(), "developer");
    Map<String, String> auth = Map.of("Authorization", "Bearer " + developer.secret(), "Content-Type", "application/json");
    JsonObject list = TestApp.data(app.send(HttpMethod.POST, "/api/v1/watchlists",
        Buffer.buffer(new JsonObject().put("name", "exposure").put("useCase", "payment").encode()), auth));
    app.send(HttpMethod.POST, "/api/v1/watchlists/" + list.getString("id") + "/wallets",
        Buffer.buffer(new JsonObject().put("wallets", new JsonArray().add(w("honest"))).encode()), auth);
    // The labels in force before they change: the label store's current version (V124).
    assertThat(Sql.count(app.database, "SELECT count(*) FROM exposure_labels")).isEqualTo(2);
    assertThat(decision("honest").getString("decision")).isNotEqualTo("block");
    String before = decision("mixerPayer").getJsonObject("exposure").encode();

    // honestPeer, whom honest paid, is now sanctioned; the mixer label is unchanged.
    Files.writeString(labels, Files.readString(labels) + w("honestPeer") + ",,sanctioned,Newly listed,OFAC\n");
    app.app.screening().reload(false);

    Sql.await("honest blocked by the recomputed summary", 30_000,
        () -> "block".equals(decision("honest").getString("decision")));
    JsonObject honest = decision("honest");
    assertThat(codes(honest.getJsonArray("reasons"))).startsWith("EXPOSURE_SANCTIONED_OUT");
    assertThat(honest.getJsonObject("exposure").getString("labelsVersion"))
        .isEqualTo(dev.vouch.support.Observe.await(app.app.screening().check()));
    Sql.await("the event", 30_000, () -> Sql.count(app.database,
        "SELECT count(*) FROM monitor_events WHERE wallet = ? AND cause = 'screening'", w("honest")) == 1);
    Sql.await("queue drained", 30_000, () -> Sql.count(app.database, "SELECT count(*) FROM exposure_refresh") == 0);
    // A wallet with no flow to the changed address keeps its stored summary (labels version too).
    assertThat(decision("mixerPayer").getJsonObject("exposure").encode()).isEqualTo(before);
    // The block's receipt keeps its attested summary; the new label touches nothing of its wallet, so
    // the live figures of the same snapshot still stand beside it (issue 34 item 3), with the new version named.
    String page = app.get("/check/r/" + blockReceipt).bodyAsString();
    assertThat(page).contains("id=\"attested-sanctions\"", "Direct", "id=\"exposure-evidence\"",
        "change nothing for this wallet").doesNotContain("id=\"exposure-later\"");
    // The read model still equals its derivation.
    assertThat(Sql.count(app.database, "SELECT count(*) FROM (SELECT * FROM wallet_reads EXCEPT"
        + " SELECT * FROM wallet_reads_derived) d")).isZero();
  }

  static JsonObject mint(String role) {
    var r = app.send(HttpMethod.POST, "/api/v1/decision-receipts",
        Buffer.buffer(new JsonObject().put("wallet", w(role)).encode()), Map.of("Content-Type", "application/json"));
    assertThat(r.statusCode()).as(r.bodyAsString()).isIn(200, 201);
    return TestApp.data(r).getJsonObject("receipt");
  }

  static byte[] canonical(JsonObject receipt) throws Exception {
    JsonObject payload = receipt.copy();
    for (String f : List.of("id", "createdAt", "payloadHash", "signature")) {
      payload.remove(f);
    }
    return new JsonCanonicalizer(payload.encode()).getEncodedUTF8();
  }

  static String sha256(byte[] b) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
  }
}
