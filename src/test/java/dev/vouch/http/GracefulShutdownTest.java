package dev.vouch.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.TestApp;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GracefulShutdownTest {

  @Test
  void inFlightRequestsFinishWhileTheServiceStops() throws Exception {
    TestApp app = TestApp.start(Map.of("VOUCH_HTTP_SHUTDOWN_GRACE_SECONDS", "5"));
    Vertx vertx = Vertx.vertx();
    WebClient client = WebClient.create(vertx);
    try (Connection lock = DriverManager.getConnection(app.database.jdbcUrl(), app.database.user(), app.database.password())) {
      // Hold a lock the read needs, so the request is still in flight when shutdown starts.
      lock.setAutoCommit(false);
      lock.createStatement().execute("LOCK TABLE wallets IN ACCESS EXCLUSIVE MODE");
      CompletableFuture<HttpResponse<Buffer>> inFlight = client
          .get(app.port, "127.0.0.1", "/api/v1/decision/0x" + "a".repeat(40)).send()
          .toCompletionStage().toCompletableFuture();
      Thread.sleep(300);
      assertThat(inFlight).isNotDone();
      CompletableFuture<Void> closing = CompletableFuture.runAsync(app::close);
      Thread.sleep(300);
      assertThat(closing).isNotDone();
      lock.rollback();
      HttpResponse<Buffer> r = inFlight.get(10, TimeUnit.SECONDS);
      assertThat(r.statusCode()).isEqualTo(200);
      assertThat(r.bodyAsJsonObject().getBoolean("ok")).isTrue();
      closing.get(15, TimeUnit.SECONDS);
    } finally {
      vertx.close();
    }
  }
}
