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
import io.vertx.sqlclient.SqlClient;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.logging.Logger;

/**
 * One PostgreSQL server behind the gateway: its pool, its breaker (Resilience4j, count-based:
 * {@code breakerFailures} deadline misses or connection failures in a row open it; other errors,
 * a duplicate key say, mean the server answered) and a small monitor pool of one connection that
 * probes it every {@code probeIntervalMs} while the breaker is open (a probe that answers closes
 * it) and, for a replica, reads its replay lag on the same beat. The monitor has its own
 * connection so a pool full of statements stuck on a frozen server cannot hold the probe back.
 */
final class Server {

  private static final Logger LOG = Logger.getLogger(Server.class.getName());

  /**
   * Replay lag in ms: 0 when every WAL byte received is replayed (nothing known to be missing),
   * else the age of the last replayed transaction. A promoted replica reports 0.
   */
  static final String LAG = "SELECT CASE WHEN NOT pg_is_in_recovery() THEN 0"
      + " WHEN pg_last_wal_receive_lsn() IS NOT DISTINCT FROM pg_last_wal_replay_lsn() THEN 0"
      + " ELSE COALESCE((EXTRACT(EPOCH FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)::bigint,"
      + " 9223372036854775807) END";

  final String name;
  private final Vertx vertx;
  private final Pool pool;
  private final Pool monitor;
  private final CircuitBreaker breaker;
  private final boolean replica;
  private final int probeIntervalMs;
  private final AtomicBoolean probing = new AtomicBoolean();
  private final Counter refused;
  private final Counter deadlines;
  private volatile long lagMs = Long.MAX_VALUE;
  private volatile long lagReadAt;
  private long timer = -1;

  private Server(String name, Vertx vertx, Pool pool, Pool monitor, CircuitBreaker breaker, boolean replica,
      int probeIntervalMs, MeterRegistry registry) {
    this.name = name;
    this.vertx = vertx;
    this.pool = pool;
    this.monitor = monitor;
    this.breaker = breaker;
    this.replica = replica;
    this.probeIntervalMs = probeIntervalMs;
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
      breaker.getEventPublisher().onStateTransition(e -> LOG.warning(() -> "database " + name + " breaker "
          + e.getStateTransition().getFromState() + " -> " + e.getStateTransition().getToState()));
      timer = vertx.setPeriodic(probeIntervalMs, id -> tick());
    }
  }

  static Server primary(Vertx vertx, DatabaseUrl url, AppConfig.Database db, MeterRegistry registry) {
    return new Server("primary", vertx, Pools.create(vertx, url, db), monitorPool(vertx, url, db), breaker("primary", db),
        false, db.probeIntervalMs(), registry);
  }

  static Server replica(Vertx vertx, String name, DatabaseUrl url, AppConfig.Database db, MeterRegistry registry) {
    return new Server(name, vertx, Pools.create(vertx, url, db, "vouch-pg-" + name), monitorPool(vertx, url, db),
        breaker(name, db), true, db.probeIntervalMs(), registry);
  }

  /** A pool of a test or command: no monitor, a breaker that never opens. */
  static Server plain(Pool pool) {
    CircuitBreaker never = CircuitBreaker.of("plain", CircuitBreakerConfig.custom()
        .recordException(t -> false).build());
    return new Server("primary", null, pool, null, never, false, 0, new io.micrometer.core.instrument.simple.SimpleMeterRegistry());
  }

  private static Pool monitorPool(Vertx vertx, DatabaseUrl url, AppConfig.Database db) {
    return PgBuilder.pool()
        .with(new PoolOptions().setMaxSize(1).setMaxWaitQueueSize(1).setName("vouch-pg-monitor-" + url.port())
            .setConnectionTimeout(Math.max(db.readDeadlineMs(), db.probeIntervalMs()))
            .setConnectionTimeoutUnit(TimeUnit.MILLISECONDS))
        .connectingTo(url.connectOptions().addProperty("statement_timeout", Integer.toString(db.readDeadlineMs())))
        .using(vertx)
        .build();
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

  /**
   * Runs the operation on this server's pool through its breaker, within the deadline; every
   * failure leaves translated. A deadline only stops the wait: the statement may still run.
   */
  <T> Future<T> run(Function<SqlClient, Future<T>> op, int deadlineMs, boolean write) {
    if (!breaker.tryAcquirePermission()) {
      refused.increment();
      return Future.failedFuture(StoreException.refused(name, CallNotPermittedException.createCallNotPermittedException(breaker)));
    }
    long start = System.nanoTime();
    Future<T> f;
    try {
      f = op.apply(pool);
    } catch (RuntimeException e) {
      f = Future.failedFuture(e);
    }
    return f.timeout(deadlineMs, TimeUnit.MILLISECONDS).transform(ar -> {
      long took = System.nanoTime() - start;
      if (ar.succeeded()) {
        breaker.onSuccess(took, TimeUnit.NANOSECONDS);
        return Future.succeededFuture(ar.result());
      }
      // Only Future.timeout above fails with a TimeoutException; the driver's deadlines are other types.
      boolean missed = ar.cause() instanceof TimeoutException;
      if (!missed && raisedByOperation(ar.cause())) {
        breaker.onSuccess(took, TimeUnit.NANOSECONDS); // the server answered; the operation refused
        return Future.failedFuture(ar.cause());
      }
      StoreException e = missed ? StoreException.deadline(deadlineMs, write, ar.cause()) : StoreException.translate(ar.cause());
      if (missed) {
        deadlines.increment();
      }
      breaker.onError(took, TimeUnit.NANOSECONDS, e);
      return Future.failedFuture(e);
    });
  }

  /**
   * A failure the operation raised itself (a refusal of the service's own, ApiError say, from
   * inside a transaction) leaves as it is: only the driver's failures are translated.
   */
  private static boolean raisedByOperation(Throwable t) {
    return t.getClass().getName().startsWith("dev.vouch.");
  }

  /** Readiness: this server answers SELECT 1 within the deadline. */
  Future<Boolean> check(int deadlineMs) {
    Pool via = monitor != null ? monitor : pool;
    return via.query("SELECT 1").execute().timeout(deadlineMs, TimeUnit.MILLISECONDS)
        .transform(ar -> Future.succeededFuture(ar.succeeded()));
  }

  /** One beat of the monitor: probe while open; read a replica's lag always. */
  private void tick() {
    if (!replica && !refusing()) {
      return;
    }
    if (!probing.compareAndSet(false, true)) {
      return;
    }
    monitor.query(replica ? LAG : "SELECT 0").execute()
        .timeout(Math.max(probeIntervalMs * 4L, 1000), TimeUnit.MILLISECONDS)
        .onComplete(ar -> {
          probing.set(false);
          if (ar.succeeded()) {
            Row row = ar.result().iterator().next();
            lagMs = row.getLong(0);
            lagReadAt = System.nanoTime();
            if (refusing()) {
              breaker.transitionToClosedState();
            }
          } else {
            lagMs = Long.MAX_VALUE;
            if (replica && !refusing()) {
              // A replica that cannot report its lag takes no reads until it does.
              breaker.onError(0, TimeUnit.NANOSECONDS, StoreException.translate(ar.cause()).kind()
                  == StoreException.Kind.UNAVAILABLE ? StoreException.translate(ar.cause())
                  : new StoreException(StoreException.Kind.UNAVAILABLE, "lag unreadable", ar.cause()));
            }
          }
        });
  }

  void close() {
    if (timer >= 0) {
      vertx.cancelTimer(timer);
    }
    if (monitor != null) {
      monitor.close();
    }
  }
}
