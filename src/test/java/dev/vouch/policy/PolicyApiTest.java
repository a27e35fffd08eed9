package dev.vouch.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.exposure.model.ExposureModel;
import dev.vouch.exposure.model.Flow;
import dev.vouch.exposure.model.SummaryJson;
import dev.vouch.screening.model.Category;
import dev.vouch.screening.model.Label;
import dev.vouch.screening.model.LabelSet;
import dev.vouch.support.Snapshots;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestKeys;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.math.BigDecimal;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.erdtman.jcs.JsonCanonicalizer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** GET/PUT /api/v1/policies and the answers decided with them, against the running service. */
class PolicyApiTest {

  static final String MIXER = "0x" + "11".repeat(20);
  static final String PAYER = "0x" + "f0".repeat(20);
  static final String WALLET = "0x" + "7c".repeat(20);
  static TestApp app;

  @BeforeAll
  static void start() {
    app = TestApp.start();
    Instant at = app.clock.instant().minus(Duration.ofHours(1));
    long id = Snapshots.commit(app.app.pool(), Snapshots.of(WALLET, Snapshots.strong(), at,
        Snapshots.healthyCoverage(app.clock.instant())));
    // 6 % of the valued inflow from a mixer: decision_v0.6 cautions (EXPOSURE_HIGH_RISK_IN).
    LabelSet labels = LabelSet.of(List.of(new Label(MIXER, null, Category.mixer, "Tornado", "LABELS")), "v1");
    String summary = SummaryJson.write(ExposureModel.compute(WALLET, List.of(usdc(MIXER, "600", at),
        usdc(PAYER, "9400", at)), List.of(), labels).summary());
    Sql.exec(app.database, "UPDATE snapshots SET exposure = '" + summary + "'::jsonb WHERE id = " + id);
  }

  static Flow usdc(String cp, String usd, Instant at) {
    BigDecimal v = new BigDecimal(usd);
    return new Flow(cp, 1, "0x" + "c0".repeat(20), "USDC", 1, 0, v.movePointRight(6).toBigInteger(), null, v, null,
        at, at, List.of());
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  static HttpResponse<Buffer> call(HttpMethod m, String path, String body, TestKeys.Key key) {
    Map<String, String> h = new HashMap<>();
    h.put("Content-Type", "application/json");
    if (key != null) {
      h.put("Authorization", key.bearer());
    }
    return app.send(m, path, body == null ? null : Buffer.buffer(body), h);
  }

  static String sha256(byte[] b) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
  }

  static List<String> codes(JsonObject d, String field) {
    return d.getJsonArray(field).stream().map(o -> ((JsonObject) o).getString("code")).toList();
  }

  @Test
  void aPolicyChangesVerdictsIsNamedInTheSignedReceiptAndVersionsLeaveOldReceiptsAlone() throws Exception {
    TestKeys.Key key = TestKeys.create(app.app.config(), "developer");
    TestKeys.Key other = TestKeys.create(app.app.config(), "developer");
    String path = "/api/v1/decision/" + WALLET;
    String anonymous = call(HttpMethod.GET, path, null, null).bodyAsString();
    String before = call(HttpMethod.GET, path, null, key).bodyAsString();
    assertThat(before).isEqualTo(anonymous).doesNotContain("\"policy\"").contains("EXPOSURE_HIGH_RISK_IN");

    // Without a policy the key reads the default.
    JsonObject dflt = TestApp.data(call(HttpMethod.GET, "/api/v1/policies", null, key));
    assertThat(dflt.getBoolean("default")).isTrue();
    assertThat(dflt.getInteger("version")).isZero();

    var put = call(HttpMethod.PUT, "/api/v1/policies",
        "{\"categories\":{\"mixer\":{\"in\":{\"action\":\"block\",\"minShare\":0.01}}}}", key);
    assertThat(put.statusCode()).isEqualTo(201);
    JsonObject v1 = TestApp.data(put);
    assertThat(v1.getInteger("version")).isEqualTo(1);
    assertThat(v1.getString("id")).matches("^pol_[0-9]+$");

    JsonObject decided = TestApp.data(call(HttpMethod.GET, path, null, key));
    assertThat(decided.getString("decision")).isEqualTo("block");
    assertThat(decided.getJsonObject("policy")).isEqualTo(new JsonObject().put("id", v1.getString("id"))
        .put("version", 1).put("hash", v1.getString("hash")));
    // Another key, and anonymous callers, keep today's answer byte for byte.
    assertThat(call(HttpMethod.GET, path, null, other).bodyAsString()).isEqualTo(before);
    assertThat(call(HttpMethod.GET, path, null, null).bodyAsString()).isEqualTo(anonymous);

    // The batch is decided with it and names it once.
    JsonObject batch = TestApp.data(call(HttpMethod.POST, "/api/v1/decision/batch",
        "{\"inputs\":[\"" + WALLET + "\"]}", key));
    assertThat(batch.getJsonObject("policy").getInteger("version")).isEqualTo(1);
    assertThat(batch.getJsonArray("results").getJsonObject(0).getString("decision")).isEqualTo("block");

    // The receipt carries it inside the hashed (and signed) payload.
    var minted = call(HttpMethod.POST, "/api/v1/decision-receipts", "{\"wallet\":\"" + WALLET + "\"}", key);
    assertThat(minted.statusCode()).isEqualTo(201);
    JsonObject receipt = TestApp.data(minted).getJsonObject("receipt");
    assertThat(receipt.getJsonObject("policy").getString("hash")).isEqualTo(v1.getString("hash"));
    JsonObject payload = receipt.copy();
    List.of("id", "createdAt", "payloadHash", "signature").forEach(payload::remove);
    assertThat(receipt.getString("payloadHash"))
        .isEqualTo(sha256(new JsonCanonicalizer(payload.encode()).getEncodedUTF8()));
    String id = receipt.getString("id");
    String servedBefore = call(HttpMethod.GET, "/api/v1/decision-receipts/" + id, null, null).bodyAsString();
    var verified = call(HttpMethod.GET, "/check/r/" + id, null, null);
    assertThat(verified.statusCode()).isEqualTo(200);

    // Version 2 ignores mixers: the verdict follows, the receipt of version 1 does not move.
    var put2 = call(HttpMethod.PUT, "/api/v1/policies",
        "{\"categories\":{\"mixer\":{\"in\":{\"action\":\"ignore\"}}}}", key);
    assertThat(put2.statusCode()).isEqualTo(201);
    assertThat(TestApp.data(put2).getInteger("version")).isEqualTo(2);
    JsonObject now = TestApp.data(call(HttpMethod.GET, path, null, key));
    assertThat(codes(now, "reasons")).doesNotContain("EXPOSURE_HIGH_RISK_IN");
    assertThat(now.getJsonObject("policy").getInteger("version")).isEqualTo(2);
    assertThat(call(HttpMethod.GET, "/api/v1/decision-receipts/" + id, null, null).bodyAsString())
        .isEqualTo(servedBefore);
    assertThat(call(HttpMethod.GET, "/check/r/" + id, null, null).bodyAsString())
        .isEqualTo(verified.bodyAsString());

    // GET shows version 2, and version 1 stays readable with the hash the receipt names.
    assertThat(TestApp.data(call(HttpMethod.GET, "/api/v1/policies", null, key)).getInteger("version")).isEqualTo(2);
    JsonObject old = TestApp.data(call(HttpMethod.GET, "/api/v1/policies?version=1", null, key));
    assertThat(old.getString("hash")).isEqualTo(v1.getString("hash"));
    assertThat(old.getJsonObject("policy").getJsonObject("categories").getJsonObject("mixer").getJsonObject("in")
        .getString("action")).isEqualTo("block");
    assertThat(PolicyJson.hash(old.getJsonObject("policy").encode())).isEqualTo(v1.getString("hash"));
    // The same body again is no new version.
    var same = call(HttpMethod.PUT, "/api/v1/policies", "{\"categories\":{\"mixer\":{\"in\":{\"action\":\"ignore\"}}}}", key);
    assertThat(same.statusCode()).isEqualTo(200);
    assertThat(TestApp.data(same).getInteger("version")).isEqualTo(2);
    assertThat(Sql.count(app.database, "SELECT count(*) FROM policy_versions")).isEqualTo(2);
  }

  @Test
  void aBadPolicyIs400NamingTheFieldAndChangesNothing() {
    TestKeys.Key key = TestKeys.create(app.app.config(), "developer");
    var r = call(HttpMethod.PUT, "/api/v1/policies",
        "{\"categories\":{\"sanctioned\":{\"in\":{\"action\":\"caution\"}}}}", key);
    assertThat(r.statusCode()).isEqualTo(400);
    JsonObject error = r.bodyAsJsonObject().getJsonObject("error");
    assertThat(error.getString("code")).isEqualTo("INVALID_REQUEST");
    assertThat(error.getString("message")).contains("categories.sanctioned.in.action");
    assertThat(TestApp.data(call(HttpMethod.GET, "/api/v1/policies", null, key)).getBoolean("default")).isTrue();
    assertThat(call(HttpMethod.PUT, "/api/v1/policies", "{}", null).statusCode()).isEqualTo(401);
  }
}
