package dev.vouch.indexing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vouch.support.Anvil;
import dev.vouch.support.Backdated;
import dev.vouch.support.ChainsFile;
import dev.vouch.support.ChainsFile.Entry;
import dev.vouch.support.EventStream;
import dev.vouch.support.EventStream.Event;
import dev.vouch.support.FaultyRpc;
import dev.vouch.support.FaultyRpc.Reply;
import dev.vouch.support.Sql;
import dev.vouch.support.TestApp;
import dev.vouch.support.TestDatabase;
import dev.vouch.store.DatabaseUrl;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Issue 19 item 4: GET /api/v1/intake/{wallet}/events. Two processes on one database: an API
 * instance (role api, no worker) that serves the streams, and a worker started only once the
 * first stream is open, on real Anvil chains (Arc and Ethereum) plus a chain whose node refuses
 * every request (a fault Anvil cannot produce on demand), so runs report an error chain too. A
 * real HTTP client reads each stream as it arrives. The first test starts the worker, so the
 * order is fixed.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class IntakeEventsTest {

  static final Duration WAIT = Duration.ofSeconds(60);
  static final AtomicInteger IPS = new AtomicInteger(10);
  static Anvil arc;
  static Anvil ethereum;
  static FaultyRpc refusing;
  static DatabaseUrl db;
  static Map<String, String> env;
  static TestApp api;
  static TestApp worker;

  @BeforeAll
  static void start() {
    arc = Anvil.start(5042002, Backdated.GENESIS);
    ethereum = Anvil.start(1, Backdated.GENESIS);
    refusing = FaultyRpc.start((n, body) -> Reply.status(400, "{}"));
    env = new HashMap<>(TestApp.UNMETERED);
    env.put("CHAINS_FILE", ChainsFile.write(List.of(Entry.history("Arc Testnet", 5042002, "USDC", arc.url),
        Entry.history("Ethereum Mainnet", 1, "ETH", ethereum.url),
        Entry.history("Base", 8453, "ETH", refusing.url))).toString());
    env.put("VOUCH_INDEXING_POLL_MS", "100");
    env.put("VOUCH_INDEXING_RPC_RETRIES", "0");
    env.put("VOUCH_HTTP_TRUSTED_PROXIES", "127.0.0.1/32");
    env.put("VOUCH_HTTP_EVENTS_HEARTBEAT_SECONDS", "1");
    env.put("VOUCH_HTTP_EVENTS_MAX_STREAMS_PER_CALLER", "2");
    db = TestDatabase.fresh();
    Map<String, String> apiEnv = new HashMap<>(env);
    apiEnv.put("VOUCH_ROLE", "api");
    api = TestApp.startOn(db, apiEnv);
  }

  @AfterAll
  static void stop() {
    if (worker != null) {
      worker.close();
    }
    api.close();
    arc.close();
    ethereum.close();
    refusing.close();
  }

  static Map<String, String> client() {
    return Map.of("X-Forwarded-For", "203.0.113." + IPS.incrementAndGet());
  }

  static EventStream stream(TestApp app, String wallet, Map<String, String> who) {
    return EventStream.open(app.port, "/api/v1/intake/" + wallet + "/events", who);
  }

  /** A wallet the worker does not take: its job is queued but due only tomorrow. */
  static String queuedForever() {
    String wallet = Anvil.randomAddress();
    queued(wallet);
    return wallet;
  }

  static void queued(String wallet) {
    Sql.exec(db, "INSERT INTO wallets (address) VALUES (?)", wallet);
    Sql.exec(db, "INSERT INTO index_jobs (wallet, kind, mode, state, created_at, not_before)"
        + " VALUES (?, 'intake', 'first_index', 'queued', now(), now() + interval '1 day')", wallet);
  }

  @Test
  @Order(1)
  void aStreamOnAnApiInstanceFollowsTheRunAnotherProcessIndexesInOrderToItsCommit() throws Exception {
    String wallet = Anvil.randomAddress();
    String funder = Anvil.randomAddress();
    arc.fund(funder);
    arc.sendAt(Backdated.days(5), funder, wallet, Backdated.E18);
    Map<String, String> who = client();
    HttpResponse<Buffer> intake = api.send(HttpMethod.POST, "/api/v1/intake/" + wallet, null, who);
    assertThat(TestApp.data(intake).getString("status")).isEqualTo("started");

    try (EventStream events = stream(api, wallet, who)) {
      assertThat(events.status).isEqualTo(200);
      assertThat(events.header("Content-Type")).startsWith("text/event-stream");
      assertThat(events.header("X-RateLimit-Remaining")).as("charged as a read").isNotNull();
      List<String> comments = new ArrayList<>();
      Event queued = events.nextEvent(WAIT, comments);
      assertThat(queued.name()).isEqualTo("queued");
      assertThat(queued.json().getString("wallet")).isEqualTo(wallet);
      assertThat(queued.json().getString("state")).isEqualTo("queued");
      long job = queued.json().getLong("job");

      // No worker yet: the stream waits (heartbeats) until one starts, in another process. The
      // worker starts only after a heartbeat came, or a fast start would leave none to see.
      Event beat = events.next(WAIT);
      assertThat(beat.name()).as("only heartbeats while no worker runs").isEqualTo(":");
      comments.add(beat.data());
      worker = TestApp.startOn(db, env);
      List<JsonObject> chains = new ArrayList<>();
      Event e = events.nextEvent(WAIT, comments);
      while ("chain".equals(e.name())) {
        chains.add(e.json());
        e = events.nextEvent(WAIT, comments);
      }
      assertThat(e.name()).isEqualTo("committed");
      assertThat(e.json().getString("wallet")).isEqualTo(wallet);
      assertThat(e.json().getString("lastIndexedAt")).isNotNull();
      assertThat(events.next(WAIT).end()).as("the stream ends at the commit").isTrue();

      assertThat(chains).extracting(c -> c.getInteger("done")).containsExactly(1, 2, 3);
      assertThat(chains).allSatisfy(c -> {
        assertThat(c.getLong("job")).isEqualTo(job);
        assertThat(c.getInteger("total")).isEqualTo(3);
      });
      Map<Long, String> outcomes = new HashMap<>();
      chains.forEach(c -> outcomes.put(c.getLong("chainId"), c.getString("outcome")));
      assertThat(outcomes).containsExactlyInAnyOrderEntriesOf(Map.of(5042002L, "indexed", 1L, "indexed", 8453L, "error"));
      assertThat(comments).as("heartbeats while waiting for the worker").contains("heartbeat");
    }
    // Polling works as before, and says the same.
    JsonObject score = TestApp.data(api.send(HttpMethod.GET, "/api/v1/score/" + wallet, null, client()));
    assertThat(score.getString("cacheStatus")).isEqualTo("cached");

    // The run is over: a new stream answers its final event at once and ends.
    try (EventStream again = stream(api, wallet, client())) {
      List<Event> rest = again.rest(WAIT);
      assertThat(rest).extracting(Event::name).containsExactly("committed");
      assertThat(rest.get(0).json().getString("lastIndexedAt")).isEqualTo(score.getString("lastIndexedAt"));
    }
  }

  @Test
  @Order(2)
  void aRunThatFailsEndsItsStreamWithFailedAndALaterStreamSaysFailedAtOnce() throws Exception {
    String wallet = Anvil.randomAddress();   // no activity anywhere while a chain fails: the first index fails
    Map<String, String> who = client();
    queued(wallet);

    try (EventStream events = stream(api, wallet, who)) {
      assertThat(events.nextEvent(WAIT, new ArrayList<>()).name()).isEqualTo("queued");
      // Now due: the worker takes it.
      Sql.exec(db, "UPDATE index_jobs SET not_before = NULL WHERE wallet = ?", wallet);
      List<Event> rest = new ArrayList<>();
      for (Event e : events.rest(WAIT)) {
        if (!":".equals(e.name())) {
          rest.add(e);
        }
      }
      assertThat(rest).extracting(Event::name).containsExactly("chain", "chain", "chain", "failed");
      assertThat(rest.get(3).json().getString("message")).contains("cooldown").doesNotContain("Exception");
    }
    try (EventStream again = stream(api, wallet, client())) {
      assertThat(again.rest(WAIT)).extracting(Event::name).containsExactly("failed");
    }
  }

  @Test
  @Order(3)
  void aWalletNeverIndexedWithNothingQueuedSaysSoAndABadWalletIsRefused() throws Exception {
    try (EventStream none = stream(api, Anvil.randomAddress(), client())) {
      assertThat(none.status).isEqualTo(404);
      assertThat(new JsonObject(none.body).getJsonObject("error").getString("message")).contains("POST /api/v1/intake/");
    }
    try (EventStream bad = stream(api, "0x123", client())) {
      assertThat(bad.status).isEqualTo(400);
      assertThat(new JsonObject(bad.body).getJsonObject("error").getString("code")).isEqualTo("INVALID_WALLET");
    }
  }

  @Test
  @Order(4)
  void aCallerMayHoldTwoStreamsAndGetsTheThirdOnceOneCloses() throws Exception {
    Map<String, String> who = client();
    EventStream one = stream(api, queuedForever(), who);
    try (EventStream two = stream(api, queuedForever(), who)) {
      assertThat(one.status).isEqualTo(200);
      assertThat(two.status).isEqualTo(200);
      String wallet = queuedForever();
      try (EventStream three = stream(api, wallet, who)) {
        assertThat(three.status).isEqualTo(429);
        assertThat(three.header("Retry-After")).isNotNull();
        assertThat(new JsonObject(three.body).getJsonObject("error").getString("code")).isEqualTo("RATE_LIMITED");
      }
      try (EventStream other = stream(api, wallet, client())) {
        assertThat(other.status).as("another caller is not affected").isEqualTo(200);
      }
      one.close();
      Sql.await("the closed stream's slot is given back", 20_000, () -> {
        try (EventStream retry = stream(api, wallet, who)) {
          return retry.status == 200;
        }
      });
    }
  }

  @Test
  @Order(5)
  void aStreamEndsAfterItsMaximumDurationWithHeartbeatsBefore() throws Exception {
    Map<String, String> shortEnv = new HashMap<>(env);
    shortEnv.put("VOUCH_ROLE", "api");
    shortEnv.put("VOUCH_HTTP_EVENTS_MAX_STREAM_SECONDS", "3");
    try (TestApp brief = TestApp.startOn(db, shortEnv);
        EventStream events = stream(brief, queuedForever(), client())) {
      long start = System.nanoTime();
      List<Event> all = events.rest(WAIT);
      double seconds = (System.nanoTime() - start) / 1e9;
      assertThat(all.get(0).name()).isEqualTo("queued");
      assertThat(all).filteredOn(e -> ":".equals(e.name())).extracting(Event::data)
          .contains("heartbeat").last().asString().contains("time limit");
      assertThat(seconds).isBetween(2.0, 20.0);
    }
  }
}
