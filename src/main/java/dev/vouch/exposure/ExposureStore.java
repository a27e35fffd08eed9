package dev.vouch.exposure;

import dev.vouch.exposure.model.Exposure;
import dev.vouch.exposure.model.ExposureModel;
import dev.vouch.exposure.model.ExposureReport;
import dev.vouch.exposure.model.ExposureSummary;
import dev.vouch.exposure.model.Flow;
import dev.vouch.exposure.model.HopData;
import dev.vouch.exposure.model.HopFlow;
import dev.vouch.pathtrace.PathTraceStore;
import dev.vouch.pathtrace.model.TraceStatus;
import dev.vouch.exposure.model.Reach;
import dev.vouch.screening.Screening;
import dev.vouch.screening.model.Label;
import dev.vouch.screening.model.LabelSet;
import dev.vouch.store.Gateway;
import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.math.BigInteger;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The exposure read: one statement for the wallet's flows and its first hop, one per further hop
 * (at most {@link Reach#maxHops()} in all), then the pure model with the current labels. The
 * model chooses which intermediaries each further statement reads ({@link dev.vouch.exposure.model.Hops}).
 * After each statement the labels of the addresses it named are looked up in the label store
 * (V124, one statement for those not yet looked up): no label set is held in the heap, and the
 * model has the labels of every address it weighs or stops at (hubs by label) before choosing
 * the next level.
 */
public final class ExposureStore {

  private final Gateway db;
  private final Reach reach;

  public ExposureStore(Gateway db, Reach reach) {
    this.db = db;
    this.reach = reach;
  }

  /** The reach the exposure.* settings name. */
  public static Reach reach(dev.vouch.config.AppConfig.Exposure settings) {
    return new Reach(settings.maxHops(), settings.hubCounterparties(), settings.perHop());
  }

  public Future<ExposureReport> read(String wallet) {
    // The flows (and their further hops, with their labels) and the trace status (pathtrace), on one connection.
    return db.read(c -> {
      Future<Read> flows = gather(c, wallet, null, reach);
      Future<TraceStatus> trace = PathTraceStore.status(c, wallet);
      return Future.all(flows, trace).map(v -> ExposureReport.of(flows.result().exposure(reach),
          flows.result().committedAt(), trace.result()));
    });
  }

  /**
   * The summary of snapshot {@code snapshotId} of {@code wallet} with the labels in force, on a
   * caller's connection: the commit's, so the snapshot's own rows (not yet the latest) are read,
   * and each indexed intermediary's latest committed snapshot as of now. Hops are read for the
   * current labels' addresses (exposure_labels); the summary names the labels' version (the first
   * lookup's: should a switch commit between lookups, the commit finds the stored version moved
   * and queues the wallet).
   */
  public static Future<ExposureSummary> atCommit(SqlConnection conn, String wallet, long snapshotId, Reach reach) {
    return gather(conn, wallet, snapshotId, reach).map(r -> r.exposure(reach).summary())
        .compose(summary -> PathTraceStore.status(conn, wallet).map(summary::withTrace));
  }

  /**
   * The wallet's latest snapshot and its summary with the labels in force on a caller's
   * connection (the sweeps); empty without a snapshot.
   */
  public static Future<Optional<Recomputed>> latest(SqlConnection conn, String wallet, Reach reach) {
    return gather(conn, wallet, null, reach).compose(r -> PathTraceStore.status(conn, wallet).map(trace ->
        r.snapshotId() == null ? Optional.<Recomputed>empty()
            : Optional.of(new Recomputed(r.snapshotId(), r.exposure(reach).summary().withTrace(trace)))));
  }

  /** A latest snapshot's id and its summary as recomputed. */
  public record Recomputed(long snapshotId, ExposureSummary summary) {}

  /** The first statement, then one per further hop while the model names intermediaries to read. */
  static Future<Read> gather(SqlClient c, String wallet, Long snapshotId, Reach reach) {
    String sql = snapshotId == null ? ExposureQueries.READ : ExposureQueries.AT_SNAPSHOT;
    return c.preparedQuery(sql).execute(Tuple.of(wallet, snapshotId, reach.hubCounterparties()))
        .compose(rows -> Known.NONE.plus(c, rows).map(known -> Read.of(wallet, rows, known)))
        .compose(r -> r.snapshotId() == null ? Future.succeededFuture(r) : deeper(c, wallet, r, 1, reach));
  }

  /**
   * Level 1's intermediaries came with the first statement: only the links of those the walk
   * expands are read. Each further level reads its intermediaries' rows, and their links unless it
   * is the last.
   */
  private static Future<Read> deeper(SqlClient c, String wallet, Read r, int level, Reach reach) {
    if (level > reach.maxHops() || (level == 1 && reach.maxHops() == 1)) {
      return Future.succeededFuture(r);
    }
    var walk = ExposureModel.walk(wallet, r.flows(), r.data(), r.known().labels(), reach);
    Set<String> wanted = level == 1 ? walk.expand(1) : walk.nodes(level);
    if (wanted.isEmpty()) {
      return Future.succeededFuture(r);
    }
    boolean rows = level > 1;
    boolean links = level < reach.maxHops();
    return c.preparedQuery(ExposureQueries.HOP)
        .execute(Tuple.of(wanted.toArray(String[]::new), rows, links, reach.hubCounterparties()))
        .compose(more -> r.known().plus(c, more).map(known -> r.plus(Read.of(wallet, more, known).data(), known)))
        .compose(next -> deeper(c, wallet, next, level + 1, reach));
  }

  /**
   * The labels of the addresses read so far (the label store, looked up statement by statement):
   * the addresses asked for, their labels, and the version of the first lookup.
   */
  record Known(Set<String> asked, List<Label> found, LabelSet labels) {
    static final Known NONE = new Known(Set.of(), List.of(), null);

    /** With the labels of the addresses {@code rows} name that were not asked for yet (one statement, or none). */
    Future<Known> plus(SqlClient c, RowSet<Row> rows) {
      Set<String> fresh = new HashSet<>();
      for (Row r : rows) {
        for (String column : new String[] {"counterparty", "via"}) {
          String a = r.getString(column);
          if (a != null && !asked.contains(a)) {
            fresh.add(a);
          }
        }
      }
      if (fresh.isEmpty() && labels != null) {
        return Future.succeededFuture(this);
      }
      return Screening.scope(c, fresh).map(scope -> {
        Set<String> all = new HashSet<>(asked);
        all.addAll(fresh);
        List<Label> more = new ArrayList<>(found);
        for (String a : scope.labels().addresses()) {
          more.addAll(scope.labels().lookup(a));
        }
        // Versions only move forward: naming the first keeps a summary read across a switch behind, so it is queued again.
        LabelSet first = labels == null ? scope.labels() : labels;
        return new Known(all, more, LabelSet.of(more, first.version(), first.asOf()));
      });
    }
  }

  /** The statements' rows; the pure model turns them into exposure. */
  record Read(String wallet, Long snapshotId, Instant committedAt, List<Flow> flows, HopData data, Known known) {
    static Read of(String wallet, RowSet<Row> rows, Known known) {
      Long id = null;
      Instant committedAt = null;
      List<Flow> flows = new ArrayList<>();
      List<HopFlow> hops = new ArrayList<>();
      List<HopFlow> links = new ArrayList<>();
      List<ExposureModel.ViaTotals> totals = new ArrayList<>();
      for (Row r : rows) {
        switch (r.getString("kind")) {
          case "s" -> {
            committedAt = instant(r.getOffsetDateTime("first_at"));
            id = r.getLong("chain_id");
          }
          case "d" -> flows.add(flow(r));
          case "h" -> hops.add(new HopFlow(r.getString("via"), flow(r)));
          case "k" -> links.add(new HopFlow(r.getString("via"), flow(r)));
          case "n" -> totals.add(new ExposureModel.ViaTotals(r.getString("via"), null, null, r.getInteger("tx_in")));
          default -> totals.add(new ExposureModel.ViaTotals(r.getString("via"), r.getBigDecimal("usd_in"),
              r.getBigDecimal("usd_out"), r.getInteger("tx_in")));
        }
      }
      return new Read(wallet, id, committedAt, flows, new HopData(hops, links, totals), known);
    }

    Read plus(HopData more, Known known) {
      return new Read(wallet, snapshotId, committedAt, flows, data.plus(more), known);
    }

    Exposure exposure(Reach reach) {
      return ExposureModel.compute(wallet, flows, data, known.labels(), reach);
    }
  }

  private static Flow flow(Row r) {
    String[] hashes = r.getArrayOfStrings("tx_hashes");
    return new Flow(r.getString("counterparty"), r.getLong("chain_id"), r.getString("token"), r.getString("symbol"),
        r.getInteger("tx_in"), r.getInteger("tx_out"), new BigInteger(r.getString("value_in")),
        new BigInteger(r.getString("value_out")), r.getBigDecimal("usd_in"), r.getBigDecimal("usd_out"),
        instant(r.getOffsetDateTime("first_at")), instant(r.getOffsetDateTime("last_at")),
        hashes == null ? List.of() : Arrays.asList(hashes));
  }

  private static Instant instant(OffsetDateTime t) {
    return t == null ? null : t.toInstant();
  }
}
