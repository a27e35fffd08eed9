package dev.vouch.screening;

import dev.vouch.config.ScreeningSource;
import dev.vouch.screening.model.Category;
import dev.vouch.screening.model.Label;
import dev.vouch.screening.model.LabelSet;
import dev.vouch.screening.model.Listing;
import dev.vouch.screening.model.ScreeningSet;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.TreeSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;

/**
 * The screening lists of {@code models.flaggedAddresses}, loaded at start (a list that cannot be
 * read stops the start: screening must not silently run without it) and read again every
 * {@code screeningRefreshMinutes}. A refresh that fails keeps that list's last good version. The
 * current merged set is one immutable value, shared by every verticle of the process. Label lists
 * (type labels) load the same way: their sanctioned entries join the screening set, and every
 * screening entry is a label of category sanctioned, so {@link #labels()} is the one merged view.
 * Both are published together as one {@link Lists} in one volatile field: a reader never sees a
 * screening set of one load with the labels of another.
 */
public final class Screening {

  private static final Logger LOG = Logger.getLogger(Screening.class.getName());
  /** The full SDN XML is tens of MB; anything past this is not a list we expect. */
  static final long MAX_BYTES = 256L << 20;
  private static final Duration FETCH_TIMEOUT = Duration.ofSeconds(120);

  private final List<ScreeningSource> sources;
  private final Map<String, ScreeningSet> lastGood = new LinkedHashMap<>();
  private final Map<String, List<Label>> lastGoodLabels = new LinkedHashMap<>();
  /** When each read list (not inline ones) was last read successfully: the labels' asOf is the oldest. */
  private final Map<String, java.time.Instant> lastGoodAt = new LinkedHashMap<>();
  private volatile Lists lists = new Lists(ScreeningSet.EMPTY, LabelSet.EMPTY);

  /** The screening set and the labels of one load, published together. */
  public record Lists(ScreeningSet screening, LabelSet labels) {}

  private Screening(List<ScreeningSource> sources) {
    this.sources = sources;
  }

  /** Fixed lists, for tests and tools that do not read files. */
  public static Screening fixed(ScreeningSet set) {
    Screening s = new Screening(List.of());
    s.lists = new Lists(set, labelsOf(set, List.of(), java.util.Set.of(), null));
    return s;
  }

  /** Fixed lists and labels, for tests. */
  public static Screening fixed(ScreeningSet set, List<Label> labels) {
    Screening s = new Screening(List.of());
    s.lists = new Lists(set, labelsOf(set, labels, java.util.Set.of(), null));
    return s;
  }

  /** Loads every list once (off the event loop), then schedules refreshes. */
  public static Future<Screening> start(Vertx vertx, List<ScreeningSource> sources, int refreshMinutes) {
    Screening s = new Screening(sources);
    return vertx.executeBlocking(() -> {
      s.reload(true);
      return s;
    }, false).onSuccess(x -> {
      if (refreshMinutes > 0 && !sources.isEmpty()) {
        long every = Duration.ofMinutes(refreshMinutes).toMillis();
        vertx.setPeriodic(every, every, id -> vertx.executeBlocking(() -> {
          s.reload(false);
          return null;
        }, false));
      }
    });
  }

  /** Every list's addresses as of the last load. */
  public ScreeningSet current() {
    return lists.screening();
  }

  /** The screening set and the labels of the last load, as one value (read this when using both). */
  public Lists lists() {
    return lists;
  }

  /** Every label as of the last load, screening entries included as sanctioned, versioned by hash. */
  public LabelSet labels() {
    return lists.labels();
  }

  /**
   * Reads every list again. At start (strict) a failure fails the whole load; later a failed list
   * keeps its previous version and is logged. Blocking: call from a worker thread.
   */
  public synchronized void reload(boolean strict) {
    java.time.Instant started = java.time.Instant.now();
    Map<String, List<String>> inline = new LinkedHashMap<>();
    for (ScreeningSource src : sources) {
      if (src.type() == ScreeningSource.Type.inline) {
        inline.computeIfAbsent(src.name(), k -> new ArrayList<>()).add(src.address());
        continue;
      }
      try {
        java.time.Instant readAt = java.time.Instant.now();
        ScreeningSet set;
        String loaded = null;
        if (src.type() == ScreeningSource.Type.labels) {
          List<Label> parsed = readLabels(src);
          List<Label> previous = lastGoodLabels.put(src.name(), parsed);
          set = sanctionedOf(src.name(), parsed);
          if (!parsed.equals(previous)) {
            loaded = "label list " + src.name() + " loaded from " + src.location() + ": " + labelCounts(parsed);
          }
        } else {
          set = read(src);
        }
        ScreeningSet before = lastGood.put(src.name(), set);
        lastGoodAt.put(src.name(), readAt);
        int n = set.sizes().getOrDefault(src.name(), 0);
        if (loaded == null && src.type() != ScreeningSource.Type.labels
            && (before == null || !before.addresses().equals(set.addresses()))) {
          loaded = "screening list " + src.name() + " loaded from " + src.location() + ": " + n
              + (n == 1 ? " address" : " addresses");
        }
        if (loaded != null) {
          String line = loaded;
          LOG.info(() -> line);
        }
      } catch (IOException | RuntimeException e) {
        String why = "screening list " + src.name() + " could not be read from " + src.location() + ": " + reason(e);
        if (strict) {
          throw new IllegalStateException(why, e);
        }
        LOG.warning(why + (lastGood.containsKey(src.name()) ? "; keeping the previous version" : ""));
      }
    }
    inline.forEach((name, addresses) -> lastGood.put(name, ScreeningSet.of(name, addresses)));
    ScreeningSet.Builder merged = new ScreeningSet.Builder();
    lastGood.values().forEach(merged::addAll);
    ScreeningSet set = merged.build();
    List<Label> own = new ArrayList<>();
    lastGoodLabels.values().forEach(own::addAll);
    // A label list's sanctioned rows keep their own source; only the other lists' entries become labels here.
    java.time.Instant asOf = lastGoodAt.values().stream().min(java.util.Comparator.naturalOrder()).orElse(started);
    lists = new Lists(set, labelsOf(set, own, lastGoodLabels.keySet(), asOf));
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

  /** "3 labels (2 sanctioned, 1 mixer)": what a label list holds, by category, for the log. */
  static String labelCounts(List<Label> labels) {
    java.util.Map<Category, Integer> by = new java.util.EnumMap<>(Category.class);
    labels.forEach(l -> by.merge(l.category(), 1, Integer::sum));
    StringBuilder b = new StringBuilder().append(labels.size()).append(labels.size() == 1 ? " label" : " labels");
    if (!by.isEmpty()) {
      java.util.StringJoiner j = new java.util.StringJoiner(", ", " (", ")");
      by.forEach((c, k) -> j.add(k + " " + c.name()));
      b.append(j);
    }
    return b.toString();
  }

  /** A label list's sanctioned entries as a screening list named after it (chain-specific ones too). */
  static ScreeningSet sanctionedOf(String list, List<Label> parsed) {
    ScreeningSet.Builder b = new ScreeningSet.Builder().declare(list);
    parsed.stream().filter(l -> l.category() == Category.sanctioned).forEach(l -> b.add(list, l.address(), l.name()));
    return b.build();
  }

  /**
   * Screening entries (except those a label list put there) as sanctioned labels plus the labels; the version is the SHA-256 of
   * every entry in one sorted text form, so equal contents give equal versions in every process.
   */
  static LabelSet labelsOf(ScreeningSet set, List<Label> other, java.util.Set<String> labelLists,
      java.time.Instant asOf) {
    List<Label> all = new ArrayList<>(other);
    for (String a : set.addresses()) {
      for (Listing l : set.lookup(a)) {
        if (labelLists.contains(l.list())) {
          continue;
        }
        all.add(new Label(a, null, Category.sanctioned, l.label().isBlank() ? l.list() : l.label(), l.list()));
      }
    }
    if (all.isEmpty()) {
      return asOf == null ? LabelSet.EMPTY : LabelSet.of(List.of(), LabelSet.EMPTY.version(), asOf);
    }
    TreeSet<String> lines = new TreeSet<>();
    all.forEach(l -> lines.add(l.address() + "," + (l.chainId() == null ? "" : l.chainId()) + "," + l.category()
        + "," + l.name() + "," + l.source()));
    try {
      MessageDigest d = MessageDigest.getInstance("SHA-256");
      lines.forEach(line -> d.update((line + "\n").getBytes(StandardCharsets.UTF_8)));
      return LabelSet.of(all, "sha256:" + HexFormat.of().formatHex(d.digest()).substring(0, 16), asOf);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static List<Label> readLabels(ScreeningSource src) throws IOException {
    try (InputStream in = open(src)) {
      return ListParsers.labels(src.name(), in);
    }
  }

  private static ScreeningSet read(ScreeningSource src) throws IOException {
    try (InputStream in = open(src)) {
      return src.type() == ScreeningSource.Type.csv
          ? ListParsers.csv(src.name(), in)
          : ListParsers.sdnXml(src.name(), in);
    }
  }

  private static InputStream open(ScreeningSource src) throws IOException {
    if (src.path() != null && !src.path().isBlank()) {
      return bounded(Files.newInputStream(Path.of(src.path())));
    }
    HttpClient http = HttpClient.newBuilder()
        .followRedirects(HttpClient.Redirect.NEVER)
        .connectTimeout(Duration.ofSeconds(10))
        .build();
    try {
      HttpResponse<InputStream> r = http.send(HttpRequest.newBuilder(URI.create(src.url()))
          .timeout(FETCH_TIMEOUT).header("User-Agent", "vouch-screening").GET().build(),
          HttpResponse.BodyHandlers.ofInputStream());
      if (r.statusCode() != 200) {
        r.body().close();
        throw new IOException("HTTP " + r.statusCode() + " (redirects are not followed: configure the final URL)");
      }
      return bounded(r.body());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }

  /** Fails the read once more than MAX_BYTES came in. */
  private static InputStream bounded(InputStream in) {
    return new FilterInputStream(in) {
      private long read;

      @Override
      public int read() throws IOException {
        int b = super.read();
        count(b < 0 ? 0 : 1);
        return b;
      }

      @Override
      public int read(byte[] buf, int off, int len) throws IOException {
        int n = super.read(buf, off, len);
        count(Math.max(n, 0));
        return n;
      }

      private void count(int n) throws IOException {
        read += n;
        if (read > MAX_BYTES) {
          throw new IOException("list is larger than " + MAX_BYTES + " bytes");
        }
      }
    };
  }
}
