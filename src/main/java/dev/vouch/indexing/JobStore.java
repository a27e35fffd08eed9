package dev.vouch.indexing;

import dev.vouch.chain.model.ChainOutcome;
import dev.vouch.chain.model.ChainRead;
import dev.vouch.indexing.model.AttestationFacts;
import dev.vouch.ops.Tracing;
import dev.vouch.store.Gateway;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;

/** Index jobs in Postgres: enqueue, claim with a lease, renew, finish; and the entry points' state. */
public final class JobStore {

  /** The commit found its job no longer leased to this worker: another took it after expiry. */
  public static final class LeaseLost extends RuntimeException {
    LeaseLost(long job) {
      super("lease of job " + job + " was lost", null, false, false);
    }
  }

  private final Gateway db;

  public JobStore(Gateway db) {
    this.db = db;
  }

  /** Over a pool of a test's own, translation only. */
  public JobStore(Pool pool) {
    this(Gateway.direct(pool));
  }

  public Gateway db() {
    return db;
  }

  /**
   * Inside a decision: the job and, for a keyed refresh (apiKeyId not null), its refresh_ledger
   * row (who asked); empty when a job is already queued or running.
   */
  static Future<Optional<Long>> enqueue(SqlClient client, String wallet, String kind, String mode, Long apiKeyId,
      Instant now) {
    return enqueue(client, wallet, kind, mode, now).compose(job -> job.isEmpty() || apiKeyId == null
        ? Future.succeededFuture(job)
        : client.preparedQuery(IndexingQueries.LEDGER).execute(Tuple.of(wallet, apiKeyId, mode, job.get(), utc(now)))
            .map(job));
  }

  /**
   * One decision about a wallet's indexing at a time (SPEC 3.1-3.3 "one attempt per 10
   * minutes"): a transaction that first takes the wallet's advisory lock, then reads its state
   * and hands both to the body, which may insert the job on the same connection. Requests for
   * other wallets never wait. The body's own failures pass through unchanged (the gateway
   * translates only the driver's).
   */
  public <T> Future<T> decide(String wallet, BiFunction<SqlConnection, EntryState, Future<T>> body) {
    return db.transaction(conn -> conn.preparedQuery(IndexingQueries.LOCK_WALLET).execute(Tuple.of(wallet))
        .compose(locked -> state(conn, wallet))
        .compose(state -> body.apply(conn, state)));
  }

  private static Future<Optional<Long>> enqueue(SqlClient client, String wallet, String kind, String mode, Instant now) {
    return client.preparedQuery(IndexingQueries.ENQUEUE)
        .execute(Tuple.of(wallet, kind, mode, utc(now), Tracing.traceparent()))
        .map(rows -> rows.size() == 0 ? Optional.<Long>empty() : Optional.of(rows.iterator().next().getLong("id")));
  }

  /**
   * Inside a caller's transaction: queues the next commit of each wallet (rows must exist) unless
   * one is already queued or running; how many were queued.
   */
  public static Future<Integer> queueNextCommit(SqlClient client, List<String> wallets, String kind, Instant now) {
    return client.preparedQuery(IndexingQueries.QUEUE_NEXT_COMMIT)
        .execute(Tuple.of(wallets.toArray(String[]::new), kind, utc(now), Tracing.traceparent()))
        .map(RowSet::size);
  }

  /** Inside a caller's transaction: first-index intake jobs for wallets; how many were queued. */
  public static Future<Integer> queueIntakes(SqlClient client, List<String> wallets, Instant now) {
    return client.preparedQuery(IndexingQueries.ENQUEUE_MANY)
        .execute(Tuple.of(wallets.toArray(String[]::new), utc(now), Tracing.traceparent()))
        .map(RowSet::size);
  }

  /** A queued traced job of the wallet becomes a caller's job of {@code kind} (priority 0). */
  public Future<Void> promote(String wallet, String kind) {
    return db.write(c -> c.preparedQuery(IndexingQueries.PROMOTE).execute(Tuple.of(wallet, kind))).mapEmpty();
  }

  public Future<Integer> abandonExpired(Instant now, int maxAttempts) {
    return db.write(c -> c.preparedQuery(IndexingQueries.ABANDON).execute(Tuple.of(utc(now), maxAttempts)))
        .map(RowSet::rowCount);
  }

  /** Hands this owner's running jobs back to the queue; returns how many. */
  public Future<Integer> release(String owner) {
    return db.write(c -> c.preparedQuery(IndexingQueries.RELEASE).execute(Tuple.of(owner)))
        .map(RowSet::size);
  }

  public Future<Optional<IndexJob>> claim(String owner, Instant now, Instant leaseUntil) {
    return claim(owner, now, leaseUntil, true);
  }

  /** Callers' jobs first; traced jobs only when {@code traced} (the worker has a traced slot free). */
  public Future<Optional<IndexJob>> claim(String owner, Instant now, Instant leaseUntil, boolean traced) {
    return db.write(c -> c.preparedQuery(IndexingQueries.CLAIM).execute(Tuple.of(owner, utc(now), utc(leaseUntil), traced)))
        .map(rows -> {
          if (rows.size() == 0) {
            return Optional.<IndexJob>empty();
          }
          Row r = rows.iterator().next();
          return Optional.of(new IndexJob(r.getLong("id"), r.getString("wallet"), r.getString("kind"),
              r.getString("mode"), r.getInteger("attempts"), r.getInteger("retry_round"), r.getString("traceparent")));
        });
  }

  /** False when the lease was lost (another worker took the job). */
  public Future<Boolean> renew(IndexJob job, String owner, Instant leaseUntil) {
    return db.write(c -> c.preparedQuery(IndexingQueries.RENEW).execute(Tuple.of(job.id(), owner, utc(leaseUntil))))
        .map(rows -> rows.rowCount() == 1);
  }

  /**
   * A run's commit on {@code conn}: the watch's wallet locks first, then the job row (the lease
   * check), the attestation facts and the snapshot. An attestation decision takes the same
   * watch locks before it queues jobs, so both take them in one order (job row first here
   * deadlocked with it: issue 25 item 9).
   */
  static Future<Long> commitRun(SqlConnection conn, IndexJob job, String owner, Instant now, CommitWatch watch,
      java.util.function.Function<AttestationFacts, dev.vouch.score.NewSnapshot> snapshot) {
    return commitRun(conn, job, owner, now, watch, snapshot, false);
  }

  /** With {@code exposure}, the snapshot stores its exposure summary with the labels in force at its commit. */
  static Future<Long> commitRun(SqlConnection conn, IndexJob job, String owner, Instant now, CommitWatch watch,
      java.util.function.Function<AttestationFacts, dev.vouch.score.NewSnapshot> snapshot, boolean exposure) {
    return commitRun(conn, job, owner, now, watch, snapshot, exposure, dev.vouch.config.AppConfig.Exposure.DEFAULTS);
  }

  /** With the exposure reach the summary is computed with (exposure.* settings). */
  static Future<Long> commitRun(SqlConnection conn, IndexJob job, String owner, Instant now, CommitWatch watch,
      java.util.function.Function<AttestationFacts, dev.vouch.score.NewSnapshot> snapshot, boolean exposure,
      dev.vouch.config.AppConfig.Exposure reach) {
    return watch.around(conn, List.of(job.wallet()), now, () -> done(conn, job, owner, now)
        .compose(v -> attestationFacts(conn, job.wallet()))
        .compose(facts -> dev.vouch.score.SnapshotCommits.commit(conn, snapshot.apply(facts), exposure, reach)));
  }

  /** Inside the commit transaction; fails with LeaseLost so the transaction rolls back. */
  static Future<Void> done(SqlConnection conn, IndexJob job, String owner, Instant now) {
    return conn.preparedQuery(IndexingQueries.DONE).execute(Tuple.of(job.id(), owner, utc(now)))
        .compose(rows -> rows.rowCount() == 1 ? Future.<Void>succeededFuture() : Future.failedFuture(new LeaseLost(job.id())));
  }

  public Future<Void> failed(IndexJob job, String owner, Instant now, String error) {
    return failed(job, owner, now, error, null);
  }

  /** The run failed; with a retry, the worker's next attempt is queued in the same transaction. */
  Future<Void> failed(IndexJob job, String owner, Instant now, String error, Retry retry) {
    String text = error.length() > 500 ? error.substring(0, 500) : error;
    Tuple args = Tuple.of(job.id(), owner, utc(now), text);
    return retry == null
        ? db.write(c -> c.preparedQuery(IndexingQueries.FAILED).execute(args)).mapEmpty()
        : db.transaction(conn -> conn.preparedQuery(IndexingQueries.FAILED).execute(args)
            .compose(rows -> rows.rowCount() == 1 ? queueRetry(conn, job.wallet(), now, retry) : Future.succeededFuture()));
  }

  /** When and which round the worker retries a wallet whose chains failed transiently. */
  record Retry(Instant notBefore, int round) {}

  /** Inside the transaction that finished the run (after its job left queued/running). */
  static Future<Void> queueRetry(SqlConnection conn, String wallet, Instant now, Retry retry) {
    return conn.preparedQuery(IndexingQueries.QUEUE_RETRY)
        .execute(Tuple.of(wallet, utc(now), utc(retry.notBefore()), retry.round(), Tracing.traceparent()))
        .mapEmpty();
  }

  static Future<AttestationFacts> attestationFacts(SqlConnection conn, String wallet) {
    return conn.preparedQuery(IndexingQueries.ATTESTATION_FACTS)
        .execute(Tuple.of(wallet, dev.vouch.score.model.ScoreModel.SEASONED_MIN))
        .map(rows -> {
          Row r = rows.iterator().next();
          return new AttestationFacts(Math.toIntExact(r.getLong("accepted")), Math.toIntExact(r.getLong("peers")),
              r.getLong("peer_score_sum"));
        });
  }

  /** Delivered to every listening instance when the transaction commits. */
  static Future<Void> notifySnapshot(SqlConnection conn, String wallet) {
    return conn.preparedQuery(IndexingQueries.NOTIFY_SNAPSHOT).execute(Tuple.of(wallet)).mapEmpty();
  }

  /**
   * Tells progress streams (any instance) that one chain of a run was read. Best effort: a lost
   * notification only leaves a step out of a stream, which still ends at the commit or failure.
   */
  Future<Void> chainRead(IndexJob job, ChainRead read, int done, int total) {
    String outcome = read.outcome() instanceof ChainOutcome.Failed ? "error" : "indexed";
    String payload = new JsonObject().put("event", "chain").put("wallet", job.wallet()).put("job", job.id())
        .put("chainId", read.chainId()).put("chain", read.chain()).put("outcome", outcome)
        .put("done", done).put("total", total).encode();
    return db.write(c -> c.preparedQuery(IndexingQueries.NOTIFY_PROGRESS).execute(Tuple.of(payload)))
        .mapEmpty();
  }

  /** The wallet's latest run and snapshot time, for its progress stream (primary: it must see its caller's intake). */
  public Future<RunState> run(String wallet) {
    return db.readPrimary(c -> c.preparedQuery(IndexingQueries.RUN_STATE).execute(Tuple.of(wallet)))
        .map(rows -> {
          Row r = rows.iterator().next();
          return new RunState(r.getLong("id"), r.getString("state"), instant(r.getOffsetDateTime("created_at")),
              instant(r.getOffsetDateTime("started_at")), instant(r.getOffsetDateTime("finished_at")),
              instant(r.getOffsetDateTime("committed_at")));
        });
  }

  /** From the primary: a refresh's answer must show the job its caller just started. */
  public Future<EntryState> state(String wallet) {
    return db.readPrimary(c -> state(c, wallet));
  }

  private static Future<EntryState> state(SqlClient client, String wallet) {
    return client.preparedQuery(IndexingQueries.ENTRY_STATE).execute(Tuple.of(wallet))
        .map(rows -> {
          Row r = rows.iterator().next();
          return new EntryState(r.getBoolean("known"), instant(r.getOffsetDateTime("committed_at")),
              r.getOffsetDateTime("in_flight_since") != null, r.getString("last_state"),
              instant(r.getOffsetDateTime("last_attempt_at")), r.getBoolean("registered"), r.getBoolean("ledger"),
              instant(r.getOffsetDateTime("in_flight_since")), instant(r.getOffsetDateTime("evidence_read_at")));
        });
  }

  /** Jobs queued and running now, and failed since the given time. */
  public record Counts(long queued, long running, long failedSince) {}

  public Future<Counts> counts(Instant failedSince) {
    return db.readPrimary(c -> c.preparedQuery(IndexingQueries.JOB_COUNTS).execute(Tuple.of(utc(failedSince))))
        .map(rows -> {
          Row r = rows.iterator().next();
          return new Counts(r.getLong("queued"), r.getLong("running"), r.getLong("failed"));
        });
  }

  /** Queues the rolling daily re-index of registered wallets; how many jobs were queued. */
  public Future<Integer> scheduleReindex(Instant now, Instant staleBefore, Instant attemptedSince, int limit) {
    return db.write(c -> c.preparedQuery(IndexingQueries.SCHEDULE_REINDEX)
            .execute(Tuple.of(utc(now), utc(staleBefore), utc(attemptedSince), limit)))
        .map(RowSet::size);
  }

  static OffsetDateTime utc(Instant i) {
    return i == null ? null : i.atOffset(ZoneOffset.UTC);
  }

  private static Instant instant(OffsetDateTime t) {
    return t == null ? null : t.toInstant();
  }
}
