package dev.vouch.indexing;

import dev.vouch.chain.ChainReaders;
import dev.vouch.chain.model.ChainRead;
import dev.vouch.indexing.model.RunEvidence;
import dev.vouch.score.SnapshotStore;
import dev.vouch.screening.Screening;
import io.vertx.core.Future;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.logging.Logger;

/**
 * One run of one job: every chain in parallel, then one transaction that marks the job done
 * (only while this worker still holds its lease), reads the attestation facts, commits snapshot,
 * coverage and counterparties, and notifies other instances. Without any usable chain nothing
 * commits and the job fails, which starts the wallet's cooldown.
 */
final class Pipeline {

  private static final Logger LOG = Logger.getLogger(Pipeline.class.getName());

  enum Result { COMMITTED, FAILED, LEASE_LOST, ABANDONED }

  private final JobStore jobs;
  private final ChainReaders readers;
  private final Clock clock;
  private final long homeChainId;
  private final Screening screening;

  Pipeline(JobStore jobs, ChainReaders readers, Clock clock, long homeChainId, Screening screening) {
    this.jobs = jobs;
    this.readers = readers;
    this.clock = clock;
    this.homeChainId = homeChainId;
    this.screening = screening;
  }

  /** A run whose worker is stopping leaves the job as it is; its lease expires and another takes it. */
  Future<Result> run(IndexJob job, String owner, BooleanSupplier stopping) {
    return readers.read(job.wallet()).compose(reads -> {
      if (stopping.getAsBoolean()) {
        return Future.succeededFuture(Result.ABANDONED);
      }
      if (!RunEvidence.usable(reads)) {
        String why = RunEvidence.failureSummary(reads);
        LOG.warning(() -> "job " + job.id() + " failed: " + why);
        return jobs.failed(job, owner, clock.instant(), why).map(Result.FAILED);
      }
      return commit(job, owner, reads);
    });
  }

  private Future<Result> commit(IndexJob job, String owner, List<ChainRead> reads) {
    Instant now = clock.instant();
    return jobs.pool().withTransaction(conn -> JobStore.done(conn, job, owner, now)
            .compose(v -> JobStore.attestationFacts(conn, job.wallet()))
            .compose(facts -> SnapshotStore.commit(conn, RunEvidence.snapshot(new RunEvidence.Input(
                job.wallet(), now, homeChainId, screening.current(), facts, job.id(), reads)).orElseThrow()))
            .compose(id -> JobStore.notifySnapshot(conn, job.wallet())))
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
