package dev.vouch.exposure;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vouch.support.Devnet;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 33 items 1, 3 and 6 on real token contracts (tools/devnet/tokens.mjs): a two-hop path
 * (sanctioned -> hopA -> hopB -> twoHopClient) and a path through an exchange (sanctioned ->
 * hubService -> hubClient), indexed in two databases in opposite orders (intermediaries first;
 * clients first). Once the sweeps drained, every answer agrees between the two: the exposure read,
 * the decision, the batch row and a receipt; and the answers are the ones the model is for (two
 * hops at 100 % is a caution, the exchange stops the path).
 */
class ExposureOrderDevnetTest {

  static final List<String> ROLES = List.of("hopA", "hopB", "hubService", "twoHopClient", "hubClient");
  static final Instant AT = Instant.now().plus(1, ChronoUnit.HOURS).truncatedTo(ChronoUnit.SECONDS);
  static Devnet devnet;
  static JsonNode scenario;
  static Map<String, String> env;

  @BeforeAll
  static void start() throws Exception {
    Path dir = Files.createTempDirectory("vouch-devnet");
    devnet = Devnet.start(dir);
    scenario = new ObjectMapper().readTree(dir.resolve("truth.json").toFile()).get("scenario");
    Path labels = dir.resolve("labels.csv");
    Files.writeString(labels, "address,chain,category,name,source\n"
        + w("sanctioned") + ",,sanctioned,Devnet SDN entry,OFAC\n"
        + w("mixer") + ",,mixer,Devnet mixer,TRM\n"
        + w("hubService") + ",,exchange,Devnet exchange,LABELS\n");
    Path config = dir.resolve("application.yaml");
    Files.writeString(config, Files.readString(Path.of("config/application.yaml")).replace("  flaggedAddresses: []\n",
        "  flaggedAddresses:\n    - {name: LABELS, type: labels, path: " + labels + "}\n"));
    env = new HashMap<>(TestApp.UNMETERED);
    env.put("VOUCH_CONFIG", config.toString());
    env.put("CHAINS_FILE", dir.resolve("chains.yaml").toString());
    env.put("VOUCH_INDEXING_POLL_MS", "100");
    env.put("VOUCH_MONITORING_SCREENING_CHECK_MILLIS", "100");
    env.put("VOUCH_BUDGETS_PLANS_DEVELOPER_DAILY_SCANS", "0");
    env.put("VOUCH_BUDGETS_RECEIPTS_PER_MINUTE", "1000");
    env.put("VOUCH_RECEIPTS_SIGNING_KEY_FILE", dir.resolve("keys.json").toString());
  }

  @AfterAll
  static void stop() throws Exception {
    if (devnet != null) {
      devnet.close();
    }
  }

  static String w(String role) {
    return scenario.get(role).asText();
  }

  /** Indexes the roles one after another in that order, waits for the sweeps, and collects every answer. */
  static Map<String, JsonObject> answers(List<String> order) throws Exception {
    try (TestApp app = TestApp.start(env)) {
      app.clock.set(AT);
      for (String r : order) {
        assertThat(app.send(HttpMethod.POST, "/api/v1/intake/" + w(r), null, Map.of()).statusCode()).isEqualTo(202);
        Sql.await("committed " + r, 120_000,
            () -> "cached".equals(TestApp.data(app.get("/api/v1/score/" + w(r))).getString("cacheStatus")));
      }
      Sql.await("dependents walked and recomputed", 60_000, () -> Sql.count(app.database,
          "SELECT (SELECT count(*) FROM exposure_refresh) + (SELECT count(*) FROM exposure_dependents_work)") == 0);
      JsonArray inputs = new JsonArray();
      ROLES.forEach(r -> inputs.add(w(r)));
      JsonArray rows = TestApp.data(app.send(HttpMethod.POST, "/api/v1/decision/batch",
          Buffer.buffer(new JsonObject().put("inputs", inputs).encode()), Map.of("Content-Type", "application/json")))
          .getJsonArray("results");
      Map<String, JsonObject> out = new LinkedHashMap<>();
      for (int i = 0; i < ROLES.size(); i++) {
        String r = ROLES.get(i);
        JsonObject exposure = TestApp.data(app.get("/api/v1/exposure/" + w(r)));
        exposure.remove("lastIndexedAt");
        JsonObject decision = TestApp.data(app.get("/api/v1/decision/" + w(r)));
        var minted = app.send(HttpMethod.POST, "/api/v1/decision-receipts",
            Buffer.buffer(new JsonObject().put("wallet", w(r)).encode()), Map.of("Content-Type", "application/json"));
        assertThat(minted.statusCode()).as(minted.bodyAsString()).isIn(200, 201);
        JsonObject receipt = TestApp.data(minted).getJsonObject("receipt");
        out.put(r, new JsonObject()
            .put("exposure", exposure)
            .put("decision", verdict(decision))
            .put("batch", verdict(rows.getJsonObject(i)))
            .put("receipt", verdict(receipt)));
        // Within one database, too: the read and every decision path name the same summary.
        assertThat(exposure.getJsonObject("summary")).as(r).isEqualTo(decision.getJsonObject("exposure"));
      }
      return out;
    }
  }

  /** What a decision answer says, without what depends on when it was indexed (freshness, coverage times). */
  static JsonObject verdict(JsonObject d) {
    return new JsonObject().put("decision", d.getString("decision")).put("reasons", d.getJsonArray("reasons"))
        .put("warnings", d.getJsonArray("warnings")).put("recommendedLimit", d.getValue("recommendedLimit"))
        .put("exposure", d.getJsonObject("exposure"));
  }

  static List<String> codes(JsonArray coded) {
    return coded.stream().map(c -> ((JsonObject) c).getString("code")).toList();
  }

  @Test
  void bothIndexingOrdersGiveEveryAnswerTheSame() throws Exception {
    Map<String, JsonObject> first = answers(List.of("hopA", "hopB", "hubService", "twoHopClient", "hubClient"));
    Map<String, JsonObject> last = answers(List.of("twoHopClient", "hubClient", "hubService", "hopB", "hopA"));
    for (String r : ROLES) {
      assertThat(last.get(r)).as(r).isEqualTo(first.get(r));
    }

    JsonObject two = first.get("twoHopClient");
    JsonObject summary = two.getJsonObject("exposure").getJsonObject("summary");
    assertThat(summary.getString("sanctions")).isEqualTo("indirect");
    assertThat(summary.getJsonArray("indirectSanctionedByHop")).hasSize(1);
    assertThat(summary.getJsonArray("indirectSanctionedByHop").getJsonObject(0).getInteger("hops")).isEqualTo(2);
    assertThat(summary.getJsonArray("indirectSanctionedByHop").getJsonObject(0).getDouble("share")).isEqualTo(1.0);
    assertThat(two.getJsonObject("decision").getString("decision")).isEqualTo("caution");
    assertThat(codes(two.getJsonObject("decision").getJsonArray("reasons"))).contains("EXPOSURE_INDIRECT_SANCTIONED");
    JsonObject item = two.getJsonObject("exposure").getJsonArray("evidence").getJsonObject(0);
    assertThat(item.getInteger("hops")).isEqualTo(2);
    assertThat(item.getString("via")).isEqualTo(w("hopA"));
    assertThat(item.getJsonArray("path").stream().map(s -> ((JsonObject) s).getString("address")).toList())
        .containsExactly(w("hopB"), w("hopA"), w("sanctioned"));

    JsonObject hub = first.get("hubClient");
    assertThat(hub.getJsonObject("exposure").getJsonObject("summary").getString("sanctions")).isEqualTo("none");
    assertThat(hub.getJsonObject("exposure").getJsonObject("summary").getJsonArray("sourceCategories").getList())
        .containsExactly("exchange");
    assertThat(codes(hub.getJsonObject("decision").getJsonArray("reasons"))).doesNotContain("EXPOSURE_INDIRECT_SANCTIONED");
    assertThat(first.get("hopB").getJsonObject("exposure").getJsonObject("summary").getString("sanctions"))
        .isEqualTo("indirect");
  }
}
