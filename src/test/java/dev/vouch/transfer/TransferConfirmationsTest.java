package dev.vouch.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Anvil;
import dev.vouch.support.ChainsFile;
import dev.vouch.support.ChainsFile.Entry;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A chain that needs 3 confirmations (catalogue setting) on a real Anvil node: a transfer in the
 * newest block is pending with the confirmations so far, and once two more blocks are mined its
 * read answers the verdict, here a block for a sanctioned sender. A caller without scan starts
 * left gets a pending screening whose counterparty intake was not queued, and is told so.
 */
class TransferConfirmationsTest {

  static final long CHAIN = 5042002;
  static Anvil anvil;
  static TestApp app;
  static final String SANCTIONED = Anvil.randomAddress();

  @BeforeAll
  static void start() throws Exception {
    anvil = Anvil.start(CHAIN, Instant.now().minus(1, ChronoUnit.HOURS));
    Path dir = Files.createTempDirectory("vouch-transfers");
    Path labels = dir.resolve("labels.csv");
    Files.writeString(labels, "address,chain,category,name,source\n" + SANCTIONED + ",,sanctioned,Test SDN entry,OFAC\n");
    Path config = dir.resolve("application.yaml");
    Files.writeString(config, Files.readString(Path.of("config/application.yaml")).replace("  flaggedAddresses: []\n",
        "  flaggedAddresses:\n    - {name: LABELS, type: labels, path: " + labels + "}\n"));
    Map<String, String> env = new HashMap<>(TestApp.UNMETERED);
    // No scan starts for anonymous callers: a never-indexed counterparty's intake cannot be paid for.
    env.put("VOUCH_BUDGETS_ANONYMOUS_DAILY_SCANS", "0");
    env.put("VOUCH_CONFIG", config.toString());
    env.put("CHAINS_FILE", ChainsFile.write(java.util.List.of(
        Entry.history("Arc Testnet", CHAIN, "USDC", anvil.url).confirmations(3))).toString());
    app = TestApp.start(env);
  }

  @AfterAll
  static void stop() {
    if (app != null) {
      app.close();
    }
    if (anvil != null) {
      anvil.close();
    }
  }

  @Test
  void aTransferInTheNewestBlockIsPendingUntilTheChainsConfirmationsThenDecided() {
    String me = Anvil.randomAddress();
    anvil.fund(SANCTIONED);
    String hash = anvil.send(SANCTIONED, me, BigInteger.TEN.pow(18), null);
    JsonObject body = new JsonObject().put("chainId", CHAIN).put("txHash", hash).put("address", me)
        .put("direction", "received");
    HttpResponse<Buffer> r = app.send(HttpMethod.POST, "/api/v1/transfers", body.toBuffer(), Map.of());
    assertThat(r.statusCode()).as(r.bodyAsString()).isEqualTo(201);
    JsonObject pending = TestApp.data(r);
    assertThat(pending.getString("status")).isEqualTo("pending");
    assertThat(pending.getLong("confirmations")).isEqualTo(1);
    assertThat(pending.getInteger("requiredConfirmations")).isEqualTo(3);
    assertThat(pending.getJsonArray("reasons").getJsonObject(0).getString("code")).isEqualTo("TRANSFER_UNCONFIRMED");
    assertThat(pending.getJsonArray("reasons").getJsonObject(0).getString("message")).contains("1 of the 3");
    // Waiting on confirmations queues nothing.
    assertThat(Sql.count(app.database, "SELECT count(*) FROM index_jobs WHERE wallet = ?", SANCTIONED)).isZero();

    anvil.rpc("evm_mine");
    JsonObject two = TestApp.data(app.get("/api/v1/transfers/" + pending.getLong("id")));
    assertThat(two.getString("status")).isEqualTo("pending");
    assertThat(two.getLong("confirmations")).isEqualTo(2);

    anvil.rpc("evm_mine");
    JsonObject done = TestApp.data(app.get("/api/v1/transfers/" + pending.getLong("id")));
    assertThat(done.getString("status")).isEqualTo("screened");
    assertThat(done.getLong("confirmations")).isEqualTo(3);
    assertThat(done.getString("verdict")).isEqualTo("block");
    assertThat(done.getJsonArray("reasons").getJsonObject(0).getString("code")).isEqualTo("TRANSFER_SANCTIONED_COUNTERPARTY");
  }

  @Test
  void aCallerWithoutScanStartsIsToldTheCounterpartysIntakeWasNotQueued() {
    String me = Anvil.randomAddress();
    String stranger = Anvil.randomAddress();
    anvil.fund(stranger);
    String hash = anvil.send(stranger, me, BigInteger.TEN.pow(18), null);
    anvil.rpc("evm_mine");
    anvil.rpc("evm_mine");
    JsonObject body = new JsonObject().put("chainId", CHAIN).put("txHash", hash).put("address", me)
        .put("direction", "received");
    HttpResponse<Buffer> r = app.send(HttpMethod.POST, "/api/v1/transfers", body.toBuffer(), Map.of());
    assertThat(r.statusCode()).as(r.bodyAsString()).isEqualTo(201);
    JsonObject d = TestApp.data(r);
    assertThat(d.getString("status")).isEqualTo("pending");
    assertThat(d.getJsonArray("reasons").getJsonObject(0).getString("code")).isEqualTo("TRANSFER_COUNTERPARTY_UNKNOWN");
    assertThat(d.getJsonArray("warnings").getJsonObject(0).getString("code")).isEqualTo("TRANSFER_INTAKE_NOT_QUEUED");
    assertThat(Sql.count(app.database, "SELECT count(*) FROM index_jobs WHERE wallet = ?", stranger)).isZero();
  }
}
