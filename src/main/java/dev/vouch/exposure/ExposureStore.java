package dev.vouch.exposure;

import dev.vouch.exposure.model.Exposure;
import dev.vouch.exposure.model.ExposureModel;
import dev.vouch.exposure.model.ExposureReport;
import dev.vouch.exposure.model.Flow;
import dev.vouch.exposure.model.HopFlow;
import dev.vouch.screening.model.LabelSet;
import dev.vouch.screening.Screening;
import dev.vouch.store.Gateway;
import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.math.BigInteger;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The exposure read: one statement for the flows, then the pure model with the current labels. */
public final class ExposureStore {

  private final Gateway db;
  private final Screening screening;

  public ExposureStore(Gateway db, Screening screening) {
    this.db = db;
    this.screening = screening;
  }

  public Future<ExposureReport> read(String wallet) {
    LabelSet labels = screening.labels();
    String[] labelled = labels.addresses().toArray(String[]::new);
    Tuple params = Tuple.tuple().addString(wallet).addArrayOfString(labelled);
    return db.read(c -> c.preparedQuery(ExposureQueries.READ).execute(params)).map(rows -> {
      Instant committedAt = null;
      List<Flow> flows = new ArrayList<>();
      List<HopFlow> hops = new ArrayList<>();
      List<ExposureModel.ViaTotals> totals = new ArrayList<>();
      for (Row r : rows) {
        switch (r.getString("kind")) {
          case "s" -> committedAt = instant(r.getOffsetDateTime("first_at"));
          case "d" -> flows.add(flow(r));
          case "h" -> hops.add(new HopFlow(r.getString("via"), flow(r)));
          default -> totals.add(new ExposureModel.ViaTotals(r.getString("via"), r.getBigDecimal("usd_in"),
              r.getBigDecimal("usd_out")));
        }
      }
      Exposure e = ExposureModel.compute(wallet, flows, hops, totals, labels);
      return ExposureReport.of(e, committedAt);
    });
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
