package dev.vouch.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.bus.Addresses;
import dev.vouch.support.TestApp;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The receipt read and the interaction graph's pages are answered on the event loop of the HTTP
 * verticle that asked, at its private address (bus/Colocation), in the real app with several
 * HTTP instances: each message is stamped with its sender's thread on the way out and checked
 * against the thread that handles it.
 */
class ColocatedReadsTest {

  static final String SENDER = "x-test-sender";
  static final List<String> WATCHED = List.of(Addresses.RECEIPT_READ, Addresses.INTERACTION_GRAPH_READ);

  static TestApp app;
  static final ConcurrentLinkedQueue<String> seen = new ConcurrentLinkedQueue<>();
  static final ConcurrentLinkedQueue<String> mismatches = new ConcurrentLinkedQueue<>();

  @BeforeAll
  static void start() {
    Map<String, String> env = new HashMap<>(TestApp.UNMETERED);
    env.put("VOUCH_HTTP_INSTANCES", "3");
    app = TestApp.start(env);
    var bus = app.app.vertx().eventBus();
    bus.addOutboundInterceptor(ctx -> {
      if (watched(ctx.message().address())) {
        ctx.message().headers().set(SENDER, Thread.currentThread().getName());
      }
      ctx.next();
    });
    bus.addInboundInterceptor(ctx -> {
      String address = ctx.message().address();
      if (watched(address)) {
        String sender = ctx.message().headers().get(SENDER);
        String here = Thread.currentThread().getName();
        seen.add(address);
        if (!here.equals(sender) || !address.contains("@")) {
          mismatches.add(address + " sent on " + sender + ", handled on " + here);
        }
      }
      ctx.next();
    });
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  static boolean watched(String address) {
    return address != null && WATCHED.stream().anyMatch(address::startsWith);
  }

  @Test
  void receiptReadsAndGraphPagesAreAnsweredOnTheAskingEventLoop() {
    String wallet = "0x" + "c1".repeat(20);
    var minted = app.send(HttpMethod.POST, "/api/v1/decision-receipts",
        Buffer.buffer(new JsonObject().put("wallet", wallet).encode()), Map.of("Content-Type", "application/json"));
    assertThat(minted.statusCode()).isEqualTo(201);
    String id = TestApp.data(minted).getJsonObject("receipt").getString("id");

    for (int i = 0; i < 6; i++) {
      var receipt = app.get("/api/v1/decision-receipts/" + id);
      assertThat(receipt.statusCode()).isEqualTo(200);
      assertThat(TestApp.data(receipt).getJsonObject("receipt").getString("id")).isEqualTo(id);
      assertThat(app.get("/api/v1/decision-receipts/rcp_" + "0".repeat(16)).statusCode()).isEqualTo(404);
      assertThat(app.get("/api/v1/interaction-graph/" + wallet).statusCode()).isEqualTo(200);
    }

    assertThat(seen).filteredOn(a -> a.startsWith(Addresses.RECEIPT_READ)).hasSize(12);
    assertThat(seen).filteredOn(a -> a.startsWith(Addresses.INTERACTION_GRAPH_READ)).hasSize(6);
    assertThat(mismatches).isEmpty();
  }
}
