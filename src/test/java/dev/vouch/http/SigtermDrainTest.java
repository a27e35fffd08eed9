package dev.vouch.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.store.DatabaseUrl;
import dev.vouch.support.ChildJvm;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestDatabase;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What Kubernetes does to a pod: SIGTERM to a real {@code java ... serve} process. The server
 * stops taking connections, a request already in flight (held on a lock) still answers 200, and
 * the process exits on its own within the grace period.
 */
class SigtermDrainTest {

  @Test
  void sigtermStopsAcceptingFinishesTheRequestInFlightAndExits() throws Exception {
    DatabaseUrl db = TestDatabase.fresh();
    int port = TestApp.freePort();
    Path keys = Files.createTempDirectory("vouch-sigterm").resolve("keys.json");
    List<String> cmd = new ArrayList<>(ChildJvm.java("-Xmx256m"));
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "dev.vouch.cli.Main", "serve", "--role", "api"));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(keys.resolveSibling("serve.log").toFile());
    pb.environment().putAll(java.util.Map.of(
        "DATABASE_URL", db.toUrl(),
        "PORT", Integer.toString(port),
        "VOUCH_HTTP_SHUTDOWN_GRACE_SECONDS", "30",
        "VOUCH_HTTP_INSTANCES", "1",
        "VOUCH_DATABASE_READ_DEADLINE_MS", "60000",
        "VOUCH_DATABASE_ACQUIRE_TIMEOUT_MS", "60000",
        "VOUCH_HTTP_REQUEST_TIMEOUT_MS", "120000",
        // A request may run that long, so an Idempotency-Key claim must outlive it (checked at start).
        "VOUCH_HTTP_IDEMPOTENCY_PENDING_SECONDS", "300",
        "VOUCH_RECEIPTS_SIGNING_KEY_FILE", keys.toString()));
    Process serve = pb.start();
    Vertx vertx = Vertx.vertx();
    WebClient client = WebClient.create(vertx);
    try (Connection lock = DriverManager.getConnection(db.jdbcUrl(), db.user(), db.password())) {
      Sql.await("the process to be ready", 120_000, () -> ready(client, port));
      lock.setAutoCommit(false);
      lock.createStatement().execute("LOCK TABLE wallet_reads IN ACCESS EXCLUSIVE MODE");
      CompletableFuture<HttpResponse<Buffer>> inFlight = client
          .get(port, "127.0.0.1", "/api/v1/decision/0x" + "b".repeat(40)).send()
          .toCompletionStage().toCompletableFuture();
      Sql.await("the read to wait on the lock", 30_000, () -> Sql.count(db,
          "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'") > 0);

      serve.destroy(); // SIGTERM
      // One line says what the process is doing and for how long, before it goes quiet draining.
      Path log = keys.resolveSibling("serve.log");
      Sql.await("the drain to be announced", 30_000, () -> text(log).contains("draining requests in flight for up to 30 s"));
      Sql.await("the server to stop accepting connections", 30_000,
          () -> GracefulShutdownTest.refusesConnections(port));
      assertThat(inFlight).isNotDone();
      assertThat(serve.isAlive()).as("the process waits for the request in flight").isTrue();

      lock.rollback();
      HttpResponse<Buffer> r = inFlight.get(30, TimeUnit.SECONDS);
      assertThat(r.statusCode()).isEqualTo(200);
      assertThat(r.bodyAsJsonObject().getBoolean("ok")).isTrue();
      assertThat(serve.waitFor(60, TimeUnit.SECONDS)).as("the process exits within the grace period").isTrue();
      // The JVM's answer to SIGTERM once its shutdown hook (the drain) has run.
      assertThat(serve.exitValue()).isEqualTo(143);
    } finally {
      serve.destroyForcibly();
      vertx.close();
      List.of(keys.toFile(), keys.resolveSibling("serve.log").toFile(), keys.getParent().toFile()).forEach(File::delete);
    }
  }

  private static String text(Path file) {
    try {
      return Files.readString(file);
    } catch (java.io.IOException e) {
      return "";
    }
  }

  private static boolean ready(WebClient client, int port) {
    try {
      return client.get(port, "127.0.0.1", "/health/ready").send().toCompletionStage().toCompletableFuture()
          .get(5, TimeUnit.SECONDS).statusCode() == 200;
    } catch (Exception e) {
      return false;
    }
  }
}
