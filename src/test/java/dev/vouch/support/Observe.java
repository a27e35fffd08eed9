package dev.vouch.support;

import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What tests read off a running service (metrics, readiness) and a blocking wait for futures. */
public final class Observe {

  private Observe() {}

  /** A Prometheus sample of /metrics (first series of that name), 0 when absent. */
  public static double metric(TestApp app, String name) {
    Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name) + "(?:\\{[^}]*})? (\\S+)$")
        .matcher(app.get("/metrics").bodyAsString());
    return m.find() ? Double.parseDouble(m.group(1)) : 0;
  }

  /** One check of /health/ready, which must answer 200. */
  public static JsonObject readyCheck(TestApp app, String id) {
    var ready = app.get("/health/ready");
    if (ready.statusCode() != 200) {
      throw new AssertionError("/health/ready answered " + ready.statusCode() + ": " + ready.bodyAsString());
    }
    return ready.bodyAsJsonObject().getJsonArray("checks").stream().map(JsonObject.class::cast)
        .filter(c -> c.getString("id").equals(id)).findFirst()
        .orElseThrow(() -> new AssertionError("no readiness check " + id));
  }

  /** Blocks for a future; its own failure is rethrown as is when unchecked. */
  public static <T> T await(Future<T> future) {
    return await(future, Duration.ofSeconds(20));
  }

  /** As {@link #await(Future)}; the bound only limits how long a broken future hangs a test. */
  public static <T> T await(Future<T> future, Duration bound) {
    try {
      return future.toCompletionStage().toCompletableFuture().get(bound.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException(e.getCause());
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
