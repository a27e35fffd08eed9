package dev.vouch.support;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A tiny local webhook receiver: records every request it gets (headers and body), answers 503
 * while "down", 200 otherwise, and can hold answers back (a receiver that hangs) for a while.
 */
public final class WebhookReceiver implements AutoCloseable {

  /** One request as received. */
  public record Received(String id, String timestamp, String signature, String body, int answered) {
    public JsonObject json() {
      return new JsonObject(body);
    }
  }

  private final Vertx vertx = Vertx.vertx();
  private final HttpServer server;
  private final List<Received> received = new CopyOnWriteArrayList<>();
  private final AtomicBoolean down = new AtomicBoolean();
  private final AtomicLong holdMillis = new AtomicLong();
  private final AtomicLong answerBytes = new AtomicLong();

  public WebhookReceiver() {
    server = vertx.createHttpServer().requestHandler(req -> req.body().onSuccess(body -> {
      int status = down.get() ? 503 : 200;
      Runnable answer = () -> {
        received.add(new Received(req.getHeader("webhook-id"), req.getHeader("webhook-timestamp"),
            req.getHeader("webhook-signature"), body.toString(), status));
        long size = answerBytes.get();
        req.response().setStatusCode(status).end(size > 0 ? "x".repeat((int) size) : status == 200 ? "ok" : "down");
      };
      long hold = holdMillis.get();
      if (hold > 0) {
        received.add(new Received(req.getHeader("webhook-id"), req.getHeader("webhook-timestamp"),
            req.getHeader("webhook-signature"), body.toString(), 0));
        vertx.setTimer(hold, t -> req.response().setStatusCode(200).end("late"));
      } else {
        answer.run();
      }
    }));
    try {
      server.listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  public String url() {
    return "http://127.0.0.1:" + server.actualPort() + "/hooks/vouch";
  }

  public void down(boolean value) {
    down.set(value);
  }

  /** Every request from now on is recorded at once (answered 0) and answered 200 only after this long. */
  public void hold(long millis) {
    holdMillis.set(millis);
  }

  /** Answers carry this many bytes from now on (0: a short word). */
  public void answerBytes(long bytes) {
    answerBytes.set(bytes);
  }

  public List<Received> received() {
    return new ArrayList<>(received);
  }

  public List<Received> accepted() {
    return received.stream().filter(r -> r.answered() == 200).toList();
  }

  public Set<String> acceptedIds() {
    Set<String> ids = new LinkedHashSet<>();
    accepted().forEach(r -> ids.add(r.id()));
    return ids;
  }

  /**
   * Runs the Standard Webhooks npm package (tools/webhooks/verify.mjs) over the messages: how
   * many it verified with the secret. An independent implementation of the signature.
   */
  public static int verifiedByStandardWebhooks(String secret, List<Received> messages) throws Exception {
    JsonArray out = new JsonArray();
    for (Received r : messages) {
      out.add(new JsonObject().put("headers", new JsonObject().put("webhook-id", r.id())
          .put("webhook-timestamp", r.timestamp()).put("webhook-signature", r.signature())).put("body", r.body()));
    }
    Path file = Files.createTempFile("webhooks", ".json");
    try {
      Files.writeString(file, out.encode());
      Process p = new ProcessBuilder("node", "verify.mjs", secret, file.toString())
          .directory(Path.of("tools/webhooks").toFile()).redirectErrorStream(true).start();
      String text = new String(p.getInputStream().readAllBytes());
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IllegalStateException("verify.mjs did not finish");
      }
      String last = text.strip().lines().reduce((a, b) -> b).orElse("");
      if (!last.startsWith("{")) {
        throw new IllegalStateException("verify.mjs: " + text);
      }
      return new JsonObject(last).getInteger("verified");
    } finally {
      Files.deleteIfExists(file);
    }
  }

  @Override
  public void close() {
    vertx.close();
  }
}
