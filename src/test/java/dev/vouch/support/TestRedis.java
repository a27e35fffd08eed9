package dev.vouch.support;

import java.io.IOException;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import redis.embedded.RedisServer;

/**
 * Real Redis for tests: REDIS_URL when set, else Testcontainers when Docker answers, else the
 * redis-server binary that embedded-redis ships. Runs share the server and isolate themselves
 * with a unique key prefix.
 */
public final class TestRedis {

  private static final String RUN = "vouch-test:" + UUID.randomUUID().toString().substring(0, 8) + ":";
  private static final AtomicInteger COUNTER = new AtomicInteger();
  private static String url;

  private TestRedis() {}

  public static synchronized String url() {
    if (url == null) {
      url = start();
    }
    return url;
  }

  /** A key prefix no other test or run uses. */
  public static String uniquePrefix() {
    return RUN + COUNTER.incrementAndGet() + ":";
  }

  /** A redis-server of the test's own, on a given port, to stop and restart (outage tests). */
  public static RedisServer own(int port) throws IOException {
    return RedisServer.newRedisServer().port(port).bind("127.0.0.1").setting("save \"\"")
        .setting("appendonly no").build();
  }

  private static String start() {
    String env = System.getenv("REDIS_URL");
    if (env != null && !env.isBlank()) {
      Runtime.getRuntime().addShutdownHook(new Thread(() -> dropRunKeys(env)));
      return env;
    }
    if (dockerAvailable()) {
      GenericContainer<?> redis = new GenericContainer<>("redis:7-alpine").withExposedPorts(6379);
      redis.start();
      return "redis://" + redis.getHost() + ":" + redis.getMappedPort(6379);
    }
    try {
      int port = TestApp.freePort();
      RedisServer server = own(port);
      server.start();
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        try {
          server.stop();
        } catch (IOException ignored) {
          // the JVM is exiting; the child process dies with it
        }
      }));
      return "redis://127.0.0.1:" + port;
    } catch (IOException e) {
      throw new IllegalStateException("cannot start embedded redis-server", e);
    }
  }

  /** Deletes this run's keys server-side; one command, so no client library is needed at exit. */
  static final String DROP_PREFIX = "local k = redis.call('KEYS', ARGV[1]) "
      + "for i = 1, #k, 500 do redis.call('DEL', unpack(k, i, math.min(i + 499, #k))) end return #k";

  /**
   * On a shared Redis, removes every key this run wrote (they would otherwise live out their
   * TTL). Plain RESP over a socket: Vert.x cannot start while the JVM shuts down.
   */
  private static void dropRunKeys(String redisUrl) {
    java.net.URI uri = java.net.URI.create(redisUrl);
    String[] parts = {"EVAL", DROP_PREFIX, "0", RUN + "*"};
    StringBuilder cmd = new StringBuilder("*" + parts.length + "\r\n");
    for (String p : parts) {
      cmd.append('$').append(p.getBytes(java.nio.charset.StandardCharsets.UTF_8).length).append("\r\n")
          .append(p).append("\r\n");
    }
    try (java.net.Socket socket = new java.net.Socket(uri.getHost(), uri.getPort() < 0 ? 6379 : uri.getPort())) {
      socket.setSoTimeout(5000);
      socket.getOutputStream().write(cmd.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
      socket.getOutputStream().flush();
      socket.getInputStream().read(new byte[64]);
    } catch (IOException ignored) {
      // best effort at JVM exit; the prefix is unique per run, so leftovers never collide
    }
  }

  private static boolean dockerAvailable() {
    try {
      return DockerClientFactory.instance().isDockerAvailable();
    } catch (Throwable t) {
      return false;
    }
  }
}
