package dev.vouch.exposure;

import dev.vouch.exposure.model.Exposure;
import dev.vouch.exposure.model.ExposureModel;
import dev.vouch.exposure.model.ExposureReport;
import dev.vouch.exposure.model.ExposureSummary;
import dev.vouch.exposure.model.Flow;
import dev.vouch.exposure.model.HopFlow;
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

/**
 * The exposure read: one statement for the flows, one for the current labels of the addresses
 * they name (the label store: no label set is held in the heap), then the pure model.
 */
public final class ExposureStore {

  private final Gateway db;

  public ExposureStore(Gateway db) {
    this.db = db;
  }

  public Future<ExposureReport> read(String wallet) {
    return db.read(c -> c.preparedQuery(ExposureQueries.READ).execute(Tuple.of(wallet))
            .compose(rows -> labelled(c, wallet, rows)))
        .map(r -> ExposureReport.of(r.exposure(), r.committedAt()));
  }

  /**
   * The summary of snapshot {@code snapshotId} of {@code wallet} with the labels in force, on a
   * caller's connection: the commit's, so the snapshot's own rows (not yet the latest) are read,
   * and each indexed counterparty's latest committed snapshot as of now. Hops are read for the
   * current labels' addresses (exposure_labels); the summary names the labels' version.
   */
  public static Future<ExposureSummary> atCommit(SqlConnection conn, String wallet, long snapshotId) {
    return conn.preparedQuery(ExposureQueries.AT_SNAPSHOT)
        .execute(Tuple.of(wallet, snapshotId))
        .compose(rows -> labelled(conn, wallet, rows))
        .map(r -> r.exposure().summary());
  }

  /**
   * The wallet's latest snapshot and its summary with the labels in force on a caller's
   * connection (the label sweep); empty without a snapshot.
   */
  public static Future<java.util.Optional<Recomputed>> latest(SqlConnection conn, String wallet) {
    return conn.preparedQuery(ExposureQueries.READ).execute(Tuple.of(wallet))
        .compose(rows -> labelled(conn, wallet, rows))
        .map(r -> r.snapshotId() == null ? java.util.Optional.<Recomputed>empty()
            : java.util.Optional.of(new Recomputed(r.snapshotId(), r.exposure().summary())));
  }

  /** The labels of every address the rows name (direct and hop counterparties), then the model. */
  private static Future<Read> labelled(SqlClient c, String wallet, RowSet<Row> rows) {
    java.util.Set<String> addresses = new java.util.HashSet<>();
    for (Row r : rows) {
      String a = r.getString("counterparty");
      if (a != null) {
        addresses.add(a);
      }
    }
    return Screening.scope(c, addresses).map(scope -> Read.of(wallet, rows, scope.labels()));
  }

  /** A latest snapshot's id and its summary as recomputed. */
  public record Recomputed(long snapshotId, ExposureSummary summary) {}

  /** The statement's rows through the pure model. */
  private record Read(Long snapshotId, Instant committedAt, Exposure exposure) {
    static Read of(String wallet, RowSet<Row> rows, LabelSet labels) {
      Long id = null;
      Instant committedAt = null;
      List<Flow> flows = new ArrayList<>();
      List<HopFlow> hops = new ArrayList<>();
      List<ExposureModel.ViaTotals> totals = new ArrayList<>();
      for (Row r : rows) {
        switch (r.getString("kind")) {
          case "s" -> {
            committedAt = instant(r.getOffsetDateTime("first_at"));
            id = r.getLong("chain_id");
          }
          case "d" -> flows.add(flow(r));
          case "h" -> hops.add(new HopFlow(r.getString("via"), flow(r)));
          default -> totals.add(new ExposureModel.ViaTotals(r.getString("via"), r.getBigDecimal("usd_in"),
              r.getBigDecimal("usd_out")));
        }
      }
      return new Read(id, committedAt, ExposureModel.compute(wallet, flows, hops, totals, labels));
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
