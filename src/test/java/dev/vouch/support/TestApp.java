package dev.vouch.support;

import dev.vouch.VouchApp;
import dev.vouch.config.AppConfig;
import dev.vouch.config.ConfigLoader;
import dev.vouch.ops.Tracing;
import dev.vouch.store.DatabaseUrl;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The real service on a free port against a fresh database, plus a small blocking client. */
public final class TestApp implements AutoCloseable {

  public final VouchApp app;
  public final MutableClock clock;
  public final DatabaseUrl database;
  public final int port;
  private final Vertx clientVertx;
  private final WebClient client;

  private TestApp(VouchApp app, MutableClock clock, DatabaseUrl database, int port) {
    this.app = app;
    this.clock = clock;
    this.database = database;
    this.port = port;
    this.clientVertx = Vertx.vertx();
    this.client = WebClient.create(clientVertx, new WebClientOptions().setDefaultHost("127.0.0.1").setDefaultPort(port)
        .setFollowRedirects(false));
  }

  /** Overrides that keep rate budgets out of the way of tests about something else. */
  public static final Map<String, String> UNMETERED = Map.of("VOUCH_BUDGETS_ANONYMOUS_PER_MINUTE", "1000000");

  /**
   * Metered on real Redis with a key prefix of its own, trusting 127.0.0.1 as a proxy so each
   * test can be its own client address (X-Forwarded-For) and never share a budget. Redis gets
   * a generous timeout: on a loaded machine a slow answer must not look like an outage (which
   * switches budgets to per-instance counters and makes exact counts flaky). Windows follow the
   * test's clock ({@code windowClock: instance}) so tests can move time; RedisBudgetsTest and
   * RedisOutageTest prove the production setting (the Redis server's clock).
   */
  public static TestApp startMeteredBehindProxy() {
    return start(Map.of(
        "REDIS_URL", TestRedis.url(),
        "VOUCH_BUDGETS_REDIS_KEY_PREFIX", TestRedis.uniquePrefix(),
        "VOUCH_BUDGETS_REDIS_TIMEOUT_MILLIS", "5000",
        "VOUCH_BUDGETS_REDIS_WINDOW_CLOCK", "instance",
        "VOUCH_HTTP_TRUSTED_PROXIES", "127.0.0.1/32"));
  }

  public static TestApp start() {
    return start(Map.of());
  }

  /** Starts with environment-style overrides (as an operator would set them). */
  public static TestApp start(Map<String, String> overrides) {
    return startOn(TestDatabase.fresh(), overrides);
  }

  /** Another instance on an existing database (several processes sharing one Postgres). */
  public static TestApp startOn(DatabaseUrl db, Map<String, String> overrides) {
    return startOn(db, overrides, null);
  }

  /** Traced by {@code tracing}; null: by the OTEL_* overrides, as the service reads its environment. */
  public static TestApp startOn(DatabaseUrl db, Map<String, String> overrides, Tracing tracing) {
    try {
      int port = freePort();
      Map<String, String> env = new HashMap<>();
      env.put("DATABASE_URL", db.toUrl());
      env.put("PORT", Integer.toString(port));
      env.put("VOUCH_HTTP_INSTANCES", "2");
      env.put("VOUCH_HTTP_SHUTDOWN_GRACE_SECONDS", "1");
      // The shared test machine can be loaded far beyond production (load 25+ on 2 cores): give
      // the database deadlines headroom; tests about deadlines set their own.
      env.put("VOUCH_DATABASE_ACQUIRE_TIMEOUT_MS", "20000");
      env.put("VOUCH_HTTP_REQUEST_TIMEOUT_MS", "60000");
      env.put("VOUCH_DATABASE_READ_DEADLINE_MS", "30000");
      env.put("VOUCH_DATABASE_WRITE_DEADLINE_MS", "30000");
      // Nor may a slow heartbeat drop read caches a test counts on; ReadCacheHeartbeatTest sets the default.
      env.put("VOUCH_READ_MODEL_HEARTBEAT_TIMEOUT_MILLIS", "20000");
      // A provider a test fails on purpose still trips its breaker, but probes again within a
      // second, so a test whose provider recovers is not held 30 s; breaker tests set their own.
      env.put("VOUCH_INDEXING_BREAKER_COOL_OFF_MS", "1000");
      // Tracing of intermediaries (issue 33 item 2) indexes wallets nobody asked for; tests written
      // around an explicit indexing order and job counts run without it. Its tests turn it on.
      env.put("VOUCH_PATH_TRACE_ENABLED", "false");
      env.putAll(overrides);
      AppConfig config = ConfigLoader.load(env);
      MutableClock clock = new MutableClock(Instant.parse("2026-11-22T12:00:00Z"));
      return new TestApp(VouchApp.start(config, clock, tracing != null ? tracing : Tracing.fromEnvironment(env)),
          clock, db, port);
    } catch (Exception e) {
      throw new IllegalStateException("cannot start the service", e);
    }
  }

  public static int freePort() throws IOException {
    return freePorts(1);
  }

  /**
   * The first of {@code count} consecutive ports free now, drawn below the kernel's ephemeral range
   * (32768 and up): a port the kernel hands out for bind(0) is also one it hands to outgoing
   * connections, and under a suite's connection churn one took the devnet's port between the
   * pick and the node's bind, three tries in a row.
   */
  public static int freePorts(int count) throws IOException {
    java.util.concurrent.ThreadLocalRandom random = java.util.concurrent.ThreadLocalRandom.current();
    for (int attempt = 0; attempt < 200; attempt++) {
      int base = random.nextInt(20_000, 32_700 - count);
      if (bindable(base, count)) {
        return base;
      }
    }
    throw new IOException("no " + count + " free consecutive ports between 20000 and 32700");
  }

  private static boolean bindable(int base, int count) {
    java.util.List<ServerSocket> held = new java.util.ArrayList<>();
    try {
      for (int p = base; p < base + count; p++) {
        ServerSocket s = new ServerSocket();
        held.add(s);
        s.setReuseAddress(false);
        s.bind(new java.net.InetSocketAddress(p));
      }
      return true;
    } catch (IOException e) {
      return false;
    } finally {
      for (ServerSocket s : held) {
        try {
          s.close();
        } catch (IOException ignored) {
          // closing a probe socket
        }
      }
    }
  }

  public HttpResponse<Buffer> get(String path) {
    return send(HttpMethod.GET, path, null, Map.of());
  }

  /** The round trip of this thread's last {@link #send}, without the contract check after it (latency tests). */
  public static final ThreadLocal<Long> LAST_ROUND_TRIP_NANOS = ThreadLocal.withInitial(() -> 0L);

  public HttpResponse<Buffer> send(HttpMethod method, String path, Buffer body, Map<String, String> headers) {
    var req = client.request(method, path);
    headers.forEach(req::putHeader);
    long start = System.nanoTime();
    var future = body == null ? req.send() : req.sendBuffer(body);
    HttpResponse<Buffer> answer;
    try {
      answer = future.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException(method + " " + path + " failed", e);
    }
    LAST_ROUND_TRIP_NANOS.set(System.nanoTime() - start);
    // Every answer a test receives must match the published contract.
    OpenApiResponses.check(method, path, answer);
    return answer;
  }

  public static JsonObject data(HttpResponse<Buffer> r) {
    return r.bodyAsJsonObject().getJsonObject("data");
  }

  @Override
  public void close() {
    client.close();
    clientVertx.close();
    app.close();
  }
}
