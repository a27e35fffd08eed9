package dev.vouch.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.config.ConfigLoader;
import dev.vouch.support.Sql;
import dev.vouch.support.TestDatabase;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A deadline ends the statement, not only the wait: a read, a write and a transaction the
 * gateway stopped waiting for are gone from pg_stat_activity long before their own end and
 * before the server's statement_timeout (set far above the deadline here), and the abandoned
 * transaction left nothing behind.
 */
class StatementCancelTest {

  private static Vertx vertx;
  private static DatabaseUrl db;
  private static Gateway gateway;

  @BeforeAll
  static void start() {
    vertx = Vertx.vertx();
    db = TestDatabase.fresh();
    Sql.exec(db, "CREATE TABLE cancel_probe (marker text)");
    var config = ConfigLoader.load(Map.of(
        "DATABASE_URL", db.toUrl(),
        "VOUCH_HTTP_REQUEST_TIMEOUT_MS", "100000",
        "VOUCH_DATABASE_STATEMENT_TIMEOUT_MS", "60000",
        "VOUCH_DATABASE_READ_DEADLINE_MS", "500",
        "VOUCH_DATABASE_WRITE_DEADLINE_MS", "500",
        // Three misses in a row must not open the breaker: each case is its own.
        "VOUCH_DATABASE_BREAKER_FAILURES", "1000"));
    gateway = Gateway.create(vertx, db, config.database(), new SimpleMeterRegistry());
  }

  @AfterAll
  static void stop() {
    gateway.close();
    vertx.close();
  }

  /** Fails with the gateway's deadline, then waits for the marked statement to leave the server. */
  private static void assertCancelled(String marker, Function<Gateway, Future<?>> op) throws Exception {
    ExecutionException failed = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
        () -> op.apply(gateway).toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS));
    assertThat(failed.getCause()).isInstanceOf(StoreException.class);
    assertThat(((StoreException) failed.getCause()).kind()).isEqualTo(StoreException.Kind.UNAVAILABLE);
    assertThat(failed.getCause().getMessage()).contains("no answer within 500 ms");
    // pg_sleep(50) would run 50 s and statement_timeout is 60 s: only a cancel ends it within 15 s.
    Sql.await(marker + " gone from pg_stat_activity", 15_000, () -> Sql.count(db,
        "SELECT count(*) FROM pg_stat_activity WHERE state <> 'idle' AND pid <> pg_backend_pid() AND query LIKE ?",
        "%" + marker + "%") == 0);
    // The pool is whole afterwards: the connection came back and answers (retried: 500 ms is
    // short for a new connection on a loaded machine).
    Sql.await("a write to answer again", 30_000, () -> answers(gateway.write(c -> c.query("SELECT 1").execute())));
  }

  private static boolean answers(Future<?> f) {
    try {
      f.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
      return true;
    } catch (Exception e) {
      return false;
    }
  }

  @Test
  void aReadPastItsDeadlineIsEndedOnTheServer() throws Exception {
    assertCancelled("cancel_read", g -> g.read(c -> c.query("SELECT pg_sleep(50) /* cancel_read */").execute()));
  }

  @Test
  void aWritePastItsDeadlineIsCancelled() throws Exception {
    assertCancelled("cancel_write", g -> g.write(c -> c.query("SELECT pg_sleep(50) /* cancel_write */").execute()));
  }

  @Test
  void aTransactionPastItsDeadlineIsCancelledAndRolledBack() throws Exception {
    assertCancelled("cancel_tx", g -> g.transaction(conn -> conn.query("INSERT INTO cancel_probe VALUES ('tx')").execute()
        .compose(v -> conn.query("SELECT pg_sleep(50) /* cancel_tx */").execute())));
    assertThat(Sql.count(db, "SELECT count(*) FROM cancel_probe")).as("the insert before the cancel rolled back").isZero();
  }
}
