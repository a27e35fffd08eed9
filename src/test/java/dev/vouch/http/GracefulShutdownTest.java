package dev.vouch.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Each step waits for a condition it can see (the read blocked on the lock, the listener gone),
 * never for a time; the deadlines only bound a failure. The grace period is long for the same
 * reason: the service must not give up on the request while a loaded machine runs the test.
 */
class GracefulShutdownTest {

  @Test
  void inFlightRequestsFinishWhileTheServiceStops() throws Exception {
    TestApp app = TestApp.start(Map.of("VOUCH_HTTP_SHUTDOWN_GRACE_SECONDS", "30"));
    Vertx vertx = Vertx.vertx();
    WebClient client = WebClient.create(vertx);
    try (Connection lock = DriverManager.getConnection(app.database.jdbcUrl(), app.database.user(), app.database.password())) {
      // Hold a lock the read needs, so the request is still in flight when shutdown starts.
      lock.setAutoCommit(false);
      lock.createStatement().execute("LOCK TABLE wallet_reads IN ACCESS EXCLUSIVE MODE");
      CompletableFuture<HttpResponse<Buffer>> inFlight = client
          .get(app.port, "127.0.0.1", "/api/v1/decision/0x" + "a".repeat(40)).send()
          .toCompletionStage().toCompletableFuture();
      Sql.await("the read to wait on the lock", 30_000, () -> Sql.count(app.database,
          "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'") > 0);
      assertThat(inFlight).isNotDone();

      CompletableFuture<Void> closing = CompletableFuture.runAsync(app::close);
      Sql.await("the server to stop accepting connections", 30_000, () -> refusesConnections(app.port));
      // Shutdown has begun and the read cannot finish while the lock is held: both still wait.
      assertThat(inFlight).isNotDone();
      assertThat(closing).isNotDone();

      lock.rollback();
      HttpResponse<Buffer> r = inFlight.get(30, TimeUnit.SECONDS);
      assertThat(r.statusCode()).isEqualTo(200);
      assertThat(r.bodyAsJsonObject().getBoolean("ok")).isTrue();
      closing.get(60, TimeUnit.SECONDS);
    } finally {
      vertx.close();
    }
  }

  static boolean refusesConnections(int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
      return false;
    } catch (IOException e) {
      return true;
    }
  }
}
