package dev.vouch.receipt;

import static dev.vouch.support.Shapes.T.ARRAY;
import static dev.vouch.support.Shapes.T.INT;
import static dev.vouch.support.Shapes.T.OBJECT;
import static dev.vouch.support.Shapes.T.STRING;
import static dev.vouch.support.Shapes.T.STRING_OR_NULL;
import static dev.vouch.support.Shapes.T.TIMESTAMP;
import static dev.vouch.support.Shapes.assertShape;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vouch.support.Shapes;
import dev.vouch.support.Snapshots;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.erdtman.jcs.JsonCanonicalizer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Receipt mint and read against the running service, real Postgres and Redis. Each test is its
 * own client address (127.0.0.1 is a trusted proxy), so budgets never collide between tests.
 */
class ReceiptApiTest {

  static final AtomicInteger NEXT_IP = new AtomicInteger(1);
  static TestApp app;

  static final Map<String, Shapes.T> RECEIPT = Map.ofEntries(
      Map.entry("id", STRING), Map.entry("createdAt", TIMESTAMP), Map.entry("payloadHash", STRING),
      Map.entry("wallet", STRING), Map.entry("username", STRING_OR_NULL), Map.entry("useCase", STRING),
      Map.entry("decision", STRING), Map.entry("riskLevel", STRING), Map.entry("recommendedLimit", OBJECT),
      Map.entry("reasons", ARRAY), Map.entry("warnings", ARRAY), Map.entry("score", INT),
      Map.entry("evidence", OBJECT), Map.entry("freshness", OBJECT), Map.entry("scoreModelVersion", STRING),
      Map.entry("decisionModelVersion", STRING), Map.entry("signature", OBJECT));

  @BeforeAll
  static void start() {
    app = TestApp.startMeteredBehindProxy();
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  static String freshIp() {
    return "198.51.100." + NEXT_IP.getAndIncrement();
  }

  static HttpResponse<Buffer> mint(String ip, String body) {
    return app.send(HttpMethod.POST, "/api/v1/decision-receipts", Buffer.buffer(body),
        Map.of("X-Forwarded-For", ip, "Content-Type", "application/json"));
  }

  static HttpResponse<Buffer> read(String ip, String id, String ifNoneMatch) {
    Map<String, String> headers = new HashMap<>(Map.of("X-Forwarded-For", ip));
    if (ifNoneMatch != null) {
      headers.put("If-None-Match", ifNoneMatch);
    }
    return app.send(HttpMethod.GET, "/api/v1/decision-receipts/" + id, null, headers);
  }

  static String committed(String hexDigit) {
    String wallet = "0x" + hexDigit.repeat(40);
    Snapshots.commit(app.app.pool(), Snapshots.of(wallet, Snapshots.strong(),
        app.clock.instant().minus(Duration.ofHours(1)), Snapshots.healthyCoverage(app.clock.instant())));
    return wallet;
  }

  static long receipts() {
    return Sql.count(app.database, "SELECT count(*) FROM receipts");
  }

  static String sha256(byte[] bytes) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
  }

  /** CONTRACT 7, rebuilt from the served JSON alone: every field but id, createdAt, payloadHash (and the signature). */
  static byte[] canonicalOf(JsonObject receipt) throws Exception {
    JsonObject payload = receipt.copy();
    for (String f : List.of("id", "createdAt", "payloadHash", "signature")) {
      payload.remove(f);
    }
    return new JsonCanonicalizer(payload.encode()).getEncodedUTF8();
  }

  @Test
  void mintingAnswers201WithTheLiveDecisionItsCanonicalHashAndTwoUnits() throws Exception {
    String ip = freshIp();
    String wallet = committed("a");
    var r = mint(ip, "{\"wallet\":\"" + wallet.toUpperCase().replace("0X", "0x") + "\",\"useCase\":\"escrow\"}");
    assertThat(r.statusCode()).isEqualTo(201);
    JsonObject data = TestApp.data(r);
    assertThat(data.fieldNames()).containsExactlyInAnyOrder("receipt", "url", "deduped");
    assertThat(data.getBoolean("deduped")).isFalse();
    JsonObject receipt = data.getJsonObject("receipt");
    assertShape(receipt, RECEIPT);
    assertThat(receipt.getString("id")).matches("^rcp_[A-Za-z0-9_-]{16}$");
    assertThat(data.getString("url")).isEqualTo("/check/r/" + receipt.getString("id"));
    assertThat(r.getHeader("Location")).isEqualTo("/api/v1/decision-receipts/" + receipt.getString("id"));
    assertThat(receipt.getString("wallet")).isEqualTo(wallet);
    assertThat(receipt.getString("useCase")).isEqualTo("escrow");
    assertThat(receipt.getString("createdAt")).isEqualTo("2026-11-22T12:00:00Z");
    assertThat(receipt.getString("payloadHash")).isEqualTo(sha256(canonicalOf(receipt)));
    // 2 units of 20 and one of the 5 creations per minute.
    assertThat(r.getHeader("X-RateLimit-Remaining")).isEqualTo("18");

    // Every stored field is the decision read's (coverage aside).
    JsonObject decision = TestApp.data(app.send(HttpMethod.GET, "/api/v1/decision/" + wallet + "?useCase=escrow",
        null, Map.of("X-Forwarded-For", freshIp())));
    decision.remove("coverage");
    for (String field : decision.fieldNames()) {
      assertThat(receipt.getValue(field)).as(field).isEqualTo(decision.getValue(field));
    }
  }

  @Test
  void theSameDecisionStateOnTheSameUtcDayIsDedupedAndAChangedStateIsNot() {
    String wallet = committed("b");
    var first = mint(freshIp(), "{\"wallet\":\"" + wallet + "\"}");
    var again = mint(freshIp(), "{\"wallet\":\"" + wallet + "\",\"useCase\":\"payment\"}");
    assertThat(first.statusCode()).isEqualTo(201);
    assertThat(again.statusCode()).isEqualTo(200);
    assertThat(TestApp.data(again).getBoolean("deduped")).isTrue();
    assertThat(TestApp.data(again).getJsonObject("receipt")).isEqualTo(TestApp.data(first).getJsonObject("receipt"));
    assertThat(again.getHeader("Location")).isNull();

    // Another use case is another receipt.
    assertThat(mint(freshIp(), "{\"wallet\":\"" + wallet + "\",\"useCase\":\"lending\"}").statusCode()).isEqualTo(201);

    // A new snapshot changes the decision state: a new receipt the same day.
    Snapshots.commit(app.app.pool(), Snapshots.of(wallet, Snapshots.strong(), app.clock.instant(),
        Snapshots.healthyCoverage(app.clock.instant())));
    var changed = mint(freshIp(), "{\"wallet\":\"" + wallet + "\"}");
    assertThat(changed.statusCode()).isEqualTo(201);
    assertThat(TestApp.data(changed).getJsonObject("receipt").getString("id"))
        .isNotEqualTo(TestApp.data(first).getJsonObject("receipt").getString("id"));
    assertThat(Sql.count(app.database, "SELECT count(*) FROM receipts WHERE wallet = ?", wallet)).isEqualTo(3);
  }

  @Test
  void theSameStateOnTheNextUtcDayIsANewReceipt() {
    String wallet = "0x" + "c".repeat(40); // baseline: the state does not age
    var today = mint(freshIp(), "{\"wallet\":\"" + wallet + "\"}");
    app.clock.advance(Duration.ofDays(1));
    try {
      var tomorrow = mint(freshIp(), "{\"wallet\":\"" + wallet + "\"}");
      assertThat(tomorrow.statusCode()).isEqualTo(201);
      assertThat(TestApp.data(tomorrow).getJsonObject("receipt").getString("payloadHash"))
          .isEqualTo(TestApp.data(today).getJsonObject("receipt").getString("payloadHash"));
      assertThat(TestApp.data(tomorrow).getJsonObject("receipt").getString("id"))
          .isNotEqualTo(TestApp.data(today).getJsonObject("receipt").getString("id"));
    } finally {
      app.clock.advance(Duration.ofDays(-1));
    }
  }

  @Test
  void aRegisteredUsernameMintsForItsWalletAndAnUnknownOneIs404WithNothingStored() {
    String wallet = committed("d");
    Sql.exec(app.database, "INSERT INTO identities (username, wallet, display_name) VALUES ('dora.vouch', ?, 'Dora')", wallet);
    var r = mint(freshIp(), "{\"username\":\" Dora.VOUCH \"}");
    assertThat(r.statusCode()).isEqualTo(201);
    JsonObject receipt = TestApp.data(r).getJsonObject("receipt");
    assertThat(receipt.getString("wallet")).isEqualTo(wallet);
    assertThat(receipt.getString("username")).isEqualTo("dora.vouch");
    // Minting by wallet is the same decision state: deduped.
    assertThat(TestApp.data(mint(freshIp(), "{\"wallet\":\"" + wallet + "\"}")).getBoolean("deduped")).isTrue();

    long before = receipts();
    var unknown = mint(freshIp(), "{\"username\":\"nobody.vouch\"}");
    assertThat(unknown.statusCode()).isEqualTo(404);
    assertThat(unknown.bodyAsJsonObject().getJsonObject("error").getString("code")).isEqualTo("NOT_FOUND");
    assertThat(receipts()).isEqualTo(before);
  }

  @Test
  void badBodiesAre400AndFree() {
    long before = receipts();
    String w = "0x" + "e".repeat(40);
    Map<String, String> cases = new java.util.LinkedHashMap<>();
    cases.put("{\"wallet\":\"" + w + "\",\"username\":\"a.vouch\"}", "INVALID_REQUEST");
    cases.put("{}", "INVALID_REQUEST");
    cases.put("{\"useCase\":\"payment\"}", "INVALID_REQUEST");
    cases.put("{\"wallet\":\"0x123\"}", "INVALID_WALLET");
    cases.put("{\"wallet\":42}", "INVALID_REQUEST");
    cases.put("{\"username\":\"x\"}", "INVALID_USERNAME");
    cases.put("{\"username\":\"alice.other\"}", "INVALID_USERNAME");
    cases.put("{\"wallet\":\"" + w + "\",\"useCase\":\"gambling\"}", "INVALID_REQUEST");
    cases.put("not json", "INVALID_REQUEST");
    cases.put("[\"" + w + "\"]", "INVALID_REQUEST");
    cases.put("", "INVALID_REQUEST");
    cases.forEach((body, code) -> {
      var r = mint(freshIp(), body);
      assertThat(r.statusCode()).as(body).isEqualTo(400);
      assertThat(r.bodyAsJsonObject().getJsonObject("error").getString("code")).as(body).isEqualTo(code);
      assertThat(r.getHeader("X-RateLimit-Remaining")).as(body).isNull();
    });
    assertThat(receipts()).isEqualTo(before);
  }

  @Test
  void readServesTheReceiptImmutableWithItsHashAsETagAnd304OnAMatch() {
    String created = TestApp.data(mint(freshIp(), "{\"wallet\":\"0x" + "f".repeat(40) + "\"}")).getJsonObject("receipt").encode();
    JsonObject minted = new JsonObject(created);
    String id = minted.getString("id");
    String ip = freshIp();
    var r = read(ip, id, null);
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(TestApp.data(r).fieldNames()).containsExactly("receipt");
    assertThat(TestApp.data(r).getJsonObject("receipt")).isEqualTo(minted);
    assertThat(r.getHeader("Cache-Control")).isEqualTo("public, max-age=31536000, immutable");
    assertThat(r.getHeader("ETag")).isEqualTo("\"" + minted.getString("payloadHash") + "\"");
    assertThat(r.getHeader("X-RateLimit-Remaining")).isEqualTo("19");

    var notModified = read(ip, id, "\"other\", " + r.getHeader("ETag"));
    assertThat(notModified.statusCode()).isEqualTo(304);
    assertThat(notModified.body() == null || notModified.body().length() == 0).isTrue();
    assertThat(notModified.getHeader("ETag")).isEqualTo(r.getHeader("ETag"));
    assertThat(read(ip, id, "\"stale\"").statusCode()).isEqualTo(200);

    var malformed = read(ip, "rcp_short", null);
    assertThat(malformed.statusCode()).isEqualTo(400);
    assertThat(malformed.bodyAsJsonObject().getJsonObject("error").getString("code")).isEqualTo("INVALID_REQUEST");
    assertThat(malformed.getHeader("Cache-Control")).isNull();
    var unknown = read(ip, "rcp_AAAAAAAAAAAAAAAA", null);
    assertThat(unknown.statusCode()).isEqualTo(404);
    assertThat(unknown.bodyAsJsonObject().getJsonObject("error").getString("code")).isEqualTo("NOT_FOUND");
    assertThat(unknown.getHeader("Cache-Control")).isNull();
  }

  @Test
  void theDatabaseRefusesToUpdateDeleteOrTruncateAReceipt() {
    String wallet = "0x" + "1".repeat(40);
    String id = TestApp.data(mint(freshIp(), "{\"wallet\":\"" + wallet + "\"}")).getJsonObject("receipt").getString("id");
    assertThatThrownBy(() -> Sql.exec(app.database, "UPDATE receipts SET payload_hash = repeat('0', 64) WHERE id = ?", id))
        .hasStackTraceContaining("receipts are immutable");
    assertThatThrownBy(() -> Sql.exec(app.database, "DELETE FROM receipts WHERE id = ?", id))
        .hasStackTraceContaining("receipts are immutable");
    assertThatThrownBy(() -> Sql.exec(app.database, "TRUNCATE receipts"))
        .hasStackTraceContaining("receipts are immutable");
    assertThat(Sql.count(app.database, "SELECT count(*) FROM receipts WHERE id = ?", id)).isEqualTo(1);
  }

  @Test
  void concurrentIdenticalMintsYieldOneReceipt() throws Exception {
    String wallet = committed("2");
    List<CompletableFuture<HttpResponse<Buffer>>> all = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      String ip = freshIp();
      all.add(CompletableFuture.supplyAsync(() -> mint(ip, "{\"wallet\":\"" + wallet + "\"}")));
    }
    List<Integer> statuses = new ArrayList<>();
    List<String> ids = new ArrayList<>();
    for (var f : all) {
      var r = f.get();
      statuses.add(r.statusCode());
      ids.add(TestApp.data(r).getJsonObject("receipt").getString("id"));
    }
    assertThat(statuses).containsOnly(200, 201).containsOnlyOnce(201);
    assertThat(ids).containsOnly(ids.get(0));
    assertThat(Sql.count(app.database, "SELECT count(*) FROM receipts WHERE wallet = ?", wallet)).isEqualTo(1);
  }

  @Test
  void creationIsLimitedToFivePerMinuteOnTopOfUnits() {
    String ip = freshIp();
    for (int i = 0; i < 5; i++) {
      var r = mint(ip, "{\"wallet\":\"0x" + String.format("%040x", 0x300 + i) + "\"}");
      assertThat(r.statusCode()).isEqualTo(201);
      assertThat(r.getHeader("X-RateLimit-Remaining")).isEqualTo(Long.toString(20 - 2L * (i + 1)));
    }
    long before = receipts();
    var refused = mint(ip, "{\"wallet\":\"0x" + String.format("%040x", 0x399) + "\"}");
    assertThat(refused.statusCode()).isEqualTo(429);
    assertThat(refused.bodyAsJsonObject().getJsonObject("error").getString("code")).isEqualTo("RATE_LIMITED");
    assertThat(refused.bodyAsJsonObject().getJsonObject("error").getString("message")).contains("5 per minute");
    assertThat(refused.getHeader("Retry-After")).isNotNull();
    assertThat(receipts()).isEqualTo(before);
    // The units were not spent either: a decision read still sees 10 left, minus its own 1.
    var read = app.send(HttpMethod.GET, "/api/v1/decision/0x" + "3".repeat(40), null, Map.of("X-Forwarded-For", ip));
    assertThat(read.getHeader("X-RateLimit-Remaining")).isEqualTo("9");
  }
}
