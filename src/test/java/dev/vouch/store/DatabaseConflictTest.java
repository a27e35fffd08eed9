package dev.vouch.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vouch.support.Observe;
import dev.vouch.support.Sql;
import dev.vouch.support.TestDatabase;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Database errors of the CONFLICT and CONTENTION kinds (issue 25 item 10), each produced by real
 * Postgres: a deadlock with the test's own connection, a serialization failure against its
 * commit, a missing referenced row, a duplicate. Contention is rerun by the gateway; a conflict
 * is not, and leaves typed for the edge (409), never as OTHER (500).
 */
class DatabaseConflictTest {

  static Vertx vertx;
  static Pool pool;
  static DatabaseUrl url;
  static Gateway gateway;

  @BeforeAll
  static void start() {
    vertx = Vertx.vertx();
    url = TestDatabase.fresh();
    pool = Pools.create(vertx, url, 4);
    gateway = Gateway.direct(pool);
    Sql.exec(url, "CREATE TABLE parents (id int PRIMARY KEY, v int NOT NULL)");
    Sql.exec(url, "CREATE TABLE children (id int PRIMARY KEY, parent int NOT NULL REFERENCES parents (id))");
  }

  @BeforeEach
  void rows() {
    Sql.exec(url, "TRUNCATE children, parents");
    Sql.exec(url, "INSERT INTO parents VALUES (1, 0), (2, 0)");
  }

  @AfterAll
  static void stop() throws Exception {
    pool.close();
    vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  @Test
  void aDeadlockVictimIsRunAgainAndCommitsOnce() throws Exception {
    AtomicInteger attempts = new AtomicInteger();
    try (Connection other = connection()) {
      other.setAutoCommit(false);
      exec(other, "UPDATE parents SET v = v + 100 WHERE id = 2");
      // The gateway's transaction holds row 1 and waits for row 2 ...
      Future<Void> tx = gateway.transaction(conn -> {
        attempts.incrementAndGet();
        return conn.query("UPDATE parents SET v = v + 1 WHERE id = 1").execute()
            .compose(r -> conn.query("UPDATE parents SET v = v + 1 WHERE id = 2").execute())
            .mapEmpty();
      });
      Sql.await("the gateway waiting for row 2", 30_000, () -> waiting() == 1);
      // ... and the test's connection now waits for row 1: the first waiter is the victim.
      CompletableFuture<Void> closing = CompletableFuture.runAsync(() -> exec(other, "UPDATE parents SET v = v + 100 WHERE id = 1"));
      closing.get(30, TimeUnit.SECONDS);
      other.commit();
      Observe.await(tx);
    }
    // On a loaded machine the rerun can take row 1 again before the test's connection wakes and be
    // the victim a second time: rolled back at least once; the sum says it committed exactly once.
    assertThat(attempts.get()).as("rolled back as the deadlock victim, then committed").isGreaterThanOrEqualTo(2);
    assertThat(Sql.count(url, "SELECT sum(v) FROM parents")).as("both sides' increments, the gateway's once").isEqualTo(202);
  }

  @Test
  void aSerializationFailureIsRunAgain() {
    AtomicInteger attempts = new AtomicInteger();
    Observe.await(gateway.transaction(conn -> {
      int n = attempts.incrementAndGet();
      return conn.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ").execute()
          .compose(r -> conn.query("SELECT v FROM parents WHERE id = 1").execute())
          // On the first attempt another session changes the row after this snapshot was taken.
          .compose(r -> n == 1 ? vertx.executeBlocking(() -> {
            Sql.exec(url, "UPDATE parents SET v = 7 WHERE id = 1");
            return null;
          }) : Future.succeededFuture())
          .compose(r -> conn.query("UPDATE parents SET v = v + 1 WHERE id = 1").execute())
          .mapEmpty();
    }));
    assertThat(attempts.get()).isEqualTo(2);
    assertThat(Sql.count(url, "SELECT v FROM parents WHERE id = 1")).isEqualTo(8);
  }

  @Test
  void aMissingReferencedRowIsAConflictNotRetried() {
    AtomicInteger attempts = new AtomicInteger();
    assertThatThrownBy(() -> Observe.await(gateway.transaction(conn -> {
      attempts.incrementAndGet();
      return conn.query("INSERT INTO children VALUES (1, 99)").execute();
    }))).isInstanceOfSatisfying(StoreException.class, e -> assertThat(e.kind()).isEqualTo(StoreException.Kind.CONFLICT));
    assertThat(attempts.get()).isEqualTo(1);
    assertThat(Sql.count(url, "SELECT count(*) FROM children")).isZero();
  }

  @Test
  void anUnexpectedDuplicateIsAConflictNotRetried() {
    AtomicInteger attempts = new AtomicInteger();
    assertThatThrownBy(() -> Observe.await(gateway.transaction(conn -> {
      attempts.incrementAndGet();
      return conn.query("UPDATE parents SET v = 5 WHERE id = 2").execute()
          .compose(r -> conn.query("INSERT INTO parents VALUES (1, 0)").execute());
    }))).isInstanceOfSatisfying(StoreException.class, e -> assertThat(e.kind()).isEqualTo(StoreException.Kind.CONFLICT));
    assertThat(attempts.get()).isEqualTo(1);
    assertThat(Sql.count(url, "SELECT v FROM parents WHERE id = 2")).as("rolled back").isZero();
  }

  @Test
  void contentionOnEveryAttemptLeavesAsContentionAfterTheBound() {
    AtomicInteger attempts = new AtomicInteger();
    assertThatThrownBy(() -> Observe.await(gateway.transaction(conn -> {
      attempts.incrementAndGet();
      return conn.query("DO $$ BEGIN RAISE EXCEPTION 'forced' USING ERRCODE = 'serialization_failure'; END $$").execute();
    }))).isInstanceOfSatisfying(StoreException.class, e -> assertThat(e.kind()).isEqualTo(StoreException.Kind.CONTENTION));
    assertThat(attempts.get()).isEqualTo(Contention.ATTEMPTS);
  }

  private long waiting() {
    return Sql.count(url, "SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
        + "WHERE NOT l.granted AND a.datname = current_database()");
  }

  private static void exec(Connection c, String sql) {
    try (Statement s = c.createStatement()) {
      s.execute(sql);
    } catch (Exception e) {
      throw new IllegalStateException(sql, e);
    }
  }

  private static Connection connection() throws Exception {
    return DriverManager.getConnection(url.jdbcUrl(), url.user(), url.password());
  }
}
