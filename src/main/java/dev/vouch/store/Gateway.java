package dev.vouch.store;

import dev.vouch.config.AppConfig;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.SqlConnection;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * The one way to PostgreSQL. Every store runs its statements through here, and here only are
 * driver failures translated ({@link StoreException#translate}), deadlines applied and breakers
 * kept (one per server, {@link Server}): a server that misses deadlines or drops connections
 * several times in a row is refused at once, without touching its pool, until a probe answers.
 *
 * <p>Reads ({@link #read}) go to a replica whose replay lag is under {@code database.replicaMaxLagMs},
 * else the primary; with the primary's breaker open they go to any replica that answers (the
 * snapshot ages in the answers stay true: a replica is only ever behind). A replica that fails a
 * read hands it to the primary once. Reads a caller must see right after a write of its own go
 * to the primary ({@link #readPrimary}); writes and transactions always do.
 */
public final class Gateway {

  private static final java.util.logging.Logger LOG = java.util.logging.Logger.getLogger(Gateway.class.getName());

  private final Server primary;
  private final List<Server> replicas;
  private final int readDeadlineMs;
  private final int writeDeadlineMs;
  private final long maxLagMs;
  private final AtomicInteger turn = new AtomicInteger();
  private final Vertx vertx;
  private final int startupWaitMs;
  private final java.util.concurrent.atomic.AtomicBoolean startupWaitSaid = new java.util.concurrent.atomic.AtomicBoolean();

  private Gateway(Vertx vertx, Server primary, List<Server> replicas, int readDeadlineMs, int writeDeadlineMs,
      long maxLagMs, int startupWaitMs) {
    this.vertx = vertx;
    this.startupWaitMs = startupWaitMs;
    this.primary = primary;
    this.replicas = replicas;
    this.readDeadlineMs = readDeadlineMs;
    this.writeDeadlineMs = writeDeadlineMs;
    this.maxLagMs = maxLagMs;
  }

  /**
   * The service's gateway: the primary's pool, one pool per configured replica, their breakers,
   * probes and lag polls, and their meters.
   */
  public static Gateway create(Vertx vertx, DatabaseUrl url, AppConfig.Database db, MeterRegistry registry) {
    Server primary = Server.primary(vertx, url, db, registry);
    List<Server> replicas = new ArrayList<>();
    for (int i = 0; i < db.replicaUrls().size(); i++) {
      replicas.add(Server.replica(vertx, "replica" + (i + 1), DatabaseUrl.parse(db.replicaUrls().get(i)), db,
          primary.wal(), registry));
    }
    return new Gateway(vertx, primary, List.copyOf(replicas), db.readDeadlineMs(), db.writeDeadlineMs(),
        db.replicaMaxLagMs(), db.startupWaitSeconds() * 1000);
  }

  /**
   * A gateway over a pool a test (or a command) already has: translation only, no replicas, no
   * deadline below a minute, a breaker that never opens.
   */
  public static Gateway direct(Pool pool) {
    return new Gateway(null, Server.plain(pool), List.of(), 60_000, 60_000, 0, 60_000);
  }

  /** A read that may be served by a replica under the lag bound. */
  public <T> Future<T> read(Function<SqlClient, Future<T>> op) {
    return readOn(pickRead(), op);
  }

  /**
   * On the chosen server; a replica that fails to answer hands the read to the primary once, and
   * the primary failing to answer before its breaker opens (killed a moment ago, while every
   * replica reads as stale because its WAL receiver lost the primary too) hands it to a replica
   * that answers, as an open breaker would have.
   */
  private <T> Future<T> readOn(Server server, Function<SqlClient, Future<T>> op) {
    Future<T> answer = server.run(op, readDeadlineMs, false);
    if (server == primary) {
      return replicas.isEmpty() ? answer : answer.recover(t -> {
        Server other = unavailable(t) ? answering() : null;
        return other == null ? Future.failedFuture(t) : other.run(op, readDeadlineMs, false);
      });
    }
    return answer.recover(t -> unavailable(t) && !primary.refusing() ? primary.run(op, readDeadlineMs, false)
        : Future.failedFuture(t));
  }

  private static boolean unavailable(Throwable t) {
    return t instanceof StoreException se && se.kind() == StoreException.Kind.UNAVAILABLE;
  }

  /** A replica whose breaker is closed, whatever its lag (a replica is only ever behind); null if none. */
  private Server answering() {
    int n = replicas.size();
    int start = Math.floorMod(turn.getAndIncrement(), n);
    for (int i = 0; i < n; i++) {
      Server r = replicas.get((start + i) % n);
      if (!r.refusing()) {
        return r;
      }
    }
    return null;
  }

  /**
   * A read of something a caller may have just created (a receipt by its id, a username's
   * profile): served by a replica like any read, but an answer from a replica that lacks it
   * ({@code found} false) is asked again of the primary, so what was just written is never
   * reported missing. The cost falls only on the absent.
   */
  public <T> Future<T> read(Function<SqlClient, Future<T>> op, java.util.function.Predicate<T> found) {
    Server server = pickRead();
    if (server == primary) {
      return readOn(primary, op);
    }
    return readOn(server, op).compose(v -> found.test(v) || primary.refusing() ? Future.succeededFuture(v)
        : primary.run(op, readDeadlineMs, false).recover(t -> Future.succeededFuture(v)));
  }

  /** A read that must see this caller's own write (a challenge just issued, a job's state). */
  public <T> Future<T> readPrimary(Function<SqlClient, Future<T>> op) {
    return primary.run(op, readDeadlineMs, false);
  }

  /**
   * Start-up work on the primary (publishing keys, reading the generated cursor key): once per
   * process, before any request. A start on a busy node may see one late heartbeat open the
   * breaker (issue 25 item 4), so an unavailable database is retried with backoff, as long as
   * {@code database.startupWaitSeconds} allows, instead of failing the start.
   */
  public <T> Future<T> atStartup(Function<SqlClient, Future<T>> op) {
    return atStartup(op, System.nanoTime() + startupWaitMs * 1_000_000L, 100);
  }

  private <T> Future<T> atStartup(Function<SqlClient, Future<T>> op, long deadline, long backoffMs) {
    long leftMs = (deadline - System.nanoTime()) / 1_000_000;
    return primary.run(op, (int) Math.max(1, leftMs), true).recover(t -> {
      long left = (deadline - System.nanoTime()) / 1_000_000;
      if (vertx == null || left <= backoffMs
          || !(t instanceof StoreException se && se.kind() == StoreException.Kind.UNAVAILABLE)) {
        return Future.failedFuture(t);
      }
      if (startupWaitSaid.compareAndSet(false, true)) {
        LOG.info(() -> "start-up waits up to " + left / 1000 + " s more for the database (" + t.getMessage() + ")");
      }
      return vertx.timer(backoffMs).compose(v -> atStartup(op, deadline, Math.min(backoffMs * 2, 2000)));
    });
  }

  /** One statement that writes, on the primary. */
  public <T> Future<T> write(Function<SqlClient, Future<T>> op) {
    // One statement in its own transaction: a deadlock victim (the read model's commit-time
    // refresh can be one) was rolled back whole, so it is rerun like a transaction.
    return Contention.retried(() -> primary.run(op, writeDeadlineMs, true));
  }

  /** A transaction on the primary: committed once, or rolled back (or, past the deadline, unknown). */
  public <T> Future<T> transaction(Function<SqlConnection, Future<T>> op) {
    return transaction(op, writeDeadlineMs);
  }

  /**
   * A transaction allowed longer than the API's write deadline (a worker's snapshot commit of
   * thousands of rows); the breaker still refuses it at once while the primary is down.
   */
  public <T> Future<T> transaction(Function<SqlConnection, Future<T>> op, int deadlineMs) {
    // A deadlock or serialization victim is rerun whole (Contention); each attempt has the deadline.
    return Contention.retried(() -> primary.run(client -> inTransaction((SqlConnection) client, op), deadlineMs, true));
  }

  /** Pool.withTransaction on the connection the server holds (so a deadline can cancel it). */
  private static <T> Future<T> inTransaction(SqlConnection conn, Function<SqlConnection, Future<T>> op) {
    return conn.begin().compose(tx -> {
      Future<T> done;
      try {
        done = op.apply(conn);
      } catch (RuntimeException e) {
        done = Future.failedFuture(e);
      }
      return done.compose(v -> tx.commit().map(v),
          t -> tx.rollback().transform(x -> Future.<T>failedFuture(t)));
    });
  }

  /** Whether any server may answer reads now (readiness: a pod serving reads from a replica stays in). */
  public Future<Boolean> ready(int deadlineMs) {
    List<Future<Boolean>> checks = new ArrayList<>();
    checks.add(primary.check(deadlineMs));
    replicas.forEach(r -> checks.add(r.check(deadlineMs)));
    return Future.join(checks).transform(ar -> Future.succeededFuture(checks.stream()
        .anyMatch(f -> f.succeeded() && Boolean.TRUE.equals(f.result()))));
  }

  /**
   * Runs work that ends in a write only while the primary's breaker is closed: while it is open
   * the caller is refused at once, before any read or signing it would do first.
   */
  public <T> Future<T> whenWritable(java.util.function.Supplier<Future<T>> work) {
    return primary.refusing()
        ? Future.failedFuture(StoreException.refused(primary.name, null))
        : work.get();
  }

  /** Whether the primary answers now (writes possible). */
  public boolean primaryUp() {
    return !primary.refusing();
  }

  /** The primary's pool, for what must hold a session of its own (LISTEN) or the start-up checks. */
  public Pool primaryPool() {
    return primary.pool();
  }

  /** Replicas first when fresh, then the primary, then a stale replica, then (refused fast) the primary. */
  private Server pickRead() {
    int n = replicas.size();
    if (n == 0) {
      return primary;
    }
    int start = Math.floorMod(turn.getAndIncrement(), n);
    for (int i = 0; i < n; i++) {
      Server r = replicas.get((start + i) % n);
      if (r.fresh(maxLagMs)) {
        return r;
      }
    }
    if (!primary.refusing()) {
      return primary;
    }
    Server stale = answering();
    return stale == null ? primary : stale;
  }

  public void close() {
    primary.close();
    replicas.forEach(Server::close);
  }
}
