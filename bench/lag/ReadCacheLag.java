import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.Arrays;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Cross-instance staleness of the read cache (issue 26 item 1), run from source by
 * bench/read-cache-lag.sh: rewrites one seeded wallet's read-model row on the primary (autocommit,
 * so the V91 trigger announces it at the commit), then reads the wallet's score from another API
 * instance, back to back, until the new value shows. The lag is from the commit's return to the
 * first read showing it; it includes one read's round trip, so it bounds the real lag from above.
 * Before each commit the wallet is read twice on that instance, so its old row is in the cache.
 *
 * Usage: java -cp <classpath> ReadCacheLag.java <jdbc-url> <api-base-url> <wallets> <commits>
 */
public final class ReadCacheLag {

  private static final Pattern SCORE = Pattern.compile("\"score\":(\\d+)");

  public static void main(String[] args) throws Exception {
    String jdbc = args[0];
    String api = args[1];
    int wallets = Integer.parseInt(args[2]);
    int commits = Integer.parseInt(args[3]);
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    Random random = new Random(26);
    long[] lags = new long[commits];
    long stale = 0;
    try (Connection db = DriverManager.getConnection(jdbc)) {
      db.setAutoCommit(true);
      PreparedStatement bump = db.prepareStatement(
          "UPDATE wallet_reads SET score = (score + 1) % 101 WHERE address = ? RETURNING score");
      for (int i = 0; i < commits; i++) {
        String w = String.format("0x%040x", 1 + random.nextInt(wallets));
        score(http, api, w);
        int before = score(http, api, w);
        bump.setString(1, w);
        int after;
        try (var rs = bump.executeQuery()) {
          rs.next();
          after = rs.getInt(1);
        }
        long committed = System.nanoTime();
        int seen = score(http, api, w);
        while (seen != after) {
          if (seen == before) {
            stale++;
          }
          if (System.nanoTime() - committed > 10_000_000_000L) {
            throw new IllegalStateException("commit " + i + " of " + w + " not seen in 10 s");
          }
          seen = score(http, api, w);
        }
        lags[i] = System.nanoTime() - committed;
      }
    }
    Arrays.sort(lags);
    System.out.printf("RESULT commits=%d p50_ms=%.2f p99_ms=%.2f p999_ms=%.2f max_ms=%.2f stale_reads=%d%n",
        commits, ms(at(lags, 0.50)), ms(at(lags, 0.99)), ms(at(lags, 0.999)), ms(lags[lags.length - 1]), stale);
  }

  private static int score(HttpClient http, String api, String wallet) throws Exception {
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(api + "/api/v1/score/" + wallet)).build(),
        HttpResponse.BodyHandlers.ofString());
    Matcher m = SCORE.matcher(r.body());
    if (r.statusCode() != 200 || !m.find()) {
      throw new IllegalStateException("score read answered " + r.statusCode() + ": " + r.body());
    }
    return Integer.parseInt(m.group(1));
  }

  private static long at(long[] sorted, double q) {
    return sorted[Math.min(sorted.length - 1, (int) Math.ceil(q * sorted.length) - 1)];
  }

  private static double ms(long nanos) {
    return nanos / 1e6;
  }
}
