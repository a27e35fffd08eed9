package dev.vouch.score;

import dev.vouch.ops.ThrottledLog;
import dev.vouch.store.Gateway;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;

/**
 * The scheduled, sampled read-model check (issue 25 item 11): every {@code readModel.checkIntervalMinutes}
 * one worker (a transaction-scoped advisory try-lock; a worker finding it held skips the round)
 * compares {@code readModel.checkSample} wallets, an address range from a random start, with the
 * rows derived from the tables now: the comparison of {@code read-model check}, on a sample. Drifted
 * rows are counted ({@value #DRIFT_ROWS}) and their wallets logged, never repaired: a silent repair
 * would hide the bug that caused the drift; the alert sends an operator to {@code read-model rebuild}.
 */
public final class ReadModelCheck {

  private static final Logger LOG = Logger.getLogger(ReadModelCheck.class.getName());
  private static final ThrottledLog FAILURES = new ThrottledLog(LOG, Duration.ofMinutes(5));

  /** Prometheus {@code vouch_read_model_drift_rows}: rows that differed in the last check. */
  public static final String DRIFT_ROWS = "vouch.read_model.drift.rows";
  /** Prometheus {@code vouch_read_model_checks_total}, by result ok | drift | failed | skipped. */
  public static final String CHECKS = "vouch.read_model.checks";

  /** One worker at a time; released at commit (the other keys of 3031x are in MonitorQueries, IndexingQueries). */
  static final String TRY_LOCK = "SELECT pg_try_advisory_xact_lock(30330, 0) AS held";

  /**
   * Up to $2 addresses of {@code table} from $1 on, wrapping to the start of the key space: two
   * bounded index range scans, no full scan. Sampled from the kept rows and from the wallets that
   * should have one (a missing row is drift too).
   */
  private static String sample(String table) {
    return """
        SELECT array_agg(address) AS sample FROM (
          SELECT address FROM (
            (SELECT address, 0 AS lap FROM %1$s WHERE address >= $1 ORDER BY address LIMIT $2)
            UNION ALL (SELECT address, 1 FROM %1$s WHERE address < $1 ORDER BY address LIMIT $2)) r
           ORDER BY lap, address LIMIT $2) s
        """.formatted(table);
  }

  static final String SAMPLE = sample("wallet_reads");
  static final String SAMPLE_WALLETS = sample("wallets");

  /** Of the addresses $1, those whose kept row differs from the derived one or exists on one side only. */
  static final String DIFFERENCES = """
      SELECT DISTINCT address FROM (
        (SELECT * FROM wallet_reads WHERE address = ANY ($1::text[])
         EXCEPT SELECT d.* FROM wallet_read_rows($1::text[]) d WHERE NOT wallet_read_is_empty(d))
        UNION ALL
        (SELECT d.* FROM wallet_read_rows($1::text[]) d WHERE NOT wallet_read_is_empty(d)
         EXCEPT SELECT * FROM wallet_reads WHERE address = ANY ($1::text[]))) x
       ORDER BY address
      """;

  private static final int LOGGED = 20;
  /** A background round, not an API answer: past the API's write deadline (statement_timeout still bounds each statement). */
  private static final int DEADLINE_MS = 30_000;

  /** What one round found: skipped (another worker held the lock), else the wallets sampled and drifted. */
  public record Outcome(boolean skipped, int sampled, List<String> drifted) {}

  private final Gateway db;
  private final int sample;
  private final AtomicLong driftRows = new AtomicLong();
  private final MeterRegistry registry;
  private volatile boolean busy;

  /** Registers the gauge at 0 at once, so the metric (and an alert on it) exists before any check. */
  public ReadModelCheck(Gateway db, int sample, MeterRegistry registry) {
    this.db = db;
    this.sample = sample;
    this.registry = registry;
    Gauge.builder(DRIFT_ROWS, driftRows, AtomicLong::get)
        .description("read-model rows that differed from their rebuild in the last sampled check")
        .register(registry);
    for (String result : List.of("ok", "drift", "failed", "skipped")) {
      counter(result);
    }
  }

  /** Every {@code minutes} (0 = never), the first round one interval after start. */
  public void schedule(Vertx vertx, int minutes) {
    if (minutes <= 0) {
      return;
    }
    long every = Duration.ofMinutes(minutes).toMillis();
    vertx.setPeriodic(every, every, id -> {
      if (!busy) {
        busy = true;
        run().onComplete(ar -> busy = false);
      }
    });
  }

  /** One round now: metrics and log updated; a failure is counted and logged, never thrown further. */
  public Future<Outcome> run() {
    byte[] start = new byte[20];
    ThreadLocalRandom.current().nextBytes(start);
    return db.transaction(c -> check(c, "0x" + HexFormat.of().formatHex(start)), DEADLINE_MS)
        .onSuccess(o -> {
          if (o.skipped()) {
            counter("skipped").increment();
            return;
          }
          driftRows.set(o.drifted().size());
          counter(o.drifted().isEmpty() ? "ok" : "drift").increment();
          if (!o.drifted().isEmpty()) {
            LOG.warning(() -> "read model drift: " + o.drifted().size() + " of " + o.sampled()
                + " sampled wallets differ from the tables: "
                + String.join(", ", o.drifted().subList(0, Math.min(LOGGED, o.drifted().size())))
                + (o.drifted().size() > LOGGED ? ", ..." : "") + "; run vouch read-model rebuild");
          }
        })
        .onFailure(t -> {
          counter("failed").increment();
          FAILURES.warn(() -> "read model check failed (retried next interval): " + t);
        });
  }

  private Future<Outcome> check(SqlConnection c, String from) {
    return c.query(TRY_LOCK).execute().compose(held -> {
      if (!held.iterator().next().getBoolean("held")) {
        return Future.succeededFuture(new Outcome(true, 0, List.of()));
      }
      return sampled(c, SAMPLE, from).compose(rows -> sampled(c, SAMPLE_WALLETS, from).compose(wallets -> {
        List<String> all = new ArrayList<>(rows);
        wallets.stream().filter(w -> !rows.contains(w)).forEach(all::add);
        return c.preparedQuery(DIFFERENCES).execute(Tuple.of(all.toArray(String[]::new)))
            .map(diff -> {
              List<String> drifted = new ArrayList<>();
              for (Row r : diff) {
                drifted.add(r.getString("address"));
              }
              return new Outcome(false, all.size(), drifted);
            });
      }));
    });
  }

  private Future<List<String>> sampled(SqlConnection c, String sql, String from) {
    return c.preparedQuery(sql).execute(Tuple.of(from, sample)).map(rows -> {
      String[] got = rows.iterator().next().getArrayOfStrings("sample");
      return got == null ? List.of() : List.of(got);
    });
  }

  private Counter counter(String result) {
    return Counter.builder(CHECKS).tag("result", result)
        .description("sampled read-model checks by result").register(registry);
  }
}
