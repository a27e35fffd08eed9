package dev.vouch.indexing;

import dev.vouch.chain.ChainReaders;
import dev.vouch.chain.model.ChainOutcome;
import dev.vouch.chain.model.ChainRead;
import dev.vouch.indexing.model.RunEvidence;
import dev.vouch.score.PriorEvidence;
import dev.vouch.score.SnapshotCommits;
import io.micrometer.core.instrument.MeterRegistry;
import dev.vouch.screening.Screening;
import io.vertx.core.Future;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.logging.Logger;

/**
 * One run of one job: every chain in parallel, then one transaction that marks the job done
 * (only while this worker still holds its lease), reads the attestation facts, commits snapshot,
 * coverage and counterparties, and notifies other instances. A chain that failed transiently
 * keeps the evidence of the wallet's latest snapshot (RunEvidence), and the same transaction
 * queues the worker's own retry of the wallet, with backoff, so the gap closes without a request.
 * Without any usable chain nothing commits and the job fails, which starts the wallet's cooldown;
 * so does a first index that found no activity while some chain failed (a zero that is only a gap).
 */
final class Pipeline {

  private static final Logger LOG = Logger.getLogger(Pipeline.class.getName());
  /** Longest wait between two retries of one outage. */
  private static final Duration MAX_RETRY_WAIT = Duration.ofHours(1);

  enum Result { COMMITTED, FAILED, LEASE_LOST, ABANDONED }

  private final JobStore jobs;
  private final SnapshotCommits snapshots;
  private final ChainReaders readers;
  private final Clock clock;
  private final long homeChainId;
  private final Screening screening;
  private final Duration retryBase;
  private final int retryRounds;

  private final MeterRegistry registry;
  private final CommitWatch watch;
  private final CommitHook hook;
  private final dev.vouch.config.AppConfig.Exposure reach;

  Pipeline(JobStore jobs, ChainReaders readers, Clock clock, long homeChainId, Screening screening,
      MeterRegistry registry, Duration retryBase, int retryRounds, CommitWatch watch,
      dev.vouch.config.AppConfig.Exposure reach) {
    this(jobs, readers, clock, homeChainId, screening, registry, retryBase, retryRounds, watch, CommitHook.NONE, reach);
  }

  Pipeline(JobStore jobs, ChainReaders readers, Clock clock, long homeChainId, Screening screening,
      MeterRegistry registry, Duration retryBase, int retryRounds, CommitWatch watch, CommitHook hook,
      dev.vouch.config.AppConfig.Exposure reach) {
    this.hook = hook;
    this.reach = reach;
    this.registry = registry;
    this.watch = watch;
    this.jobs = jobs;
    this.snapshots = new SnapshotCommits(jobs.db());
    this.readers = readers;
    this.clock = clock;
    this.homeChainId = homeChainId;
    this.screening = screening;
    this.retryBase = retryBase;
    this.retryRounds = retryRounds;
  }

  /** A run whose worker is stopping leaves the job as it is; its lease expires and another takes it. */
  Future<Result> run(IndexJob job, String owner, BooleanSupplier stopping) {
    int total = readers.chains().size();
    // One announcement after the other (separate statements would reach listeners in any order),
    // all before the outcome commits, so a stream sees every chain, counted in order, before the end.
    AtomicInteger done = new AtomicInteger();
    AtomicReference<Future<Void>> announced = new AtomicReference<>(Future.succeededFuture());
    java.util.concurrent.atomic.AtomicLong rpcCalls = new java.util.concurrent.atomic.AtomicLong();
    return readers.read(job.wallet(), read -> {
          int n = done.incrementAndGet();
          announced.set(announced.get().transform(v -> jobs.chainRead(job, read, n, total)
              .onFailure(t -> LOG.fine(() -> "progress of job " + job.id() + " not announced: " + t.getMessage()))));
        }, rpcCalls::addAndGet)
        .compose(reads -> announced.get().transform(ar -> Future.succeededFuture(reads)))
        .compose(reads -> {
      if (stopping.getAsBoolean()) {
        return Future.succeededFuture(Result.ABANDONED);
      }
      Set<Long> blipped = RunEvidence.transientlyFailed(reads);
      boolean anyFailed = reads.stream().anyMatch(r -> r.outcome() instanceof ChainOutcome.Failed);
      // The prior snapshot matters only when some chain failed: to carry it, or to know a first index.
      Future<Optional<PriorEvidence>> prior = anyFailed
          ? snapshots.prior(job.wallet(), blipped)
          : Future.succeededFuture(Optional.empty());
      return prior.compose(p -> {
        Instant now = clock.instant();
        Optional<String> refusal = RunEvidence.refusal(job.wallet(), reads, p.orElse(null));
        if (refusal.isPresent()) {
          String why = refusal.get();
          LOG.warning(() -> "job " + job.id() + " failed: " + why);
          // A wallet with committed evidence is retried by the worker; a first index waits for a client.
          JobStore.Retry retry = p.isPresent() ? retry(job, blipped, now) : null;
          return jobs.failed(job, owner, now, why, retry).map(Result.FAILED);
        }
        return commit(job, owner, reads, p.orElse(null), retry(job, blipped, now), rpcCalls.get());
      });
    });
  }

  /** The next retry of this outage, or null when nothing failed transiently or the rounds are spent. */
  private JobStore.Retry retry(IndexJob job, Set<Long> blipped, Instant now) {
    if (blipped.isEmpty() || job.round() >= retryRounds) {
      return null;
    }
    Duration wait = retryBase.multipliedBy(1L << Math.min(job.round(), 20));
    return new JobStore.Retry(now.plus(wait.compareTo(MAX_RETRY_WAIT) > 0 ? MAX_RETRY_WAIT : wait), job.round() + 1);
  }

  /** Every address the snapshot's evidence names (its counterparties and token flows'): the ones to look up. */
  static java.util.Set<String> parties(dev.vouch.score.NewSnapshot s) {
    java.util.Set<String> out = new java.util.HashSet<>();
    s.counterparties().forEach(c -> out.add(c.counterparty()));
    s.tokenFlows().forEach(f -> out.add(f.counterparty()));
    return out;
  }

  /** A snapshot commit's deadline: well inside a job's lease. */
  static final int COMMIT_DEADLINE_MS = 60_000;

  private Future<Result> commit(IndexJob job, String owner, List<ChainRead> reads, PriorEvidence prior,
      JobStore.Retry retry, long rpcCalls) {
    Instant now = clock.instant();
    long start = System.nanoTime();
    // A large commit may take longer than an API write; the lease check inside keeps it single.
    // The flagged count is fixed with the lists in force when the run's counterparties are looked
    // up (the label store, one statement for them all: nothing of the lists is held here); the
    // exposure summary reads its labels inside the commit. Should the stored labels be of another
    // version by the time the commit holds the label lock, the commit queues the wallet for the
    // sweep with that version (SnapshotCommits).
    java.util.function.Function<dev.vouch.screening.model.ScreeningSet, RunEvidence.Input> input = set ->
        new RunEvidence.Input(job.wallet(), now, homeChainId, set, dev.vouch.indexing.model.AttestationFacts.NONE,
            job.id(), reads, prior, readers.tokenRegistryHash());
    java.util.Set<String> parties = RunEvidence.snapshot(input.apply(dev.vouch.screening.model.ScreeningSet.EMPTY))
        .map(Pipeline::parties).orElse(java.util.Set.of());
    return screening.scope(parties)
        .compose(scope -> jobs.db().transaction(conn -> JobStore.commitRun(conn, job, owner, now, watch,
                facts -> RunEvidence.snapshot(new RunEvidence.Input(
                    job.wallet(), now, homeChainId, scope.screening(), facts, job.id(), reads, prior,
                    readers.tokenRegistryHash())).orElseThrow(), true, reach)
            .compose(id -> retry == null ? Future.<Void>succeededFuture() : JobStore.queueRetry(conn, job.wallet(), now, retry))
            .compose(v -> JobStore.notifySnapshot(conn, job.wallet()))
            .compose(v -> hook.committed(conn, job, now, rpcCalls)), COMMIT_DEADLINE_MS))
        .onSuccess(v -> {
          IndexingMetrics.commit(registry, System.nanoTime() - start);
          // This process's read cache drops the wallet before the run reports its commit.
          io.vertx.core.Context here = io.vertx.core.Vertx.currentContext();
          if (here != null) {
            dev.vouch.bus.WalletsChanged.changed(here.owner(), List.of(job.wallet()));
          }
        })
        .map(Result.COMMITTED)
        .recover(t -> {
          if (t instanceof JobStore.LeaseLost) {
            LOG.warning(() -> "job " + job.id() + ": " + t.getMessage() + "; its new owner commits");
            return Future.succeededFuture(Result.LEASE_LOST);
          }
          LOG.warning(() -> "job " + job.id() + " could not commit: " + t);
          return jobs.failed(job, owner, clock.instant(), "commit failed: " + t.getClass().getSimpleName())
              .transform(ar -> Future.succeededFuture(Result.FAILED));
        });
  }
}
