package dev.vouch.screening;

import dev.vouch.config.ScreeningSource;
import dev.vouch.screening.model.Category;
import dev.vouch.store.DatabaseUrl;
import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * Loads one list into the label store (V124) over JDBC, the one client that can COPY: the source
 * is parsed as it streams and its rows are written to a COPY into a table of the new version's
 * own, so heap use is a buffer, whatever the list's size. Bounded by bytes and by rows; an
 * endless or oversized source is refused with its reason, its table dropped, and the previous
 * version stays in force. A complete load is indexed, then attached and made current in one
 * short transaction under the label lock, with its differences queued for the sweep
 * (label_diffs). Blocking throughout: worker threads only.
 *
 * <p>One load per list at a time over all processes (a session advisory lock): a second process
 * waits, then finds the same bytes already current and loads nothing.
 */
final class LabelLoader {

  /** Namespace of the per-list load lock (the label lock is 30324). */
  private static final int LOAD_LOCK = 30330;
  private static final Duration FETCH_TIMEOUT = Duration.ofSeconds(120);
  private static final int FLUSH_AT = 1 << 16;

  /** What a load did. {@code changed} false: the same bytes were current already. */
  record Outcome(String list, boolean changed, long rows, Map<Category, Long> counts) {
    /** "1,000,000 labels (999,000 scam, 1,000 sanctioned)". */
    String counted() {
      StringBuilder b = new StringBuilder(String.format("%,d", rows)).append(rows == 1 ? " label" : " labels");
      if (!counts.isEmpty()) {
        StringJoiner j = new StringJoiner(", ", " (", ")");
        counts.forEach((c, n) -> j.add(String.format("%,d", n) + " " + c.name()));
        b.append(j);
      }
      return b.toString();
    }
  }

  private final DatabaseUrl url;
  private final long maxBytes;
  private final long maxRows;

  LabelLoader(DatabaseUrl url, long maxBytes, long maxRows) {
    this.url = url;
    this.maxBytes = maxBytes;
    this.maxRows = maxRows;
  }

  private Connection connect() throws SQLException {
    Connection c = DriverManager.getConnection(url.jdbcUrl(), url.user(), url.password());
    c.setAutoCommit(true);
    return c;
  }

  /** Loads {@code src} (the inline addresses of list CONFIG as one source: {@code inline}). */
  Outcome load(ScreeningSource src, List<String> inline) throws IOException, SQLException {
    try (Connection c = connect()) {
      try (PreparedStatement lock = c.prepareStatement("SELECT pg_advisory_lock(?, hashtext(?))")) {
        lock.setInt(1, LOAD_LOCK);
        lock.setString(2, src.name());
        lock.execute();
      }
      try {
        dropLeftovers(c, src.name());
        String current = currentSha(c, src.name());
        if (src.path() != null && !src.path().isBlank() && Files.isRegularFile(Path.of(src.path())) || inline != null) {
          // A file is hashed first (bounded, a buffer of heap): an unchanged one is not loaded again.
          // A pipe or a device can be read once only: it is hashed as it loads, as a URL is.
          String sha;
          try (InputStream in = open(src, inline)) {
            sha = drain(in);
          }
          if (sha.equals(current)) {
            return new Outcome(src.name(), false, 0, Map.of());
          }
        }
        return copy(c, src, inline, current);
      } finally {
        try (PreparedStatement unlock = c.prepareStatement("SELECT pg_advisory_unlock(?, hashtext(?))")) {
          unlock.setInt(1, LOAD_LOCK);
          unlock.setString(2, src.name());
          unlock.execute();
        }
      }
    }
  }

  /**
   * Retires the current version of every list not in {@code configured}: the last process to
   * start with a configuration decides which lists are in force. Returns the lists retired.
   */
  List<String> retireOthers(Collection<String> configured) throws SQLException {
    List<String> retired = new ArrayList<>();
    try (Connection c = connect()) {
      c.setAutoCommit(false);
      try (Statement s = c.createStatement()) {
        s.execute(LabelQueries.LABEL_LOCK);
      }
      try (PreparedStatement p = c.prepareStatement(LabelQueries.RETIRE_OTHERS)) {
        p.setArray(1, c.createArrayOf("text", configured.toArray()));
        try (ResultSet r = p.executeQuery()) {
          while (r.next()) {
            retired.add(r.getString(1));
          }
        }
      }
      if (!retired.isEmpty()) {
        try (Statement s = c.createStatement()) {
          s.execute(LabelQueries.SET_STATE);
          s.execute(LabelQueries.RETAG);
        }
      }
      c.commit();
    }
    return retired;
  }

  /** Drops the tables of retired versions whose differences were swept (none pending names them). */
  int dropSwept() throws SQLException {
    int dropped = 0;
    try (Connection c = connect()) {
      List<Long> ids = new ArrayList<>();
      try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(LabelQueries.SWEPT)) {
        while (r.next()) {
          ids.add(r.getLong(1));
        }
      }
      for (long id : ids) {
        try (Statement s = c.createStatement()) {
          // Detached without blocking readers of labels, then dropped on its own.
          s.execute("ALTER TABLE labels DETACH PARTITION " + table(id) + " CONCURRENTLY");
          s.execute("DROP TABLE " + table(id));
          s.execute("DELETE FROM label_versions WHERE id = " + id);
          dropped++;
        }
      }
    }
    return dropped;
  }

  static String table(long version) {
    return "labels_v" + version;
  }

  private static String currentSha(Connection c, String list) throws SQLException {
    try (PreparedStatement p = c.prepareStatement(LabelQueries.CURRENT_SHA)) {
      p.setString(1, list);
      try (ResultSet r = p.executeQuery()) {
        return r.next() ? r.getString(1) : null;
      }
    }
  }

  /** A load that died (crash, lost connection) left a table; this process holds the list's lock. */
  private static void dropLeftovers(Connection c, String list) throws SQLException {
    List<Long> ids = new ArrayList<>();
    try (PreparedStatement p = c.prepareStatement(LabelQueries.LOADING_OF)) {
      p.setString(1, list);
      try (ResultSet r = p.executeQuery()) {
        while (r.next()) {
          ids.add(r.getLong(1));
        }
      }
    }
    for (long id : ids) {
      discard(c, id);
    }
  }

  private static void discard(Connection c, long id) throws SQLException {
    if (!c.getAutoCommit()) {
      c.rollback();
      c.setAutoCommit(true);
    }
    try (Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS " + table(id));
      s.execute("DELETE FROM label_versions WHERE id = " + id);
    }
  }

  private Outcome copy(Connection c, ScreeningSource src, List<String> inline, String currentSha)
      throws IOException, SQLException {
    long id;
    try (PreparedStatement p = c.prepareStatement(LabelQueries.NEW_VERSION)) {
      p.setString(1, src.name());
      p.setString(2, src.type().name());
      p.setString(3, src.location());
      try (ResultSet r = p.executeQuery()) {
        r.next();
        id = r.getLong(1);
      }
    }
    String t = table(id);
    try {
      try (Statement s = c.createStatement()) {
        s.execute("CREATE TABLE " + t + " (LIKE labels INCLUDING DEFAULTS)");
      }
      Counted counted;
      String sha;
      try (InputStream raw = open(src, inline)) {
        DigestInputStream in = new DigestInputStream(raw, sha256());
        counted = stream(c, src, id, in);
        sha = HexFormat.of().formatHex(in.getMessageDigest().digest());
        if (raw instanceof Bounded b) {
          counted.bytes = b.read;
        }
      }
      if (sha.equals(currentSha)) {
        // A URL's bytes are known only once read: unchanged, so this copy goes.
        discard(c, id);
        return new Outcome(src.name(), false, 0, Map.of());
      }
      index(c, src, id);
      try (Statement s = c.createStatement()) {
        // Attach then needs no scan of its own: the constraint already proved every row's version.
        s.execute("ALTER TABLE " + t + " ADD CONSTRAINT " + t + "_version CHECK (version = " + id + ")");
        s.execute("ANALYZE " + t);
      }
      switchTo(c, src.name(), id, sha, counted);
      return new Outcome(src.name(), true, counted.rows, counted.counts);
    } catch (IOException | SQLException | RuntimeException e) {
      try {
        discard(c, id);
      } catch (SQLException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  /** Rows and categories counted as they streamed. */
  private static final class Counted {
    long rows;
    long bytes;
    final Map<Category, Long> counts = new EnumMap<>(Category.class);
  }

  private Counted stream(Connection c, ScreeningSource src, long id, InputStream in) throws IOException, SQLException {
    CopyIn copy = c.unwrap(PGConnection.class).getCopyAPI().copyIn(
        "COPY " + table(id) + " (version, line, address, chain_id, category, name, source) FROM STDIN");
    Counted counted = new Counted();
    StringBuilder buf = new StringBuilder(FLUSH_AT + 1024);
    String version = Long.toString(id);
    ListParsers.Sink sink = (line, address, chainId, category, name, source) -> {
      if (++counted.rows > maxRows) {
        throw new IOException("list " + src.name() + " has more than " + String.format("%,d", maxRows)
            + " rows (models.listMaxRows)");
      }
      counted.counts.merge(category, 1L, Long::sum);
      buf.append(version).append('\t').append(line).append('\t').append(address).append('\t')
          .append(chainId == null ? 0 : chainId).append('\t').append(category.name()).append('\t');
      escape(buf, name);
      buf.append('\t');
      escape(buf, source);
      buf.append('\n');
      if (buf.length() >= FLUSH_AT) {
        flush(copy, buf);
      }
    };
    try {
      switch (src.type()) {
        case labels -> ListParsers.labels(src.name(), in, sink);
        case ofac_sdn -> ListParsers.sdnXml(src.name(), in, sink);
        default -> ListParsers.csv(src.name(), in, sink);
      }
      flush(copy, buf);
      copy.endCopy();
      return counted;
    } catch (IOException | SQLException | RuntimeException e) {
      if (copy.isActive()) {
        copy.cancelCopy();
      }
      throw e;
    }
  }

  private static void flush(CopyIn copy, StringBuilder buf) throws IOException {
    if (buf.isEmpty()) {
      return;
    }
    byte[] bytes = buf.toString().getBytes(StandardCharsets.UTF_8);
    try {
      copy.writeToCopy(bytes, 0, bytes.length);
    } catch (SQLException e) {
      throw new IOException("the label store refused the copy: " + e.getMessage(), e);
    }
    buf.setLength(0);
  }

  /** COPY text format: backslash, tab, newline and carriage return escaped. */
  private static void escape(StringBuilder b, String s) {
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      switch (ch) {
        case '\\' -> b.append("\\\\");
        case '\t' -> b.append("\\t");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        default -> b.append(ch);
      }
    }
  }

  /**
   * Built once the rows are in (cheaper than upkeep row by row). A label list's index is unique
   * on (address, chain, category): a duplicate refuses the list, named by its second line.
   * Screening lists may repeat an address (the first label wins at lookup).
   */
  private static void index(Connection c, ScreeningSource src, long id) throws SQLException, IOException {
    String t = table(id);
    if (src.type() != ScreeningSource.Type.labels) {
      try (Statement s = c.createStatement()) {
        s.execute("CREATE INDEX " + t + "_address ON " + t + " (address, line)");
      }
      return;
    }
    try (Statement s = c.createStatement()) {
      s.execute("CREATE UNIQUE INDEX " + t + "_address ON " + t + " (address, chain_id, category)");
    } catch (SQLException e) {
      if (!"23505".equals(e.getSQLState())) {
        throw e;
      }
      try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("""
          SELECT b.line, b.address, b.chain_id, b.category FROM %1$s a JOIN %1$s b
              ON a.address = b.address AND a.chain_id = b.chain_id AND a.category = b.category AND a.line < b.line
           ORDER BY b.line LIMIT 1""".formatted(t))) {
        if (r.next()) {
          throw ListParsers.duplicate(src.name(), r.getInt(1), r.getString(2), r.getLong(3), r.getString(4));
        }
      }
      throw e;
    }
  }

  /**
   * The version switch, one short transaction under the label lock: the table is attached, the
   * list's current version retired, this one made current, the differences queued for the sweep,
   * the stored labels version (V98 exposure_label_state) set and every pending recompute retagged.
   */
  private static void switchTo(Connection c, String list, long id, String sha, Counted counted) throws SQLException {
    c.setAutoCommit(false);
    try {
      try (Statement s = c.createStatement()) {
        s.execute(LabelQueries.LABEL_LOCK);
        s.execute("ALTER TABLE labels ATTACH PARTITION " + table(id) + " FOR VALUES IN (" + id + ")");
      }
      Long old = null;
      try (PreparedStatement p = c.prepareStatement(LabelQueries.RETIRE)) {
        p.setString(1, list);
        try (ResultSet r = p.executeQuery()) {
          old = r.next() ? r.getLong(1) : null;
        }
      }
      try (PreparedStatement p = c.prepareStatement(LabelQueries.MAKE_CURRENT)) {
        StringJoiner json = new StringJoiner(",", "{", "}");
        counted.counts.forEach((k, n) -> json.add("\"" + k.name() + "\":" + n));
        p.setString(1, sha);
        p.setLong(2, counted.rows);
        p.setLong(3, counted.bytes);
        p.setString(4, json.toString());
        p.setLong(5, id);
        p.execute();
      }
      try (PreparedStatement p = c.prepareStatement(LabelQueries.QUEUE_DIFF)) {
        p.setString(1, list);
        if (old == null) {
          p.setNull(2, java.sql.Types.BIGINT);
        } else {
          p.setLong(2, old);
        }
        p.setLong(3, id);
        p.execute();
      }
      try (Statement s = c.createStatement()) {
        s.execute(LabelQueries.SET_STATE);
        s.execute(LabelQueries.RETAG);
      }
      c.commit();
    } finally {
      if (!c.getAutoCommit()) {
        c.setAutoCommit(true);
      }
    }
  }

  /** Reads a source to its end (bounded); its SHA-256. */
  private static String drain(InputStream raw) throws IOException {
    DigestInputStream in = new DigestInputStream(raw, sha256());
    byte[] buf = new byte[1 << 16];
    while (in.read(buf) >= 0) {
      // hashing only
    }
    return HexFormat.of().formatHex(in.getMessageDigest().digest());
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private InputStream open(ScreeningSource src, List<String> inline) throws IOException {
    if (inline != null) {
      return new Bounded(new ByteArrayInputStream((String.join("\n", inline) + "\n").getBytes(StandardCharsets.UTF_8)),
          maxBytes);
    }
    if (src.path() != null && !src.path().isBlank()) {
      return new Bounded(Files.newInputStream(Path.of(src.path())), maxBytes);
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
      return new Bounded(r.body(), maxBytes);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }

  /** Fails the read once more than {@code max} bytes came in. */
  static final class Bounded extends FilterInputStream {
    private final long max;
    long read;

    Bounded(InputStream in, long max) {
      super(in);
      this.max = max;
    }

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
      if (read > max) {
        throw new IOException("list is larger than " + String.format("%,d", max) + " bytes (models.listMaxBytes)");
      }
    }
  }
}
