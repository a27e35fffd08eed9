package dev.vouch.interaction;

import dev.vouch.interaction.model.GraphOrder;
import dev.vouch.interaction.model.GraphRows;
import dev.vouch.store.Gateway;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Reads graph pages; the only place the interaction graph's read SQL runs. */
public final class InteractionStore {

  private final Gateway db;
  private final boolean primary;

  public InteractionStore(Gateway db) {
    this(db, false);
  }

  /** {@code primary}: every page read on the primary, never a replica (GraphPageCache's fills). */
  public InteractionStore(Gateway db, boolean primary) {
    this.db = db;
    this.primary = primary;
  }

  /**
   * One page: {@code snapshotId} null reads the wallet's latest snapshot; {@code fetch} nodes at
   * most, after {@code after} in address order ("" for the first page).
   */
  public Future<GraphRows> page(String wallet, Long snapshotId, GraphOrder order, String after, int fetch) {
    java.util.function.Function<io.vertx.sqlclient.SqlClient, Future<io.vertx.sqlclient.RowSet<Row>>> op =
        c -> c.preparedQuery(InteractionQueries.page(order)).execute(Tuple.of(wallet, snapshotId, after, fetch));
    return (primary ? db.readPrimary(op) : db.read(op)).map(rows -> map(rows.iterator().next()));
  }

  public Future<byte[]> generatedCursorKey() {
    return db.atStartup(c -> c.query(InteractionQueries.CURSOR_KEY).execute())
        .map(rows -> rows.iterator().next().getBuffer("key").getBytes());
  }

  private static GraphRows map(Row row) {
    Long snapshot = row.getLong("snapshot_id");
    Instant committed = snapshot == null ? null : row.getOffsetDateTime("committed_at").toInstant();
    return new GraphRows(snapshot, committed, row.getLong("latest_snapshot_id"), row.getBoolean("indexing"),
        snapshot == null ? 0 : row.getInteger("node_count"),
        snapshot == null ? 0 : row.getInteger("chains_with_counterparties"),
        snapshot == null ? 0 : row.getLong("verified_peers").intValue(),
        coverage((JsonArray) row.getValue("coverage")), nodes((JsonArray) row.getValue("nodes")),
        snapshot != null && row.getBoolean("token_evidence"));
  }

  private static List<GraphRows.CoverageRow> coverage(JsonArray rows) {
    if (rows == null) {
      return List.of();
    }
    List<GraphRows.CoverageRow> out = new ArrayList<>(rows.size());
    for (int i = 0; i < rows.size(); i++) {
      JsonObject c = rows.getJsonObject(i);
      out.add(new GraphRows.CoverageRow(c.getLong("id"), c.getString("chain"), c.getString("status"),
          c.getBoolean("t"), c.getBoolean("s"), c.getBoolean("hc"), c.getBoolean("rr"), c.getString("src"),
          c.getInteger("n"), instant(c.getLong("at")), c.getLong("z")));
    }
    return List.copyOf(out);
  }

  private static List<GraphRows.NodeRow> nodes(JsonArray rows) {
    if (rows == null) {
      return List.of();
    }
    List<GraphRows.NodeRow> out = new ArrayList<>(rows.size());
    for (int i = 0; i < rows.size(); i++) {
      JsonObject n = rows.getJsonObject(i);
      // null for a node met only through registered tokens (no native counterparty row)
      JsonArray chains = n.getJsonArray("c") == null ? new JsonArray() : n.getJsonArray("c");
      List<GraphRows.ChainRow> perChain = new ArrayList<>(chains.size());
      for (int j = 0; j < chains.size(); j++) {
        JsonObject c = chains.getJsonObject(j);
        perChain.add(new GraphRows.ChainRow(c.getLong("id"), c.getBoolean("k"), c.getInteger("i"), c.getInteger("o"),
            instant(c.getLong("f")), instant(c.getLong("l")), new BigInteger(c.getString("vi")),
            new BigInteger(c.getString("vo"))));
      }
      out.add(new GraphRows.NodeRow(n.getString("a"), n.getString("u"), n.getBoolean("v"), List.copyOf(perChain),
          assets(n.getJsonArray("t"))));
    }
    return List.copyOf(out);
  }

  private static List<GraphRows.AssetRow> assets(JsonArray rows) {
    if (rows == null) {
      return List.of();
    }
    List<GraphRows.AssetRow> out = new ArrayList<>(rows.size());
    for (int i = 0; i < rows.size(); i++) {
      JsonObject t = rows.getJsonObject(i);
      out.add(new GraphRows.AssetRow(t.getLong("id"), t.getString("tk"), t.getString("s"), t.getInteger("d"),
          t.getInteger("i"), t.getInteger("o"), new BigInteger(t.getString("vi")), new BigInteger(t.getString("vo")),
          decimal(t.getString("ui")), decimal(t.getString("uo")), instant(t.getLong("f")), instant(t.getLong("l"))));
    }
    return List.copyOf(out);
  }

  private static BigDecimal decimal(String text) {
    return text == null ? null : new BigDecimal(text);
  }

  private static Instant instant(Long epochMillis) {
    return epochMillis == null ? null : Instant.ofEpochMilli(epochMillis);
  }
}
