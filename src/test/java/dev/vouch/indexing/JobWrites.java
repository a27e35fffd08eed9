package dev.vouch.indexing;

import static dev.vouch.support.Observe.await;

import dev.vouch.score.NewSnapshot;
import dev.vouch.monitoring.DecisionWatch;
import dev.vouch.support.Snapshots;
import io.vertx.sqlclient.Pool;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The job writes of the indexing capability through {@link JobStore}, each as production runs it
 * (the intake decision, a worker's claim, the commit transaction that finishes a run, a failure,
 * a graceful release); for tests of what those writes change.
 */
public final class JobWrites {

  private JobWrites() {}

  /** An intake's decision transaction: queues the wallet's job unless one is in flight. */
  public static boolean intake(Pool pool, String wallet, Instant now) {
    return await(new JobStore(pool).decide(wallet,
        (conn, state) -> JobStore.enqueue(conn, wallet, "intake", "first_index", null, now))).isPresent();
  }

  public static Optional<IndexJob> claim(Pool pool, String owner, Instant now) {
    return await(new JobStore(pool).claim(owner, now, now.plus(Duration.ofMinutes(5))));
  }

  /**
   * The run's commit as Pipeline.commit runs it (watch locks, job done, snapshot, notification,
   * one transaction through the gateway, so a deadlock victim is rerun as in production), with the
   * decision watch of production. False only when the lease was lost; any other failure throws.
   */
  public static boolean commit(Pool pool, IndexJob job, String owner, NewSnapshot s, Instant now) {
    CommitWatch watch = new DecisionWatch(Snapshots.ARC, Duration.ofHours(24)).reindexing();
    try {
      await(dev.vouch.store.Gateway.direct(pool).transaction(conn -> JobStore.commitRun(conn, job, owner, now, watch,
              facts -> s)
          .compose(id -> JobStore.notifySnapshot(conn, job.wallet()))));
      return true;
    } catch (JobStore.LeaseLost leaseLost) {
      return false;
    }
  }

  public static void fail(Pool pool, IndexJob job, String owner, Instant now) {
    await(new JobStore(pool).failed(job, owner, now, "test failure"));
  }

  public static void release(Pool pool, String owner) {
    await(new JobStore(pool).release(owner));
  }

  /** The worker's sweep: running jobs whose lease ran out after a claim count as failed. */
  public static void abandonExpired(Pool pool, Instant now) {
    await(new JobStore(pool).abandonExpired(now, 1));
  }

  /** The rolling daily re-index: up to {@code limit} registered wallets whose evidence is older than an hour. */
  public static void scheduleReindex(Pool pool, Instant now, int limit) {
    await(new JobStore(pool).scheduleReindex(now, now.minus(Duration.ofHours(1)), now.minus(Duration.ofHours(1)), limit));
  }
}
