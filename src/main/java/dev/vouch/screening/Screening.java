package dev.vouch.screening;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.vouch.config.ScreeningSource;
import dev.vouch.screening.model.Category;
import dev.vouch.screening.model.Label;
import dev.vouch.screening.model.LabelSet;
import dev.vouch.screening.model.Listing;
import dev.vouch.screening.model.ScreeningSet;
import dev.vouch.store.DatabaseUrl;
import dev.vouch.store.Gateway;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.io.IOException;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Logger;

/**
 * The screening and label lists of {@code models.flaggedAddresses}, kept in PostgreSQL (V124), not
 * in this process's heap: each list is loaded with COPY into a version of its own
 * ({@link LabelLoader}) at start (a list that cannot be loaded stops the start, and whatever
 * version the database already holds stays in force) and again every
 * {@code screeningRefreshMinutes} in the background (a failure is logged and the previous version
 * stays). Readers ask for the addresses they need: {@link #scope} answers the current labels of a
 * few addresses (transfer screenings) and {@link #listings} the decisions' "is this wallet on a
 * list", both from one cache of addresses bounded by entries, dropped whole when the stored
 * version moves, the addresses it lacks read in one statement (with the version they are of).
 * Memory here does not grow with the lists.
 */
public final class Screening {

  private static final Logger LOG = Logger.getLogger(Screening.class.getName());

  private final Gateway db;
  private final List<ScreeningSource> sources;
  private final LabelLoader loader;
  /** Per address (lower case): its current labels and listings, of {@link #version}. */
  private final Cache<String, Entry> cache;
  /** The stored labels' version the cache's entries are of. */
  private volatile String version = LabelSet.EMPTY.version();

  /** The screening entries and the labels of some addresses, as one read (one version). */
  public record Scope(ScreeningSet screening, LabelSet labels) {}

  /** One address's labels and listings, as cached. */
  private record Entry(List<Label> labels, List<Listing> listings) {}

  /** Entries of some addresses and the version they are of. */
  private record Found(Map<String, Entry> entries, String version, Instant asOf) {}

  private Screening(Gateway db, List<ScreeningSource> sources, LabelLoader loader, int cacheEntries) {
    this.db = db;
    this.sources = sources;
    this.loader = loader;
    this.cache = Caffeine.newBuilder().maximumSize(Math.max(0, cacheEntries))
        .executor(Runnable::run)   // eviction on the caller: no pool thread behind an event loop
        .build();
  }

  /** Readers only (no lists of this process's own to load): tests and tools. */
  public static Screening reader(Gateway db) {
    return new Screening(db, List.of(), null, 10_000);
  }

  /**
   * Loads every list once (on a worker thread, strictly: a list that cannot be loaded fails the
   * start), then schedules refreshes and the check of the stored version.
   *
   * @param maxBytes a list's bound in bytes; {@code maxRows} in rows
   * @param cacheEntries addresses whose labels and listings are kept (decisions, transfer screenings)
   * @param checkMillis how often the stored version is read (another process's switch drops the cache)
   */
  public static Future<Screening> start(Vertx vertx, Gateway db, DatabaseUrl url, List<ScreeningSource> sources,
      int refreshMinutes, long maxBytes, long maxRows, int cacheEntries, long checkMillis) {
    Screening s = new Screening(db, sources, new LabelLoader(url, maxBytes, maxRows), cacheEntries);
    return vertx.executeBlocking(() -> {
      s.reload(true);
      return s;
    }, false).compose(x -> s.check()).map(v -> {
      if (refreshMinutes > 0 && !sources.isEmpty()) {
        long every = Duration.ofMinutes(refreshMinutes).toMillis();
        vertx.setPeriodic(every, every, id -> vertx.executeBlocking(() -> {
          s.reload(false);
          return null;
        }, false).onComplete(ar -> s.check()));
      }
      if (checkMillis > 0) {
        vertx.setPeriodic(checkMillis, checkMillis, id -> s.check());
      }
      return s;
    });
  }

  /** The stored labels' version as this process last saw it. */
  public String version() {
    return version;
  }

  /** Reads the stored version; a new one drops the cached listings. */
  public Future<String> check() {
    return db.read(c -> c.query("SELECT version FROM exposure_label_state").execute())
        .map(rows -> {
          String v = rows.size() == 0 ? LabelSet.EMPTY.version() : rows.iterator().next().getString(0);
          seen(v);
          return v;
        });
  }

  private void seen(String v) {
    if (!v.equals(version)) {
      cache.invalidateAll();
      version = v;
    }
  }

  /**
   * Loads every list again; the lists this process is not configured with are retired. At start
   * (strict) a failure fails the whole load; later a failed list keeps its previous version and is
   * logged. Blocking: call from a worker thread.
   */
  public synchronized void reload(boolean strict) {
    if (loader == null) {
      return;
    }
    Map<String, List<String>> inline = new HashMap<>();
    Set<String> names = new LinkedHashSet<>();
    List<ScreeningSource> files = new ArrayList<>();
    for (ScreeningSource src : sources) {
      names.add(src.name());
      if (src.type() == ScreeningSource.Type.inline) {
        inline.computeIfAbsent(src.name(), k -> new ArrayList<>()).add(src.address().toLowerCase(java.util.Locale.ROOT));
      } else {
        files.add(src);
      }
    }
    inline.forEach((name, addresses) -> files.add(new ScreeningSource(name, ScreeningSource.Type.inline, null, null,
        addresses.get(0))));
    for (ScreeningSource src : files) {
      try {
        LabelLoader.Outcome o = loader.load(src, src.type() == ScreeningSource.Type.inline ? inline.get(src.name()) : null);
        if (o.changed()) {
          // This process's own switch: its cached listings go now, not at the next check.
          cache.invalidateAll();
          version = "switched";
          String kind = src.type() == ScreeningSource.Type.labels ? "label list " : "screening list ";
          LOG.info(() -> kind + src.name() + " loaded from " + src.location() + ": " + o.counted());
        }
      } catch (IOException | SQLException | RuntimeException e) {
        String why = "screening list " + src.name() + " could not be read from " + src.location() + ": " + reason(e);
        if (strict) {
          throw new IllegalStateException(why, e);
        }
        LOG.warning(why + "; keeping the previous version");
      }
    }
    try {
      // The store is shared: a process configured with no list at all (an api replica or a one-off
      // started without the setting) leaves the others' lists in force instead of retiring them all.
      List<String> retired = names.isEmpty() ? List.of() : loader.retireOthers(names);
      if (!retired.isEmpty()) {
        LOG.info(() -> "lists no longer configured, retired: " + retired);
      }
      loader.dropSwept();
    } catch (SQLException e) {
      if (strict) {
        throw new IllegalStateException("the label store could not be updated: " + e.getMessage(), e);
      }
      LOG.warning("the label store could not be tidied (retried at the next refresh): " + e.getMessage());
    }
  }

  /** File exceptions carry only the path as their message: say what happened to it instead. */
  static String reason(Exception e) {
    if (e instanceof java.nio.file.NoSuchFileException) {
      return "not found";
    }
    if (e instanceof java.nio.file.AccessDeniedException) {
      return "not readable (permission denied)";
    }
    return e.getMessage();
  }

  /**
   * The current labels and screening entries of {@code addresses}: from the bounded cache, the
   * others in one statement.
   */
  public Future<Scope> scope(Collection<String> addresses) {
    return found(addresses).map(f -> {
      ScreeningSet.Builder screening = new ScreeningSet.Builder();
      List<Label> labels = new ArrayList<>();
      f.entries().forEach((a, e) -> {
        e.listings().forEach(l -> screening.add(l.list(), a, l.label()));
        labels.addAll(e.labels());
      });
      return new Scope(screening.build(), LabelSet.of(labels, f.version(), f.asOf()));
    });
  }

  /**
   * The entries of {@code addresses}: cached ones, the rest read in one statement and cached
   * when the version did not move meanwhile (when it did, every address is read again: one
   * answer is of one version).
   */
  private Future<Found> found(Collection<String> addresses) {
    Map<String, Entry> out = new HashMap<>(addresses.size() * 2);
    List<String> missing = new ArrayList<>();
    String at = version;
    for (String a : addresses) {
      String key = a.toLowerCase(java.util.Locale.ROOT);
      Entry hit = cache.getIfPresent(key);
      if (hit != null) {
        out.put(key, hit);
      } else if (!out.containsKey(key)) {
        missing.add(key);
      }
    }
    if (missing.isEmpty()) {
      return Future.succeededFuture(new Found(out, at, null));
    }
    return db.read(c -> scope(c, missing)).compose(s -> {
      boolean current = s.labels().version().equals(at);
      seen(s.labels().version());
      if (!current && missing.size() < out.size() + missing.size()) {
        return found(addresses);   // the cached entries were of the previous version: read them all
      }
      for (String a : missing) {
        Entry e = new Entry(s.labels().lookup(a), s.screening().lookup(a));
        out.put(a, e);
        if (current) {
          cache.put(a, e);
        }
      }
      return Future.succeededFuture(new Found(out, s.labels().version(), s.labels().asOf()));
    });
  }

  /** The same on a caller's connection (a commit's: the labels agree with its label lock). */
  public static Future<Scope> scope(SqlClient c, Collection<String> addresses) {
    Set<String> distinct = new HashSet<>(addresses.size() * 2);
    addresses.forEach(a -> distinct.add(a.toLowerCase(java.util.Locale.ROOT)));
    return c.preparedQuery(LabelQueries.LOOKUP).execute(Tuple.of(distinct.toArray(String[]::new)))
        .map(Screening::scopeOf);
  }

  static Scope scopeOf(RowSet<Row> rows) {
    ScreeningSet.Builder screening = new ScreeningSet.Builder();
    List<Label> labels = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    String version = LabelSet.EMPTY.version();
    Instant asOf = null;
    for (Row r : rows) {
      if ("v".equals(r.getString("kind"))) {
        version = r.getString("version");
        OffsetDateTime at = r.getOffsetDateTime("as_of");
        asOf = at == null ? null : at.toInstant();
        continue;
      }
      String list = r.getString("list");
      String address = r.getString("address");
      Category category = Category.parse(r.getString("category"));
      String name = r.getString("name");
      if (category == Category.sanctioned) {
        screening.add(list, address, name);
      }
      if ("labels".equals(r.getString("type"))) {
        long chain = r.getLong("chain_id");
        labels.add(new Label(address, chain == 0 ? null : chain, category, name, r.getString("source")));
      } else if (seen.add(list + "|" + address)) {
        // A screening list's entry is a sanctioned label (its first row of an address only).
        labels.add(new Label(address, null, Category.sanctioned, name.isBlank() ? list : name, list));
      }
    }
    return new Scope(screening.build(), LabelSet.of(labels, version, asOf));
  }

  /**
   * The lists each of {@code wallets} is on, for the decisions: from the bounded cache, the
   * others in one statement.
   */
  public Future<Map<String, List<Listing>>> listings(Collection<String> wallets) {
    return found(wallets).map(f -> {
      Map<String, List<Listing>> out = new HashMap<>(wallets.size() * 2);
      for (String w : wallets) {
        Entry e = f.entries().get(w.toLowerCase(java.util.Locale.ROOT));
        out.put(w, e == null ? List.of() : e.listings());
      }
      return out;
    });
  }

  /** What the database holds now, for the log and operators: "LABELS 1,000,000 labels (...)" per list. */
  public Future<List<String>> describe() {
    return db.read(c -> c.query(LabelQueries.CURRENT).execute()).map(rows -> {
      List<String> out = new ArrayList<>();
      for (Row r : rows) {
        out.add(r.getString("list") + " " + String.format("%,d", r.getLong("rows")) + " labels " + r.getString("categories"));
      }
      return out;
    });
  }
}
