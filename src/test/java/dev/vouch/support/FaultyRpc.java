package dev.vouch.support;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.Json;
import io.vertx.ext.web.client.WebClient;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A tiny JSON-RPC endpoint for faults a real node cannot produce: it answers each request as its
 * behaviour says, or forwards it to a real node.
 */
public final class FaultyRpc implements AutoCloseable {

  /** What to do with the n-th request (0-based) and its body. */
  @FunctionalInterface
  public interface Behaviour {
    Reply reply(int n, Buffer body);
  }

  /** One answer: forward to a node, a status and body, a delay first, or nothing at all. */
  public record Reply(int status, String body, long delayMs, String forwardTo, String location, boolean silent) {

    public static Reply forward(String url) {
      return new Reply(0, null, 0, url, null, false);
    }

    public static Reply status(int status, String body) {
      return new Reply(status, body, 0, null, null, false);
    }

    public static Reply redirect(String location) {
      return new Reply(302, "", 0, null, location, false);
    }

    /** Never answers; the client's deadline must end the wait. */
    public static Reply silence() {
      return new Reply(0, null, 0, null, null, true);
    }

    public Reply after(long ms) {
      return new Reply(status, body, ms, forwardTo, location, silent);
    }
  }

  public final String url;
  private final Vertx vertx;
  private final HttpServer server;
  private final AtomicInteger counter;
  private final InFlight inFlight;

  /** Requests received and not yet answered, and the most there ever were at once. */
  private static final class InFlight {
    final AtomicInteger now = new AtomicInteger();
    final AtomicInteger peak = new AtomicInteger();

    void begin() {
      peak.accumulateAndGet(now.incrementAndGet(), Math::max);
    }

    void end() {
      now.decrementAndGet();
    }
  }

  private FaultyRpc(Vertx vertx, HttpServer server, AtomicInteger counter, InFlight inFlight) {
    this.vertx = vertx;
    this.server = server;
    this.counter = counter;
    this.inFlight = inFlight;
    this.url = "http://127.0.0.1:" + server.actualPort();
  }

  public static FaultyRpc start(Behaviour behaviour) {
    Vertx vertx = Vertx.vertx();
    WebClient client = WebClient.create(vertx);
    AtomicInteger counter = new AtomicInteger();
    InFlight inFlight = new InFlight();
    HttpServer server = vertx.createHttpServer().requestHandler(req -> req.body().onSuccess(body -> {
      inFlight.begin();
      Reply reply = behaviour.reply(counter.getAndIncrement(), body);
      if (reply.delayMs() > 0) {
        vertx.setTimer(reply.delayMs(), t -> answer(client, req, body, reply, inFlight));
      } else {
        answer(client, req, body, reply, inFlight);
      }
    }));
    try {
      server.listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      vertx.close();
      throw new IllegalStateException("cannot start the fault server", e);
    }
    return new FaultyRpc(vertx, server, counter, inFlight);
  }

  /** Requests received so far. */
  public int requests() {
    return counter.get();
  }

  /** The most requests this server was answering at once. */
  public int peakInFlight() {
    return inFlight.peak.get();
  }

  private static void answer(WebClient client, HttpServerRequest req, Buffer body, Reply reply, InFlight inFlight) {
    if (reply.silent()) {
      return;
    }
    if (reply.forwardTo() != null) {
      client.postAbs(reply.forwardTo()).putHeader("content-type", "application/json").sendBuffer(body)
          .onSuccess(r -> {
            inFlight.end();
            req.response().setStatusCode(r.statusCode())
                .putHeader("content-type", "application/json").end(r.bodyAsBuffer() == null ? Buffer.buffer() : r.bodyAsBuffer());
          })
          .onFailure(t -> {
            inFlight.end();
            req.response().setStatusCode(502).end();
          });
      return;
    }
    inFlight.end();
    var response = req.response().setStatusCode(reply.status()).putHeader("content-type", "application/json");
    if (reply.location() != null) {
      response.putHeader("Location", reply.location());
    }
    response.end(reply.body() == null ? "" : reply.body());
  }

  /** A JSON-RPC answer to a single call with the given result (JSON text). */
  public static String result(int id, String resultJson) {
    return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":" + resultJson + "}";
  }

  public static String encode(Object o) {
    return Json.encode(o);
  }

  @Override
  public void close() {
    server.close();
    vertx.close();
  }
}
