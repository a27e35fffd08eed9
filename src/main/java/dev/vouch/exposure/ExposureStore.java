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
import dev.vouch.screening.model.LabelSet;
import dev.vouch.screening.Screening;
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
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The exposure read: one statement for the wallet's flows and its first hop, one per further hop
 * (at most {@link Reach#maxHops()} in all), then the pure model with the current labels. The
 * model chooses which intermediaries each further statement reads ({@link dev.vouch.exposure.model.Hops}).
 */
public final class ExposureStore {

  private final Gateway db;
  private final Screening screening;
  private final Reach reach;

  public ExposureStore(Gateway db, Screening screening, Reach reach) {
    this.db = db;
    this.screening = screening;
    this.reach = reach;
  }

  /** The reach the exposure.* settings name. */
  public static Reach reach(dev.vouch.config.AppConfig.Exposure settings) {
    return new Reach(settings.maxHops(), settings.hubCounterparties(), settings.perHop());
  }

  public Future<ExposureReport> read(String wallet) {
    LabelSet labels = screening.labels();
    // The flows (and their further hops) and the trace status (pathtrace), on one connection.
    return db.read(c -> {
      Future<Read> flows = gather(c, wallet, null, labels, reach);
      Future<TraceStatus> trace = PathTraceStore.status(c, wallet);
      return Future.all(flows, trace).map(v -> ExposureReport.of(flows.result().exposure(labels, reach),
          flows.result().committedAt(), trace.result()));
    });
  }

  /**
   * The summary of snapshot {@code snapshotId} of {@code wallet} with {@code labels}, on a
   * caller's connection: the commit's, so the snapshot's own rows (not yet the latest) are read,
   * and each indexed intermediary's latest committed snapshot as of now. Hops are read for the
   * stored labels' addresses (exposure_labels); {@code labels} names what they are.
   */
  public static Future<ExposureSummary> atCommit(SqlConnection conn, String wallet, long snapshotId,
      LabelSet labels, Reach reach) {
    return gather(conn, wallet, snapshotId, labels, reach).map(r -> r.exposure(labels, reach).summary())
        .compose(summary -> PathTraceStore.status(conn, wallet).map(summary::withTrace));
  }

  /**
   * The wallet's latest snapshot and its summary with {@code labels} on a caller's connection
   * (the sweeps); empty without a snapshot.
   */
  public static Future<Optional<Recomputed>> latest(SqlConnection conn, String wallet, LabelSet labels, Reach reach) {
    return gather(conn, wallet, null, labels, reach).compose(r -> PathTraceStore.status(conn, wallet).map(trace ->
        r.snapshotId() == null ? Optional.<Recomputed>empty()
            : Optional.of(new Recomputed(r.snapshotId(), r.exposure(labels, reach).summary().withTrace(trace)))));
  }

  /** A latest snapshot's id and its summary as recomputed. */
  public record Recomputed(long snapshotId, ExposureSummary summary) {}

  /** The first statement, then one per further hop while the model names intermediaries to read. */
  static Future<Read> gather(SqlClient c, String wallet, Long snapshotId, LabelSet labels, Reach reach) {
    String sql = snapshotId == null ? ExposureQueries.READ : ExposureQueries.AT_SNAPSHOT;
    return c.preparedQuery(sql).execute(Tuple.of(wallet, snapshotId, reach.hubCounterparties()))
        .map(rows -> Read.of(wallet, rows))
        .compose(r -> r.snapshotId() == null ? Future.succeededFuture(r) : deeper(c, wallet, r, 1, labels, reach));
  }

  /**
   * Level 1's intermediaries came with the first statement: only the links of those the walk
   * expands are read. Each further level reads its intermediaries' rows, and their links unless it
   * is the last.
   */
  private static Future<Read> deeper(SqlClient c, String wallet, Read r, int level, LabelSet labels, Reach reach) {
    if (level > reach.maxHops() || (level == 1 && reach.maxHops() == 1)) {
      return Future.succeededFuture(r);
    }
    var walk = ExposureModel.walk(wallet, r.flows(), r.data(), labels, reach);
    Set<String> wanted = level == 1 ? walk.expand(1) : walk.nodes(level);
    if (wanted.isEmpty()) {
      return Future.succeededFuture(r);
    }
    boolean rows = level > 1;
    boolean links = level < reach.maxHops();
    return c.preparedQuery(ExposureQueries.HOP)
        .execute(Tuple.of(wanted.toArray(String[]::new), rows, links, reach.hubCounterparties()))
        .map(more -> r.plus(Read.of(wallet, more).data()))
        .compose(next -> deeper(c, wallet, next, level + 1, labels, reach));
  }

  /** The statements' rows; the pure model turns them into exposure. */
  record Read(String wallet, Long snapshotId, Instant committedAt, List<Flow> flows, HopData data) {
    static Read of(String wallet, RowSet<Row> rows) {
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
      return new Read(wallet, id, committedAt, flows, new HopData(hops, links, totals));
    }

    Read plus(HopData more) {
      return new Read(wallet, snapshotId, committedAt, flows, data.plus(more));
    }

    Exposure exposure(LabelSet labels, Reach reach) {
      return ExposureModel.compute(wallet, flows, data, labels, reach);
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
