package dev.vouch.indexing;

import dev.vouch.bus.Addresses;
import dev.vouch.ops.Metrics;
import dev.vouch.chain.ChainReaders;
import dev.vouch.config.AppConfig;
import dev.vouch.ops.Causes;
import dev.vouch.ops.ThrottledLog;
import dev.vouch.ops.Tracing;
import dev.vouch.screening.Screening;
import dev.vouch.score.SnapshotCommits;
import dev.vouch.store.StoreException;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import java.lang.management.ManagementFactory;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs indexing jobs (roles worker and all): claims queued jobs, or jobs whose lease expired
 * because their worker died, with FOR UPDATE SKIP LOCKED; renews the lease while a run lasts;
 * sweeps registered wallets for the rolling daily re-index, and on the same timer prunes the
 * counterparty rows of superseded snapshots (graph.retentionHours). Wakes on the poll timer and on
 * NOTIFY of a queued job. Deployed once per process; a run does only non-blocking I/O.
 */
public final class IndexWorkerVerticle extends VerticleBase {

  private static final Logger LOG = Logger.getLogger(IndexWorkerVerticle.class.getName());
  /** How often the queue gauges are refreshed from PostgreSQL. */
  private static final long COUNT_EVERY_MS = 15_000;
  private static final long SWEEP_RETRY_MS = 5_000;
  /** The poll fails once a second while the database is down: one line per interval. */
  private static final AttributeKey<Long> JOB_ID = AttributeKey.longKey("vouch.job.id");
  private static final AttributeKey<String> JOB_KIND = AttributeKey.stringKey("vouch.job.kind");
  private static final AttributeKey<String> WALLET = AttributeKey.stringKey("vouch.wallet");
  /** The kind of a job tracing queued (pathtrace): low priority, charged to no caller. */
  public static final String TRACE = "trace";
  private static final ThrottledLog CLAIM_FAILURES = new ThrottledLog(LOG, Duration.ofSeconds(30));

  private final JobStore jobs;
  private final AppConfig config;
  private final Clock clock;
  private final AppConfig.Indexing ix;
  private final SnapshotCommits snapshots;
  /** Lease owner name: this process and a random suffix. */
  private final String owner;
  private final Screening screening;
  private final CommitWatch watch;
  private final CommitHook hook;
  /** Traced jobs (kind trace) one process runs at once; the other slots stay for callers' jobs. */
  private final int tracedSlots;
  private Pipeline pipeline;
  private IndexingMetrics metrics;
  private int running;
  private int runningTraced;
  private boolean pumping;
  private boolean again;
  private boolean stopped;

  public IndexWorkerVerticle(JobStore jobs, AppConfig config, Clock clock, Screening screening, CommitWatch watch) {
    this(jobs, config, clock, screening, watch, CommitHook.NONE);
  }

  public IndexWorkerVerticle(JobStore jobs, AppConfig config, Clock clock, Screening screening, CommitWatch watch,
      CommitHook hook) {
    this.watch = watch;
    this.hook = hook;
    this.tracedSlots = config.pathTrace().maxConcurrentJobs();
    this.jobs = jobs;
    this.screening = screening;
    this.config = config;
    this.clock = clock;
    this.ix = config.indexing();
    this.snapshots = new SnapshotCommits(jobs.db());
    this.owner = ManagementFactory.getRuntimeMXBean().getName() + "/" + UUID.randomUUID().toString().substring(0, 8);
  }

  @Override
  public Future<?> start() {
    metrics = new IndexingMetrics(Metrics.of(vertx));
    return ChainReaders.deploy(vertx, config.chains(), ix, true).compose(readers -> {
      pipeline = new Pipeline(jobs, readers, clock, config.models().homeChainId(), screening, Metrics.of(vertx),
          Duration.ofSeconds(ix.retryBaseSeconds()), ix.retryRounds(), watch, hook, config.exposure());
      if (readers.chains().isEmpty()) {
        LOG.warning("no chain of the catalogue has rpcUrls: every indexing run will fail");
      }
      vertx.setPeriodic(ix.pollMs(), id -> pump());
      vertx.setPeriodic(1, Duration.ofMinutes(ix.reindexEveryMinutes()).toMillis(), id -> sweep());
      vertx.setPeriodic(1, COUNT_EVERY_MS, id -> jobs.counts(clock.instant().minus(Duration.ofDays(1)))
          .onSuccess(metrics::counts));
      return vertx.eventBus().<String>localConsumer(Addresses.JOBS_QUEUED, msg -> pump()).completion();
    });
  }

  @Override
  public Future<?> stop() {
    stopped = true;
    // Runs in flight see `stopped` and give up; their commit would fail anyway once the lease is
    // gone. If the database is already unreachable the leases simply expire, as after a crash.
    return jobs.release(owner)
        .onSuccess(n -> {
          if (n > 0) {
            LOG.info(() -> "handed " + n + " running job(s) back to the queue on shutdown");
          }
        })
        .otherwiseEmpty();
  }

  /** Claims until the concurrency bound is reached or no job is waiting; one pump at a time. */
  private void pump() {
    if (stopped) {
      return;
    }
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    again = false;
    jobs.abandonExpired(clock.instant(), ix.maxAttempts())
        .compose(n -> claimWhileFree())
        .onComplete(ar -> {
          pumping = false;
          if (ar.failed() && !stopped) {
            if (ar.cause() instanceof StoreException se && se.kind() == StoreException.Kind.UNAVAILABLE) {
              CLAIM_FAILURES.warn(() -> "claiming jobs failed: " + Causes.summary(ar.cause()));
            } else {
              LOG.log(Level.WARNING, "claiming jobs failed", ar.cause());
            }
          } else if (again) {
            pump();
          }
        });
  }

  private Future<Void> claimWhileFree() {
    if (stopped || running >= ix.maxConcurrentJobs()) {
      return Future.succeededFuture();
    }
    Instant now = clock.instant();
    return jobs.claim(owner, now, now.plusSeconds(ix.leaseSeconds()), runningTraced < tracedSlots).compose(job -> {
      if (job.isEmpty()) {
        return Future.succeededFuture();
      }
      execute(job.get());
      return claimWhileFree();
    });
  }

  private void execute(IndexJob job) {
    boolean traced = TRACE.equals(job.kind());
    running++;
    if (traced) {
      runningTraced++;
    }
    metrics.runningLocal.set(running);
    long renewEvery = Math.max(1, ix.leaseSeconds() * 1000L / 3);
    long renewal = vertx.setPeriodic(renewEvery, id -> jobs.renew(job, owner, clock.instant().plusSeconds(ix.leaseSeconds()))
        .onFailure(t -> LOG.warning(() -> "lease renewal of job " + job.id() + " failed: " + t.getMessage())));
    long start = System.nanoTime();
    Tracing.of(vertx).span(vertx, "index job " + job.kind(), job.traceparent(), Attributes.of(JOB_ID, job.id(), JOB_KIND,
        job.kind(), WALLET, job.wallet()), () -> pipeline.run(job, owner, () -> stopped)).onComplete(ar -> {
      vertx.cancelTimer(renewal);
      running--;
      if (traced) {
        runningTraced--;
      }
      metrics.runningLocal.set(running);
      metrics.run(job.kind(), ar.succeeded() ? ar.result().name().toLowerCase(Locale.ROOT) : "error",
          System.nanoTime() - start);
      if (ar.failed()) {
        LOG.log(Level.WARNING, "job " + job.id() + " ended with an error; its lease will expire", ar.cause());
      } else {
        LOG.info(() -> String.format("job %d %s wallet=%s %s in %.0f ms", job.id(), job.kind(), job.wallet(),
            ar.result(), (System.nanoTime() - start) / 1e6));
      }
      pump();
    });
  }

  private void sweep() {
    if (stopped) {
      return;
    }
    reindexSweep(true);
    prune(0)
        .onSuccess(n -> {
          if (n > 0) {
            LOG.info(() -> "retention pruned the counterparty rows of " + n + " superseded snapshots");
          }
        })
        .onFailure(t -> {
          // Unavailable: the breaker logs the outage; the next sweep prunes what is left.
          Level level = t instanceof StoreException se && se.kind() == StoreException.Kind.UNAVAILABLE
              ? Level.INFO : Level.WARNING;
          LOG.log(level, () -> "counterparty retention failed: " + t.getMessage());
        });
  }

  /**
   * The first sweep runs right at start, when a busy machine's late heartbeat may have opened
   * the database breaker for a few milliseconds: an unavailable database gets one retry soon,
   * said at INFO; only a sweep that still fails (or fails otherwise) is a WARNING.
   */
  private void reindexSweep(boolean mayRetry) {
    if (stopped) {
      return;
    }
    Instant now = clock.instant();
    jobs.scheduleReindex(now, now.minus(Duration.ofHours(config.models().staleAfterHours())),
            now.minus(Duration.ofMinutes(ix.cooldownMinutes())), ix.reindexBatch())
        .onSuccess(n -> {
          if (n > 0) {
            LOG.info(() -> "daily re-index queued " + n + " registered wallets");
          }
        })
        .onFailure(t -> {
          if (mayRetry && t instanceof StoreException se && se.kind() == StoreException.Kind.UNAVAILABLE) {
            LOG.info(() -> "daily re-index sweep postponed " + SWEEP_RETRY_MS / 1000 + " s: " + t.getMessage());
            vertx.setTimer(SWEEP_RETRY_MS, id -> reindexSweep(false));
          } else {
            LOG.warning(() -> "daily re-index sweep failed: " + t.getMessage());
          }
        });
  }

  /** Statement after statement of at most pruneBatch snapshots, until one finds fewer. */
  private Future<Integer> prune(int sofar) {
    AppConfig.Graph graph = config.graph();
    Instant cutoff = clock.instant().minus(Duration.ofHours(graph.retentionHours()));
    return snapshots.pruneGraphs(cutoff, graph.pruneBatch())
        .compose(n -> n < graph.pruneBatch() || stopped ? Future.succeededFuture(sofar + n) : prune(sofar + n));
  }
}
