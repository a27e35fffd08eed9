package dev.vouch.pathtrace;

import dev.vouch.config.AppConfig;
import dev.vouch.store.Gateway;
import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * Traces committed wallets (docs/models.md "Tracing"), one noted commit per transaction:
 * <ul>
 *   <li>a commit of a caller's job (any kind but trace) plans the wallet's trace again as a root:
 *       its valued counterparties, largest USD first, at most perWallet, then theirs, to maxDepth;
 *   <li>a commit of a wallet some root's trace wants goes on from it (its own counterparties in the
 *       path's direction) and queues those roots' summaries for a recompute (their trace status and
 *       what the new snapshot adds);
 *   <li>an intermediary with a fresh snapshot needs no job; one with a job in flight waits for it;
 *       any other gets a traced job (priority 1, charged to no caller) while the root's budget
 *       (perRootJobs) and the minute's global budget (jobsPerMinute, rpcCallsPerMinute) allow,
 *       else it is recorded as skipped by that budget.
 * </ul>
 * The global budget's minute row is locked first, so the drains of several workers take turns.
 */
public final class PathTracer {

  private final Gateway db;
  private final AppConfig.PathTrace config;
  private final Duration staleAfter;

  public PathTracer(Gateway db, AppConfig.PathTrace config, Duration staleAfter) {
    this.db = db;
    this.config = config;
    this.staleAfter = staleAfter;
  }

  /** Traces the oldest noted commit; false when none was left (or every one is another worker's). */
  public Future<Boolean> traceOne(Instant now) {
    return db.transaction(conn -> conn.query(PathTraceQueries.TAKE).execute().compose(rows -> {
      if (rows.size() == 0) {
        return Future.succeededFuture(false);
      }
      Row work = rows.iterator().next();
      return trace(conn, work, now)
          .compose(v -> conn.preparedQuery(PathTraceQueries.DONE).execute(Tuple.of(work.getLong("id"))))
          .map(true);
    }), 30_000);
  }

  private Future<Void> trace(SqlConnection conn, Row work, Instant now) {
    String wallet = work.getString("wallet");
    boolean traced = "trace".equals(work.getString("job_kind"));
    String tracedRoot = work.getString("trace_root");
    long calls = traced ? work.getLong("rpc_calls") : 0;
    OffsetDateTime minute = now.truncatedTo(ChronoUnit.MINUTES).atOffset(ZoneOffset.UTC);
    return conn.preparedQuery(PathTraceQueries.MINUTE).execute(Tuple.of(minute, calls)).compose(m -> {
      Row r = m.iterator().next();
      Budget budget = new Budget(minute, r.getInteger("jobs"), r.getLong("rpc_calls"));
      Future<Void> chain = conn.preparedQuery(PathTraceQueries.PRUNE_MINUTES).execute(Tuple.of(minute.minusHours(1)))
          .mapEmpty();
      if (traced && tracedRoot != null) {
        chain = chain.compose(v -> conn.preparedQuery(PathTraceQueries.ROOT_CALLS).execute(Tuple.of(tracedRoot, calls)))
            .mapEmpty();
      }
      List<String> summaries = new ArrayList<>();
      if (!traced) {
        chain = chain.compose(v -> planRoot(conn, wallet, now, budget)).onSuccess(v -> summaries.add(wallet));
      }
      chain = chain.compose(v -> goOn(conn, wallet, now, budget))
          .compose(v -> conn.preparedQuery(PathTraceQueries.ROOTS_OF).execute(Tuple.of(wallet)))
          .map(roots -> {
            roots.forEach(x -> summaries.add(x.getString("root")));
            return null;
          });
      return chain
          .compose(v -> budget.queued == 0 ? Future.succeededFuture()
              : conn.preparedQuery(PathTraceQueries.ADD_JOBS).execute(Tuple.of(minute, budget.queued)))
          .compose(v -> summaries.isEmpty() ? Future.succeededFuture()
              : conn.preparedQuery(PathTraceQueries.QUEUE_SUMMARIES)
                  .execute(Tuple.of(summaries.stream().distinct().sorted().toArray(String[]::new), utc(now))))
          .mapEmpty();
    });
  }

  /** The root's trace from scratch: its previous nodes go, its budget starts again. */
  private Future<Void> planRoot(SqlConnection conn, String root, Instant now, Budget budget) {
    return conn.preparedQuery(PathTraceQueries.CLEAR_NODES).execute(Tuple.of(root))
        .compose(v -> conn.preparedQuery(PathTraceQueries.PLAN_ROOT)
            .execute(Tuple.of(root, utc(now), utc(now.minus(staleAfter)))))
        .compose(v -> expand(conn, root, root, 0, "both", now, budget));
  }

  /** Every root whose trace wanted {@code wallet} (now committed) and has not gone on from it. */
  private Future<Void> goOn(SqlConnection conn, String wallet, Instant now, Budget budget) {
    return conn.preparedQuery(PathTraceQueries.WANTED_BY).execute(Tuple.of(wallet, config.maxDepth()))
        .compose(rows -> {
          Future<Void> chain = Future.succeededFuture();
          for (Row n : rows) {
            String root = n.getString("root");
            int depth = n.getInteger("depth");
            String direction = n.getString("direction");
            chain = chain.compose(v -> conn.preparedQuery(PathTraceQueries.EXPANDED).execute(Tuple.of(root, wallet)))
                .compose(v -> expand(conn, root, wallet, depth, direction, now, budget));
          }
          return chain;
        });
  }

  /**
   * The next intermediaries from {@code from} (at {@code depth} of root's trace), in order of USD;
   * an intermediary already fresh is gone on from at once (below maxDepth), the others wait for
   * their commit.
   */
  private Future<Void> expand(SqlConnection conn, String root, String from, int depth, String direction,
      Instant now, Budget budget) {
    if (depth >= config.maxDepth()) {
      return Future.succeededFuture();
    }
    return conn.preparedQuery(PathTraceQueries.ROOT).execute(Tuple.of(root)).compose(rr -> {
      if (rr.size() == 0) {
        return Future.<Void>succeededFuture();
      }
      OffsetDateTime freshAfter = rr.iterator().next().getOffsetDateTime("fresh_after");
      int[] rootJobs = {rr.iterator().next().getInteger("jobs_queued")};
      return conn.preparedQuery(PathTraceQueries.CANDIDATES)
          .execute(Tuple.of(from, direction, root, config.perWallet(), freshAfter))
          .compose(rows -> {
            Future<Void> chain = Future.succeededFuture();
            int queuedHere = 0;
            List<Row> fresh = new ArrayList<>();
            for (Row c : rows) {
              String address = c.getString("address");
              String plan = "planned";
              boolean queue = false;
              if (c.getBoolean("fresh")) {
                fresh.add(c);
              } else if (!c.getBoolean("in_flight")) {
                if (rootJobs[0] + queuedHere >= config.perRootJobs()) {
                  plan = "skipped_root_budget";
                } else if (!budget.allows(config)) {
                  plan = "skipped_global_budget";
                } else {
                  queue = true;
                  queuedHere++;
                  budget.queued++;
                }
              }
              boolean expanded = c.getBoolean("fresh") && depth + 1 >= config.maxDepth();
              Tuple node = Tuple.of(root, address, depth + 1, c.getString("direction"), from, c.getBigDecimal("usd"), plan,
                  expanded);
              boolean q = queue;
              chain = chain.compose(v -> conn.preparedQuery(PathTraceQueries.NODE).execute(node))
                  .compose(v -> q ? conn.preparedQuery(PathTraceQueries.QUEUE_JOB)
                      .execute(Tuple.of(address, root, depth + 1, utc(now))).mapEmpty() : Future.succeededFuture());
            }
            int queued = queuedHere;
            chain = chain.compose(v -> queued == 0 ? Future.succeededFuture()
                : conn.preparedQuery(PathTraceQueries.ROOT_JOBS).execute(Tuple.of(root, queued)).mapEmpty());
            // Fresh intermediaries: their counterparties now (their own commit will not come).
            for (Row c : fresh) {
              if (depth + 1 < config.maxDepth()) {
                String address = c.getString("address");
                chain = chain
                    .compose(v -> conn.preparedQuery(PathTraceQueries.EXPANDED).execute(Tuple.of(root, address)))
                    .compose(v -> expand(conn, root, address, depth + 1, c.getString("direction"), now, budget));
              }
            }
            return chain;
          });
    });
  }

  /** The minute's global budget as read at the start of the transaction, and what it queued since. */
  private static final class Budget {
    final OffsetDateTime minute;
    final int jobs;
    final long rpcCalls;
    int queued;

    Budget(OffsetDateTime minute, int jobs, long rpcCalls) {
      this.minute = minute;
      this.jobs = jobs;
      this.rpcCalls = rpcCalls;
    }

    boolean allows(AppConfig.PathTrace config) {
      return jobs + queued < config.jobsPerMinute() && rpcCalls < config.rpcCallsPerMinute();
    }
  }

  private static OffsetDateTime utc(Instant i) {
    return i.atOffset(ZoneOffset.UTC);
  }
}
