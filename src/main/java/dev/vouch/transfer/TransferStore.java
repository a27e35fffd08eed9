package dev.vouch.transfer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.vouch.decision.model.Coded;
import dev.vouch.decision.model.PolicyRef;
import dev.vouch.decision.model.Verdict;
import dev.vouch.indexing.JobStore;
import dev.vouch.monitoring.DecisionWatch;
import dev.vouch.monitoring.Outbox;
import dev.vouch.policy.Policies;
import dev.vouch.store.Gateway;
import dev.vouch.transfer.model.CounterpartyEvidence;
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
import java.util.HashMap;
import java.util.Map;
import java.util.List;
import java.util.Optional;

/** transfer_screenings (V104): one mapper, parameterized statements only. */
final class TransferStore {

  /** A stored screening, whether this write created it, and the key that owns its event (null: none). */
  record Stored(boolean inserted, TransferRecord record, Long apiKey) {}

  /**
   * The natural key (CONTRACT 10): the native value is log index -1. The policy version it is
   * decided under is part of it (V122; 0 / 0 the default), so callers with different policies
   * never share a verdict.
   */
  record Key(long chainId, String txHash, long logIndex, String address, Direction direction, long policyId,
      int policyVersion) {

    Key(long chainId, String txHash, long logIndex, String address, Direction direction, PolicyRef policy) {
      this(chainId, txHash, logIndex, address, direction, policy == null ? 0 : Policies.idOf(policy),
          policy == null ? 0 : policy.version());
    }
  }

  /** Instants as ISO 8601 text, as on the wire and in the receipt's canonical payload. */
  private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
      .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
  private static final TypeReference<List<Coded>> CODED = new TypeReference<>() {};

  private final Gateway db;

  TransferStore(Gateway db) {
    this.db = db;
  }

  static long logIndex(Moved m) {
    return m.logIndex() == null ? -1 : m.logIndex();
  }

  /**
   * One screening to write: its key, what moved, where the chain stood, the verdict, its evidence
   * and the policy it was decided under (null: the default; the same as the key's).
   */
  record Write(Key key, Moved moved, long block, long confirmations, int required, TransferVerdict verdict,
      CounterpartyEvidence evidence, PolicyRef policy) {}

  /**
   * Inserts the screening or brings a pending one up to date, in one transaction with the
   * counterparty's intake when asked; a row already screened is answered as it is.
   */
  Future<Stored> save(Write w, boolean queueIntake, Long apiKey, Instant now) {
    return saveAll(List.of(w), queueIntake ? List.of(w.moved().counterparty()) : List.of(), apiKey, now)
        .map(all -> all.get(0));
  }

  /**
   * Any number of screenings (distinct keys) in one transaction: one upsert, the intakes of
   * {@code intakes}, one read of the rows already screened, and one outbox statement for the rows
   * this write screened. Answers in the order of {@code writes}.
   */
  Future<List<Stored>> saveAll(List<Write> writes, List<String> intakes, Long apiKey, Instant now) {
    return db.transaction(conn -> saveAllOn(conn, writes, intakes, apiKey, now));
  }

  /**
   * One screening on the caller's transaction (a watched scan commits its screenings with its
   * cursor); no counterparty evidence is kept for it.
   */
  static Future<Stored> saveOn(SqlConnection conn, Key key, Moved m, long block, long confirmations, int required,
      TransferVerdict v, PolicyRef policy, boolean queueIntake, Long apiKey, Instant now) {
    return saveAllOn(conn, List.of(new Write(key, m, block, confirmations, required, v, null, policy)),
        queueIntake ? List.of(m.counterparty()) : List.of(), apiKey, now).map(all -> all.get(0));
  }

  /** {@link #saveAll} on the caller's transaction. */
  static Future<List<Stored>> saveAllOn(SqlConnection conn, List<Write> writes, List<String> intakes, Long apiKey,
      Instant now) {
    int n = writes.size();
    Long[] chain = new Long[n];
    String[] hash = new String[n];
    Long[] log = new Long[n];
    String[] address = new String[n];
    String[] direction = new String[n];
    String[] counterparty = new String[n];
    String[] token = new String[n];
    String[] symbol = new String[n];
    Integer[] decimals = new Integer[n];
    Boolean[] valued = new Boolean[n];
    String[] amount = new String[n];
    String[] usd = new String[n];
    Long[] block = new Long[n];
    Long[] confirmations = new Long[n];
    Integer[] required = new Integer[n];
    String[] status = new String[n];
    String[] verdict = new String[n];
    String[] reasons = new String[n];
    String[] warnings = new String[n];
    String[] evidence = new String[n];
    Long[] policyId = new Long[n];
    Integer[] policyVersion = new Integer[n];
    String[] policyHash = new String[n];
    for (int i = 0; i < n; i++) {
      Write w = writes.get(i);
      Moved m = w.moved();
      TransferVerdict v = w.verdict();
      chain[i] = w.key().chainId();
      hash[i] = w.key().txHash();
      log[i] = w.key().logIndex();
      address[i] = w.key().address();
      direction[i] = w.key().direction().name();
      counterparty[i] = m.counterparty();
      token[i] = m.token();
      symbol[i] = m.symbol();
      decimals[i] = m.decimals();
      valued[i] = m.valued();
      amount[i] = m.amount().toString();
      usd[i] = m.usdValue() == null ? null : m.usdValue().toPlainString();
      block[i] = w.block();
      confirmations[i] = w.confirmations();
      required[i] = w.required();
      status[i] = v.status().name();
      verdict[i] = v.verdict() == null ? null : v.verdict().name();
      reasons[i] = json(v.reasons());
      warnings[i] = json(v.warnings());
      evidence[i] = w.evidence() == null ? null : json(w.evidence());
      policyId[i] = w.key().policyId();
      policyVersion[i] = w.key().policyVersion();
      policyHash[i] = w.policy() == null ? null : w.policy().hash();
    }
    Tuple args = Tuple.tuple().addArrayOfLong(chain).addArrayOfString(hash).addArrayOfLong(log)
        .addArrayOfString(address).addArrayOfString(direction).addArrayOfString(counterparty).addArrayOfString(token)
        .addArrayOfString(symbol).addArrayOfInteger(decimals).addArrayOfBoolean(valued).addArrayOfString(amount)
        .addArrayOfString(usd).addArrayOfLong(block).addArrayOfLong(confirmations).addArrayOfInteger(required)
        .addArrayOfString(status).addArrayOfString(verdict).addArrayOfString(reasons).addArrayOfString(warnings)
        .addArrayOfString(evidence).addArrayOfLong(policyId).addArrayOfInteger(policyVersion)
        .addArrayOfString(policyHash).addValue(utc(now)).addValue(apiKey);
    return conn.preparedQuery(TransferQueries.UPSERT_MANY).execute(args)
        .compose(rows -> intakes.isEmpty() ? Future.succeededFuture(rows)
            : JobStore.queueIntakes(conn, intakes, now).map(rows))
        .compose(rows -> {
          Map<Key, Stored> byKey = new HashMap<>(n * 2);
          rows.forEach(r -> byKey.put(key(r), stored(r)));
          // A returned row was written now (inserted, or pending until now): screened, it is announced.
          List<Outbox.Event> events = new ArrayList<>();
          byKey.values().forEach(st -> {
            if (st.apiKey() != null && "screened".equals(st.record().status())) {
              events.add(new Outbox.Event(st.apiKey(), st.record().address(), event(st.record())));
            }
          });
          List<Write> rest = writes.stream().filter(w -> !byKey.containsKey(w.key())).toList();
          Future<Void> owners = Outbox.appendAll(conn, events, Outbox.TRANSFER_SCREENED,
              DecisionWatch.Cause.transfer, now);
          // Keys watching the address (watched deposit addresses) get theirs at the same moment:
          // one read of every screened row's watchers, one outbox statement.
          List<Stored> screened = byKey.values().stream().filter(st -> "screened".equals(st.record().status())).toList();
          Future<Void> announced = screened.isEmpty() ? owners
              : owners.compose(v -> TransferWatchStore.announceWatchersOfAll(conn,
                  screened.stream().map(Stored::record).toList(), screened.stream().map(Stored::apiKey).toList(), now));
          Future<RowSet<Row>> kept = rest.isEmpty() ? Future.succeededFuture(null)
              : conn.preparedQuery(TransferQueries.BY_KEYS).execute(Tuple.tuple()
                  .addArrayOfLong(rest.stream().map(w -> w.key().chainId()).toArray(Long[]::new))
                  .addArrayOfString(rest.stream().map(w -> w.key().txHash()).toArray(String[]::new))
                  .addArrayOfLong(rest.stream().map(w -> w.key().logIndex()).toArray(Long[]::new))
                  .addArrayOfString(rest.stream().map(w -> w.key().address()).toArray(String[]::new))
                  .addArrayOfString(rest.stream().map(w -> w.key().direction().name()).toArray(String[]::new))
                  .addArrayOfLong(rest.stream().map(w -> w.key().policyId()).toArray(Long[]::new))
                  .addArrayOfInteger(rest.stream().map(w -> w.key().policyVersion()).toArray(Integer[]::new)));
          return announced.compose(v -> kept).map(found -> {
            if (found != null) {
              found.forEach(r -> byKey.put(key(r), stored(r)));
            }
            List<Stored> out = new ArrayList<>(n);
            for (Write w : writes) {
              Stored st = byKey.get(w.key());
              if (st == null) {
                throw new IllegalStateException("transfer screening " + w.key() + " neither written nor found");
              }
              out.add(st);
            }
            return out;
          });
        });
  }

  private static Key key(Row r) {
    return new Key(r.getLong("chain_id"), r.getString("tx_hash"), r.getLong("log_index"), r.getString("address"),
        Direction.valueOf(r.getString("direction")), r.getLong("policy_id"), r.getInteger("policy_version"));
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
  Future<Optional<TransferRecord>> update(long id, long confirmations, TransferVerdict v, CounterpartyEvidence evidence,
      Instant now) {
    Tuple args = Tuple.tuple().addLong(id).addLong(confirmations).addString(v.status().name())
        .addString(v.verdict() == null ? null : v.verdict().name()).addString(json(v.reasons()))
        .addString(json(v.warnings())).addValue(utc(now)).addString(evidence == null ? null : json(evidence));
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
    o.put("verdict", t.verdict().name())
        .put("reasonCodes", new JsonArray(t.reasons().stream().map(Coded::code).toList()))
        .put("modelVersion", t.modelVersion());
    if (t.policy() != null) { // the policy version it was decided under; absent for the default
      o.put("policy", new JsonObject().put("id", t.policy().id()).put("version", t.policy().version())
          .put("hash", t.policy().hash()));
    }
    return o;
  }

  private static Stored first(RowSet<Row> rows) {
    return stored(rows.iterator().next());
  }

  private static Stored stored(Row r) {
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
        coded(r.getString("reasons")), coded(r.getString("warnings")), evidence(r.getString("evidence")),
        TransferRules.VERSION, policy(r),
        r.getOffsetDateTime("created_at").toInstant(), r.getOffsetDateTime("updated_at").toInstant());
  }

  /** The policy version a row was decided under (V122); null for the default. */
  private static PolicyRef policy(Row r) {
    long id = r.getLong("policy_id");
    return id == 0 ? null : new PolicyRef(Policies.publicId(id), r.getInteger("policy_version"),
        r.getString("policy_hash"));
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

  private static CounterpartyEvidence evidence(String json) {
    if (json == null) {
      return null;
    }
    try {
      return JSON.readValue(json, CounterpartyEvidence.class);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("transfer_screenings holds unreadable evidence", e);
    }
  }

  private static String json(Object value) {
    try {
      return JSON.writeValueAsString(value);
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
