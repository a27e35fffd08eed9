package dev.vouch.transfer;

import static dev.vouch.transfer.TransferScreeningDevnetTest.CHAIN;
import static dev.vouch.transfer.TransferScreeningDevnetTest.MAPPER;
import static dev.vouch.transfer.TransferScreeningDevnetTest.codes;
import static dev.vouch.transfer.TransferScreeningDevnetTest.freshAccount;
import static dev.vouch.transfer.TransferScreeningDevnetTest.rpc;
import static dev.vouch.transfer.TransferScreeningDevnetTest.screened;
import static dev.vouch.transfer.TransferScreeningDevnetTest.seeded;
import static dev.vouch.transfer.TransferScreeningDevnetTest.send;
import static dev.vouch.transfer.TransferScreeningDevnetTest.transferCall;
import static dev.vouch.transfer.TransferScreeningDevnetTest.usdc;
import static dev.vouch.transfer.TransferScreeningDevnetTest.w;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.Payload;
import com.nimbusds.jose.crypto.Ed25519Verifier;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.OctetKeyPair;
import dev.vouch.support.EventStream;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestKeys;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.erdtman.jcs.JsonCanonicalizer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The batch form, signed receipts, the SSE stream and the page of transfer screening (issue 32
 * item 1) on the devnet's real token contracts, with the setup of {@link TransferScreeningDevnetTest}
 * but the default worker polls, so the database round trips of a batch can be counted.
 */
class TransferBatchReceiptDevnetTest {

  static final HttpClient HTTP = HttpClient.newHttpClient();

  @BeforeAll
  static void start() throws Exception {
    TransferScreeningDevnetTest.startWith(Map.of());
  }

  @AfterAll
  static void stop() throws Exception {
    TransferScreeningDevnetTest.stop();
  }

  static TestApp app() {
    return TransferScreeningDevnetTest.app;
  }

  static JsonObject row(String hash, String address, String direction) {
    return new JsonObject().put("chainId", CHAIN).put("txHash", hash).put("address", address).put("direction", direction);
  }

  static HttpResponse<Buffer> batch(JsonArray transfers, Map<String, String> headers) {
    return app().send(HttpMethod.POST, "/api/v1/transfers/batch", new JsonObject().put("transfers", transfers).toBuffer(),
        headers);
  }

  static String usdt() {
    return TransferScreeningDevnetTest.tokens.get("registered").get(1).get("address").asText();
  }

  @Test
  void aBatchAnswersEachTransferAsTheSinglePostWouldWithBadRowsAsTheirOwnRows() {
    String sanctionedHash = seeded(usdc(), w("sanctioned"), w("intermediary")).get("hash").asText();
    String usdtHash = seeded(usdt(), w("honestPeer"), w("honest")).get("hash").asText();
    String mixerHash = seeded(usdc(), w("mixer"), w("mixerFunded")).get("hash").asText();
    String reverted = send(freshAccount(), usdc(), BigInteger.ZERO, "0x" + transferCall(w("honest"), BigInteger.ONE));
    JsonArray rows = new JsonArray()
        .add(row(sanctionedHash, w("intermediary"), "received"))              // 0 block
        .add(row(usdtHash, w("honest"), "received"))                          // 1 allow
        .add(row(mixerHash, w("mixerFunded"), "received"))                    // 2 caution
        .add(row(reverted, w("honest"), "received"))                          // 3 invalid: reverted
        .add(row("0x" + "cd".repeat(32), w("honest"), "received"))            // 4 not_found
        .add(row(sanctionedHash, w("honest"), "received"))                    // 5 invalid: not touching
        .add(row("0x12", w("honest"), "received"))                            // 6 invalid: malformed
        .add(row(sanctionedHash.toUpperCase().replace("0X", "0x"), w("intermediary"), "received")) // duplicate of 0
        .add(new JsonObject().put("chainId", 99999).put("txHash", usdtHash).put("address", w("honest"))
            .put("direction", "received"))                                   // 8 invalid: unknown chain
        .add("not an object");                                                // 9 invalid
    HttpResponse<Buffer> r = batch(rows, Map.of());
    assertThat(r.statusCode()).as(r.bodyAsString()).isEqualTo(200);
    JsonObject d = TestApp.data(r);
    assertThat(d.getString("modelVersion")).isEqualTo("transfer_v0.1");
    JsonArray results = d.getJsonArray("results");
    assertThat(results.stream().map(x -> ((JsonObject) x).getInteger("index")).toList())
        .containsExactly(0, 1, 2, 3, 4, 5, 6, 8, 9);
    assertThat(results.stream().map(x -> ((JsonObject) x).getString("status")).toList())
        .containsExactly("screened", "screened", "screened", "invalid", "not_found", "invalid", "invalid", "invalid",
            "invalid");
    JsonObject block = results.getJsonObject(0).getJsonObject("transfer");
    assertThat(block.getString("verdict")).isEqualTo("block");
    assertThat(codes(block.getJsonArray("reasons"))).containsExactly("TRANSFER_SANCTIONED_COUNTERPARTY");
    assertThat(block.getJsonObject("counterpartyEvidence").getJsonArray("labels")).containsExactly("sanctioned");
    assertThat(results.getJsonObject(1).getJsonObject("transfer").getString("verdict")).isEqualTo("allow");
    assertThat(results.getJsonObject(1).getJsonObject("transfer").getString("symbol")).isEqualTo("USDT");
    assertThat(results.getJsonObject(2).getJsonObject("transfer").getString("verdict")).isEqualTo("caution");
    assertThat(results.getJsonObject(3).getJsonObject("error").getString("message")).contains("reverted");
    assertThat(results.getJsonObject(3).getJsonObject("error").getString("code")).isEqualTo("INVALID_REQUEST");
    assertThat(results.getJsonObject(4).getJsonObject("error").getString("code")).isEqualTo("NOT_FOUND");
    assertThat(results.getJsonObject(6).getJsonObject("error").getString("message")).contains("txHash");
    assertThat(results.getJsonObject(7).getJsonObject("error").getString("message")).contains("99999");
    JsonObject summary = d.getJsonObject("summary");
    assertThat(summary.getMap()).containsEntry("total", 9).containsEntry("allow", 1).containsEntry("caution", 1)
        .containsEntry("block", 1).containsEntry("pending", 0).containsEntry("invalid", 5).containsEntry("notFound", 1)
        .containsEntry("error", 0);
    // The batch's screening is the single form's: the same row, found again by either.
    JsonObject single = screened(sanctionedHash, w("intermediary"), "received");
    assertThat(single.getLong("id")).isEqualTo(block.getLong("id"));
    assertThat(Sql.count(app().database, "SELECT count(*) FROM transfer_screenings WHERE tx_hash = ?", reverted)).isZero();
    HttpResponse<Buffer> again = batch(new JsonArray().add(row(usdtHash, w("honest"), "received")), Map.of());
    JsonObject kept = TestApp.data(again).getJsonArray("results").getJsonObject(0);
    assertThat(kept.getBoolean("created")).isFalse();
    assertThat(kept.getJsonObject("transfer").getLong("id"))
        .isEqualTo(results.getJsonObject(1).getJsonObject("transfer").getLong("id"));
  }

  @Test
  void aBatchWithANeverIndexedSenderQueuesItsIntakeOnceAndIsPending() {
    String stranger = freshAccount();
    String first = send(stranger, w("honest"), BigInteger.TEN.pow(15), null);
    String second = send(stranger, w("honestPeer"), BigInteger.TEN.pow(15), null);
    JsonObject d = TestApp.data(batch(new JsonArray().add(row(first, w("honest"), "received"))
        .add(row(second, w("honestPeer"), "received")), Map.of()));
    assertThat(d.getJsonArray("results").stream().map(x -> ((JsonObject) x).getString("status")).toList())
        .containsExactly("pending", "pending");
    assertThat(codes(d.getJsonArray("results").getJsonObject(0).getJsonObject("transfer").getJsonArray("reasons")))
        .containsExactly("TRANSFER_COUNTERPARTY_UNKNOWN");
    assertThat(Sql.count(app().database, "SELECT count(*) FROM index_jobs WHERE wallet = ?", stranger)).isEqualTo(1);
  }

  @Test
  void shapeAndCapErrorsAre400AndFree() {
    for (String body : List.of("{}", "{\"transfers\":[]}", "{\"transfers\":\"x\"}", "[]")) {
      HttpResponse<Buffer> r = app().send(HttpMethod.POST, "/api/v1/transfers/batch", Buffer.buffer(body), Map.of());
      assertThat(r.statusCode()).as(body).isEqualTo(400);
      assertThat(r.bodyAsJsonObject().getJsonObject("error").getString("code")).isEqualTo("INVALID_REQUEST");
    }
    JsonArray eleven = new JsonArray();
    for (int i = 0; i < 11; i++) {
      eleven.add(row("0x" + String.format("%064x", i + 1), w("honest"), "received"));
    }
    HttpResponse<Buffer> over = batch(eleven, Map.of()); // anonymous: 10 unique rows
    assertThat(over.statusCode()).isEqualTo(400);
    assertThat(over.bodyAsJsonObject().getJsonObject("error").getString("message")).contains("11 unique").contains("10");
  }

  /** Pool uses over an app's /metrics, as the decision batch counts them. */
  static double poolUsages(TestApp app) {
    String text = app.get("/metrics").bodyAsString();
    double sum = 0;
    for (String line : text.split("\n")) {
      if (line.startsWith("vertx_pool_usage_seconds_count{") && line.contains("pool_name=\"vouch-pg")
          && !line.contains("pool_name=\"vouch-pg-monitor")) {
        sum += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
      }
    }
    return sum;
  }

  /** {@code n} native payments from honestPeer (indexed) to fresh addresses, sent in one JSON-RPC batch. */
  static List<JsonObject> payments(int n) throws Exception {
    rpc("anvil_impersonateAccount", w("honestPeer"));
    // Explicit nonces: the node takes a JSON-RPC batch's sends concurrently.
    long nonce = Long.decode(rpc("eth_getTransactionCount", w("honestPeer"), "pending").asText());
    ArrayNode calls = MAPPER.createArrayNode();
    List<String> to = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      byte[] b = new byte[20];
      java.util.concurrent.ThreadLocalRandom.current().nextBytes(b);
      String a = "0x" + HexFormat.of().formatHex(b);
      to.add(a);
      ObjectNode tx = MAPPER.createObjectNode().put("from", w("honestPeer")).put("to", a).put("value", "0x1")
          .put("gas", "0x5208").put("nonce", "0x" + Long.toHexString(nonce + i));
      calls.add(MAPPER.createObjectNode().put("jsonrpc", "2.0").put("id", i).put("method", "eth_sendTransaction")
          .set("params", MAPPER.createArrayNode().add(tx)));
    }
    // Automine off while the batch lands: every send waits in the pool, whatever order the node
    // takes them in, and the mines below take them all (at load, automined sends that arrived
    // ahead of their nonce were seen to stay pending past the wait).
    rpc("evm_setAutomine", false);
    JsonNode answers;
    try {
      answers = MAPPER.readTree(HTTP.send(HttpRequest.newBuilder(URI.create(TransferScreeningDevnetTest.rpcUrl))
          .header("content-type", "application/json").POST(HttpRequest.BodyPublishers.ofString(calls.toString())).build(),
          java.net.http.HttpResponse.BodyHandlers.ofString()).body());
    } finally {
      rpc("evm_setAutomine", true);
    }
    String[] hashes = new String[n];
    for (JsonNode a : answers) {
      assertThat(a.has("result")).as(a.toString()).isTrue();
      hashes[a.get("id").asInt()] = a.get("result").asText();
    }
    long done = nonce + n;
    // Sends that arrived ahead of their nonce wait in the pool until a block is mined for them.
    Sql.await("mined", 120_000, () -> {
      if (Long.decode(rpc("eth_getTransactionCount", w("honestPeer"), "latest").asText()) == done) {
        return true;
      }
      rpc("evm_mine");
      return false;
    });
    List<JsonObject> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      rows.add(row(hashes[i], to.get(i), "received"));
    }
    return rows;
  }

  @Test
  void aBatchReadsTheCommittedStateInOneRoundTripAndWritesInOneWhateverItsSize() throws Exception {
    String auth = TestKeys.create(app().app.config(), "partner").bearer();
    Map<String, String> headers = Map.of("Authorization", auth);
    List<JsonObject> all = payments(499);
    // Rows of several counterparties: the seeded sanctioned deposit beside the payments.
    JsonObject sanctioned = row(seeded(usdc(), w("sanctioned"), w("intermediary")).get("hash").asText(),
        w("intermediary"), "received");
    for (int rows : new int[] {1, 50, 500}) {
      JsonArray transfers = new JsonArray().add(sanctioned);
      all.subList(0, rows - 1).forEach(transfers::add);
      // Background workers poll the same pool: the least of several tries; a query per row shows N every time.
      double least = Double.MAX_VALUE;
      for (int attempt = 0; attempt < 10 && least > 2; attempt++) {
        app().clock.advance(Duration.ofMinutes(1)); // a fresh per-minute budget for each try
        batch(new JsonArray().add(sanctioned), headers); // the key lookup cached
        double before = poolUsages(app());
        HttpResponse<Buffer> r = batch(transfers, headers);
        assertThat(r.statusCode()).as(r.bodyAsString()).isEqualTo(200);
        JsonObject summary = TestApp.data(r).getJsonObject("summary");
        assertThat(summary.getInteger("total")).isEqualTo(rows);
        assertThat(summary.getInteger("block")).isEqualTo(1);
        assertThat(summary.getInteger("allow")).isEqualTo(rows - 1);
        least = Math.min(least, poolUsages(app()) - before);
      }
      // One read of every counterparty's committed state, one transaction writing every screening.
      // The 500-row batch runs long enough (1,001 JSON-RPC calls, a 500-row write) that this
      // process's own worker and webhook polls land inside every try: it is counted below the
      // per-row figure only (docs/transfers.md says what is left to measure).
      if (rows < 500) {
        assertThat(least).as(rows + " rows").isEqualTo(2.0);
      } else {
        assertThat(least).as(rows + " rows").isLessThan(rows / 10.0);
      }
    }
  }

  static JsonObject mint(long screeningId, int status) {
    HttpResponse<Buffer> r = app().send(HttpMethod.POST, "/api/v1/transfer-receipts",
        new JsonObject().put("screeningId", screeningId).toBuffer(), Map.of("Content-Type", "application/json"));
    assertThat(r.statusCode()).as(r.bodyAsString()).isEqualTo(status);
    return r.bodyAsJsonObject();
  }

  static String sha256(byte[] bytes) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
  }

  @Test
  void aScreenedTransferHasOneSignedImmutableReceiptThatAThirdPartyVerifiesAndAnotherInstanceServes()
      throws Exception {
    JsonObject t = screened(seeded(usdc(), w("sanctionedPayer"), w("sanctioned")).get("hash").asText(),
        w("sanctionedPayer"), "sent");
    long id = t.getLong("id");
    HttpResponse<Buffer> created = app().send(HttpMethod.POST, "/api/v1/transfer-receipts",
        new JsonObject().put("screeningId", id).toBuffer(), Map.of());
    assertThat(created.statusCode()).as(created.bodyAsString()).isEqualTo(201);
    JsonObject minted = TestApp.data(created);
    JsonObject receipt = minted.getJsonObject("receipt");
    String rid = receipt.getString("id");
    assertThat(rid).matches("^trc_[A-Za-z0-9_-]{16}$");
    assertThat(created.getHeader("Location")).isEqualTo("/api/v1/transfer-receipts/" + rid);
    assertThat(minted.getString("url")).isEqualTo("/check/t/" + id);
    assertThat(minted.getBoolean("deduped")).isFalse();
    assertThat(receipt.getString("kind")).isEqualTo("transfer_screening");
    assertThat(receipt.getLong("screeningId")).isEqualTo(id);
    assertThat(receipt.getString("txHash")).isEqualTo(t.getString("txHash"));
    assertThat(receipt.getString("direction")).isEqualTo("sent");
    assertThat(receipt.getString("verdict")).isEqualTo("block");
    assertThat(receipt.getString("amount")).isEqualTo("1000000000");
    assertThat(receipt.getString("amountUsd")).isEqualTo("1000");
    assertThat(receipt.getString("modelVersion")).isEqualTo("transfer_v0.1");
    assertThat(codes(receipt.getJsonArray("reasons"))).containsExactly("TRANSFER_SANCTIONED_COUNTERPARTY");
    assertThat(receipt.getJsonObject("counterpartyEvidence").getString("address")).isEqualTo(w("sanctioned"));
    assertThat(receipt.getJsonObject("counterpartyEvidence").getJsonArray("labels")).containsExactly("sanctioned");

    // A third party: the payload is the receipt without id, createdAt, payloadHash and signature.
    JsonObject payload = receipt.copy();
    JsonObject signature = (JsonObject) payload.remove("signature");
    payload.remove("id");
    payload.remove("createdAt");
    payload.remove("payloadHash");
    byte[] canonical = new JsonCanonicalizer(payload.encode()).getEncodedUTF8();
    assertThat(sha256(canonical)).isEqualTo(receipt.getString("payloadHash"));
    JWKSet jwks = JWKSet.parse(app().get("/.well-known/jwks.json").bodyAsString());
    JWSObject jws = JWSObject.parse(signature.getString("jws"), new Payload(canonical));
    OctetKeyPair key = (OctetKeyPair) jwks.getKeyByKeyId(jws.getHeader().getKeyID());
    assertThat(jws.verify(new Ed25519Verifier(key))).isTrue();

    // Minted again: the same receipt. Read by id: immutable caching, the hash as ETag.
    JsonObject again = mint(id, 200).getJsonObject("data");
    assertThat(again.getBoolean("deduped")).isTrue();
    assertThat(again.getJsonObject("receipt").getString("id")).isEqualTo(rid);
    HttpResponse<Buffer> read = app().get("/api/v1/transfer-receipts/" + rid);
    assertThat(read.statusCode()).isEqualTo(200);
    assertThat(read.getHeader("Cache-Control")).contains("immutable");
    assertThat(read.getHeader("ETag")).isEqualTo("\"" + receipt.getString("payloadHash") + "\"");
    assertThat(TestApp.data(read).getJsonObject("receipt")).isEqualTo(receipt);
    assertThat(app().send(HttpMethod.GET, "/api/v1/transfer-receipts/" + rid, null,
        Map.of("If-None-Match", read.getHeader("ETag"))).statusCode()).isEqualTo(304);
    assertThat(Sql.count(app().database, "SELECT count(*) FROM transfer_receipts WHERE screening_id = ?", id))
        .isEqualTo(1);
    assertThatThrownBy(() -> Sql.exec(app().database, "UPDATE transfer_receipts SET jws = 'x' WHERE id = ?", rid))
        .hasStackTraceContaining("receipts are immutable");
    assertThatThrownBy(() -> Sql.exec(app().database, "DELETE FROM transfer_receipts WHERE id = ?", rid))
        .hasStackTraceContaining("receipts are immutable");

    // Another process on the same database (a restart, or another instance) serves and verifies it.
    try (TestApp other = TestApp.startOn(app().database, Map.of("VOUCH_ROLE", "api"))) {
      JsonObject there = TestApp.data(other.get("/api/v1/transfer-receipts/" + rid)).getJsonObject("receipt");
      assertThat(there).isEqualTo(receipt);
      String page = other.get("/check/t/" + id).bodyAsString();
      assertThat(page).contains(rid).contains("Signature verified");
    }
  }

  @Test
  void receiptsAreRefusedForAPendingScreeningAnUnknownOneAndABadBody() {
    String stranger = freshAccount();
    JsonObject pending = screened(send(stranger, w("honest"), BigInteger.TEN.pow(14), null), w("honest"), "received");
    assertThat(pending.getString("status")).isEqualTo("pending");
    JsonObject conflict = mint(pending.getLong("id"), 409);
    assertThat(conflict.getJsonObject("error").getString("code")).isEqualTo("CONFLICT");
    assertThat(mint(987654321L, 404).getJsonObject("error").getString("code")).isEqualTo("NOT_FOUND");
    HttpResponse<Buffer> bad = app().send(HttpMethod.POST, "/api/v1/transfer-receipts",
        Buffer.buffer("{\"screeningId\":\"7\"}"), Map.of());
    assertThat(bad.statusCode()).isEqualTo(400);
    assertThat(app().get("/api/v1/transfer-receipts/rcp_AAAAAAAAAAAAAAAA").statusCode()).isEqualTo(400);
    assertThat(app().get("/api/v1/transfer-receipts/trc_AAAAAAAAAAAAAAAA").statusCode()).isEqualTo(404);
  }

  @Test
  void aPendingScreeningsStreamSaysPendingThenScreenedWhenTheSendersIntakeCommits() throws Exception {
    String stranger = freshAccount();
    String hash = send(stranger, w("honest"), BigInteger.TEN.pow(16), null);
    long id;
    EventStream stream;
    List<String> comments = new ArrayList<>();
    // No snapshot commits while the stream opens (a fresh sender's intake can commit within the
    // POST's round trip): the holder's SHARE lock on snapshots blocks every commit, not reads.
    try (Connection hold = DriverManager.getConnection(app().database.jdbcUrl(), app().database.user(),
        app().database.password())) {
      hold.setAutoCommit(false);
      try (Statement st = hold.createStatement()) {
        st.execute("LOCK TABLE snapshots IN SHARE MODE");
      }
      JsonObject pending = screened(hash, w("honest"), "received");
      id = pending.getLong("id");
      assertThat(pending.getString("status")).isEqualTo("pending");
      stream = EventStream.open(app().port, "/api/v1/transfers/" + id + "/events", Map.of());
      assertThat(stream.status).isEqualTo(200);
      EventStream.Event first = stream.nextEvent(Duration.ofSeconds(30), comments);
      assertThat(first.name()).isEqualTo("pending");
      assertThat(first.json().getLong("id")).isEqualTo(id);
      assertThat(codes(first.json().getJsonArray("reasons"))).containsExactly("TRANSFER_COUNTERPARTY_UNKNOWN");
      hold.rollback();
    }
    try (EventStream s = stream) {
      EventStream.Event done = s.nextEvent(Duration.ofSeconds(180), comments);
      while ("pending".equals(done.name())) {
        done = s.nextEvent(Duration.ofSeconds(180), comments);
      }
      assertThat(done.name()).isEqualTo("screened");
      assertThat(done.json().getString("verdict")).isEqualTo("allow");
      assertThat(done.json().getJsonObject("counterpartyEvidence").getBoolean("indexed")).isTrue();
      assertThat(s.nextEvent(Duration.ofSeconds(10), comments).end()).isTrue();
    }
    // Opened on a screened one: its verdict at once, then the end.
    try (EventStream s = EventStream.open(app().port, "/api/v1/transfers/" + id + "/events", Map.of())) {
      List<EventStream.Event> all = s.rest(Duration.ofSeconds(30));
      assertThat(all.stream().filter(e -> !":".equals(e.name())).map(EventStream.Event::name).toList())
          .containsExactly("screened");
    }
    try (EventStream s = EventStream.open(app().port, "/api/v1/transfers/987654321/events", Map.of())) {
      assertThat(s.status).isEqualTo(404);
    }
  }

  @Test
  void thePageShowsTheTransferToAPersonWithItsVerdictAndItsReceiptChecked() {
    JsonNode seed = seeded(usdc(), w("sanctioned"), w("intermediary"));
    JsonObject t = screened(seed.get("hash").asText(), w("intermediary"), "received");
    long id = t.getLong("id");
    String before = app().get("/check/t/" + id).bodyAsString();
    assertThat(before).contains("No receipt was minted");
    String rid = mint(id, 201).getJsonObject("data").getJsonObject("receipt")
        .getString("id");
    HttpResponse<Buffer> page = app().get("/check/t/" + id);
    assertThat(page.statusCode()).isEqualTo(200);
    assertThat(page.getHeader("Content-Type")).startsWith("text/html");
    assertThat(page.bodyAsString())
        .contains("Ethereum Mainnet")
        .contains("href=\"https://etherscan.io/tx/" + seed.get("hash").asText() + "\"")
        .contains("20,000 USDC").contains("20,000.00 USD")
        .contains("Received by " + w("intermediary"))
        .contains(w("sanctioned"))
        .contains("TRANSFER_SANCTIONED_COUNTERPARTY")
        .contains(rid).contains("Signature verified")
        .containsPattern("[0-9]+ of 1 required");
    assertThat(app().get("/check/t/987654321").statusCode()).isEqualTo(404);
    assertThat(app().get("/check/t/abc").statusCode()).isEqualTo(404);
    assertThat(new String(page.body().getBytes(), StandardCharsets.UTF_8)).doesNotContain("Pending");
  }
}
