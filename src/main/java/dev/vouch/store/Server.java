package dev.vouch.store;

import dev.vouch.config.AppConfig;
import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgBuilder;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.SqlClient;
import java.time.Duration;
import io.vertx.core.Context;
import io.vertx.core.Promise;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.logging.Logger;

/**
 * One PostgreSQL server behind the gateway: its pool, its breaker (Resilience4j, count-based:
 * {@code breakerFailures} deadline misses or connection failures in a row open it; other errors,
 * a duplicate key say, mean the server answered) and a monitor: one connection of its own that
 * sends a heartbeat every {@code probeIntervalMs} (for a replica, the heartbeat reads its replay
 * lag). A heartbeat unanswered within {@link #heartbeatMs} (or refused) opens the breaker at
 * once, before the requests in flight reach their own deadline; those are then answered at
 * once too. While open, the first heartbeat that answers closes it. The monitor's own connection
 * keeps a pool full of statements stuck on a frozen server from holding the heartbeat back.
 */
final class Server {

  private static final Logger LOG = Logger.getLogger(Server.class.getName());

  /**
   * The standby's own view of its replay lag in ms: 0 when the standby has replayed all it
   * received and, as far as it knows, all the primary had (the WAL end the primary last reported
   * to its receiver), else the age of the last replayed transaction. A promoted replica reports 0.
   * A standby with no WAL receiver streaming, or one that has heard nothing from the primary yet,
   * is unknown (stale): it receives nothing, so "all received is replayed" says nothing (issue 25
   * item 12). Roles without pg_read_all_stats see the receiver's row but not its status or
   * positions; then its presence decides. Alone this reads 0 while the stream is silent (a
   * blackholed primary): {@link #PROBE} adds the comparison with the primary's position.
   */
  private static final String OWN_LAG = "CASE WHEN NOT pg_is_in_recovery() THEN 0"
      + " WHEN r.pid IS NULL OR coalesce(r.status, 'streaming') <> 'streaming'"
      + " OR (r.status IS NOT NULL AND r.latest_end_time IS NULL) THEN 9223372036854775807"
      + " WHEN pg_last_wal_receive_lsn() IS NOT DISTINCT FROM pg_last_wal_replay_lsn()"
      + " AND pg_last_wal_replay_lsn() >= coalesce(r.latest_end_lsn, pg_last_wal_replay_lsn()) THEN 0"
      + " ELSE COALESCE((EXTRACT(EPOCH FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)::bigint,"
      + " 9223372036854775807) END";
  private static final String RECEIVER = " FROM (SELECT 1) one LEFT JOIN pg_stat_wal_receiver r ON true";

  /** The standby's own lag alone ({@link #OWN_LAG}), for tests and operators. */
  static final String LAG = "SELECT " + OWN_LAG + RECEIVER;

  /** A replica's heartbeat: its own lag, whether it is a standby, and the WAL position it has replayed (bytes). */
  static final String PROBE = "SELECT " + OWN_LAG + ", pg_is_in_recovery(),"
      + " (pg_last_wal_replay_lsn() - '0/0'::pg_lsn)::bigint" + RECEIVER;

  /** The primary's heartbeat: its current WAL position (bytes); null on a server in recovery. */
  static final String POSITION = "SELECT CASE WHEN pg_is_in_recovery() THEN NULL"
      + " ELSE (pg_current_wal_lsn() - '0/0'::pg_lsn)::bigint END";

  final String name;
  private final Vertx vertx;
  private final Pool pool;
  /** Single-statement reads: a pipelining client ({@link Pools#reads}); the pool itself in {@link #plain}. */
  private final SqlClient reads;
  private final Pool monitor;
  private final CircuitBreaker breaker;
  private final boolean replica;
  /** The primary's positions: its own heartbeats write them, a replica's lag is read against them. */
  private final WalPositions primaryWal;
  private final int probeIntervalMs;
  private final AtomicBoolean probing = new AtomicBoolean();
  private volatile SqlConnection held;
  private volatile long beatSentAt;
  private final int heartbeatMs;
  /** Operations sent and not yet answered: failed at once when the breaker opens. */
  private final Set<InFlight> inFlight = ConcurrentHashMap.newKeySet();
  private final Counter refused;
  private final Counter deadlines;
  private volatile long lagMs = Long.MAX_VALUE;
  private volatile long lagReadAt;
  private long timer = -1;
  private volatile long openedAt;
  /** An open breaker is logged at INFO; still open this long after, once at WARNING. */
  static final long STAYS_OPEN_WARN_MS = 5000;

  private Server(String name, Vertx vertx, Pool pool, SqlClient reads, Pool monitor, CircuitBreaker breaker,
      boolean replica, WalPositions primaryWal, int probeIntervalMs, MeterRegistry registry) {
    this.name = name;
    this.vertx = vertx;
    this.pool = pool;
    this.reads = reads;
    this.monitor = monitor;
    this.breaker = breaker;
    this.replica = replica;
    this.primaryWal = primaryWal;
    this.probeIntervalMs = probeIntervalMs;
    this.heartbeatMs = heartbeatMs(probeIntervalMs);
    this.refused = Counter.builder("vouch_db_refused_total").tag("server", name)
        .description("operations refused at once because the server's breaker was open").register(registry);
    this.deadlines = Counter.builder("vouch_db_deadline_missed_total").tag("server", name)
        .description("operations the server did not answer within the gateway's deadline").register(registry);
    Gauge.builder("vouch_db_breaker_state", breaker, b -> level(b.getState())).tag("server", name)
        .description("0 closed, 2 open (refused at once until a probe answers)").register(registry);
    if (replica) {
      Gauge.builder("vouch_db_replica_lag_seconds", this, s -> s.lagMs == Long.MAX_VALUE ? -1 : s.lagMs / 1000.0)
          .tag("server", name).description("replay lag of the replica as last read; -1 unknown").register(registry);
    }
    if (monitor != null) {
      breaker.getEventPublisher().onStateTransition(e -> {
        String change = "database " + name + " breaker " + e.getStateTransition().getFromState() + " -> "
            + e.getStateTransition().getToState();
        if (refusing()) {
          long opening = openedAt = System.nanoTime();
          LOG.info(() -> change + " (refused at once until a heartbeat answers)");
          // One late heartbeat on a busy machine opens and closes within milliseconds: only an
          // outage that lasts is a WARNING (issue 27 friction 9).
          vertx.setTimer(STAYS_OPEN_WARN_MS, id -> {
            if (refusing() && openedAt == opening) {
              LOG.warning(() -> "database " + name + " has not answered for " + STAYS_OPEN_WARN_MS / 1000
                  + " s: its breaker stays open and its operations are refused (503) until it answers");
            }
          });
          abandonInFlight();
        } else {
          long openMs = (System.nanoTime() - openedAt) / 1_000_000;
          LOG.info(() -> change + " after " + openMs + " ms");
        }
      });
      timer = vertx.setPeriodic(probeIntervalMs, id -> tick());
    }
  }

  static Server primary(Vertx vertx, DatabaseUrl url, AppConfig.Database db, MeterRegistry registry) {
    return new Server("primary", vertx, Pools.create(vertx, url, db), Pools.reads(vertx, url, db, "vouch-pg-reads"),
        monitorPool(vertx, url, db), breaker("primary", db), false, new WalPositions(), db.probeIntervalMs(), registry);
  }

  /** A replica whose lag is read against the primary's positions ({@link #wal} of the primary). */
  static Server replica(Vertx vertx, String name, DatabaseUrl url, AppConfig.Database db, WalPositions primaryWal,
      MeterRegistry registry) {
    return new Server(name, vertx, Pools.create(vertx, url, db, "vouch-pg-" + name),
        Pools.reads(vertx, url, db, "vouch-pg-reads-" + name), monitorPool(vertx, url, db), breaker(name, db), true,
        primaryWal, db.probeIntervalMs(), registry);
  }

  /** The WAL positions this (primary) server's heartbeats read. */
  WalPositions wal() {
    return primaryWal;
  }

  /** A pool of a test or command: no monitor, a breaker that never opens. */
  static Server plain(Pool pool) {
    CircuitBreaker never = CircuitBreaker.of("plain", CircuitBreakerConfig.custom()
        .recordException(t -> false).build());
    return new Server("primary", null, pool, pool, null, never, false, new WalPositions(), 0, new io.micrometer.core.instrument.simple.SimpleMeterRegistry());
  }

  private static Pool monitorPool(Vertx vertx, DatabaseUrl url, AppConfig.Database db) {
    String name = "vouch-pg-monitor-" + url.port();
    // The heartbeat's connection is held for good: a terminated session must not print to stderr.
    return new WatchedPool(PgBuilder.pool()
        .with(new PoolOptions().setMaxSize(1).setMaxWaitQueueSize(1).setName(name)
            .setConnectionTimeout(Math.max(db.readDeadlineMs(), db.probeIntervalMs()))
            .setConnectionTimeoutUnit(TimeUnit.MILLISECONDS))
        .connectingTo(url.connectOptions().addProperty("statement_timeout", Integer.toString(db.readDeadlineMs())))
        .using(vertx)
        .build(), name);
  }

  /**
   * Opens after {@code breakerFailures} recorded failures in a row (a count window of that size,
   * all failed). Stays open until the monitor's probe answers: no automatic half-open, so no
   * caller's request is ever the probe that waits out a deadline.
   */
  private static CircuitBreaker breaker(String name, AppConfig.Database db) {
    return CircuitBreaker.of("vouch-pg-" + name, CircuitBreakerConfig.custom()
        .slidingWindowType(CircuitBreakerConfig.SlidingWindowType.COUNT_BASED)
        .slidingWindowSize(db.breakerFailures())
        .minimumNumberOfCalls(db.breakerFailures())
        .failureRateThreshold(100)
        .automaticTransitionFromOpenToHalfOpenEnabled(false)
        .waitDurationInOpenState(Duration.ofDays(365))
        .recordException(Server::serverFailed)
        .build());
  }

  /** What counts against a server: no answer in time, or no connection; never an answer it gave. */
  private static boolean serverFailed(Throwable t) {
    return t instanceof StoreException se && se.kind() == StoreException.Kind.UNAVAILABLE;
  }

  private static int level(CircuitBreaker.State s) {
    return switch (s) {
      case CLOSED, DISABLED, METRICS_ONLY -> 0;
      case HALF_OPEN -> 1;
      default -> 2;
    };
  }

  Pool pool() {
    return pool;
  }

  /** Open: operations fail at once. */
  boolean refusing() {
    CircuitBreaker.State s = breaker.getState();
    return s == CircuitBreaker.State.OPEN || s == CircuitBreaker.State.FORCED_OPEN;
  }

  /** A replica that answers and whose lag, read within the last three beats, is under the bound. */
  boolean fresh(long maxLagMs) {
    return !refusing() && lagMs <= maxLagMs && System.nanoTime() - lagReadAt < 3L * probeIntervalMs * 1_000_000L;
  }

  /** When the last lag read answered (System.nanoTime); tests wait on it for the next probe. */
  long lagReadAt() {
    return lagReadAt;
  }

  /**
   * Runs the operation through this server's breaker, within the deadline; every failure leaves
   * translated. Reads go to the pipelining client (one statement each, so nothing depends on
   * which connection answers), whose sessions' {@code statement_timeout} is the read deadline
   * ({@link Pools#reads}), so the server ends a read the gateway stopped waiting for. Writes and
   * transactions hold a pool connection of their own ({@link Held}): at the deadline the
   * statement on it is cancelled.
   */
  <T> Future<T> run(Function<SqlClient, Future<T>> op, int deadlineMs, boolean write) {
    if (!write) {
      return run(op, deadlineMs, false, reads);
    }
    Held held = new Held();
    return guarded(() -> pool.getConnection().compose(conn -> {
      if (!held.start(conn)) {
        conn.close(); // the deadline passed while waiting for it: the write never starts
        return Future.failedFuture(new IllegalStateException("no connection within the deadline"));
      }
      return apply(op, conn).andThen(ar -> held.ended());
    }), deadlineMs, true, held::missed);
  }

  private <T> Future<T> run(Function<SqlClient, Future<T>> op, int deadlineMs, boolean write, SqlClient client) {
    return guarded(() -> apply(op, client), deadlineMs, write, () -> {});
  }

  private static <T> Future<T> apply(Function<SqlClient, Future<T>> op, SqlClient client) {
    try {
      return op.apply(client);
    } catch (RuntimeException e) {
      return Future.failedFuture(e);
    }
  }

  /**
   * The connection one write or transaction holds. At a missed deadline the statement running on
   * it is cancelled (the server's cancel request; a transaction then rolls back), so nothing runs
   * on past the deadline; the connection goes back to the pool only once the operation ended and
   * the cancel was answered, so a late cancel never lands on another caller's statement.
   */
  private static final class Held {
    private SqlConnection conn;
    private boolean late;
    private boolean done;
    private Future<Void> cancel;

    /** False when the deadline already passed: the operation must not start. */
    synchronized boolean start(SqlConnection c) {
      conn = c;
      return !late;
    }

    synchronized void missed() {
      late = true;
      if (conn != null && !done && cancel == null) {
        cancel = conn instanceof io.vertx.pgclient.PgConnection pg
            ? pg.cancelRequest().recover(t -> Future.succeededFuture()) : Future.succeededFuture();
      }
    }

    synchronized void ended() {
      done = true;
      if (cancel == null) {
        conn.close();
      } else {
        SqlConnection c = conn;
        cancel.onComplete(x -> c.close());
      }
    }
  }

  private <T> Future<T> guarded(java.util.function.Supplier<Future<T>> work, int deadlineMs, boolean write,
      Runnable onMissed) {
    if (!breaker.tryAcquirePermission()) {
      refused.increment();
      return Future.failedFuture(StoreException.refused(name, CallNotPermittedException.createCallNotPermittedException(breaker)));
    }
    long start = System.nanoTime();
    Future<T> f = work.get();
    Promise<T> answer = Promise.promise();
    InFlight pending = new InFlight(Vertx.currentContext(), answer, write);
    inFlight.add(pending);
    f.timeout(deadlineMs, TimeUnit.MILLISECONDS).transform(ar -> {
      long took = System.nanoTime() - start;
      if (ar.succeeded()) {
        breaker.onSuccess(took, TimeUnit.NANOSECONDS);
        return Future.succeededFuture(ar.result());
      }
      // Only Future.timeout above fails with a TimeoutException; the driver's deadlines are other types.
      boolean missed = ar.cause() instanceof TimeoutException;
      if (missed) {
        onMissed.run();
      }
      if (!missed && raisedByOperation(ar.cause())) {
        breaker.onSuccess(took, TimeUnit.NANOSECONDS); // the server answered; the operation refused
        return Future.failedFuture(ar.cause());
      }
      StoreException e = missed ? StoreException.deadline(deadlineMs, write, ar.cause()) : StoreException.translate(ar.cause());
      if (missed) {
        deadlines.increment();
      }
      breaker.onError(took, TimeUnit.NANOSECONDS, e);
      return Future.<T>failedFuture(e);
    }).onComplete(ar -> {
      inFlight.remove(pending);
      if (ar.succeeded()) {
        answer.tryComplete(ar.result());
      } else {
        answer.tryFail(ar.cause());
      }
    });
    return answer.future();
  }

  /** An operation waiting on the server, and where its caller runs. */
  private record InFlight(Context context, Promise<?> answer, boolean write) {}

  /**
   * The breaker opened: the server stopped answering, so nobody waits out a deadline for it.
   * A write may still commit if the server wakes; its answer says so.
   */
  private void abandonInFlight() {
    for (InFlight p : inFlight) {
      inFlight.remove(p);
      StoreException e = StoreException.deadline(0, p.write(), null);
      if (p.context() != null) {
        p.context().runOnContext(v -> p.answer().tryFail(e));
      } else {
        p.answer().tryFail(e);
      }
    }
  }

  /** How long a heartbeat (one cheap statement on an idle connection) may take before the server counts as down. */
  static int heartbeatMs(int probeIntervalMs) {
    return Math.max(1000, probeIntervalMs * 4);
  }

  /**
   * A failure the operation raised itself (a refusal of the service's own, ApiError say, from
   * inside a transaction) leaves as it is: only the driver's failures are translated.
   */
  private static boolean raisedByOperation(Throwable t) {
    return t.getClass().getName().startsWith("dev.vouch.");
  }

  /** Readiness: this server's breaker is closed and it answers SELECT 1 on its pool within the deadline. */
  Future<Boolean> check(int deadlineMs) {
    return run(c -> c.query("SELECT 1").execute(), deadlineMs, false, pool)
        .transform(ar -> Future.succeededFuture(ar.succeeded()));
  }

  /**
   * One beat of the monitor: a heartbeat on the monitor's own connection (a replica's reads its
   * lag). Unanswered within {@link #heartbeatMs}, or the connection refused, reset or closed: the
   * breaker opens. Answered while open: it closes; a heartbeat stuck on a frozen server stays
   * out, so its answer at the thaw is what closes it. Connecting slowly (a loaded machine) opens
   * nothing: only a connection in hand, past its first statement, is timed.
   */
  private void tick() {
    if (!probing.compareAndSet(false, true)) {
      // The last heartbeat is still out (a frozen server answers it at the thaw); one out for
      // ten deadlines is on a connection nothing will ever answer (a partition): start afresh.
      SqlConnection stuck = held;
      if (stuck != null && System.nanoTime() - beatSentAt > 10L * heartbeatMs * 1_000_000L) {
        held = null;
        stuck.close();
        probing.set(false);
      }
      return;
    }
    SqlConnection conn = held;
    if (conn != null) {
      beat(conn, true);
      return;
    }
    monitor.getConnection().onComplete(ar -> {
      if (ar.succeeded()) {
        held = ar.result();
        ar.result().closeHandler(v -> held = null);
        // A new connection's first statement (catalog lookups, a cold backend) is not timed.
        beat(ar.result(), false);
      } else {
        probing.set(false);
        lagMs = Long.MAX_VALUE;
        // Refused, reset, or the server refusing sessions: down. Only slow to connect: not judged.
        StoreException e = StoreException.translate(ar.cause());
        if (e.kind() == StoreException.Kind.UNAVAILABLE && !e.getMessage().contains("no connection in time")) {
          down();
        }
      }
    });
  }

  private void beat(SqlConnection conn, boolean timed) {
    long sent = beatSentAt = System.nanoTime();
    Future<RowSet<Row>> answer = conn.query(replica ? PROBE : POSITION).execute();
    long late = !timed ? -1 : vertx.setTimer(heartbeatMs, id -> {
      if (!answer.isComplete()) {
        lagMs = Long.MAX_VALUE;
        down();
      }
    });
    answer.onComplete(ar -> {
      if (late >= 0) {
        vertx.cancelTimer(late);
      }
      probing.set(false);
      if (ar.succeeded()) {
        Row row = ar.result().iterator().next();
        long now = System.nanoTime();
        if (replica) {
          lagMs = lag(row, now);
          lagReadAt = now;
        } else if (row.getLong(0) != null) {
          primaryWal.record(row.getLong(0), sent);
        }
        if (refusing()) {
          breaker.transitionToClosedState();
        }
      } else {
        lagMs = Long.MAX_VALUE;
        down();
      }
    });
  }

  /**
   * A replica's lag: 0 once promoted; else the larger of its own view and how long ago the
   * primary's newest position it has replayed was read (an upper bound: it has everything the
   * primary had then). Unknown when it has replayed none of the positions kept.
   */
  private long lag(Row row, long now) {
    if (!row.getBoolean(1)) {
      return 0;
    }
    Long replayed = row.getLong(2);
    long reachedAt = replayed == null ? Long.MIN_VALUE : primaryWal.reachedAt(replayed);
    if (reachedAt == Long.MIN_VALUE) {
      return Long.MAX_VALUE;
    }
    return Math.max(row.getLong(0), Math.max(0, (now - reachedAt) / 1_000_000));
  }

  private void down() {
    if (!refusing()) {
      breaker.transitionToOpenState();
    }
  }

  void close() {
    if (timer >= 0) {
      vertx.cancelTimer(timer);
    }
    if (monitor != null) {
      SqlConnection conn = held;
      if (conn != null) {
        conn.close();
      }
      monitor.close();
    }
  }
}
