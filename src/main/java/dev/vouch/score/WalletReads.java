package dev.vouch.score;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.vouch.exposure.model.SummaryJson;
import dev.vouch.graph.model.TrustEdge;
import dev.vouch.graph.model.TrustSubject;
import dev.vouch.score.model.Breakdown;
import dev.vouch.score.model.ChainCoverage;
import dev.vouch.score.model.CommittedSnapshot;
import dev.vouch.score.model.Evidence;
import dev.vouch.store.Gateway;
import dev.vouch.store.StoreException;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.math.BigInteger;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The read side of the score capability: wallet states for the decision and score reads, from the
 * read model {@code wallet_reads} (one primary-key lookup per wallet, one {@code = ANY} per batch).
 * The writers keep that table (see {@link SnapshotCommits} and docs/architecture.md).
 */
public final class WalletReads {

  private final Gateway db;
  private final boolean primary;

  public WalletReads(Gateway db) {
    this(db, false);
  }

  /**
   * {@code primary}: every read on the primary, never a replica (the read cache's fills: a
   * replica behind an announced commit would put the row from before it back in the cache).
   */
  public WalletReads(Gateway db, boolean primary) {
    this.db = db;
    this.primary = primary;
  }

  private <T> Future<T> reading(java.util.function.Function<SqlClient, Future<T>> op) {
    return primary ? db.readPrimary(op) : db.read(op);
  }

  /** Over a pool of a test's own, translation only. */
  public WalletReads(Pool pool) {
    this(Gateway.direct(pool));
  }

  /** The single-wallet read (lowercase, valid address): one primary-key lookup. */
  public Future<WalletState> read(String wallet) {
    return reading(c -> c.preparedQuery(WalletReadQueries.READ_ONE).execute(Tuple.of(wallet)))
        .map(rows -> rows.size() == 0 ? WalletState.nothing(wallet)
            : map(new Named(rows.iterator().next(), AT)));
  }

  /**
   * One statement for any number of addresses and usernames together, answered in input order.
   * A row that cannot be mapped fails only its own entries.
   */
  public Future<List<Resolved>> resolve(List<Lookup> lookups) {
    List<String> addresses = new ArrayList<>(lookups.size());
    List<String> usernames = new ArrayList<>();
    for (Lookup l : lookups) {
      if (l.wallet() != null) {
        addresses.add(l.wallet());
      } else {
        usernames.add(l.username().toLowerCase(Locale.ROOT));
      }
    }
    return reading(c -> c.preparedQuery(WalletReadQueries.READ_MANY)
            .execute(Tuple.tuple().addArrayOfString(addresses.toArray(String[]::new))
                .addArrayOfString(usernames.toArray(String[]::new))))
        .map(rows -> {
          Map<String, Resolved> byAddress = new HashMap<>(rows.size() * 2);
          Map<String, Resolved> byUsername = new HashMap<>();
          for (Row row : rows) {
            Named named = new Named(row, AT);
            Resolved r = resolved(named);
            byAddress.put(named.getString("address"), r);
            String username = named.getString("username");
            if (username != null) {
              byUsername.put(username.toLowerCase(Locale.ROOT), r);
            }
          }
          List<Resolved> out = new ArrayList<>(lookups.size());
          for (Lookup l : lookups) {
            if (l.wallet() != null) {
              Resolved r = byAddress.get(l.wallet());
              out.add(r != null ? r : Resolved.found(WalletState.nothing(l.wallet())));
            } else {
              Resolved r = byUsername.get(l.username().toLowerCase(Locale.ROOT));
              out.add(r != null ? r : Resolved.unknown());
            }
          }
          return out;
        });
  }

  /**
   * Wallets' state derived from the tables on a caller's connection, by wallet (a wallet with
   * nothing has its empty state): the monitoring hooks compare a write's before and after inside
   * its transaction, where wallet_reads still holds the before until the commit.
   */
  public static Future<Map<String, WalletState>> readFresh(SqlClient client, List<String> wallets) {
    return client.preparedQuery(WalletReadQueries.FRESH_MANY)
        .execute(Tuple.of(wallets.toArray(String[]::new)))
        .recover(t -> Future.failedFuture(StoreException.translate(t)))
        .map(rows -> {
          Map<String, WalletState> byWallet = new HashMap<>(wallets.size() * 2);
          for (Row row : rows) {
            WalletState state = map(new Named(row, AT));
            byWallet.put(state.wallet(), state);
          }
          for (String w : wallets) {
            byWallet.computeIfAbsent(w, WalletState::nothing);
          }
          return byWallet;
        });
  }

  /**
   * The statement {@link #resolveEntries} runs: the read model over the entries a caller's SQL
   * selects as (ord, address). Build it once, as a constant beside the entries' SQL.
   */
  public static String overEntries(String entries) {
    return WalletReadQueries.ofEntries(entries);
  }

  /**
   * Runs a statement {@link #overEntries} built (a page of a watchlist), in entry order: one
   * statement. An entry with a null address is {@link Resolved#unknown()}.
   */
  public static Future<List<Resolved>> resolveEntries(SqlClient client, String overEntries, Tuple args) {
    return client.preparedQuery(overEntries).execute(args)
        .recover(t -> Future.failedFuture(StoreException.translate(t)))
        .map(rows -> {
          List<Resolved> out = new ArrayList<>(rows.size());
          for (Row row : rows) {
            Named named = new Named(row, ENTRY_AT);
            String entry = named.getString("entry");
            if (entry == null) {
              out.add(Resolved.unknown());
            } else if (named.getString("address") == null) {
              out.add(Resolved.found(WalletState.nothing(entry)));
            } else {
              out.add(resolved(named));
            }
          }
          return out;
        });
  }

  private static Resolved resolved(Named row) {
    try {
      return Resolved.found(map(row));
    } catch (RuntimeException e) {
      return Resolved.failed(new StoreException(StoreException.Kind.OTHER, "unreadable state row", e));
    }
  }

  /** Column positions, fixed by the statements (WalletReadQueries): the driver searches names on every get by name. */
  private static final Map<String, Integer> AT = WalletReadQueries.positions(0);
  private static final Map<String, Integer> ENTRY_AT = WalletReadQueries.positions(1);

  /** A read-model row whose values are got by name through the result's positions. */
  private record Named(Row row, Map<String, Integer> at) {
    private int i(String column) {
      Integer position = at.get(column);
      if (position == null) {
        throw new IllegalStateException("no column " + column + " in the read state");
      }
      return position;
    }

    String getString(String c) {
      return row.getString(i(c));
    }

    Integer getInteger(String c) {
      return row.getInteger(i(c));
    }

    Long getLong(String c) {
      return row.getLong(i(c));
    }

    Boolean getBoolean(String c) {
      return row.getBoolean(i(c));
    }

    String[] getArrayOfStrings(String c) {
      return row.getArrayOfStrings(i(c));
    }

    OffsetDateTime getOffsetDateTime(String c) {
      return row.getOffsetDateTime(i(c));
    }

    Object getValue(String c) {
      return row.getValue(i(c));
    }
  }

  private static WalletState map(Named row) {
    String wallet = row.getString("address");
    Optional<CommittedSnapshot> snapshot = Optional.empty();
    if (row.getLong("snapshot_id") != null) {
      Breakdown b = new Breakdown(
          row.getInteger("global_wallet_age"), row.getInteger("cross_chain_activity"),
          row.getInteger("arc_activity"), row.getInteger("counterparty_diversity"),
          row.getInteger("verified_attestations"), row.getInteger("propagated_trust"),
          row.getInteger("transaction_activity"), row.getInteger("risk_penalty"));
      String[] chains = row.getArrayOfStrings("active_chains");
      Evidence e = new Evidence(
          row.getInteger("global_wallet_age_days"), chains.length,
          row.getLong("total_tx_count"), row.getLong("arc_tx_count"),
          row.getInteger("unique_counterparties"), row.getInteger("flagged_counterparties"),
          row.getLong("failed_tx_count"), row.getInteger("accepted_attestations"),
          row.getInteger("attestation_counterparties"), row.getLong("peer_score_sum"),
          row.getInteger("seasoned_counterparties"));
      snapshot = Optional.of(new CommittedSnapshot(
          row.getInteger("score"), b, e, row.getString("score_model_version"),
          row.getOffsetDateTime("committed_at").toInstant(), List.copyOf(Arrays.asList(chains)),
          coverage(row.getString("coverage")), flaggedLists(row.getValue("flagged_lists")),
          evidenceReadAt(row.getString("coverage")), SummaryJson.read(row.getString("exposure"))));
    }
    OffsetDateTime first = row.getOffsetDateTime("first_activity_at");
    Object edges = row.getValue("edges");
    return new WalletState(wallet, row.getString("username"), snapshot,
        edges(edges instanceof JsonArray a ? a : null), Boolean.TRUE.equals(row.getBoolean("in_flight")),
        new TrustSubject(wallet, first == null ? null : first.toInstant(), row.getString("funder")));
  }

  /**
   * When the oldest evidence of the snapshot was read: the "at" of a chain that kept earlier
   * evidence after a transient failure (the commit writes it for those; the fallback for every
   * chain); null when none, which means the commit time. Parsed again only when "at" is there.
   */
  private static Instant evidenceReadAt(String json) {
    if (json == null || !json.contains("\"at\"")) {
      return null;
    }
    JsonArray rows = new JsonArray(json);
    Long oldest = null;
    for (int i = 0; i < rows.size(); i++) {
      JsonObject c = rows.getJsonObject(i);
      Long at = c.getLong("at");
      if (at != null && !"error".equals(c.getString("status")) && (oldest == null || at < oldest)) {
        oldest = at;
      }
    }
    return oldest == null ? null : Instant.ofEpochMilli(oldest);
  }

  /**
   * Coverage texts repeat across wallets (the same chains with the same statuses and sources), so
   * each distinct text is parsed once; the records are immutable and shared. Caffeine bounds it by
   * size and evicts the least useful texts one by one, never the whole set at once.
   */
  static List<ChainCoverage> coverage(String json) {
    return json == null ? List.of() : PARSED.get(json, WalletReads::parse);
  }

  private static final Cache<String, List<ChainCoverage>> PARSED = Caffeine.newBuilder()
      .maximumSize(4096)
      .executor(Runnable::run)   // eviction on the caller: no pool thread behind an event loop
      .build();

  static long parsedTexts() {
    PARSED.cleanUp();
    return PARSED.estimatedSize();
  }

  /** Straight from the text to records: no intermediate JSON tree. */
  private static List<ChainCoverage> parse(String json) {
    try {
      return List.of(COVERAGE_READER.<ChainCoverage[]>readValue(json));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("unreadable coverage of a committed snapshot", e);
    }
  }

  private static final ObjectReader COVERAGE_READER = new ObjectMapper()
      .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
      .readerFor(ChainCoverage[].class);

  private static Map<String, Integer> flaggedLists(Object json) {
    if (!(json instanceof JsonObject o)) {
      return Map.of();
    }
    Map<String, Integer> out = new TreeMap<>();
    o.forEach(en -> out.put(en.getKey(), ((Number) en.getValue()).intValue()));
    return out;
  }

  private static List<TrustEdge> edges(JsonArray rows) {
    if (rows == null) {
      return List.of();
    }
    List<TrustEdge> out = new ArrayList<>(rows.size());
    for (int i = 0; i < rows.size(); i++) {
      JsonObject e = rows.getJsonObject(i);
      String value = e.getString("value");
      Long peerFirst = e.getLong("peerFirst");
      out.add(new TrustEdge(e.getString("peer"), Instant.ofEpochMilli(e.getLong("at")), e.getBoolean("out"),
          value == null ? null : new BigInteger(value), peerFirst == null ? null : Instant.ofEpochMilli(peerFirst),
          e.getString("peerFunder"), e.getInteger("peerSeasoned")));
    }
    return out;
  }
}
