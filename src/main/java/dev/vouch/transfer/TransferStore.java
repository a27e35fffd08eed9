package dev.vouch.transfer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vouch.decision.model.Coded;
import dev.vouch.decision.model.Verdict;
import dev.vouch.indexing.JobStore;
import dev.vouch.monitoring.DecisionWatch;
import dev.vouch.monitoring.Outbox;
import dev.vouch.store.Gateway;
import dev.vouch.transfer.model.Direction;
import dev.vouch.transfer.model.Moved;
import dev.vouch.transfer.model.TransferRules;
import dev.vouch.transfer.model.TransferVerdict;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** transfer_screenings (V104): one mapper, parameterized statements only. */
final class TransferStore {

  /** A stored screening, whether this write created it, and the key that owns its event (null: none). */
  record Stored(boolean inserted, TransferRecord record, Long apiKey) {}

  /** The natural key (CONTRACT 10): the native value is log index -1. */
  record Key(long chainId, String txHash, long logIndex, String address, Direction direction) {}

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final TypeReference<List<Coded>> CODED = new TypeReference<>() {};

  private final Gateway db;

  TransferStore(Gateway db) {
    this.db = db;
  }

  static long logIndex(Moved m) {
    return m.logIndex() == null ? -1 : m.logIndex();
  }

  /**
   * Inserts the screening or brings a pending one up to date, in one transaction with the
   * counterparty's intake when asked; a row already screened is answered as it is.
   */
  Future<Stored> save(Key key, Moved m, long block, long confirmations, int required, TransferVerdict v,
      boolean queueIntake, Long apiKey, Instant now) {
    return db.transaction(conn -> saveOn(conn, key, m, block, confirmations, required, v, queueIntake, apiKey, now));
  }

  /** {@link #save} on the caller's transaction (a watched scan commits its screenings with its cursor). */
  static Future<Stored> saveOn(SqlConnection conn, Key key, Moved m, long block, long confirmations, int required,
      TransferVerdict v, boolean queueIntake, Long apiKey, Instant now) {
    Tuple args = Tuple.tuple().addLong(key.chainId()).addString(key.txHash()).addLong(key.logIndex())
        .addString(key.address()).addString(key.direction().name()).addString(m.counterparty()).addString(m.token())
        .addString(m.symbol()).addInteger(m.decimals()).addBoolean(m.valued()).addString(m.amount().toString())
        .addString(m.usdValue() == null ? null : m.usdValue().toPlainString()).addLong(block).addLong(confirmations)
        .addInteger(required).addString(v.status().name()).addString(v.verdict() == null ? null : v.verdict().name())
        .addString(json(v.reasons())).addString(json(v.warnings())).addValue(utc(now)).addValue(apiKey);
    return conn.preparedQuery(TransferQueries.UPSERT).execute(args)
        .compose(rows -> queueIntake
            ? JobStore.queueIntakes(conn, List.of(m.counterparty()), now).map(rows) : Future.succeededFuture(rows))
        // A returned row was written now (inserted, or pending until now): screened, it is announced.
        .compose(rows -> rows.size() > 0 ? announce(conn, first(rows), now)
            : conn.preparedQuery(TransferQueries.BY_KEY).execute(Tuple.of(key.chainId(), key.txHash(), key.logIndex(),
                key.address(), key.direction().name())).map(TransferStore::first));
  }

  Future<Optional<TransferRecord>> byId(long id) {
    return db.readPrimary(c -> c.preparedQuery(TransferQueries.BY_ID).execute(Tuple.of(id)))
        .map(rows -> rows.size() == 0 ? Optional.empty() : Optional.of(first(rows).record()));
  }

  Future<List<TransferRecord>> pendingFor(List<String> counterparties) {
    return db.readPrimary(c -> c.preparedQuery(TransferQueries.PENDING_FOR)
            .execute(Tuple.of(counterparties.toArray(String[]::new))))
        .map(TransferStore::all);
  }

  /** The pending row's new state; empty when it was screened meanwhile. */
  Future<Optional<TransferRecord>> update(long id, long confirmations, TransferVerdict v, Instant now) {
    Tuple args = Tuple.tuple().addLong(id).addLong(confirmations).addString(v.status().name())
        .addString(v.verdict() == null ? null : v.verdict().name()).addString(json(v.reasons()))
        .addString(json(v.warnings())).addValue(utc(now));
    return db.transaction(conn -> conn.preparedQuery(TransferQueries.UPDATE_PENDING).execute(args)
        .compose(rows -> rows.size() == 0 ? Future.succeededFuture(Optional.<TransferRecord>empty())
            : announce(conn, first(rows), now).map(s -> Optional.of(s.record()))));
  }

  /**
   * The transfer.screened event of a row this transaction just wrote, when it is screened and a
   * key owns it: in the same transaction as the verdict, so it exists exactly when the verdict
   * commits. A row leaves pending once (both writes require it pending), so once per screening.
   */
  private static Future<Stored> announce(SqlConnection conn, Stored s, Instant now) {
    if (s.apiKey() == null || !"screened".equals(s.record().status())) {
      return Future.succeededFuture(s);
    }
    return Outbox.append(conn, s.apiKey(), s.record().address(), Outbox.TRANSFER_SCREENED, DecisionWatch.Cause.transfer,
        event(s.record()), now)
        // Keys watching the address (watched deposit addresses) get theirs at the same moment.
        .compose(x -> TransferWatchStore.announceWatchers(conn, s.record(), s.apiKey(), now))
        .map(s);
  }

  /** The event's {@code current}: what was screened and the verdict. */
  static JsonObject event(TransferRecord t) {
    JsonObject o = new JsonObject().put("screeningId", t.id()).put("chainId", t.chainId()).put("txHash", t.txHash());
    if (t.logIndex() != null) {
      o.put("logIndex", t.logIndex());
    }
    o.put("address", t.address()).put("direction", t.direction()).put("counterparty", t.counterparty())
        .put("asset", t.asset());
    if (t.token() != null) {
      o.put("token", t.token());
    }
    if (t.symbol() != null) {
      o.put("symbol", t.symbol());
    }
    o.put("amount", t.amount());
    if (t.amountUsd() != null) {
      o.put("amountUsd", t.amountUsd());
    }
    return o.put("verdict", t.verdict().name())
        .put("reasonCodes", new JsonArray(t.reasons().stream().map(Coded::code).toList()))
        .put("modelVersion", t.modelVersion());
  }

  private static Stored first(RowSet<Row> rows) {
    Row r = rows.iterator().next();
    return new Stored(r.getBoolean("inserted"), record(r), r.getLong("api_key_id"));
  }

  private static List<TransferRecord> all(RowSet<Row> rows) {
    List<TransferRecord> out = new ArrayList<>(rows.size());
    rows.forEach(r -> out.add(record(r)));
    return out;
  }

  private static TransferRecord record(Row r) {
    long logIndex = r.getLong("log_index");
    String token = r.getString("token");
    String usd = r.getString("usd");
    String verdict = r.getString("verdict");
    return new TransferRecord(r.getLong("id"), r.getLong("chain_id"), r.getString("tx_hash"),
        logIndex < 0 ? null : logIndex, r.getString("address"), r.getString("direction"), r.getString("counterparty"),
        token == null ? TransferRecord.NATIVE : TransferRecord.TOKEN, token, r.getString("symbol"),
        r.getInteger("decimals"), r.getBoolean("valued"), r.getString("amount"),
        usd == null ? null : plain(new BigDecimal(usd)), r.getLong("block"), r.getLong("confirmations"),
        r.getInteger("required_confirmations"), r.getString("status"), verdict == null ? null : Verdict.valueOf(verdict),
        coded(r.getString("reasons")), coded(r.getString("warnings")), TransferRules.VERSION,
        r.getOffsetDateTime("created_at").toInstant(), r.getOffsetDateTime("updated_at").toInstant());
  }

  /** The transfer a stored row names, for recomputing its verdict. */
  static Moved moved(TransferRecord t) {
    return new Moved(t.logIndex(), t.token(), t.symbol(), t.decimals(), t.valued(), t.amountUsd() != null,
        t.counterparty(), new java.math.BigInteger(t.amount()));
  }

  /** 20000.000000 as 20000, 1.500000 as 1.5 (never 2E+4). */
  private static BigDecimal plain(BigDecimal v) {
    BigDecimal s = v.stripTrailingZeros();
    return s.scale() < 0 ? s.setScale(0) : s;
  }

  private static String json(List<Coded> coded) {
    try {
      return JSON.writeValueAsString(coded);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static List<Coded> coded(String json) {
    try {
      return List.copyOf(JSON.readValue(json, CODED));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("transfer_screenings holds unreadable reasons", e);
    }
  }

  private static OffsetDateTime utc(Instant i) {
    return i.atOffset(ZoneOffset.UTC);
  }
}
