package dev.vouch.indexing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Anvil;
import dev.vouch.support.ChainsFile;
import dev.vouch.support.ChainsFile.Entry;
import dev.vouch.support.FaultyRpc;
import dev.vouch.support.FaultyRpc.Reply;
import dev.vouch.support.RawHttp;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestKeys;
import dev.vouch.support.TestRedis;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Issue 12 item 6: intakes (and keyed refreshes) of one wallet sent truly in parallel (separate connections, every
 * request held back short of its last byte until all are connected, then released together)
 * start exactly one job and charge exactly one start, also when the worker fails that job within
 * milliseconds (its only chain refuses every request) so that later decisions meet the cooldown.
 * Real HTTP, Postgres and Redis; the refusing chain is a tiny local server (a fault Anvil cannot
 * produce on demand).
 */
@Tag("fault")
class ConcurrentScanStartTest {

  static final int PARALLEL = 8;
  static final int PER_MINUTE = 1000;
  static FaultyRpc refusing;
  static TestApp app;
  static ExecutorService pool;

  @BeforeAll
  static void start() {
    // 400 is a standing refusal: no retry, no backoff, the run fails at once.
    refusing = FaultyRpc.start((n, body) -> Reply.status(400, "{}"));
    Map<String, String> env = new HashMap<>(Map.of(
        "CHAINS_FILE", ChainsFile.write(List.of(Entry.history("Arc Testnet", 5042002, "USDC", refusing.url))).toString(),
        "REDIS_URL", TestRedis.url(),
        "VOUCH_BUDGETS_REDIS_KEY_PREFIX", TestRedis.uniquePrefix(),
        "VOUCH_BUDGETS_REDIS_TIMEOUT_MILLIS", "5000",
        "VOUCH_HTTP_TRUSTED_PROXIES", "127.0.0.1/32",
        // Budget windows follow the test's fixed clock: the unit arithmetic below cannot cross a minute.
        "VOUCH_BUDGETS_REDIS_WINDOW_CLOCK", "instance",
        "VOUCH_BUDGETS_ANONYMOUS_PER_MINUTE", Integer.toString(PER_MINUTE),
        "VOUCH_INDEXING_POLL_MS", "50",
        "VOUCH_INDEXING_RPC_RETRIES", "0"));
    app = TestApp.start(env);
    pool = Executors.newFixedThreadPool(PARALLEL);
  }

  @AfterAll
  static void stop() {
    pool.shutdownNow();
    app.close();
    refusing.close();
  }

  @Test
  void parallelIntakesOfAWalletWhoseJobFailsAtOnceStartOneJobAndChargeOneStart() throws Exception {
    // Several wallets, each its own burst: the interleaving differs each time.
    for (int round = 0; round < 4; round++) {
      String ip = "198.51.100." + (10 + round);
      String wallet = Anvil.randomAddress();
      List<RawHttp.Answer> answers = burst(wallet, ip);

      assertThat(Sql.count(app.database, "SELECT count(*) FROM index_jobs WHERE wallet = ?", wallet))
          .as("jobs of %s", wallet).isEqualTo(1);
      Sql.await("the job of " + wallet + " failed", 30_000, () -> Sql.count(app.database,
          "SELECT count(*) FROM index_jobs WHERE wallet = ? AND state = 'failed'", wallet) == 1);
      int started = 0;
      int cooldown = 0;
      for (RawHttp.Answer a : answers) {
        String status = a.status() == 429 ? null : a.json().getJsonObject("data").getString("status");
        if ("started".equals(status)) {
          started++;
          assertThat(a.header("X-RateLimit-Remaining")).isNotNull();
        } else if (a.status() == 429) {
          cooldown++;
          assertThat(a.json().getJsonObject("error").getString("code")).isEqualTo("RATE_LIMITED");
          assertThat(a.json().getJsonObject("error").getString("message")).contains("cooldown");
          assertThat(a.header("X-RateLimit-Remaining")).isNotNull();   // SPEC 3.2: units already spent
        } else {
          assertThat(a.status()).isEqualTo(202);
          assertThat(status).isEqualTo("indexing");
          assertThat(a.header("X-RateLimit-Remaining")).as("a free answer").isNull();
        }
      }
      assertThat(started).as("started answers for %s", wallet).isEqualTo(1);
      // Units: the start and each cooldown answer spent 8; every "indexing" answer was given back.
      assertThat(remainingAfterOneUnit(ip)).isEqualTo(PER_MINUTE - 8L * (1 + cooldown) - 1);
      // The daily scan cap counted one start: 24 of 25 left, so 24 more wallets start today.
      assertThat(scansLeftToday(ip)).isEqualTo(24);
    }
  }

  @Test
  void parallelIntakesAfterTheJobFailedAllMeetTheCooldownAndStartNothing() throws Exception {
    String ip = "198.51.100.50";
    String wallet = Anvil.randomAddress();
    RawHttp.Answer first = RawHttp.once(app.port, request(wallet, ip));
    assertThat(first.json().getJsonObject("data").getString("status")).isEqualTo("started");
    Sql.await("the job failed", 30_000, () -> Sql.count(app.database,
        "SELECT count(*) FROM index_jobs WHERE wallet = ? AND state = 'failed'", wallet) == 1);

    List<RawHttp.Answer> answers = burst(wallet, ip);

    assertThat(answers).allSatisfy(a -> {
      assertThat(a.status()).isEqualTo(429);
      assertThat(a.json().getJsonObject("error").getString("message")).contains("cooldown");
    });
    assertThat(Sql.count(app.database, "SELECT count(*) FROM index_jobs WHERE wallet = ?", wallet)).isEqualTo(1);
    assertThat(scansLeftToday(ip)).isEqualTo(24);
  }

  @Test
  void parallelKeyedRefreshesOfANewWalletStartOneJobWithOneLedgerRowAndOneCharge() throws Exception {
    for (int round = 0; round < 4; round++) {
      refreshRound();
    }
  }

  /** One burst of refreshes of a new wallet by a new key (its own budget). */
  static void refreshRound() throws Exception {
    TestKeys.Key key = TestKeys.create(app.app.config(), "developer");
    String wallet = Anvil.randomAddress();
    String refresh = "POST /api/v1/interaction-graph/" + wallet + "/refresh HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        + "Authorization: " + key.bearer() + "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";

    List<RawHttp.Answer> answers = burst(refresh);

    assertThat(Sql.count(app.database, "SELECT count(*) FROM index_jobs WHERE wallet = ?", wallet)).isEqualTo(1);
    assertThat(Sql.count(app.database, "SELECT count(*) FROM refresh_ledger WHERE wallet = ?", wallet)).isEqualTo(1);
    int cooldown = 0;
    int started = 0;
    for (RawHttp.Answer a : answers) {
      if (a.status() == 429) {
        cooldown++;
        assertThat(a.json().getJsonObject("error").getString("message")).contains("cooldown");
      } else if ("started".equals(a.json().getJsonObject("data").getString("status"))) {
        started++;
        assertThat(a.json().getJsonObject("data").getString("mode")).isEqualTo("first_index");
      } else {
        assertThat(a.json().getJsonObject("data").getString("status")).isEqualTo("indexing");
        assertThat(a.header("X-RateLimit-Remaining")).isNull();
      }
    }
    assertThat(started).isEqualTo(1);
    // developer: 120 units a minute; the start and each cooldown answer spent 5, then one unit read.
    RawHttp.Answer probe = RawHttp.once(app.port, "GET /api/v1/decision/" + Anvil.randomAddress()
        + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: " + key.bearer() + "\r\nConnection: close\r\n\r\n");
    assertThat(Long.parseLong(probe.header("X-RateLimit-Remaining"))).isEqualTo(120 - 5L * (1 + cooldown) - 1);
  }

  /** PARALLEL intakes of one wallet on their own connections, released together. */
  static List<RawHttp.Answer> burst(String wallet, String ip) throws Exception {
    return burst(request(wallet, ip));
  }

  /** PARALLEL copies of one request on their own connections, released together. */
  static List<RawHttp.Answer> burst(String request) throws Exception {
    String head = request.substring(0, request.length() - 1);
    List<RawHttp> connections = new ArrayList<>();
    try {
      for (int i = 0; i < PARALLEL; i++) {
        RawHttp c = new RawHttp(app.port);
        connections.add(c);
        c.write(head);
      }
      for (RawHttp c : connections) {
        c.write("\n");
      }
      List<Future<RawHttp.Answer>> reads = new ArrayList<>();
      for (RawHttp c : connections) {
        reads.add(pool.submit(c::read));
      }
      List<RawHttp.Answer> answers = new ArrayList<>();
      for (Future<RawHttp.Answer> r : reads) {
        answers.add(r.get(60, TimeUnit.SECONDS));
      }
      return answers;
    } finally {
      for (RawHttp c : connections) {
        c.close();
      }
    }
  }

  static String request(String wallet, String ip) {
    return "POST /api/v1/intake/" + wallet + " HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: " + ip
        + "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
  }

  /** X-RateLimit-Remaining of a one-unit read by the same client. */
  static long remainingAfterOneUnit(String ip) throws Exception {
    RawHttp.Answer a = RawHttp.once(app.port, "GET /api/v1/decision/" + Anvil.randomAddress()
        + " HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: " + ip + "\r\nConnection: close\r\n\r\n");
    assertThat(a.status()).isEqualTo(200);
    return Long.parseLong(a.header("X-RateLimit-Remaining"));
  }

  /** Starts fresh wallets until the daily scan cap refuses one; how many started. */
  static int scansLeftToday(String ip) throws Exception {
    int n = 0;
    while (n <= 25) {
      RawHttp.Answer a = RawHttp.once(app.port, request(Anvil.randomAddress(), ip));
      if (a.status() == 429) {
        assertThat(a.json().getJsonObject("error").getString("message")).doesNotContain("cooldown");
        return n;
      }
      assertThat(a.status()).isEqualTo(202);
      n++;
    }
    return n;
  }
}
