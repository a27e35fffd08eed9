package dev.vouch.monitoring;

import dev.vouch.config.AppConfig;
import dev.vouch.monitoring.model.DeliverySchedule;
import dev.vouch.ops.ThrottledLog;
import dev.vouch.ops.Tracing;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.VerticleBase;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.json.JsonObject;
import io.vertx.core.net.SocketAddress;
import dev.vouch.store.Gateway;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.logging.Logger;

/**
 * Delivers webhook events (roles worker and all), with the lease pattern of the index jobs:
 * deliveries are claimed with FOR UPDATE SKIP LOCKED and a lease, and an attempt's outcome is
 * written only while this worker still holds it; a worker that dies mid-delivery leaves a lease
 * that runs out, and another worker sends the delivery again (same webhook-id: at least once).
 * A wallet's deliveries to an endpoint go one at a time in event order. Retries back off
 * exponentially until giveUpHours after the event; an endpoint failing for long is disabled.
 */
public final class WebhookDeliveryVerticle extends VerticleBase {

  private static final Logger LOG = Logger.getLogger(WebhookDeliveryVerticle.class.getName());
  private static final ThrottledLog FAILURES = new ThrottledLog(LOG, Duration.ofSeconds(30));
  private static final int ERROR_MAX = 300;
  private static final AttributeKey<Long> DELIVERY_ID = AttributeKey.longKey("vouch.webhook.delivery_id");
  private static final AttributeKey<Long> ENDPOINT_ID = AttributeKey.longKey("vouch.webhook.endpoint_id");

  private final Gateway db;
  private final MonitorMetrics metrics;
  private final Clock clock;
  private final AppConfig.Webhooks config;
  private final WebhookSecrets secrets;
  private final DeliverySchedule schedule;
  private final String owner;
  private HttpClient http;
  private int running;
  private boolean claiming;
  private boolean stopped;

  public WebhookDeliveryVerticle(Gateway db, Clock clock, AppConfig.Webhooks config, WebhookSecrets secrets,
      MeterRegistry registry) {
    this.db = db;
    this.metrics = new MonitorMetrics(registry).withBacklog();
    this.clock = clock;
    this.config = config;
    this.secrets = secrets;
    this.schedule = new DeliverySchedule(Duration.ofSeconds(config.retryBaseSeconds()),
        Duration.ofSeconds(config.retryMaxSeconds()), Duration.ofHours(config.giveUpHours()),
        config.disableAfterFailures(), Duration.ofHours(config.disableAfterHours()));
    this.owner = ManagementFactory.getRuntimeMXBean().getName() + "/hooks/" + UUID.randomUUID().toString().substring(0, 8);
  }

  @Override
  public Future<?> start() {
    http = vertx.createHttpClient(new HttpClientOptions()
        .setConnectTimeout(config.connectTimeoutMs())
        .setKeepAlive(false)
        .setMaxRedirects(0));
    vertx.setPeriodic(config.pollMs(), config.pollMs(), id -> pump());
    // The backlog gauges: one indexed count every 15 polls (15 s by default), like the job gauges.
    vertx.setPeriodic(config.pollMs(), config.pollMs() * 15L, id -> backlog());
    return Future.succeededFuture();
  }

  @Override
  public Future<?> stop() {
    stopped = true;
    return db.write(c -> c.preparedQuery(MonitorQueries.RELEASE).execute(Tuple.of(owner)))
        .transform(ar -> http.close());
  }

  private void backlog() {
    db.read(c -> c.query(BACKLOG).execute()).onSuccess(rows -> {
      Row r = rows.iterator().next();
      metrics.pending.set(r.getLong("pending"));
      metrics.running.set(r.getLong("running"));
    }).onFailure(t -> FAILURES.warn(() -> "webhook backlog count failed: " + t));
  }

  /** Open deliveries of the whole deployment, over the partial index of open ones. */
  static final String BACKLOG = "SELECT count(*) FILTER (WHERE state = 'pending') AS pending,"
      + " count(*) FILTER (WHERE state = 'running') AS running FROM webhook_deliveries"
      + " WHERE state IN ('pending', 'running')";

  private void pump() {
    int free = config.concurrency() - running;
    if (stopped || claiming || free <= 0) {
      return;
    }
    claiming = true;
    Instant now = clock.instant();
    db.write(c -> c.preparedQuery(MonitorQueries.CLAIM)
        .execute(Tuple.of(owner, MonitorServices.utc(now), MonitorServices.utc(now.plusSeconds(config.leaseSeconds())), free)))
        .compose(rows -> {
          List<Long> ids = new ArrayList<>();
          rows.forEach(r -> ids.add(r.getLong("id")));
          return ids.isEmpty() ? Future.succeededFuture(List.<Row>of())
              : db.readPrimary(c -> c.preparedQuery(MonitorQueries.ATTEMPT_INPUTS).execute(Tuple.of(ids.toArray(Long[]::new))))
                  .map(inputs -> {
                    List<Row> out = new ArrayList<>();
                    inputs.forEach(out::add);
                    return out;
                  });
        })
        .onComplete(ar -> {
          claiming = false;
          if (ar.failed()) {
            FAILURES.warn(() -> "webhook claim failed: " + ar.cause());
            return;
          }
          for (Row r : ar.result()) {
            running++;
            // compose: a throw while preparing the attempt fails its future instead of escaping
            // with the slot taken.
            Tracing.of(vertx).span(vertx, "webhook attempt", r.getString("traceparent"), Attributes.of(DELIVERY_ID,
                r.getLong("delivery_id"), ENDPOINT_ID, endpointId(r)), () -> Future.succeededFuture(r).compose(this::attempt))
                .onComplete(x -> {
              running--;
              if (x.failed()) {
                FAILURES.warn(() -> "webhook attempt could not be recorded: " + x.cause());
              }
            });
          }
          if (!ar.result().isEmpty()) {
            pump();
          }
        });
  }

  /** The Standard Webhooks body of an event: the same bytes on every attempt. */
  static String body(Row r) {
    OffsetDateTime at = r.getOffsetDateTime("created_at");
    return new JsonObject()
        .put("type", r.getString("type"))
        .put("timestamp", at.toInstant().toString())
        .put("data", new JsonObject()
            .put("eventId", Long.toString(r.getLong("event_id")))
            .put("watchlistId", MonitorServices.text(r.getLong("watchlist_id")))
            .put("wallet", r.getString("wallet"))
            .put("useCase", r.getString("use_case"))
            .put("cause", r.getString("cause"))
            .put("previous", r.getString("previous") == null ? null : new JsonObject(r.getString("previous")))
            .put("current", new JsonObject(r.getString("current"))))
        .encode();
  }

  static String messageId(long eventId) {
    return "evt_" + eventId;
  }

  private record Outcome(Integer status, String error) {
    boolean ok() {
      return status != null && status >= 200 && status < 300;
    }
  }

  private Future<Void> attempt(Row r) {
    long delivery = r.getLong("delivery_id");
    Instant eventAt = r.getOffsetDateTime("created_at").toInstant();
    long started = System.nanoTime();
    Future<Outcome> sent;
    try {
      sent = send(r);
    } catch (RuntimeException e) {
      sent = Future.failedFuture(e); // a secret that does not open: a failed attempt, retried like any
    }
    return sent.recover(t -> Future.succeededFuture(new Outcome(null, t.getMessage() == null
            ? t.getClass().getSimpleName() : t.getMessage())))
        .compose(outcome -> outcome.ok() ? delivered(delivery, outcome.status(), started)
            : failed(delivery, r.getInteger("attempts"), eventAt, outcome, started));
  }

  private Future<Outcome> send(Row r) {
    URI uri = URI.create(r.getString("url"));
    String secret = secrets.open(r.getBuffer("secret_sealed").getBytes(), endpointId(r));
    String id = messageId(r.getLong("event_id"));
    String body = body(r);
    long ts = clock.instant().getEpochSecond();
    String signature = WebhookSigner.sign(secret, id, ts, body);
    boolean https = "https".equalsIgnoreCase(uri.getScheme());
    int port = uri.getPort() > 0 ? uri.getPort() : https ? 443 : 80;
    String path = (uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath())
        + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
    if (!https && !config.allowHttp()) {
      return Future.failedFuture("refused: plain http is not allowed (monitoring.webhooks.allowHttp)");
    }
    // The resolved address never reaches last_error: the caller could read it (a DNS oracle).
    return vertx.executeBlocking(() -> OutboundAddresses.resolve(uri.getHost(), config.allowPrivateAddresses()), false)
        .compose(address -> exchange(address, uri.getHost(), port, https, path, id, ts, signature, body)
            .recover(t -> Future.failedFuture(String.valueOf(t.getMessage() == null ? t.getClass().getSimpleName()
                : t.getMessage()).replace(address.getHostAddress(), uri.getHost()))));
  }

  private long endpointId(Row r) {
    return r.getLong("endpoint_id");
  }

  private Future<Outcome> exchange(InetAddress address, String host, int port, boolean https, String path, String id,
      long ts, String signature, String body) {
    RequestOptions options = new RequestOptions()
        .setMethod(HttpMethod.POST)
        .setServer(SocketAddress.inetSocketAddress(port, address.getHostAddress()))
        .setHost(host).setPort(port).setSsl(https).setURI(path)
        .setConnectTimeout(config.connectTimeoutMs())
        .setTimeout(config.timeoutMs())
        .putHeader("content-type", "application/json")
        .putHeader("user-agent", "vouch-webhooks")
        .putHeader("webhook-id", id)
        .putHeader("webhook-timestamp", Long.toString(ts))
        .putHeader("webhook-signature", signature);
    Promise<Outcome> done = Promise.promise();
    long timer = vertx.setTimer(config.timeoutMs(), t -> done.tryFail("no complete answer within " + config.timeoutMs() + " ms"));
    http.request(options)
        .compose(req -> req.send(Buffer.buffer(body)))
        .onSuccess(res -> {
          long[] read = {0};
          res.handler(chunk -> {
            read[0] += chunk.length();
            if (read[0] > config.maxResponseBytes()) {
              done.tryComplete(new Outcome(null, "response larger than " + config.maxResponseBytes() + " bytes"));
              res.request().reset();
            }
          });
          res.exceptionHandler(t -> done.tryComplete(new Outcome(res.statusCode(), "response failed: " + t.getMessage())));
          res.endHandler(v -> done.tryComplete(new Outcome(res.statusCode(),
              res.statusCode() >= 200 && res.statusCode() < 300 ? null : "HTTP " + res.statusCode())));
        })
        .onFailure(t -> done.tryFail(t));
    return done.future().onComplete(x -> vertx.cancelTimer(timer));
  }

  private Future<Void> delivered(long delivery, int status, long started) {
    long nanos = System.nanoTime() - started;
    return db.write(c -> c.preparedQuery(MonitorQueries.DELIVERED)
        .execute(Tuple.of(delivery, owner, MonitorServices.utc(clock.instant()), status)))
        .onSuccess(rows -> metrics.attempt(rows.rowCount() == 0 ? "lease_lost" : "delivered", nanos))
        .mapEmpty();
  }

  private Future<Void> failed(long delivery, int attempts, Instant eventAt, Outcome outcome, long started) {
    long nanos = System.nanoTime() - started;
    Instant now = clock.instant();
    boolean[] gaveUp = {false};
    return Future.succeededFuture()
        .compose(x -> {
          Instant next = schedule.retryAt(now, attempts);
          boolean giveUp = schedule.givesUp(eventAt, next);
          gaveUp[0] = giveUp;
          String error = outcome.error() == null ? "failed" : outcome.error();
          return db.write(c -> c.preparedQuery(MonitorQueries.ATTEMPT_FAILED).execute(Tuple.tuple()
              .addLong(delivery).addString(owner).addOffsetDateTime(MonitorServices.utc(now))
              .addInteger(outcome.status()).addOffsetDateTime(MonitorServices.utc(next)).addBoolean(giveUp)
              .addString(error.length() > ERROR_MAX ? error.substring(0, ERROR_MAX) : error)));
        })
        .compose(rows -> {
          metrics.attempt(rows.size() == 0 ? "lease_lost" : gaveUp[0] ? "gave_up" : "retry", nanos);
          if (rows.size() == 0) {
            return Future.succeededFuture();
          }
          Row e = rows.iterator().next();
          Instant since = MonitorServices.instant(e.getOffsetDateTime("failing_since"));
          int streak = e.getInteger("consecutive_failures");
          if (!schedule.disables(streak, since, now)) {
            return Future.succeededFuture();
          }
          String reason = "Disabled after " + streak + " failed attempts in a row since " + since + "; last: "
              + (outcome.error() == null ? "failed" : outcome.error());
          LOG.warning(() -> "webhook endpoint " + e.getLong("id") + " disabled: " + reason);
          return db.write(c -> c.preparedQuery(MonitorQueries.DISABLE).execute(Tuple.of(e.getLong("id"),
              MonitorServices.utc(now), reason))).onSuccess(d -> {
                Row done = d.iterator().next();
                if (done.getLong("disabled") > 0) {
                  metrics.disabled();
                  metrics.givenUp(done.getLong("given_up"));
                }
              }).mapEmpty();
        });
  }
}
