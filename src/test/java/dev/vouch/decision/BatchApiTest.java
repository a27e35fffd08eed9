package dev.vouch.decision;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.score.model.Evidence;
import dev.vouch.support.Snapshots;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestKeys;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * POST /api/v1/decision/batch against the running service, real Postgres and Redis. Each test
 * uses its own client address (127.0.0.1 is a trusted proxy) so budgets never collide.
 */
class BatchApiTest {

  static final AtomicInteger NEXT_IP = new AtomicInteger(1);
  static TestApp app;

  static final String STRONG = "0x" + "a1".repeat(20);
  static final String STALE = "0x" + "b2".repeat(20);
  static final String RISKY = "0x" + "c3".repeat(20);
  static final String TRUSTED = "0x" + "d4".repeat(20);
  static final String UNINDEXED = "0x" + "e5".repeat(20);
  static final String NAMED = "0x" + "f6".repeat(20);          // registered, committed
  static final String NAMED_BARE = "0x" + "07".repeat(20);     // registered, nothing committed

  @BeforeAll
  static void start() {
    app = TestApp.startMeteredBehindProxy();
    var now = app.clock.instant();
    var cov = Snapshots.healthyCoverage(now);
    Snapshots.commit(app.app.pool(), Snapshots.of(STRONG, Snapshots.strong(), now.minus(Duration.ofHours(1)), cov));
    Snapshots.commit(app.app.pool(), Snapshots.of(STALE, Snapshots.strong(), now.minus(Duration.ofHours(30)), cov));
    Snapshots.commit(app.app.pool(), Snapshots.of(RISKY, new Evidence(900, 4, 1200, 40, 30, 2, 0, 8, 8, 500), now, cov));
    Snapshots.commit(app.app.pool(), Snapshots.of(TRUSTED, Snapshots.strong(), now.minus(Duration.ofHours(2)), cov));
    Snapshots.commit(app.app.pool(), Snapshots.of(NAMED, Evidence.NONE, now.minus(Duration.ofHours(2)), cov));
    Sql.exec(app.database, "INSERT INTO wallets (address) VALUES (?)", NAMED_BARE);
    Sql.exec(app.database, "INSERT INTO identities (username, wallet, display_name) VALUES ('nina.vouch', ?, 'Nina')", NAMED);
    Sql.exec(app.database, "INSERT INTO identities (username, wallet, display_name) VALUES ('bare.vouch', ?, 'Bare')", NAMED_BARE);
    Sql.exec(app.database, "INSERT INTO attestations (from_wallet, to_wallet, chain_id, tx_hash, verified_at, accepted_at)"
        + " VALUES (?, ?, 5042002, ?, now(), now())", STRONG, TRUSTED, "0x" + "9".repeat(64));
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  static String freshIp() {
    return "203.0.113." + NEXT_IP.getAndIncrement();
  }

  static HttpResponse<Buffer> batch(String ip, String authorization, Object inputs, String useCase) {
    JsonObject body = new JsonObject().put("inputs", inputs);
    if (useCase != null) {
      body.put("useCase", useCase);
    }
    return post(ip, authorization, body.encode());
  }

  static HttpResponse<Buffer> post(String ip, String authorization, String body) {
    Map<String, String> headers = new HashMap<>(Map.of("X-Forwarded-For", ip, "Content-Type", "application/json"));
    if (authorization != null) {
      headers.put("Authorization", authorization);
    }
    return app.send(HttpMethod.POST, "/api/v1/decision/batch", Buffer.buffer(body), headers);
  }

  static List<String> addresses(int n, int base) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(String.format("0x%040x", base + i));
    }
    return out;
  }

  static JsonObject row(JsonObject data, int i) {
    return data.getJsonArray("results").getJsonObject(i);
  }

  @Test
  void thePostIsRoutedNotShadowedByTheSingleRead() {
    var r = batch(freshIp(), null, new JsonArray().add(STRONG), null);
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(TestApp.data(r).getString("decisionModelVersion")).isEqualTo("decision_v0.7");
    assertThat(TestApp.data(r).getString("useCase")).isEqualTo("payment");
  }

  @Test
  void entriesAreTrimmedAndDedupedCaseInsensitivelyKeepingTheFirstPositionAndText() {
    JsonArray inputs = new JsonArray()
        .add("  " + STRONG.toUpperCase().replace("0X", "0x") + " ")
        .add("Nina.Vouch")
        .add(STRONG)
        .add(" nope ")
        .add("\t" + UNINDEXED)
        .add("NINA.VOUCH")
        .add("NOPE")
        .add(STRONG.replace("0x", "0x").toUpperCase().replace("0X", "0x"));
    var r = batch(freshIp(), null, inputs, null);
    JsonObject data = TestApp.data(r);
    assertThat(data.getJsonArray("results").stream().map(o -> ((JsonObject) o).getString("input")).toList())
        .containsExactly(STRONG.toUpperCase().replace("0X", "0x"), "Nina.Vouch", "nope", UNINDEXED);
    assertThat(data.getJsonObject("summary").getInteger("total")).isEqualTo(4);
    // 4 units for 4 unique rows (8 entries).
    assertThat(r.getHeader("X-RateLimit-Remaining")).isEqualTo("16");
    assertThat(row(data, 0).getString("wallet")).isEqualTo(STRONG);
  }

  @Test
  void mixedInputsGiveEveryRowStatusAndTheSummaryCountsThem() {
    JsonArray inputs = new JsonArray().add(STRONG).add(RISKY).add(UNINDEXED).add("nina.vouch").add("bare.vouch")
        .add("ghost.vouch").add("0x123").add("hello").add("").add(TRUSTED);
    var r = batch(freshIp(), null, inputs, null);
    assertThat(r.statusCode()).isEqualTo(200);
    JsonObject data = TestApp.data(r);
    List<String> statuses = data.getJsonArray("results").stream().map(o -> ((JsonObject) o).getString("status")).toList();
    assertThat(statuses).containsExactly("ok", "ok", "no_score", "ok", "no_score", "invalid", "invalid", "invalid",
        "invalid", "ok");
    JsonObject summary = data.getJsonObject("summary");
    assertThat(summary).isEqualTo(new JsonObject().put("total", 10).put("allow", 2).put("caution", 1).put("block", 1)
        .put("noScore", 2).put("invalid", 4).put("error", 0));

    JsonObject ok = row(data, 0);
    assertThat(ok.fieldNames()).containsExactlyInAnyOrder("input", "status", "wallet", "username", "decision", "score",
        "riskLevel", "recommendedLimit", "reasons", "warnings", "note");
    assertThat(ok.getValue("note")).isNull();
    assertThat(row(data, 1).getString("decision")).isEqualTo("block");
    assertThat(row(data, 0).getString("decision")).isEqualTo("allow"); // STRONG and TRUSTED share a verified edge
    assertThat(row(data, 9).getString("decision")).isEqualTo("allow");
    assertThat(row(data, 3).getString("decision")).isEqualTo("caution");

    JsonObject noScore = row(data, 2);
    assertThat(noScore.getString("wallet")).isEqualTo(UNINDEXED);
    for (String f : List.of("decision", "score", "riskLevel", "recommendedLimit")) {
      assertThat(noScore.getValue(f)).as(f).isNull();
    }
    assertThat(noScore.getJsonArray("reasons")).isEmpty();
    assertThat(noScore.getJsonArray("warnings")).isEmpty();
    assertThat(noScore.getString("note")).contains("No committed score snapshot");

    JsonObject byName = row(data, 3);
    assertThat(byName.getString("wallet")).isEqualTo(NAMED);
    assertThat(byName.getString("username")).isEqualTo("nina.vouch");
    assertThat(row(data, 4).getString("wallet")).isEqualTo(NAMED_BARE);
    assertThat(row(data, 4).getString("username")).isEqualTo("bare.vouch");

    JsonObject unknownName = row(data, 5);
    assertThat(unknownName.getValue("wallet")).isNull();
    assertThat(unknownName.getString("note")).contains("registered username");
  }

  @Test
  void aRowTheServiceCannotReadIsAnErrorRowAndTheRestStillAnswer() {
    // A coverage status this version does not know (as a newer version might write during a rollout).
    String odd = "0x" + "99".repeat(20);
    long id = Snapshots.commit(app.app.pool(), Snapshots.of(odd, Snapshots.strong(), app.clock.instant(),
        Snapshots.healthyCoverage(app.clock.instant())));
    Sql.exec(app.database, "ALTER TABLE snapshot_chains DROP CONSTRAINT IF EXISTS snapshot_chains_status_check");
    Sql.exec(app.database, "UPDATE snapshot_chains SET status = 'archived' WHERE snapshot_id = ?", id);
    Sql.exec(app.database, "UPDATE snapshots SET coverage = replace(coverage, '\"indexed\"', '\"archived\"') WHERE id = ?", id);
    var r = batch(freshIp(), null, new JsonArray().add(STRONG).add(odd).add(UNINDEXED), null);
    assertThat(r.statusCode()).isEqualTo(200);
    JsonObject data = TestApp.data(r);
    assertThat(row(data, 0).getString("status")).isEqualTo("ok");
    assertThat(row(data, 1).getString("status")).isEqualTo("error");
    assertThat(row(data, 1).getString("wallet")).isEqualTo(odd);
    assertThat(row(data, 1).getString("note")).isNotBlank();
    assertThat(row(data, 2).getString("status")).isEqualTo("no_score");
    assertThat(data.getJsonObject("summary").getInteger("error")).isEqualTo(1);
  }

  @Test
  void everyRowAgreesWithTheSingleReadOfTheSameWalletAndUseCase() {
    List<String> wallets = List.of(STRONG, STALE, RISKY, TRUSTED, NAMED);
    for (String useCase : List.of("payment", "escrow", "lending", "marketplace")) {
      JsonArray inputs = new JsonArray();
      wallets.forEach(inputs::add);
      JsonObject data = TestApp.data(batch(freshIp(), null, inputs, useCase));
      assertThat(data.getString("useCase")).isEqualTo(useCase);
      for (int i = 0; i < wallets.size(); i++) {
        JsonObject single = TestApp.data(app.send(HttpMethod.GET, "/api/v1/decision/" + wallets.get(i) + "?useCase=" + useCase,
            null, Map.of("X-Forwarded-For", freshIp())));
        JsonObject row = row(data, i);
        assertThat(row.getString("status")).isEqualTo("ok");
        for (String f : List.of("wallet", "username", "decision", "score", "riskLevel", "recommendedLimit", "reasons", "warnings")) {
          assertThat(row.getValue(f)).as(useCase + " " + wallets.get(i) + " " + f).isEqualTo(single.getValue(f));
        }
      }
    }
  }

  /** Completed leases of the PostgreSQL pool, from the service's own metrics. */
  /** Uses of the primary's pool and of its pipelined read client (reads run there), heartbeats not counted. */
  static double poolUsages() {
    String text = app.get("/metrics").bodyAsString();
    double sum = 0;
    boolean seen = false;
    for (String line : text.split("\n")) {
      if (line.startsWith("vertx_pool_usage_seconds_count{") && line.contains("pool_name=\"vouch-pg")
          && !line.contains("pool_name=\"vouch-pg-monitor")) {
        sum += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
        seen = true;
      }
    }
    if (seen) {
      return sum;
    }
    throw new AssertionError("no pool usage metric in /metrics: "
        + java.util.Arrays.stream(text.split("\n")).filter(l -> l.startsWith("vertx_pool")).toList());
  }

  @Test
  void aBatchOfAnySizeTakesOneDatabaseRoundTrip() {
    java.time.Instant start = app.clock.instant();
    try {
      oneRoundTripEachSize();
    } finally {
      app.clock.set(start);
    }
  }

  private void oneRoundTripEachSize() {
    String auth = TestKeys.create(app.app.config(), "partner").bearer();
    for (int rows : new int[] {1, 50, 500}) {
      List<Object> inputs = new ArrayList<>(addresses(rows - 1, 0x9000));
      inputs.add(0, "nina.vouch");
      // The worker uses the same pool in the background, so take the least of a few tries: a
      // query per row would show at least N every time.
      double least = Double.MAX_VALUE;
      for (int attempt = 0; attempt < 8 && least > 1; attempt++) {
        app.clock.advance(Duration.ofMinutes(1)); // a fresh per-minute budget for each try
        batch(freshIp(), auth, new JsonArray().add(STRONG), null); // and the key lookup cached again
        double before = poolUsages();
        var r = batch(freshIp(), auth, new JsonArray(inputs), null);
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(TestApp.data(r).getJsonObject("summary").getInteger("total")).isEqualTo(rows);
        least = Math.min(least, poolUsages() - before);
      }
      assertThat(least).as(rows + " rows").isEqualTo(1.0);
    }
  }

  @Test
  void theBatchIndexesNothingStoresNothingAndMintsNothing() {
    long before = Sql.count(app.database, "SELECT (SELECT count(*) FROM index_jobs) + (SELECT count(*) FROM wallets)"
        + " + (SELECT count(*) FROM receipts)");
    batch(freshIp(), null, new JsonArray().add(UNINDEXED).add("0x" + "12".repeat(20)).add("ghost.vouch"), null);
    assertThat(Sql.count(app.database, "SELECT (SELECT count(*) FROM index_jobs) + (SELECT count(*) FROM wallets)"
        + " + (SELECT count(*) FROM receipts)")).isEqualTo(before);
  }

  @Test
  void shapeErrorsAre400AndFree() {
    String ip = freshIp();
    Map<String, String> bodies = new java.util.LinkedHashMap<>();
    bodies.put("not json", "INVALID_REQUEST");
    bodies.put("[]", "INVALID_REQUEST");
    bodies.put("{}", "INVALID_REQUEST");
    bodies.put("{\"inputs\":\"" + STRONG + "\"}", "INVALID_REQUEST");
    bodies.put("{\"inputs\":[]}", "INVALID_REQUEST");
    bodies.put("{\"inputs\":[\"" + STRONG + "\", 7]}", "INVALID_REQUEST");
    bodies.put("{\"inputs\":[\"" + STRONG + "\", null]}", "INVALID_REQUEST");
    bodies.put("{\"inputs\":[\"" + STRONG + "\"],\"useCase\":\"gambling\"}", "INVALID_REQUEST");
    bodies.forEach((body, code) -> {
      var r = post(ip, null, body);
      assertThat(r.statusCode()).as(body).isEqualTo(400);
      assertThat(r.bodyAsJsonObject().getJsonObject("error").getString("code")).as(body).isEqualTo(code);
      assertThat(r.getHeader("X-RateLimit-Remaining")).as(body).isNull();
    });
    // Nothing was spent: a one-row batch leaves 19 of 20.
    assertThat(batch(ip, null, new JsonArray().add(STRONG), null).getHeader("X-RateLimit-Remaining")).isEqualTo("19");
  }

  @Test
  void aBatchOfOnlyBlankEntriesIsAnEmptyBatchWhileABlankBesideARealEntryIsAnInvalidRow() {
    String ip = freshIp();
    var blank = post(ip, null, "{\"inputs\":[\"   \",\"\"]}");
    assertThat(blank.statusCode()).isEqualTo(400);
    JsonObject error = blank.bodyAsJsonObject().getJsonObject("error");
    assertThat(error.getString("code")).isEqualTo("INVALID_REQUEST");
    assertThat(error.getString("message")).contains("empty").contains("blank");
    assertThat(blank.getHeader("X-RateLimit-Remaining")).isNull();

    var mixed = batch(ip, null, new JsonArray().add(" ").add(STRONG), null);
    assertThat(mixed.statusCode()).isEqualTo(200);
    assertThat(TestApp.data(mixed).getJsonArray("results").stream().map(r -> ((JsonObject) r).getString("status")))
        .containsExactly("invalid", "ok");
    // The blank-only batch cost nothing: the two-row batch leaves 18 of 20.
    assertThat(mixed.getHeader("X-RateLimit-Remaining")).isEqualTo("18");
  }

  @Test
  void capsFollowThePlanAndRejectedBatchesAreNotCharged() {
    record Plan(String name, int rows, int raw) {}
    List<Plan> plans = List.of(new Plan(null, 10, 200), new Plan("developer", 50, 200), new Plan("pro", 250, 1000),
        new Plan("partner", 500, 2000));
    int base = 0x10000;
    for (Plan p : plans) {
      String auth = p.name() == null ? null : TestKeys.create(app.app.config(), p.name()).bearer();
      String ip = freshIp();
      base += 0x1000;

      var tooMany = batch(ip, auth, new JsonArray(new ArrayList<>(addresses(p.rows() + 1, base))), null);
      assertThat(tooMany.statusCode()).as(p + " unique").isEqualTo(400);
      assertThat(tooMany.bodyAsJsonObject().getJsonObject("error").getString("code")).isEqualTo("INVALID_REQUEST");
      assertThat(tooMany.bodyAsJsonObject().getJsonObject("error").getString("message")).contains(Integer.toString(p.rows()));
      assertThat(tooMany.getHeader("X-RateLimit-Remaining")).isNull();

      // Raw entries are capped before de-duplication: one address repeated.
      List<Object> repeated = new ArrayList<>();
      for (int i = 0; i <= p.raw(); i++) {
        repeated.add(STRONG);
      }
      var tooLong = batch(ip, auth, new JsonArray(repeated), null);
      assertThat(tooLong.statusCode()).as(p + " raw").isEqualTo(400);
      assertThat(tooLong.getHeader("X-RateLimit-Remaining")).isNull();

      // Exactly at both caps: accepted, charged one unit per unique row.
      List<Object> atCap = new ArrayList<>(addresses(p.rows(), base));
      while (atCap.size() < p.raw()) {
        atCap.add(((String) atCap.get(0)).toUpperCase().replace("0X", "0x"));
      }
      var ok = batch(ip, auth, new JsonArray(atCap), null);
      assertThat(ok.statusCode()).as(p + " at cap").isEqualTo(200);
      assertThat(TestApp.data(ok).getJsonObject("summary").getInteger("total")).isEqualTo(p.rows());
      long limit = Long.parseLong(ok.getHeader("X-RateLimit-Limit"));
      assertThat(ok.getHeader("X-RateLimit-Remaining")).as(p + " charged").isEqualTo(Long.toString(limit - p.rows()));
    }
  }

  @Test
  void nUniqueRowsCostNUnitsAndABatchBeyondWhatRemainsIsRefusedWhole() {
    String ip = freshIp();
    var eight = batch(ip, null, new JsonArray(new ArrayList<>(addresses(8, 0x500))), null);
    assertThat(eight.getHeader("X-RateLimit-Remaining")).isEqualTo("12");
    var ten = batch(ip, null, new JsonArray(new ArrayList<>(addresses(10, 0x600))), null);
    assertThat(ten.getHeader("X-RateLimit-Remaining")).isEqualTo("2");
    var refused = batch(ip, null, new JsonArray(new ArrayList<>(addresses(3, 0x700))), null);
    assertThat(refused.statusCode()).isEqualTo(429);
    assertThat(refused.bodyAsJsonObject().getJsonObject("error").getString("code")).isEqualTo("RATE_LIMITED");
    assertThat(refused.getHeader("X-RateLimit-Remaining")).isEqualTo("2");
    assertThat(refused.getHeader("Retry-After")).isNotNull();
    var two = batch(ip, null, new JsonArray(new ArrayList<>(addresses(2, 0x800))), null);
    assertThat(two.statusCode()).isEqualTo(200);
    assertThat(two.getHeader("X-RateLimit-Remaining")).isEqualTo("0");
  }
}
