package dev.vouch.score;

import static dev.vouch.support.Observe.await;
import static dev.vouch.support.Observe.metric;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Snapshots;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two API instances on one database, each with its read cache (issue 26 item 1): a commit made
 * anywhere reaches the other instance's cache through the writers' announcement (V91), and an
 * instance whose listening connection is killed drops everything it kept.
 */
class ReadCacheInstancesTest {

  static TestApp a;
  static TestApp b;
  static final Map<String, String> ENV = new HashMap<>(TestApp.UNMETERED);

  @BeforeAll
  static void start() {
    // An hour-long backstop: within a test only an announcement or a drop can refresh an entry.
    ENV.put("VOUCH_DATABASE_READ_CACHE_MILLIS", "3600000");
    // No worker: a job queued by a test stays in flight (nothing runs it away between two reads).
    ENV.put("VOUCH_ROLE", "api");
    a = TestApp.start(ENV);
    b = TestApp.startOn(a.database, ENV);
  }

  @AfterAll
  static void stop() {
    b.close();
    a.close();
  }

  private static String wallet(int i) {
    return String.format("0x%040x", 0xcace00 + i);
  }

  private static String lastIndexedAt(TestApp app, String w) {
    JsonObject data = TestApp.data(app.get("/api/v1/decision/" + w));
    return data.getJsonObject("freshness").getString("lastIndexedAt");
  }

  private static double hits(TestApp app) {
    return metric(app, "cache_gets_total{cache=\"wallet_reads\",result=\"hit\"}");
  }

  /** Both instances listen (their caches fill only then). */
  private static void bothListening(String w) {
    for (TestApp app : new TestApp[] {a, b}) {
      Sql.await("the cache of " + app.port + " serves hits", 30_000, () -> {
        double before = hits(app);
        lastIndexedAt(app, w);
        lastIndexedAt(app, w);
        return hits(app) > before;
      });
    }
  }

  @Test
  void aCommitIsSeenByTheOtherInstanceThroughTheAnnouncement() {
    String w = wallet(1);
    Instant first = a.clock.instant().minusSeconds(3600);
    Snapshots.commit(a.app.pool(), Snapshots.of(w, Snapshots.strong(), first, Snapshots.healthyCoverage(first)));
    bothListening(w);
    assertThat(lastIndexedAt(b, w)).isEqualTo(first.toString());
    double announced = metric(b, "vouch_read_cache_announced_total");

    Instant second = a.clock.instant().minusSeconds(60);
    Snapshots.commit(a.app.pool(), Snapshots.of(w, Snapshots.strong(), second, Snapshots.healthyCoverage(second)));
    Sql.await("instance b shows the new commit", 30_000, () -> lastIndexedAt(b, w).equals(second.toString()));
    assertThat(metric(b, "vouch_read_cache_announced_total")).isGreaterThan(announced);
    assertThat(lastIndexedAt(a, w)).isEqualTo(second.toString());
  }

  @Test
  void anInstanceWhoseListenerIsKilledDropsEverythingItKept() {
    String w = wallet(2);
    Instant first = a.clock.instant().minusSeconds(3600);
    Snapshots.commit(a.app.pool(), Snapshots.of(w, Snapshots.strong(), first, Snapshots.healthyCoverage(first)));
    bothListening(w);
    double lost = metric(b, "vouch_read_cache_drops_total{reason=\"lost\"}");

    // A change nobody announces (triggers off for this session): the caches keep the old row.
    Instant changed = first.plusSeconds(1800);
    await(a.app.pool().withConnection(c -> c.query("SET session_replication_role = replica").execute()
        .compose(x -> c.preparedQuery("UPDATE wallet_reads SET committed_at = $2 WHERE address = $1")
            .execute(Tuple.of(w, changed.atOffset(java.time.ZoneOffset.UTC))))
        .eventually(() -> c.query("RESET session_replication_role").execute())));
    assertThat(lastIndexedAt(b, w)).as("from memory").isEqualTo(first.toString());

    int killed = await(a.app.pool().query("""
        SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
         WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()""")
        .execute().map(rows -> rows.iterator().next().getLong(0).intValue()));
    assertThat(killed).as("the listeners of both instances").isGreaterThanOrEqualTo(2);

    Sql.await("instance b dropped its cache", 30_000, () -> lastIndexedAt(b, w).equals(changed.toString()));
    assertThat(metric(b, "vouch_read_cache_drops_total{reason=\"lost\"}")).isGreaterThan(lost);
    // Listening again after the reconnect, the cache serves hits again.
    Sql.await("b caches again after resubscribing", 30_000, () -> {
      double before = hits(b);
      lastIndexedAt(b, w);
      lastIndexedAt(b, w);
      return hits(b) > before;
    });
  }

  @Test
  void theInstanceThatCommitsSeesItsOwnCommitAtOnce() {
    String w = wallet(4);
    Instant first = a.clock.instant().minus(Duration.ofHours(2));
    Snapshots.commit(a.app.pool(), Snapshots.of(w, Snapshots.strong(), first, Snapshots.healthyCoverage(first)));
    bothListening(w);
    assertThat(TestApp.data(b.get("/api/v1/decision/" + w)).getJsonObject("freshness").getBoolean("refreshInProgress"))
        .isFalse();
    dev.vouch.support.TestKeys.Key key = dev.vouch.support.TestKeys.create(b.app.config(), "developer");
    var started = b.send(io.vertx.core.http.HttpMethod.POST, "/api/v1/interaction-graph/" + w + "/refresh", null,
        Map.of("Authorization", key.bearer()));
    assertThat(started.statusCode()).as(started.bodyAsString()).isEqualTo(202);
    // The very next read on the same instance: its writer dropped the row before answering.
    assertThat(TestApp.data(b.get("/api/v1/decision/" + w)).getJsonObject("freshness").getBoolean("refreshInProgress"))
        .isTrue();
  }

  @Test
  void theAnnouncementCarriesTheRewrittenWalletsWithASessionSequence() {
    String w = wallet(3);
    Instant at = a.clock.instant().minusSeconds(60);
    // A listener of its own; one session rewrites the row twice: its numbers follow one another.
    var payloads = new java.util.concurrent.LinkedBlockingQueue<String>();
    io.vertx.pgclient.PgConnection listener = await(io.vertx.pgclient.PgConnection.connect(a.app.vertx(),
        a.database.connectOptions()));
    try {
      listener.notificationHandler(n -> payloads.add(n.getPayload()));
      await(listener.query("LISTEN vouch_reads").execute());
      Snapshots.commit(a.app.pool(), Snapshots.of(w, Snapshots.strong(), at, Snapshots.healthyCoverage(at)));
      poll(payloads);
      String bump = "UPDATE wallet_reads SET score = score + 1 WHERE address = $1";
      Row r = await(a.app.pool().withConnection(c -> c.preparedQuery(bump).execute(Tuple.of(w))
          .compose(x -> c.preparedQuery(bump).execute(Tuple.of(w)))
          .compose(x -> c.query("SELECT current_setting('vouch.reads_session') s").execute())
          .map(rows -> rows.iterator().next())));
      String session = r.getString("s");
      String one = poll(payloads);
      String two = poll(payloads);
      assertThat(one).startsWith(session + ":").endsWith(w);
      long seq = Long.parseLong(one.split(":")[1]);
      assertThat(two).isEqualTo(session + ":" + (seq + 1) + ":" + w);
    } finally {
      listener.close();
    }
  }

  private static String poll(java.util.concurrent.BlockingQueue<String> q) {
    try {
      String s = q.poll(30, java.util.concurrent.TimeUnit.SECONDS);
      assertThat(s).as("an announcement").isNotNull();
      return s;
    } catch (InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }
}
